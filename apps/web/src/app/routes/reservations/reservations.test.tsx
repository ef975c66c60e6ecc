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
    nextFree: { date: '2030-01-07', startAt: '13:00' },
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

  it("labels the reservation's own table as yours, asking availability without its own hold", async () => {
    signedIn();
    mockApi({
      'GET /api/restaurants/:id': () => json(restaurant),
      // the server leaves the reservation's own hold out when told which one is modified
      'GET /api/restaurants/:id/availability': ({ url }) =>
        json(availability({ [TABLE_4]: url.searchParams.get('reservationId') === RESERVATION })),
      'GET /api/reservations/:id': () => json(reservation()),
    });
    renderApp(`/restaurants/${restaurant.id}/reservations/${RESERVATION}/modify`, { locale: 'es-ES' });
    const own = (await screen.findByRole('radio', { name: /^Mesa 4, .*, tu mesa$/ })) as HTMLInputElement;
    expect(own.checked).toBe(true);
    expect(own.disabled).toBe(false);
    expect(screen.getByRole('radio', { name: /^Mesa 5, .*, libre$/ })).toBeTruthy();
    expect(screen.queryByText('ocupada', { exact: false })).toBeNull();
    expect(seenRequests.some((request) => request.includes(`reservationId=${RESERVATION}`))).toBe(true);
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
  function summary(
    viewer: ReservationInvitationSummary['viewer'],
    shareLink: ReservationInvitationSummary['shareLink'] = null,
  ): ReservationInvitationSummary {
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
      shareLink,
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

  const KEY = '0123456789abcdef0123456789abcdef';

  it('says an e-mail invitation is for another account when the link has no key', async () => {
    signedIn();
    mockApi({
      'GET /api/reservations/:id/invitation': () => json(summary({ isMember: false, invitation: null })),
    });
    renderApp(invitationPath);
    expect(await screen.findByText(/This invitation was sent to another account/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join the reservation' })).toBeNull();
  });

  it('lets a stranger signed in join with the share link', async () => {
    signedIn();
    let joined: unknown = null;
    mockApi({
      'GET /api/reservations/:id/invitation': ({ url }) =>
        json(
          summary({ isMember: false, invitation: null }, url.searchParams.get('key') === KEY ? 'open' : null),
        ),
      'POST /api/reservations/:id/share-link/join': async ({ request }) => {
        joined = await request.json();
        return json(reservation());
      },
      'GET /api/reservations/:id': () => json(reservation()),
    });
    renderApp(`${invitationPath}?key=${KEY}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Join the reservation' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reservation summary' })).toBeTruthy();
    expect(joined).toEqual({ key: KEY });
    expect(seenRequests).toContain(`GET /api/reservations/${RESERVATION}/invitation?key=${KEY}`);
  });

  it('lets an anonymous visitor join at once as a guest', async () => {
    let session: unknown = null;
    mockApi({
      'GET /api/auth/get-session': () => json(session),
      'POST /api/auth/sign-in/anonymous': () => {
        session = sessionAnswer({ isAnonymous: true, name: 'Invitado 12' });
        return json(session);
      },
      'GET /api/reservations/:id/invitation': () => json(summary(null, 'open')),
      'POST /api/reservations/:id/share-link/join': () => json(reservation()),
      'GET /api/reservations/:id': () => json(reservation()),
    });
    renderApp(`${invitationPath}?key=${KEY}`, { locale: 'es-ES' });
    expect(
      (await screen.findByRole('link', { name: 'Inicia sesión o regístrate para unirte' })).getAttribute(
        'href',
      ),
    ).toBe(`/auth?redirect=${encodeURIComponent(`${invitationPath}?key=${KEY}`)}`);
    fireEvent.click(screen.getByRole('button', { name: 'Unirme como invitado' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Resumen de la reserva' })).toBeTruthy();
    expect(count('POST /api/auth/sign-in/anonymous')).toBe(1);
    expect(count(`POST /api/reservations/${RESERVATION}/share-link/join`)).toBe(1);
  });

  it('says when the link was turned off, and when the party is complete', async () => {
    signedIn();
    let state: ReservationInvitationSummary['shareLink'] = 'off';
    mockApi({
      'GET /api/reservations/:id/invitation': () =>
        json(summary({ isMember: false, invitation: null }, state)),
    });
    const first = renderApp(`${invitationPath}?key=${KEY}`);
    expect(
      await screen.findByText(
        'This link was turned off or replaced by a new one. Ask Beto Ruiz for the current link.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join the reservation' })).toBeNull();
    first.unmount();
    state = 'full';
    renderApp(`${invitationPath}?key=${KEY}`);
    expect(await screen.findByText('The party is complete: all 2 places are taken.')).toBeTruthy();
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

describe('unanswered invitations', () => {
  const summaryPath = `/restaurants/${restaurant.id}/reservations/${RESERVATION}/summary`;
  const BEA = 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee';
  const NADIE = 'ffffffff-ffff-4fff-8fff-ffffffffffff';

  it('lists them to the creator, who sends one again and withdraws another', async () => {
    signedIn();
    let items = [
      { id: BEA, email: 'bea@example.com', displayName: 'Bea', createdAt: '2029-12-01T00:00:00.000Z' },
      { id: NADIE, email: 'nadie@example.com', displayName: null, createdAt: '2029-12-01T00:00:00.000Z' },
    ];
    mockApi({
      'GET /api/reservations/:id': () => json(reservation()),
      'GET /api/reservations/:id/invitations': () => json({ items }),
      'POST /api/invitations/:id/resend': () => {
        items = [{ ...items[0]!, id: '12121212-1212-4212-8212-121212121212' }, items[1]!];
        return json(items[0], { status: 201 });
      },
      'DELETE /api/invitations/:id': ({ params }) => {
        items = items.filter((item) => item.id !== params.id);
        return new Response(null, { status: 204 });
      },
    });
    renderApp(summaryPath, { locale: 'es-ES' });
    const list = await screen.findByTestId('pending-invitations');
    expect(screen.getByRole('heading', { level: 2, name: '2 personas no han respondido' })).toBeTruthy();
    expect(within(list).getByText('bea@example.com')).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: 'Reenviar a Bea' }));
    expect(await screen.findByText('Invitación reenviada')).toBeTruthy();
    expect(count(`POST /api/invitations/${BEA}/resend`)).toBe(1);
    fireEvent.click(within(list).getByRole('button', { name: 'Retirar la invitación a nadie@example.com' }));
    expect(await screen.findByText('Invitación retirada')).toBeTruthy();
    await waitFor(() => expect(within(list).queryByText('nadie@example.com')).toBeNull());
    expect(count(`DELETE /api/invitations/${NADIE}`)).toBe(1);
  });

  it('shows a member who did not create the reservation nothing of it', async () => {
    signedIn();
    mockApi({ 'GET /api/reservations/:id': () => json(reservation({ createdBy: 'someone-else' })) });
    renderApp(summaryPath);
    await screen.findByTestId('reservation-members');
    expect(screen.queryByTestId('pending-invitations')).toBeNull();
    expect(screen.queryByRole('button', { name: /Send again/ })).toBeNull();
    expect(count(`GET /api/reservations/${RESERVATION}/invitations`)).toBe(0);
  });
});

describe('calling a waiter', () => {
  const summaryPath = `/restaurants/${restaurant.id}/reservations/${RESERVATION}/summary`;
  const startingIn = (ms: number) => ({
    time: {
      start: new Date(Date.now() + ms).toISOString(),
      end: new Date(Date.now() + ms + 3_600_000).toISOString(),
    },
  });

  it('is not offered before 15 minutes ahead of the start, and says from when', async () => {
    signedIn();
    mockApi({ 'GET /api/reservations/:id': () => json(reservation()) });
    renderApp(summaryPath, { locale: 'es-ES' });
    expect(
      await screen.findByText(
        'Podrás llamar al camarero desde las 12:45, 15 minutos antes de que empiece tu reserva.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Llamar al camarero' })).toBeNull();
  });

  it('is offered while the reservation is on, and calls', async () => {
    signedIn();
    let current = reservation(startingIn(-10 * 60_000));
    mockApi({
      'GET /api/reservations/:id': () => json(current),
      'POST /api/reservations/:id/assistance': () => {
        current = { ...current, requestedAssistance: true };
        return json(current);
      },
    });
    renderApp(summaryPath);
    fireEvent.click(await screen.findByRole('button', { name: 'Call a waiter' }));
    expect(await screen.findByRole('button', { name: 'Waiter called · stop calling' })).toBeTruthy();
    expect(count(`POST /api/reservations/${RESERVATION}/assistance`)).toBe(1);
  });

  it('appears by itself when the window opens', async () => {
    signedIn();
    mockApi({ 'GET /api/reservations/:id': () => json(reservation(startingIn(15 * 60_000 + 1_500))) });
    renderApp(summaryPath);
    expect(await screen.findByText(/You can call a waiter from/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Call a waiter' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Call a waiter' })).toBeTruthy();
    expect(screen.queryByText(/You can call a waiter from/)).toBeNull();
  });
});

describe('share', () => {
  const sharePath = `/restaurants/${restaurant.id}/reservations/${RESERVATION}/share`;

  it('shows the absolute invitation link and translates a repeated invitation', async () => {
    signedIn();
    let invited: unknown = null;
    mockApi({
      'GET /api/reservations/:id': () => json(reservation()),
      'GET /api/reservations/:id/share-link': () => json({ reservationId: RESERVATION, key: 'k1' }),
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
      `${window.location.origin}/restaurants/${restaurant.id}/reservations/${RESERVATION}/invitation?key=k1`,
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
      'GET /api/reservations/:id/share-link': () => json({ reservationId: RESERVATION, key: 'k1' }),
    });
    renderApp(sharePath);
    await screen.findByLabelText('Invitation link');
    expect(screen.getByRole('button', { name: 'Send invitation' })).toBeTruthy();
    expect(screen.queryByText('People you already share a reservation with')).toBeNull();
  });
});

describe('share link', () => {
  const sharePath = `/restaurants/${restaurant.id}/reservations/${RESERVATION}/share`;
  const linkOf = (key: string) =>
    `${window.location.origin}/restaurants/${restaurant.id}/reservations/${RESERVATION}/invitation?key=${key}`;

  it('lets the creator renew the link and turn it off', async () => {
    signedIn();
    mockApi({
      'GET /api/reservations/:id': () => json(reservation()),
      'GET /api/reservations/:id/share-link': () => json({ reservationId: RESERVATION, key: 'k1' }),
      'PUT /api/reservations/:id/share-link': () => json({ reservationId: RESERVATION, key: 'k2' }),
      'DELETE /api/reservations/:id/share-link': () => json({ reservationId: RESERVATION, key: null }),
      'GET /api/companions': () => json({ items: [] }),
    });
    renderApp(sharePath);
    expect(((await screen.findByLabelText('Invitation link')) as HTMLInputElement).value).toBe(linkOf('k1'));
    expect(screen.getByText('Anyone you send this link to can join, up to 2 people in all.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Make a new link' }));
    await waitFor(() =>
      expect((screen.getByLabelText('Invitation link') as HTMLInputElement).value).toBe(linkOf('k2')),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Turn the link off' }));
    expect(await screen.findByText(/The link is off: nobody can join with it/)).toBeTruthy();
    expect(screen.queryByLabelText('Invitation link')).toBeNull();
    expect(screen.getByRole('button', { name: 'Turn on with a new link' })).toBeTruthy();
  });

  it('shows no link to a member who is not the creator', async () => {
    signedIn();
    mockApi({ 'GET /api/reservations/:id': () => json(reservation({ createdBy: 'someone-else' })) });
    renderApp(sharePath);
    await screen.findByTestId('reservation-members');
    expect(screen.queryByLabelText('Invitation link')).toBeNull();
    expect(count(`GET /api/reservations/${RESERVATION}/share-link`)).toBe(0);
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

  it('notices a new invitation on Home: the modal over the one socket, and a badge on the tab', async () => {
    signedIn();
    let items: Invitation[] = [];
    mockApi({
      'GET /api/restaurants': () => json({ items: [], nextCursor: null }),
      'GET /api/invitations': ({ url }) =>
        json({ items: url.searchParams.get('scope') === 'current' ? items : [], nextCursor: null }),
    });
    renderApp('/', { locale: 'es-ES' });
    const nav = await screen.findByRole('navigation', { name: 'Principal' });
    await waitFor(() => expect(seenRequests).toContain('GET /api/invitations?scope=current&limit=100'));
    expect(within(nav).queryByTestId('invitations-badge')).toBeNull();

    await waitFor(() => expect(FakeWebSocket.latest()).toBeTruthy());
    const socket = FakeWebSocket.latest()!;
    act(() => socket.serverOpen());
    expect(socket.sent).toContainEqual({ op: 'subscribe', topic: 'user:me:invitations' });
    items = [invitationOf('cccccccc-cccc-4ccc-8ccc-cccccccccccc')];
    act(() =>
      socket.serverSend({
        topic: 'user:me:invitations',
        event: 'invitation.created',
        data: { invitationId: items[0]!.id, reservationId: RESERVATION, accepted: null },
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Nueva invitación' });
    expect(within(dialog).getByText('Tienes 1 invitación pendiente.')).toBeTruthy();
    expect(within(nav).getByTestId('invitations-badge').textContent).toBe('1');
    expect(
      within(nav).getByRole('link', { name: /Invitaciones\s*\(1 pendiente\)/, hidden: true }),
    ).toBeTruthy();
    expect(FakeWebSocket.instances).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('link', { name: 'Ver invitaciones' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Invitaciones' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks nothing about invitations for a guest', async () => {
    mockApi({
      'GET /api/auth/get-session': () => json(sessionAnswer({ isAnonymous: true })),
      'GET /api/restaurants': () => json({ items: [], nextCursor: null }),
    });
    renderApp('/');
    await screen.findByRole('navigation', { name: 'Main' });
    expect(count('GET /api/invitations')).toBe(0);
  });
});
