import type { Availability } from '@comensal/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '@/testing/fake-web-socket';
import { json, mockApi, seenRequests } from '@/testing/fetch-mock';
import { restaurantDetail, sessionAnswer } from '@/testing/fixtures';
import { renderApp } from '@/app/testing/render-app';

// The booking form knows the restaurant's hours (docs/product.md#booking-slots).
vi.setConfig({ testTimeout: 20_000 });

const ROOM = '11111111-1111-4111-8111-111111111111';
const TABLE_4 = '44444444-4444-4444-8444-444444444444';
const TABLE_5 = '55555555-5555-4555-8555-555555555555';

// Lima (UTC−5): Sunday closed, Monday–Wednesday 12:00–16:00, Thursday lunch and dinner,
// Friday 12:00–23:30, Saturday 13:00–23:30.
const restaurant = restaurantDetail({
  rooms: [
    {
      id: ROOM,
      name: { es: 'Terraza', en: 'Terrace' },
      tables: [
        { id: TABLE_4, number: 4, seats: 4 },
        { id: TABLE_5, number: 5, seats: 2 },
      ],
    },
  ],
});
const path = `/restaurants/${restaurant.id}/reservations`;
// Monday 2026-11-23 04:00 in Lima
const NOW = new Date('2026-11-23T09:00:00.000Z');

function availability(
  url: URL,
  taken: readonly string[] = [],
  nextFree: Availability['nextFree'] = null,
): Availability {
  const date = url.searchParams.get('date') ?? '';
  const startAt = url.searchParams.get('startAt') ?? '';
  const free = (id: string) => !taken.includes(id);
  const anyFree = [TABLE_4, TABLE_5].some(free);
  return {
    restaurantId: restaurant.id,
    date,
    startAt,
    duration: Number(url.searchParams.get('duration')),
    quantity: 1,
    time: { start: '2026-11-23T17:00:00.000Z', end: '2026-11-23T18:00:00.000Z' },
    durations: [15, 30, 45, 60],
    unavailableReason: null,
    nextFree: anyFree ? { date, startAt } : nextFree,
    tables: [TABLE_4, TABLE_5].map((tableId, index) => ({
      roomId: ROOM,
      room: { es: 'Terraza', en: 'Terrace' },
      tableId,
      number: index + 4,
      seats: 4 - index * 2,
      free: free(tableId),
    })),
  };
}

