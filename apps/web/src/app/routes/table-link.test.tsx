import type { JoinRequest, Reservation, TableLookup } from '@comensal/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeWebSocket } from '@/testing/fake-web-socket';
import { apiError, json, mockApi, seenRequests } from '@/testing/fetch-mock';
import {
  menu,
  meAnswer,
  orderTotalAnswer,
  reservationAnswer,
  restaurantDetail,
  sessionAnswer,
} from '@/testing/fixtures';
import { renderApp } from '@/app/testing/render-app';

// Loaded while the file is imported, so no test transforms them on the fly.
await Promise.all([
  import('@/features/table-join/components/table-link-card'),
  import('@/features/table-join/components/join-requests-panel'),
]);

const restaurant = restaurantDetail({ name: 'La Picantería', country: 'PE', currency: 'PEN' });
const restaurantId = restaurant.id;
const table = {
  roomId: '00000000-0000-4000-8000-0000000000b1',
  room: { es: 'Salón', en: 'Dining room' },
  tableId: '00000000-0000-4000-8000-0000000000b4',
  number: 4,
  seats: 4,
};
const reservation = reservationAnswer(restaurant, { id: '00000000-0000-4000-8000-00000000a001', table });
const tableLink = `/restaurants/${restaurantId}?table=4&room=${table.roomId}`;
const orderPath = `/restaurants/${restaurantId}/reservations/${reservation.id}/order`;
const count = (prefix: string) => seenRequests.filter((request) => request.startsWith(prefix)).length;

function lookup(overrides: Partial<TableLookup> = {}): TableLookup {
  return {
    restaurantId,
    table,
    reservation: null,
    walkIn: { possible: true, reason: null, durations: [15, 30, 45, 60], defaultDuration: 60 },
    ...overrides,
  };
}

function current(overrides: Partial<NonNullable<TableLookup['reservation']>> = {}) {
  return {
    id: reservation.id,
    isMember: false,
    date: reservation.date,
    startAt: reservation.startAt,
    duration: reservation.duration,
    time: reservation.time,
    joinRequest: null,
    ...overrides,
  } satisfies TableLookup['reservation'];
}

function joinRequest(overrides: Partial<JoinRequest> = {}): JoinRequest {
  return {
    id: '00000000-0000-4000-8000-0000000000f1',
    reservationId: reservation.id,
    restaurantId,
    status: 'pending',
    user: { id: '00000000-0000-4000-8000-0000000000c3', displayName: 'Carla', photoURL: null, isGuest: true },
    createdAt: '2025-01-01T12:00:00.000Z',
    answeredAt: null,
    ...overrides,
  };
}

/** A diner with a session at the restaurant, whose table lookup answers `answer()` (read at each request). */
function mockTable(answer: () => Response | Promise<Response>, { reservations = [] as Reservation[] } = {}) {
  mockApi({
    'GET /api/auth/get-session': () => json(sessionAnswer({ isAnonymous: true })),
    'GET /api/restaurants/:id': () => json(restaurant),
    'GET /api/restaurants/:id/menu': () =>
      json(menu({ restaurantId, country: 'PE', currency: 'PEN', items: [] })),
    'GET /api/restaurants/:id/tables/lookup': answer,
    'GET /api/me/favorites/ids': () => json({ restaurantIds: [], productIds: [] }),
    'GET /api/me': () => json(meAnswer({ isGuest: true })),
    'GET /api/reservations': () => json({ items: reservations, nextCursor: null }),
    'GET /api/reservations/:id': () => json(reservation),
    'GET /api/reservations/:id/orders': () => json({ items: [], nextCursor: null }),
    'GET /api/reservations/:id/total': () => json(orderTotalAnswer(reservation.id, [])),
    'GET /api/reservations/:id/join-requests': () => json({ items: [], nextCursor: null }),
  });
}

const card = () => screen.findByRole('region', { name: 'Table 4 · Dining room' });
const orderHeading = () => screen.findByRole('heading', { level: 1, name: 'Table order' });

