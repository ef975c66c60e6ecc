import type { ErrorReport, StaffRestaurant } from '@comensal/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, seenRequests } from '@/testing/fetch-mock';
import { restaurantDetail, sessionAnswer } from '@/testing/fixtures';
import { renderApp } from '@/app/testing/render-app';

const restaurant = restaurantDetail({ name: 'La Picantería', country: 'PE', currency: 'PEN' });
const asStaff: StaffRestaurant = {
  id: restaurant.id,
  name: restaurant.name,
  role: 'staff',
  city: restaurant.city,
  currency: restaurant.currency,
  timeZone: restaurant.timeZone,
  today: '2030-01-07',
};

function record(n: number, overrides: Partial<ErrorReport> = {}): ErrorReport {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    kind: 'menu_load_failed',
    message: 'Error al cargar el menú',
    stack: `HTTP 500 for [email]\n    at getMenu (menu.js:1:2)`,
    route: `/restaurants/${restaurant.id}/menu`,
    restaurantId: restaurant.id,
    restaurantName: restaurant.name,
    reservationId: null,
    appVersion: '1.4.0',
    locale: 'es',
    userAgent: 'Mozilla/5.0 (Phone)',
    createdAt: `2030-01-07T18:0${n}:00.000Z`,
    ...overrides,
  };
}

const errorRequests = () => seenRequests.filter((request) => request.startsWith('GET /api/staff/errors'));

describe('the staff console: Errors', () => {
  it('shows staff what broke, newest first, with details, filters and more pages', async () => {
    mockApi({
      'GET /api/auth/get-session': () => json(sessionAnswer()),
      'GET /api/staff/restaurants': () => json({ items: [asStaff], nextCursor: null }),
      'GET /api/staff/errors': ({ url }) => {
        if (url.searchParams.get('kind') === 'product_not_found')
          return json({ items: [], nextCursor: null });
        if (url.searchParams.get('cursor') === 'page-2')
          return json({
            items: [record(1, { kind: 'uncaught', message: 'x is not a function' })],
            nextCursor: null,
          });
        return json({ items: [record(2)], nextCursor: 'page-2' });
      },
    });
    renderApp(`/staff/${restaurant.id}/errors`);
    const list = await screen.findByRole('list', { name: 'Error records' });
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(within(first).getByRole('heading', { name: 'Menu did not load' })).toBeTruthy();
    expect(within(first).getByText('Error al cargar el menú')).toBeTruthy();
    fireEvent.click(within(first).getByText('Details'));
    expect(within(first).getByText('Mozilla/5.0 (Phone)')).toBeTruthy();
    expect(within(first).getByText(/HTTP 500 for \[email\]/)).toBeTruthy();
    expect(errorRequests()[0]).toBe(`GET /api/staff/errors?restaurantId=${restaurant.id}`);
    // staff (not only owners) have the tab
    expect(screen.getByRole('link', { name: 'Errors' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await within(list).findByText('x is not a function')).toBeTruthy();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'product_not_found' } });
    expect(await screen.findByText('Nothing broke for diners here in this period.')).toBeTruthy();
    expect(errorRequests().at(-1)).toBe(
      `GET /api/staff/errors?restaurantId=${restaurant.id}&kind=product_not_found`,
    );

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2030-01-07' } });
    await waitFor(() => expect(errorRequests().at(-1)).toContain('&from='));
    const from = new URL(`http://x${errorRequests().at(-1)!.slice(4)}`).searchParams.get('from');
    expect(from).toBe(new Date(2030, 0, 7).toISOString());
  });
});