const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;
const optionTexts = (element: HTMLSelectElement) => [...element.options].map((option) => option.textContent);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  mockApi({
    'GET /api/auth/get-session': () => json(sessionAnswer()),
    'GET /api/restaurants/:id': () => json(restaurant),
  });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('booking form and opening hours', () => {
  it('opens at 04:00 on the next open slot, with only the times and durations that fit', async () => {
    mockApi({ 'GET /api/restaurants/:id/availability': ({ url }) => json(availability(url)) });
    renderApp(path);
    await screen.findByRole('radio', { name: /^Table 4,/ });
    expect(select('Date').value).toBe('2026-11-23');
    expect(select('Time').value).toBe('12:00');
    expect(select('Duration').value).toBe('60');
    // Monday 12:00–16:00: 12:00 … 15:45, every quarter hour
    expect(optionTexts(select('Time'))).toEqual(
      Array.from({ length: 16 }, (_, index) => {
        const minutes = 12 * 60 + index * 15;
        return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      }),
    );
    expect(optionTexts(select('Duration'))).toHaveLength(8);
    fireEvent.change(select('Time'), { target: { value: '15:30' } });
    expect(optionTexts(select('Duration'))).toEqual(['15 min', '30 min']);
    expect(select('Duration').value).toBe('30');
    // availability is asked for the duration shown, not the one that no longer fits
    await waitFor(() =>
      expect(seenRequests.some((request) => request.includes('startAt=15%3A30&duration=30'))).toBe(true),
    );

    // Sunday is closed: offered, marked and not selectable
    const sunday = within(select('Date')).getByRole('option', {
      name: /Sun, Nov 29, 2026/,
    }) as HTMLOptionElement;
    expect(sunday.disabled).toBe(true);
    expect(sunday.textContent).toContain('closed');
    const friday = within(select('Date')).getByRole('option', {
      name: 'Fri, Nov 27, 2026',
    }) as HTMLOptionElement;
    expect(friday.disabled).toBe(false);

    // Friday 12:00–23:30: the time is kept when the new day offers it, the evening appears
    fireEvent.change(select('Date'), { target: { value: '2026-11-27' } });
    expect(select('Time').value).toBe('15:30');
    expect(optionTexts(select('Time')).at(-1)).toBe('23:15');
    // Saturday opens at 13:00: a time it does not offer moves to its first start
    fireEvent.change(select('Time'), { target: { value: '12:00' } });
    fireEvent.change(select('Date'), { target: { value: '2026-11-28' } });
    expect(select('Time').value).toBe('13:00');
  });

  it('says when the next free table is and takes it on request', async () => {
    mockApi({
      'GET /api/restaurants/:id/availability': ({ url }) =>
        json(
          url.searchParams.get('date') === '2026-11-24'
            ? availability(url)
            : availability(url, [TABLE_4, TABLE_5], { date: '2026-11-24', startAt: '13:00' }),
        ),
    });
    renderApp(path);
    const hint = await screen.findByTestId('next-free');
    expect(hint.getAttribute('role')).toBe('status');
    expect(hint.textContent).toContain('The next free one: Tue, Nov 24, 2026 at 13:00.');
    fireEvent.click(within(hint).getByRole('button', { name: 'Choose that time' }));
    await waitFor(() => expect(select('Date').value).toBe('2026-11-24'));
    expect(select('Time').value).toBe('13:00');
    await waitFor(() => expect(screen.queryByTestId('next-free')).toBeNull());
  });

  it('says so when no table is free in the coming days', async () => {
    mockApi({
      'GET /api/restaurants/:id/availability': ({ url }) => json(availability(url, [TABLE_4, TABLE_5], null)),
    });
    renderApp(path);
    expect((await screen.findByTestId('next-free')).textContent).toContain('nor in the coming days');
  });

  it('announces a refused booking and moves the focus to it', async () => {
    mockApi({
      'GET /api/restaurants/:id/availability': ({ url }) => json(availability(url)),
      'POST /api/reservations': () =>
        json({ error: { code: 'TABLE_TAKEN', message: 'taken' } }, { status: 409 }),
    });
    renderApp(`${path}?table=4&room=${ROOM}`);
    await screen.findByRole('radio', { name: /^Table 4,/ });
    fireEvent.click(screen.getByRole('button', { name: 'Book' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Someone has just booked that table');
    await waitFor(() => expect(document.activeElement).toBe(alert));
  });

  it('greys out a table someone else takes, live', async () => {
    let taken: string[] = [];
    mockApi({ 'GET /api/restaurants/:id/availability': ({ url }) => json(availability(url, taken)) });
    renderApp(path);
    const table = (await screen.findByRole('radio', { name: /^Table 4,/ })) as HTMLInputElement;
    expect(table.disabled).toBe(false);
    await waitFor(() => expect(FakeWebSocket.latest()).toBeTruthy());
    const socket = FakeWebSocket.latest()!;
    act(() => socket.serverOpen());
    const topic = `restaurant:${restaurant.id}:availability`;
    await waitFor(() => expect(socket.sent).toContainEqual({ op: 'subscribe', topic }));
    const before = seenRequests.filter((request) => request.includes('/availability')).length;
    taken = [TABLE_4];
    act(() =>
      socket.serverSend({ topic, event: 'availability.changed', data: { restaurantId: restaurant.id } }),
    );
    await waitFor(() =>
      expect((screen.getByRole('radio', { name: /^Table 4,/ }) as HTMLInputElement).disabled).toBe(true),
    );
    expect(seenRequests.filter((request) => request.includes('/availability')).length).toBeGreaterThan(
      before,
    );
  });
});
