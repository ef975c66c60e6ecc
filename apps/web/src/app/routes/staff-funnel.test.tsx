/**
 * The staff console's visits funnel (docs/telemetry.md#the-funnel): staff see the day's steps in
 * a labelled table with visitors, share of the first step and drop-off, in both languages; the day
 * picker asks for another local date.
 */
import type { StaffFunnel, StaffRestaurant } from '@comensal/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, seenRequests } from '@/testing/fetch-mock';
import { restaurantDetail, sessionAnswer } from '@/testing/fixtures';
import { renderApp } from '@/app/testing/render-app';

const restaurant = restaurantDetail({ name: 'La Picantería', country: 'PE', currency: 'PEN' });
const staffAt: StaffRestaurant = {
  id: restaurant.id,
  name: restaurant.name,
  role: 'staff',
  city: restaurant.city,
  currency: 'PEN',
  timeZone: restaurant.timeZone,
  today: '2030-01-07',
};

const funnel = (date: string, visitors: number[]): StaffFunnel => ({
  restaurantId: restaurant.id,
  date,
  timeZone: restaurant.timeZone,
  steps: (['restaurant', 'menu', 'add_to_cart', 'order_or_reserve', 'pay'] as const).map((step, index) => ({
    step,
    visitors: visitors[index] ?? 0,
  })),
  sendOrder: 3,
  reserve: 1,
});

function signedInAsStaff() {
  mockApi({
    'GET /api/auth/get-session': () => json(sessionAnswer()),
    'GET /api/staff/restaurants': () => json({ items: [staffAt], nextCursor: null }),
    'GET /api/staff/restaurants/:id/funnel': (request) => {
      const date = request.url.searchParams.get('date') ?? '2030-01-07';
      return json(date === '2030-01-06' ? funnel(date, [0, 0, 0, 0, 0]) : funnel(date, [200, 150, 45, 4, 3]));
    },
  });
}

describe('the visits funnel', () => {
  it('shows each step with its visitors, share and drop-off in a labelled table (staff, English)', async () => {
    signedInAsStaff();
    renderApp(`/staff/${restaurant.id}/funnel`);
    const table = await screen.findByRole('table', { name: /Visitors per step on/ });
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(`^${name}`) });
    expect(
      within(row('Saw the restaurant'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['200', '100%', '—']);
    expect(
      within(row('Read the menu'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['150', '75%', '25%']);
    expect(
      within(row('Added a dish'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['45', '22.5%', '70%']);
    expect(screen.getByText('Sent an order: 3 visitors. Booked: 1 visitor.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Visits funnel' })).toBeTruthy();
  });

  it('asks for the day picked, and says it in Spanish', async () => {
    signedInAsStaff();
    renderApp(`/staff/${restaurant.id}/funnel`, { locale: 'es-ES' });
    await screen.findByRole('row', { name: /^Vieron el restaurante/ });
    fireEvent.change(screen.getByLabelText('Día'), { target: { value: '2030-01-06' } });
    await waitFor(() =>
      expect(seenRequests).toContain(`GET /api/staff/restaurants/${restaurant.id}/funnel?date=2030-01-06`),
    );
    const first = await screen.findByRole('row', { name: /^Vieron el restaurante 0/ });
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['0', '—', '—']);
  });
});