describe('a table’s QR link', () => {
  it('without a session, offers to continue as a guest or sign in and comes back to the link', async () => {
    mockApi({
      'GET /api/auth/get-session': () => json(null),
      'GET /api/restaurants/:id': () => json(restaurant),
    });
    renderApp(tableLink);
    const region = await screen.findByRole('region', { name: 'This table’s code' });
    const link = within(region).getByRole('link', { name: 'Continue to order here' });
    expect(link.getAttribute('href')).toBe(`/auth?redirect=${encodeURIComponent(tableLink)}`);
    expect(seenRequests.some((request) => request.includes('/tables/lookup'))).toBe(false);
  });

  it('starts a walk-in at a free table in one tap and opens its order', async () => {
    const bodies: unknown[] = [];
    const keys: (string | null)[] = [];
    mockTable(() => json(lookup()));
    mockApi({
      'POST /api/restaurants/:id/walk-ins': async ({ request }) => {
        bodies.push(await request.json());
        keys.push(request.headers.get('idempotency-key'));
        // the first answer is lost (a server failure): the tap's retry carries the same key
        return keys.length === 1 ? apiError(503, 'INTERNAL') : json(reservation, { status: 201 });
      },
    });
    const { router } = renderApp(tableLink);
    const region = await card();
    expect(
      within(region).getByText('This table is free now. Start your table and order straight away.'),
    ).toBeTruthy();
    fireEvent.click(within(region).getByRole('button', { name: 'Sit here and order' }));
    await orderHeading();
    expect(router.state.location.pathname).toBe(orderPath);
    const body = { roomId: table.roomId, tableId: table.tableId, quantity: 1 };
    expect(bodies).toEqual([body, body]);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys).toEqual([keys[0], keys[0]]);
  });

  it('says why no table can start when the restaurant is closed', async () => {
    mockTable(() =>
      json(lookup({ walkIn: { possible: false, reason: 'CLOSED', durations: [], defaultDuration: null } })),
    );
    renderApp(tableLink);
    expect(
      within(await card()).getByText('The restaurant is closed now: a table can’t be started.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sit here and order' })).toBeNull();
  });

  it('names a refused walk-in (someone took the table a moment before)', async () => {
    mockTable(() => json(lookup()));
    mockApi({ 'POST /api/restaurants/:id/walk-ins': () => apiError(409, 'TABLE_TAKEN') });
    const { router } = renderApp(tableLink);
    const region = await card();
    fireEvent.click(within(region).getByRole('button', { name: 'Sit here and order' }));
    expect((await within(region).findByRole('alert')).textContent).toBe(
      'Someone has just sat at this table. Ask them to let you in.',
    );
    expect(router.state.location.pathname).toBe(`/restaurants/${restaurantId}`);
  });

  it('asks to join a taken table, waits, and lands on the order when a member lets the diner in (live)', async () => {
    let answer = lookup({
      reservation: current(),
      walkIn: { possible: false, reason: 'TAKEN', durations: [], defaultDuration: null },
    });
    mockTable(() => json(answer));
    const keys: (string | null)[] = [];
    mockApi({
      'POST /api/reservations/:id/join-requests': ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        answer = {
          ...answer,
          reservation: current({ joinRequest: { id: joinRequest().id, status: 'pending' } }),
        };
        return json(joinRequest(), { status: 201 });
      },
    });
    const { router } = renderApp(tableLink);
    const region = await card();
    fireEvent.click(within(region).getByRole('button', { name: 'Ask to join the table' }));
    expect((await within(region).findByRole('status')).textContent).toBe(
      'Waiting for someone at the table to let you in…',
    );
    expect(count(`POST /api/reservations/${reservation.id}/join-requests`)).toBe(1);
    expect(keys).toEqual([expect.stringMatching(/^[0-9a-f]{32}$/)]);

    // The answer arrives on the diner's own topic: the screen follows without a reload.
    const socket = FakeWebSocket.latest()!;
    act(() => socket.serverOpen());
    await waitFor(() =>
      expect(socket.sent).toContainEqual({ op: 'subscribe', topic: 'user:me:reservations' }),
    );
    answer = { ...answer, reservation: current({ isMember: true }) };
    act(() =>
      socket.serverSend({
        topic: 'user:me:reservations',
        event: 'join.answered',
        data: { joinRequestId: joinRequest().id, reservationId: reservation.id, status: 'accepted' },
      }),
    );
    await orderHeading();
    expect(router.state.location.pathname).toBe(orderPath);
  });

  it('once let in, the menu says the diner is at the table and stays the menu (the last lookup before leaving was cut short)', async () => {
    let answer = lookup({
      reservation: current({ joinRequest: { id: joinRequest().id, status: 'pending' } }),
    });
    // Held lookups: the one started when the answer arrives is still out when the order opens.
    const held: (() => void)[] = [];
    let hold = false;
    mockTable(() => {
      const now = json(answer);
      if (!hold) return now;
      return new Promise<Response>((resolve) => held.push(() => resolve(now)));
    });
    const { router, queryClient } = renderApp(tableLink);
    expect((await within(await card()).findByRole('status')).textContent).toBe(
      'Waiting for someone at the table to let you in…',
    );
    const socket = FakeWebSocket.latest()!;
    act(() => socket.serverOpen());
    await waitFor(() =>
      expect(socket.sent).toContainEqual({ op: 'subscribe', topic: 'user:me:reservations' }),
    );
    hold = true;
    answer = { ...answer, reservation: current({ isMember: true }) };
    act(() =>
      socket.serverSend({
        topic: 'user:me:reservations',
        event: 'join.answered',
        data: { joinRequestId: joinRequest().id, reservationId: reservation.id, status: 'accepted' },
      }),
    );
    await orderHeading();

    // The diner goes to the menu to add dishes. While its lookup is out, the card already says they
    // are at the table (not "waiting"); once it answers, the menu stays.
    const menuPath = `/restaurants/${restaurantId}/menu`;
    await act(() => router.navigate(menuPath));
    const region = await card();
    expect(within(region).getByText('You’re at this table.')).toBeTruthy();
    expect(within(region).queryByRole('status')).toBeNull();
    const lookups = count(`GET /api/restaurants/${restaurantId}/tables/lookup`);
    hold = false;
    act(() => held.forEach((release) => release()));
    await waitFor(() => expect(queryClient.isFetching({ queryKey: ['table-lookup'] })).toBe(0));
    await act(async () => {}); // the effects of the settled answer
    expect(lookups).toBeGreaterThan(2);
    expect(router.state.navigation.state).toBe('idle');
    expect(router.state.location.pathname).toBe(menuPath);
  });

  it('lets a waiting diner withdraw the request', async () => {
    let answer = lookup({
      reservation: current({ joinRequest: { id: joinRequest().id, status: 'pending' } }),
    });
    mockTable(() => json(answer));
    mockApi({
      'DELETE /api/join-requests/:id': () => {
        answer = lookup({
          reservation: current({ joinRequest: { id: joinRequest().id, status: 'cancelled' } }),
        });
        return json(joinRequest({ status: 'cancelled' }));
      },
    });
    renderApp(tableLink);
    const region = await card();
    fireEvent.click(within(region).getByRole('button', { name: 'Withdraw my request' }));
    await within(region).findByRole('button', { name: 'Ask to join the table' });
    expect(count(`DELETE /api/join-requests/${joinRequest().id}`)).toBe(1);
  });

  it('shows a declined request and lets the diner ask again', async () => {
    mockTable(() =>
      json(lookup({ reservation: current({ joinRequest: { id: joinRequest().id, status: 'rejected' } }) })),
    );
    renderApp(tableLink);
    const region = await card();
    expect(within(region).getByRole('status').textContent).toBe('The table didn’t let you in.');
    expect(within(region).getByRole('button', { name: 'Ask again' })).toBeTruthy();
  });

  it('opens the order for a member', async () => {
    mockTable(() => json(lookup({ reservation: current({ isMember: true }) })));
    const { router } = renderApp(tableLink);
    fireEvent.click(within(await card()).getByRole('button', { name: 'Open the table’s order' }));
    await orderHeading();
    expect(router.state.location.pathname).toBe(orderPath);
  });

  it('names a code that matches no table of the restaurant, in Spanish', async () => {
    mockTable(() => apiError(404, 'NOT_FOUND'));
    renderApp(tableLink, { locale: 'es-ES' });
    const region = await screen.findByRole('region', { name: 'El código de esta mesa' });
    expect((await within(region).findByRole('alert')).textContent).toBe(
      'Este código no corresponde a una mesa de este restaurante. Pide ayuda al personal.',
    );
  });
});

