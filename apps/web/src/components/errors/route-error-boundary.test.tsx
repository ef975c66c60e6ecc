import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider, loadMessages, type SupportedLocale } from '@/lib/i18n';
import { json, mockApi } from '@/testing/fetch-mock';
import { takeConsoleErrors } from '@/testing/setup';
import { RouteErrorBoundary } from './route-error-boundary';

let bodies: Record<string, unknown>[] = [];
beforeEach(() => {
  bodies = [];
  mockApi({
    'POST /api/errors': async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return json({ id: '00000000-0000-4000-8000-000000000000' }, { status: 201 });
    },
  });
});

function Broken(): never {
  throw new TypeError('Cannot read properties of undefined (reading "items")');
}

async function renderAt(path: string, locale: SupportedLocale = 'en-US') {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        ErrorBoundary: RouteErrorBoundary,
        children: [
          { path: 'broken', Component: Broken },
          {
            path: 'missing',
            loader: () => Promise.reject(new Response('', { status: 404 })),
            Component: () => null,
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nProvider locale={locale} messages={await loadMessages(locale)}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

describe('RouteErrorBoundary', () => {
  it('shows a friendly screen with reload and home, and records the error', async () => {
    await renderAt('/broken');
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to home' }).getAttribute('href')).toBe('/');
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      kind: 'uncaught',
      message: 'Cannot read properties of undefined (reading "items")',
    });
    expect(String(bodies[0]?.stack)).toContain('TypeError');
    // React and the router log the error they caught: expected here
    takeConsoleErrors();
  });

  it('speaks Spanish', async () => {
    await renderAt('/broken', 'es-ES');
    expect(await screen.findByRole('heading', { level: 1, name: 'Algo salió mal' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir al inicio' })).toBeTruthy();
    takeConsoleErrors();
  });

  it('shows the not-found page for a 404 and records nothing', async () => {
    await renderAt('/missing');
    expect(await screen.findByText('404')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(bodies).toHaveLength(0);
    takeConsoleErrors();
  });
});
