import type {
  Availability,
  Invitation,
  Reservation,
  ReservationInvitationSummary,
} from '@comensal/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '@/testing/fake-web-socket';
import { json, mockApi, seenRequests } from '@/testing/fetch-mock';
import { restaurantDetail, sessionAnswer } from '@/testing/fixtures';
import { renderApp } from '@/app/testing/render-app';

// The first render of each lazy route module transforms it on the fly (slow on a cold run).
vi.setConfig({ testTimeout: 20_000 });

const ROOM = '11111111-1111-4111-8111-111111111111';
const TABLE_4 = '44444444-4444-4444-8444-444444444444';
const TABLE_5 = '55555555-5555-4555-8555-555555555555';
const RESERVATION = '99999999-9999-4999-8999-999999999999';

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

function availability(free: Record<string, boolean> = {}): Availability {
  return {
    restaurantId: restaurant.id,
    date: '2030-01-07',
    startAt: '13:00',
    duration: 60,
    quantity: 1,
    time: { start: '2030-01-07T18:00:00.000Z', end: '2030-01-07T19:00:00.000Z' },
    durations: [15, 30, 45, 60, 75, 90, 105, 120],
    unavailableReason: null,
    tables: [
      {
        roomId: ROOM,
        room: { es: 'Terraza', en: 'Terrace' },
        tableId: TABLE_4,
        number: 4,
        seats: 4,
        free: free[TABLE_4] ?? true,
      },
      {
        roomId: ROOM,
        room: { es: 'Terraza', en: 'Terrace' },
        tableId: TABLE_5,
        number: 5,
        seats: 2,
        free: free[TABLE_5] ?? true,
      },
    ],
  };
}

function reservation(overrides: Partial<Reservation> = {}): Reservation {
  return {
    id: RESERVATION,
    restaurantId: restaurant.id,
    restaurant: {
      id: restaurant.id,
      slug: restaurant.slug,
      name: restaurant.name,
      address: restaurant.address,
      city: restaurant.city,
      country: restaurant.country,
      currency: restaurant.currency,
      timeZone: restaurant.timeZone,
      coverUrl: null,
    },
    date: '2030-01-07',
    startAt: '13:00',
    duration: 60,
    time: { start: '2030-01-07T18:00:00.000Z', end: '2030-01-07T19:00:00.000Z' },
    quantity: 2,
    comments: null,
    status: 'confirmed',
    kind: 'table',
    table: { roomId: ROOM, room: { es: 'Terraza', en: 'Terrace' }, tableId: TABLE_4, number: 4, seats: 4 },
    pickup: false,
    delivery: null,
    users: [
      { id: 'user-1', displayName: 'Ana Pérez', photoURL: null, isGuest: false, isCreator: true },
      { id: 'user-2', displayName: 'Beto Ruiz', photoURL: null, isGuest: false, isCreator: false },
    ],
    createdBy: 'user-1',
    requestedAssistance: false,
    ordersReadyNotification: false,
    isCurrent: true,
    createdAt: '2029-12-01T00:00:00.000Z',
    updatedAt: '2029-12-01T00:00:00.000Z',
    ...overrides,
  };
}

function invitationOf(id: string): Invitation {
  const base = reservation();
  return {
    id,
    restaurantId: restaurant.id,
    reservationId: RESERVATION,
    accepted: null,
    createdAt: '2029-12-01T00:00:00.000Z',
    respondedAt: null,
    email: 'ana@example.com',
    invitedBy: { displayName: 'Beto Ruiz', photoURL: null },
    restaurant: base.restaurant,
    reservation: {
      date: base.date,
      startAt: base.startAt,
      duration: base.duration,
      time: base.time,
      quantity: base.quantity,
      status: base.status,
      kind: base.kind,
      isCurrent: true,
    },
  };
}

const signedIn = () =>
  mockApi({
    'GET /api/auth/get-session': () => json(sessionAnswer()),
    // no one asks to join from the table's QR link
    'GET /api/reservations/:id/join-requests': () => json({ items: [], nextCursor: null }),
  });
const count = (prefix: string) => seenRequests.filter((request) => request.startsWith(prefix)).length;