describe('requests to join, for the members', () => {
  it('appear live on the table’s order; any member lets the diner in or declines', async () => {
    let pending: JoinRequest[] = [];
    const answered: string[] = [];
    mockTable(() => json(lookup()));
    mockApi({
      'GET /api/reservations/:id/join-requests': () => json({ items: pending, nextCursor: null }),
      'POST /api/join-requests/:id/accept': ({ params }) => {
        answered.push(`accept ${params.id}`);
        pending = pending.filter((request) => request.id !== params.id);
        return json(joinRequest({ status: 'accepted' }));
      },
      'POST /api/join-requests/:id/reject': () => apiError(409, 'JOIN_REQUEST_ANSWERED'),
    });
    renderApp(orderPath);
    await orderHeading();
    expect(screen.queryByRole('region', { name: 'Asking to join your table' })).toBeNull();

    await waitFor(() => expect(FakeWebSocket.latest()).toBeDefined());
    const socket = FakeWebSocket.latest()!;
    act(() => socket.serverOpen());
    expect(socket.sent).toContainEqual({ op: 'subscribe', topic: `reservation:${reservation.id}` });
    const second = joinRequest({
      id: '00000000-0000-4000-8000-0000000000f2',
      user: {
        id: '00000000-0000-4000-8000-0000000000c4',
        displayName: 'Dani Ruiz',
        photoURL: null,
        isGuest: false,
      },
    });
    pending = [joinRequest(), second];
    act(() =>
      socket.serverSend({
        topic: `reservation:${reservation.id}`,
        event: 'join.requested',
        data: { joinRequestId: second.id, reservationId: reservation.id, status: 'pending' },
      }),
    );
    const panel = await screen.findByRole('region', { name: 'Asking to join your table' });
    expect(within(panel).getByText('Carla (guest) asks to join')).toBeTruthy();
    expect(within(panel).getByText('Dani Ruiz asks to join')).toBeTruthy();

    fireEvent.click(within(panel).getByRole('button', { name: 'Let in Carla (guest)' }));
    await waitFor(() => expect(within(panel).queryByText('Carla (guest) asks to join')).toBeNull());
    expect(answered).toEqual([`accept ${joinRequest().id}`]);

    // Another member answered Dani first: the refusal is named.
    fireEvent.click(within(panel).getByRole('button', { name: 'Decline Dani Ruiz' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This request was already answered.');
  });
});
