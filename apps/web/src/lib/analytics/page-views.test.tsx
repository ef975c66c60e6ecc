import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { resetPageViews, usePageViews } from './page-views';
import { connectTracker, resetTracker, type TrackedEvent } from './track';

const RESTAURANT = '7d3f5a8e-2b1c-4d6e-9f0a-1b2c3d4e5f60';

function Root() {
  usePageViews();
  return <Outlet />;
}

/** A data router whose first navigation ends at once (a loader that answers straight away). */
function appRouter(path: string) {
  return createMemoryRouter(
    [
      {
        path: '/',
        Component: Root,
        loader: () => null,
        HydrateFallback: () => <p>splash</p>,
        children: [
          { index: true, element: <Link to={`/restaurants/${RESTAURANT}/menu`}>to the menu</Link> },
          { path: 'restaurants/:restaurantId/menu', element: <h1>menu</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
}

const initialized = (router: ReturnType<typeof appRouter>) =>
  new Promise<void>((resolve) => {
    const check = () => (router.state.initialized ? resolve() : setTimeout(check, 1));
    check();
  });

function collect(): TrackedEvent['event'][] {
  const events: TrackedEvent['event'][] = [];
  connectTracker((tracked) => events.push(tracked.event));
  return events;
}

afterEach(() => {
  resetTracker();
  resetPageViews();
});

describe('page views', () => {
  it('come from inside the router: a first navigation that ended before the app mounted still shows its page', async () => {
    // The order a slow phone produces: the router is made (its first navigation starts), the
    // navigation ends, the analytics start, and only then does React mount RouterProvider.
    // Page views once subscribed to the router from outside React and took the router's buffered
    // first update, so the app stayed on the splash.
    const router = appRouter(`/restaurants/${RESTAURANT}/menu`);
    await initialized(router);
    const events = collect();

    render(<RouterProvider router={router} />);

    expect(await screen.findByRole('heading', { name: 'menu' })).toBeTruthy();
    expect(screen.queryByText('splash')).toBeNull();
    expect(events).toEqual([
      { name: 'page_view', route: '/restaurants/:restaurantId/menu', restaurantId: RESTAURANT },
    ]);
  });

  it('counts each new pathname once, by its route pattern', async () => {
    const router = appRouter('/');
    await initialized(router);
    const events = collect();
    render(<RouterProvider router={router} />);

    (await screen.findByRole('link', { name: 'to the menu' })).click();
    expect(await screen.findByRole('heading', { name: 'menu' })).toBeTruthy();
    // the page view is an effect of the new page: it may come a moment after its paint
    await waitFor(() =>
      expect(events.map((event) => event.name === 'page_view' && event.route)).toEqual([
        '/',
        '/restaurants/:restaurantId/menu',
      ]),
    );
  });
});