describe('reservation form', () => {
  it('preselects the table of the table link and books it', async () => {
    signedIn();
    const posted: unknown[] = [];
    mockApi({
      'GET /api/restaurants/:id': () => json(restaurant),
      'GET /api/restaurants/:id/availability': () => json(availability()),
      'POST /api/reservations': async ({ request }) => {
        posted.push(await request.json());
        return json(reservation(), { status: 201 });
      },
      'GET /api/reservations/:id': () => json(reservation()),
    });
    renderApp(`/restaurants/${restaurant.id}/reservations?table=4&room=${ROOM}`);
    const table = await screen.findByRole('radio', { name: /^Table 4,/ });
    expect((table as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Book' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Your table is booked!' })).toBeTruthy();
    // right after booking: the summary, with the way to the bill
    expect(screen.getByRole('heading', { level: 1, name: 'Reservation summary' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the bill and pay' }).getAttribute('href')).toBe(
      `/restaurants/${restaurant.id}/reservations/${RESERVATION}/confirmation`,
    );
    expect(posted[0]).toMatchObject({
      restaurantId: restaurant.id,
      duration: 60,
      quantity: 1,
      table: { roomId: ROOM, tableId: TABLE_4 },
    });
  });

  it('says the table was taken and asks for free tables again on 409 TABLE_TAKEN', async () => {
    signedIn();
    mockApi({
      'GET /api/restaurants/:id': () => json(restaurant),
      'GET /api/restaurants/:id/availability': () => json(availability()),
      'POST /api/reservations': () =>
        json({ error: { code: 'TABLE_TAKEN', message: 'taken' } }, { status: 409 }),
    });
    renderApp(`/restaurants/${restaurant.id}/reservations?table=4&room=${ROOM}`);
    await screen.findByRole('radio', { name: /^Table 4,/ });
    const before = count('GET /api/restaurants/');
    fireEvent.click(screen.getByRole('button', { name: 'Book' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Someone has just booked that table');
    await waitFor(() => expect(count('GET /api/restaurants/')).toBeGreaterThan(before));
  });

  it('books a delivery to an address located by the browser, with its price', async () => {
    signedIn();
    const delivering = restaurantDetail({ ...restaurant, delivery: { mode: 'fixed', priceMinor: 500 } });
    const posted: unknown[] = [];
    const here = { latitude: -12.1, longitude: -77.02 };
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator) as Navigator, {
        geolocation: {
          getCurrentPosition: (success: PositionCallback) => success({ coords: here } as GeolocationPosition),
        },
      }),
    );
    mockApi({
      'GET /api/restaurants/:id': () => json(delivering),
      'GET /api/restaurants/:id/availability': () => json(availability()),
      'POST /api/reservations': async ({ request }) => {
        posted.push(await request.json());
        return json(reservation({ kind: 'delivery', table: null }), { status: 201 });
      },
      'GET /api/reservations/:id': () => json(reservation({ kind: 'delivery', table: null })),
    });
    renderApp(`/restaurants/${restaurant.id}/reservations`);
    fireEvent.click(await screen.findByRole('radio', { name: 'Delivery' }));
    expect(screen.queryByRole('radio', { name: /^Table 4,/ })).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Address' }), {
      target: { value: 'Av. Pardo 500' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    expect((await screen.findByText(/^Delivery price: /)).textContent).toMatch(/S\/\s5$/);
    fireEvent.click(screen.getByRole('button', { name: 'Book' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Your order is booked!' })).toBeTruthy();
    expect(posted[0]).toMatchObject({
      delivery: { address: { line: 'Av. Pardo 500', location: { lat: -12.1, lng: -77.02 } } },
    });
    expect(posted[0]).not.toHaveProperty('table');
  });

  it('translates the rule that refused the reservation', async () => {
    signedIn();
    mockApi({
      'GET /api/restaurants/:id': () => json(restaurant),
      'GET /api/restaurants/:id/availability': () => json(availability()),
      'POST /api/reservations': () =>
        json(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'closed',
              details: { reason: 'OUTSIDE_OPENING_HOURS' },
            },
          },
          { status: 400 },
        ),
    });
    renderApp(`/restaurants/${restaurant.id}/reservations`, { locale: 'es-ES' });
    fireEvent.click(await screen.findByRole('button', { name: 'Reservar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('El restaurante está cerrado a esa hora.');
  });
});

describe('reservation index with an id', () => {
  it("opens that reservation's summary", async () => {
    signedIn();
    mockApi({ 'GET /api/reservations/:id': () => json(reservation()) });
    const { router } = renderApp(`/restaurants/${restaurant.id}/reservations/${RESERVATION}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Reservation summary' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(
      `/restaurants/${restaurant.id}/reservations/${RESERVATION}/summary`,
    );
  });
});

describe('modify', () => {
  it('prefills the form with the reservation and sends the changes', async () => {
    signedIn();
    const patches: unknown[] = [];
    mockApi({
      'GET /api/restaurants/:id': () => json(restaurant),
      'GET /api/restaurants/:id/availability': () => json(availability()),
      'GET /api/reservations/:id': () => json(reservation()),
      'PATCH /api/reservations/:id': async ({ request }) => {
        patches.push(await request.json());
        return json(reservation({ quantity: 3 }));
      },
    });
    renderApp(`/restaurants/${restaurant.id}/reservations/${RESERVATION}/modify`);
    const people = (await screen.findByLabelText('People')) as HTMLInputElement;
    expect(people.value).toBe('2');
    expect((screen.getByLabelText('Date') as HTMLInputElement).value).toBe('2030-01-07');
    expect(((await screen.findByRole('radio', { name: /^Table 4,/ })) as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.change(people, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reservation summary' })).toBeTruthy();
    expect(patches[0]).toEqual({
      date: '2030-01-07',
      startAt: '13:00',
      duration: 60,
      quantity: 3,
      comments: null,
      table: { roomId: ROOM, tableId: TABLE_4 },
    });
  });

  it('is not offered to a member who did not create the reservation', async () => {
    signedIn();
    mockApi({
      'GET /api/restaurants/:id': () => json(restaurant),
      'GET /api/reservations/:id': () => json(reservation({ createdBy: 'someone-else' })),
    });
    renderApp(`/restaurants/${restaurant.id}/reservations/${RESERVATION}/modify`);
    expect(await screen.findByText('You cannot do that with this reservation.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
  });
});

describe('public invitation page', () => {
  function summary(viewer: ReservationInvitationSummary['viewer']): ReservationInvitationSummary {
    const base = reservation();
    return {
      reservationId: RESERVATION,
      restaurant: base.restaurant,
      date: base.date,
      startAt: base.startAt,
      duration: base.duration,
      time: base.time,
      quantity: base.quantity,
      status: base.status,
      kind: base.kind,
      isCurrent: true,
      inviter: { displayName: 'Beto Ruiz', photoURL: null },
      viewer,
    };
  }
  const invitationPath = `/restaurants/${restaurant.id}/reservations/${RESERVATION}/invitation`;

  it('sends anonymous visitors to sign in and back', async () => {
    mockApi({
      'GET /api/auth/get-session': () => json(null),
      'GET /api/reservations/:id/invitation': () => json(summary(null)),
    });
    renderApp(invitationPath);
    expect(await screen.findByText('Beto Ruiz invites you')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in or register to answer' }).getAttribute('href')).toBe(
      `/auth?redirect=${encodeURIComponent(invitationPath)}`,
    );
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('lets the invitee accept and opens the summary', async () => {
    signedIn();
    const invitationId = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
    mockApi({
      'GET /api/reservations/:id/invitation': () =>
        json(summary({ isMember: false, invitation: { id: invitationId, accepted: null } })),
      'POST /api/invitations/:id/accept': ({ params }) =>
        json({ ...invitationOf(params.id ?? ''), accepted: true }),
      'GET /api/reservations/:id': () => json(reservation()),
    });
    renderApp(invitationPath);
    fireEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reservation summary' })).toBeTruthy();
    expect(count(`POST /api/invitations/${invitationId}/accept`)).toBe(1);
  });
});

describe('reservation summary', () => {
  it('logs and shows "not found" when the reservation id is missing', async () => {
    signedIn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderApp(`/restaurants/${restaurant.id}/reservations/summary`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Reservation not found' })).toBeTruthy();
    // logged by an effect, which may run just after the heading shows
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Restaurant ID or Reservation ID is missing.'));
    warn.mockRestore();
  });

  const summaryPath = `/restaurants/${restaurant.id}/reservations/${RESERVATION}/summary`;

  it('lets the creator cancel after confirming', async () => {
    signedIn();
    let current = reservation();
    mockApi({
      'GET /api/reservations/:id': () => json(current),
      'POST /api/reservations/:id/cancel': () => {
        current = reservation({ status: 'cancelled', isCurrent: false });
        return json(current);
      },
    });
    renderApp(summaryPath);
    const members = await screen.findByTestId('reservation-members');
    expect(within(members).getByText('Ana Pérez')).toBeTruthy();
    expect(within(members).getByText('Organiser')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Leave reservation' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel reservation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this reservation?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }));
    expect(await screen.findByText('This reservation was cancelled.')).toBeTruthy();
    expect(count('POST /api/reservations/')).toBe(1);
  });

  it('offers a member to leave, not to cancel, and refetches on a live event', async () => {
    signedIn();
    let current = reservation({ createdBy: 'someone-else' });
    mockApi({ 'GET /api/reservations/:id': () => json(current) });
    renderApp(summaryPath);
    await screen.findByTestId('reservation-members');
    expect(screen.getByRole('button', { name: 'Leave reservation' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel reservation' })).toBeNull();

    await waitFor(() => expect(FakeWebSocket.latest()).toBeTruthy());
    const socket = FakeWebSocket.latest()!;
    act(() => socket.serverOpen());
    expect(socket.sent).toContainEqual({ op: 'subscribe', topic: `reservation:${RESERVATION}` });
    current = reservation({
      createdBy: 'someone-else',
      users: [
        ...reservation().users,
        { id: 'user-3', displayName: 'Carla Díaz', photoURL: null, isGuest: true, isCreator: false },
      ],
    });
    act(() =>
      socket.serverSend({
        topic: `reservation:${RESERVATION}`,
        event: 'members.changed',
        data: { reservationId: RESERVATION },
      }),
    );
    expect(await screen.findByText('Carla Díaz')).toBeTruthy();
  });

  it('shows the status the staff set and "your orders are ready" (banner and toast) live', async () => {
    signedIn();
    let current = reservation();
    mockApi({ 'GET /api/reservations/:id': () => json(current) });
    renderApp(summaryPath);
    await screen.findByTestId('reservation-members');
    expect(screen.getByText('Confirmed')).toBeTruthy();
    expect(screen.queryByText('Your orders are ready!')).toBeNull();

    await waitFor(() => expect(FakeWebSocket.latest()).toBeTruthy());
    const socket = FakeWebSocket.latest()!;
    act(() => socket.serverOpen());
    current = reservation({ status: 'seated', ordersReadyNotification: true });
    act(() =>
      socket.serverSend({
        topic: `reservation:${RESERVATION}`,
        event: 'reservation.updated',
        data: { reservationId: RESERVATION },
      }),
    );
    expect(await screen.findByText('Seated')).toBeTruthy();
    const banner = await screen.findByRole('button', { name: 'Got it' });
    expect(banner.closest('[role="status"]')?.textContent).toContain('Your orders are ready!');
    // the toast says it too (a second copy of the words, in the toaster)
    await waitFor(() => expect(screen.getAllByText('Your orders are ready!')).toHaveLength(2));
  });
});

describe('share', () => {
  const sharePath = `/restaurants/${restaurant.id}/reservations/${RESERVATION}/share`;

  it('shows the absolute invitation link and translates a repeated invitation', async () => {
    signedIn();
    let invited: unknown = null;
    mockApi({
      'GET /api/reservations/:id': () => json(reservation()),
      'GET /api/companions': () =>
        json({
          items: [
            // already a member: not offered again
            { id: reservation().users[0]!.id, displayName: 'Member Already', photoURL: null },
            { id: '00000000-0000-4000-8000-0000000000c1', displayName: 'Carla Díaz', photoURL: null },
          ],
        }),
      'POST /api/reservations/:id/invitations': async ({ request }) => {
        const body = (await request.json()) as { email?: string; userId?: string };
        if (body.email)
          return json({ error: { code: 'ALREADY_INVITED', message: 'pending' } }, { status: 409 });
        invited = body;
        return json({ id: 'invitation-1', email: null, accepted: null }, { status: 201 });
      },
    });
    renderApp(sharePath);
    const link = (await screen.findByLabelText('Invitation link')) as HTMLInputElement;
    expect(link.value).toBe(
      `${window.location.origin}/restaurants/${restaurant.id}/reservations/${RESERVATION}/invitation`,
    );
    expect(screen.getByRole('link', { name: 'Add to calendar (.ics)' }).getAttribute('href')).toBe(
      `/api/reservations/${RESERVATION}/ics`,
    );
    expect(screen.queryByRole('searchbox')).toBeNull(); // no search of other diners
    fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), {
      target: { value: 'beto@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('That person already has a pending invitation.')).toBeTruthy();

    // a companion is invited by id, never by an address the page would have to know
    expect(screen.queryByRole('button', { name: 'Invite Member Already' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Invite Carla Díaz' }));
    expect(await screen.findByText('Invitation sent to Carla Díaz')).toBeTruthy();
    expect(invited).toEqual({ userId: '00000000-0000-4000-8000-0000000000c1' });
  });

  it('offers no companions to guests', async () => {
    mockApi({
      'GET /api/auth/get-session': () => json(sessionAnswer({ isAnonymous: true })),
      'GET /api/reservations/:id': () => json(reservation()),
    });
    renderApp(sharePath);
    await screen.findByLabelText('Invitation link');
    expect(screen.getByRole('button', { name: 'Send invitation' })).toBeTruthy();
    expect(screen.queryByText('People you already share a reservation with')).toBeNull();
  });
});

describe('reservation lists', () => {
  it('links each reservation to its summary and drops a cancelled one live', async () => {
    signedIn();
    let items = [reservation()];
    mockApi({ 'GET /api/reservations': () => json({ items, nextCursor: null }) });
    renderApp('/reservations/current');
    const link = await screen.findByRole('link', { name: restaurant.name });
    expect(link.getAttribute('href')).toBe(
      `/restaurants/${restaurant.id}/reservations/${RESERVATION}/summary`,
    );

    await waitFor(() => expect(FakeWebSocket.latest()).toBeTruthy());
    const socket = FakeWebSocket.latest()!;
    act(() => socket.serverOpen());
    expect(socket.sent).toContainEqual({ op: 'subscribe', topic: 'user:me:reservations' });
    items = [];
    act(() =>
      socket.serverSend({
        topic: 'user:me:reservations',
        event: 'reservation.cancelled',
        data: { reservationId: RESERVATION },
      }),
    );
    expect(await screen.findByText('You have no upcoming reservations.')).toBeTruthy();
  });

  it('says so when there is no past reservation', async () => {
    signedIn();
    mockApi({ 'GET /api/reservations': () => json({ items: [], nextCursor: null }) });
    renderApp('/reservations/historial', { locale: 'es-ES' });
    expect(await screen.findByText('Aún no tienes reservas pasadas.')).toBeTruthy();
    expect(seenRequests).toContain('GET /api/reservations?scope=history&limit=100');
  });
});

describe('invitations', () => {
  it('accepts an invitation in place and moves it to the history', async () => {
    signedIn();
    const id = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
    let answered: Invitation | null = null;
    mockApi({
      'GET /api/invitations': ({ url }) => {
        const isCurrent = url.searchParams.get('scope') === 'current';
        const items = isCurrent ? (answered ? [] : [invitationOf(id)]) : answered ? [answered] : [];
        return json({ items, nextCursor: null });
      },
      'POST /api/invitations/:id/accept': () => {
        answered = { ...invitationOf(id), accepted: true, respondedAt: '2029-12-02T00:00:00.000Z' };
        return json(answered);
      },
    });
    renderApp('/invitations/current', { locale: 'es-ES' });
    fireEvent.click(await screen.findByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText('No tienes invitaciones pendientes.')).toBeTruthy();
    expect(count(`POST /api/invitations/${id}/accept`)).toBe(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a modal only when pending invitations grow after the first load', async () => {
    signedIn();
    let items = [invitationOf('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa')];
    mockApi({
      'GET /api/invitations': ({ url }) =>
        json({ items: url.searchParams.get('scope') === 'current' ? items : [], nextCursor: null }),
    });
    renderApp('/invitations/current');
    expect(await screen.findByText('From Beto Ruiz')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    await waitFor(() => expect(FakeWebSocket.latest()).toBeTruthy());
    const socket = FakeWebSocket.latest()!;
    act(() => socket.serverOpen());
    items = [...items, invitationOf('bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb')];
    act(() =>
      socket.serverSend({
        topic: 'user:me:invitations',
        event: 'invitation.created',
        data: {
          invitationId: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
          reservationId: RESERVATION,
          accepted: null,
        },
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'New invitation' });
    expect(within(dialog).getByText('You have 2 pending invitations.')).toBeTruthy();
  });
});
