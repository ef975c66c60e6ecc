import type {
  Order,
  StaffBoard,
  StaffBoardReservation,
  StaffMember,
  StaffProduct,
  StaffRestaurant,
  StaffTransaction,
} from '@comensal/contracts';
import { staffTopic } from '@comensal/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '@/testing/fake-web-socket';
import { apiError, json, mockApi, seenRequests } from '@/testing/fetch-mock';
import { orderAnswer, product, reservationAnswer, restaurantDetail, sessionAnswer } from '@/testing/fixtures';
import { transaction } from '@/testing/payment-fixtures';
import { renderApp } from '@/app/testing/render-app';

// The PDF receipt's drawing (pdf.js) stands in here: the viewer's own test covers it
// (features/staff/components/receipt-viewer.test.tsx) and the e2e test draws a real PDF.
const drawnPages = vi.hoisted(() => [] as number[]);
vi.mock('@/features/staff/pdf-document', () => ({
  openPdf: async () => ({
    pageCount: 1,
    renderPage: async (page: number) => void drawnPages.push(page),
    destroy: async () => undefined,
  }),
}));

const restaurant = restaurantDetail({ name: 'La Picantería', country: 'PE', currency: 'PEN' });
const other = restaurantDetail({ name: 'El Otro', country: 'PE', currency: 'PEN' });
const mine = (role: StaffRestaurant['role'], from = restaurant): StaffRestaurant => ({
  id: from.id,
  name: from.name,
  role,
  city: from.city,
  currency: 'PEN',
  timeZone: from.timeZone,
  today: '2030-01-07',
});
const hall = { es: 'Salón', en: 'Dining room' };
const table4 = {
  roomId: '00000000-0000-4000-8000-0000000000b1',
  room: hall,
  tableId: '00000000-0000-4000-8000-0000000000b4',
  number: 4,
  seats: 4,
};

function boardReservation(overrides: Partial<StaffBoardReservation> = {}): StaffBoardReservation {
  const orders: Order[] = overrides.orders ?? [];
  const totalMinor = orders.reduce((sum, order) => sum + order.priceMinor, 0);
  return {
    ...reservationAnswer(restaurant, { id: '00000000-0000-4000-8000-00000000a001', table: table4 }),
    orders,
    totals: { totalMinor, paidMinor: 0, pendingMinor: 0, dueMinor: totalMinor },
    transactionsToDecide: 0,
    ...overrides,
  };
}

const board = (reservations: StaffBoardReservation[]): StaffBoard => ({
  restaurantId: restaurant.id,
  date: '2030-01-07',
  timeZone: restaurant.timeZone,
  currency: 'PEN',
  tables: [table4],
  reservations,
});

function signedIn(restaurants: StaffRestaurant[], isAnonymous = false) {
  mockApi({
    'GET /api/auth/get-session': () => json(sessionAnswer({ isAnonymous })),
    'GET /api/staff/restaurants': () => json({ items: restaurants, nextCursor: null }),
  });
}

const requests = (prefix: string) => seenRequests.filter((request) => request.startsWith(prefix));

describe('the staff console: who gets in', () => {
  it('sends a visitor without a session to sign in, back to the console after', async () => {
    const { router } = renderApp('/staff');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(router.state.location.search).toBe('?redirect=%2Fstaff');
  });

  it('tells a diner who works nowhere that the console is not for them', async () => {
    signedIn([]);
    renderApp('/staff');
    expect(await screen.findByRole('heading', { name: "You don't have access to the console" })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Console sections' })).toBeNull();
  });

  it('tells a guest to sign in, in Spanish too', async () => {
    signedIn([], true);
    renderApp('/staff', { locale: 'es-ES' });
    expect(await screen.findByRole('heading', { name: 'No tienes acceso a la consola' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toBeTruthy();
    expect(requests('GET /api/staff/restaurants')).toEqual([]);
  });

  it("shows staff no other restaurant's pages, and no owners' pages", async () => {
    signedIn([mine('staff')]);
    renderApp(`/staff/${other.id}`);
    expect(await screen.findByRole('heading', { name: "You don't have access to the console" })).toBeTruthy();
  });

  it("keeps the owners' team page from staff, and its tab out of their navigation", async () => {
    signedIn([mine('staff')]);
    mockApi({ 'GET /api/staff/restaurants/:id/board': () => json(board([])) });
    renderApp(`/staff/${restaurant.id}/team`);
    expect(await screen.findByRole('heading', { name: "You don't have access to the console" })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Console sections' });
    expect(within(nav).queryByRole('link', { name: 'Team' })).toBeNull();
    expect(within(nav).getByRole('link', { name: "Today's tables" })).toBeTruthy();
  });

  it('lists the restaurants the caller works at, each opening its board', async () => {
    signedIn([mine('owner'), mine('staff', other)]);
    renderApp('/staff');
    const list = await screen.findByRole('heading', { name: 'Which restaurant are you working at today?' });
    expect(list).toBeTruthy();
    expect(screen.getByRole('link', { name: /La Picantería\s*Owner/ }).getAttribute('href')).toBe(
      `/staff/${restaurant.id}`,
    );
    expect(screen.getByRole('link', { name: /El Otro\s*Staff/ }).getAttribute('href')).toBe(
      `/staff/${other.id}`,
    );
  });
});

describe('the board', () => {
  function audioDouble() {
    const started: number[] = [];
    class FakeAudioContext {
      currentTime = 0;
      state = 'running';
      destination = {};
      resume = () => Promise.resolve();
      createOscillator() {
        return {
          type: 'sine',
          frequency: { setValueAtTime: () => undefined },
          connect: () => undefined,
          start: (at: number) => started.push(at),
          stop: () => undefined,
        };
      }
      createGain() {
        return {
          gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined },
          connect: () => undefined,
        };
      }
    }
    vi.stubGlobal('AudioContext', FakeAudioContext);
    return started;
  }

  async function openBoard(first: StaffBoardReservation[]) {
    let current = board(first);
    signedIn([mine('owner')]);
    mockApi({ 'GET /api/staff/restaurants/:id/board': () => json(current) });
    const view = renderApp(`/staff/${restaurant.id}`);
    await screen.findByRole('heading', { name: /13:00 · Table 4/ });
    const socket = FakeWebSocket.latest()!;
    act(() => socket.serverOpen());
    expect(socket.sent).toContainEqual({ op: 'subscribe', topic: staffTopic(restaurant.id) });
    act(() => socket.serverConfirmSubscriptions());
    const push = async (next: StaffBoardReservation[]) => {
      current = board(next);
      const before = requests('GET /api/staff/restaurants/').length;
      act(() =>
        socket.serverSend({
          topic: staffTopic(restaurant.id),
          event: 'staff.assistance_changed',
          data: { restaurantId: restaurant.id },
        }),
      );
      await waitFor(() => expect(requests('GET /api/staff/restaurants/').length).toBeGreaterThan(before));
    };
    return { ...view, push };
  }

  it('shows each table, its party, members, orders and what it owes', async () => {
    audioDouble();
    const ceviche = orderAnswer({ quantity: 2, unitPriceMinor: 3500 });
    await openBoard([boardReservation({ orders: [ceviche] })]);
    const card = screen.getByRole('article', { name: /Table 4/ });
    expect(within(card).getByText(/2 guests · Ana Pérez, Beto Ruiz/)).toBeTruthy();
    expect(within(card).getByText(/2 × Classic ceviche/)).toBeTruthy();
    expect(
      within(card)
        .getByText('Owes')
        .nextSibling?.textContent?.replace(/\u00a0/g, ' '),
    ).toBe('S/ 70');
    expect(screen.getByRole('heading', { level: 2, name: 'Dining room' })).toBeTruthy();
  });

  it('announces, highlights and beeps for a call and a new order arriving live, and stays quiet when muted', async () => {
    const beeps = audioDouble();
    const first = orderAnswer();
    const second = orderAnswer();
    const { push } = await openBoard([boardReservation({ orders: [first] })]);
    const status = () =>
      screen.getByText(
        (_, element) => element?.getAttribute('aria-live') === 'polite' && element.tagName === 'P',
      );
    expect(status().textContent).toBe('');

    await push([boardReservation({ requestedAssistance: true, orders: [first, second] })]);
    await waitFor(() =>
      expect(status().textContent).toBe('Table 4 is calling for assistance. Table 4 sent an order.'),
    );
    expect(beeps).toHaveLength(1);
    const card = screen.getByRole('article', { name: /Table 4/ });
    expect(card.getAttribute('data-highlighted')).toBe('true');
    expect(screen.getByText('1 table is calling for assistance')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Sound on' }));
    expect(screen.getByRole('button', { name: 'Sound muted' }).getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem('staffMuted')).toBe('1');
    await push([
      boardReservation({
        requestedAssistance: true,
        orders: [first, second, orderAnswer(), orderAnswer()],
      }),
    ]);
    await waitFor(() => expect(status().textContent).toBe('Table 4 sent 2 orders.'));
    expect(beeps).toHaveLength(1);
  });

  it('answers the call, marks the orders ready and seats the table', async () => {
    audioDouble();
    const answered = vi.fn();
    const ready = vi.fn();
    const status = vi.fn();
    mockApi({
      'DELETE /api/staff/reservations/:id/assistance': ({ params }) => {
        answered(params.id);
        return json(boardReservation());
      },
      'POST /api/staff/reservations/:id/orders-ready': ({ params }) => {
        ready(params.id);
        return json(boardReservation());
      },
      'PATCH /api/staff/reservations/:id': async ({ request }) => {
        status(await request.json());
        return apiError(409, 'CONFLICT');
      },
    });
    await openBoard([boardReservation({ requestedAssistance: true, orders: [orderAnswer()] })]);
    fireEvent.click(screen.getByRole('button', { name: 'Answer · Table 4' }));
    await waitFor(() => expect(answered).toHaveBeenCalledWith('00000000-0000-4000-8000-00000000a001'));
    fireEvent.click(screen.getByRole('button', { name: 'Orders ready · Table 4' }));
    await waitFor(() => expect(ready).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByRole('button', { name: 'Seat · Table 4' }));
    await waitFor(() => expect(status).toHaveBeenCalledWith({ status: 'seated' }));
    expect(
      await screen.findByText('Someone else already took care of it. The list has been updated.'),
    ).toBeTruthy();
  });
});

describe('payments to confirm', () => {
  const transfer = (overrides: Partial<StaffTransaction> = {}): StaffTransaction => ({
    ...transaction({
      paymentType: 'mobile_transfer',
      status: 'pending',
      currency: 'PEN',
      amountMinor: 7000,
      tipsMinor: 700,
      report: {
        file: '/files/r.pdf',
        bankCode: '0134',
        reference: 'REF-12345',
        transferDate: '2030-01-07',
        rejectionReason: null,
      },
    }),
    reservation: {
      id: '00000000-0000-4000-8000-00000000a001',
      date: '2030-01-07',
      startAt: '13:00',
      table: { room: hall, number: 4 },
    },
    receipt: { url: '/files/r.pdf', mediaType: 'application/pdf' },
    decidedBy: null,
    decidedAt: null,
    ...overrides,
  });

  it('shows the transfer and its PDF receipt in place, and wants a reason to reject', async () => {
    const item = transfer();
    const rejected = vi.fn();
    signedIn([mine('staff')]);
    mockApi({
      'GET /api/staff/restaurants/:id/transactions': () => json({ items: [item], nextCursor: null }),
      'POST /api/staff/transactions/:id/reject': async ({ request }) => {
        rejected(await request.json());
        return json({ ...item, status: 'rejected' });
      },
      'GET /files/r.pdf': () => new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } }),
    });
    renderApp(`/staff/${restaurant.id}/payments`);
    const card = await screen.findByRole('article', { name: /Pago Móvil · S\/\s77/ });
    const page = await within(card).findByRole('img', {
      name: `Receipt from ${item.payer.displayName}, page 1 of 1`,
    });
    expect(page.tagName).toBe('CANVAS');
    await waitFor(() => expect(drawnPages).toEqual([1]));
    expect(within(card).getByText('0134 · Banesco')).toBeTruthy();
    expect(within(card).getByText('REF-12345')).toBeTruthy();
    expect(within(card).getByText(/Table 4 · Dining room/)).toBeTruthy();
    expect(
      within(card)
        .getByRole('link', { name: /View the receipt \(PDF\)/ })
        .getAttribute('href'),
    ).toBe('/files/r.pdf');
    expect(within(card).getByRole('link', { name: 'Download the receipt' }).getAttribute('download')).toBe(
      '',
    );

    fireEvent.click(within(card).getByRole('button', { name: 'Reject' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Reject the payment' }));
    const reason = within(card).getByRole('textbox', {
      name: 'Reason for rejecting (the payer will see it)',
    });
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(within(card).getByText('Write the reason: the payer needs to know what to fix.')).toBeTruthy();
    expect(rejected).not.toHaveBeenCalled();

    fireEvent.change(reason, { target: { value: '  The transfer never arrived  ' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Reject the payment' }));
    await waitFor(() => expect(rejected).toHaveBeenCalledWith({ reason: 'The transfer never arrived' }));
  });

  it('says so when another hand decided first', async () => {
    const item = transfer({ receipt: { url: '/files/r.jpg', mediaType: 'image/jpeg' } });
    signedIn([mine('staff')]);
    mockApi({
      'GET /api/staff/restaurants/:id/transactions': () => json({ items: [item], nextCursor: null }),
      'POST /api/staff/transactions/:id/confirm': () =>
        json(
          { error: { code: 'CONFLICT', message: 'decided', details: { reason: 'TRANSACTION_DECIDED' } } },
          { status: 409 },
        ),
    });
    renderApp(`/staff/${restaurant.id}/payments`);
    const card = await screen.findByRole('article', { name: /Pago Móvil/ });
    expect(within(card).getByRole('img', { name: `Receipt from ${item.payer.displayName}` })).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Confirm payment' }));
    expect(
      await within(card).findByText(
        'This payment was already confirmed or rejected by someone else. The list has been updated.',
      ),
    ).toBeTruthy();
  });
});

describe('dish edits', () => {
  const dish: StaffProduct = {
    ...product({ restaurantId: restaurant.id, price: 3500 }),
    hidden: false,
    position: 1,
  };

  it('checks the values before sending and sends only what changed', async () => {
    const patched = vi.fn();
    signedIn([mine('staff')]);
    mockApi({
      'GET /api/staff/restaurants/:id/products': () => json({ items: [dish], nextCursor: null }),
      'PATCH /api/staff/restaurants/:id/products/:productId': async ({ request }) => {
        patched(await request.json());
        return json({ ...dish, price: 3990, hidden: true });
      },
    });
    renderApp(`/staff/${restaurant.id}/menu`);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Classic ceviche' }));
    const price = screen.getByRole('textbox', { name: 'Price' });
    expect((price as HTMLInputElement).value).toBe('35');
    fireEvent.change(price, { target: { value: '39.999' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Stock' }), { target: { value: '-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Enter a valid price, for example 12.50.')).toBeTruthy();
    expect(screen.getByText('Stock is a whole number from 0, or empty not to count it.')).toBeTruthy();
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(patched).not.toHaveBeenCalled();

    fireEvent.change(price, { target: { value: '39,90' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Stock' }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Hidden from the menu' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patched).toHaveBeenCalledWith({ price: 3990, hidden: true }));
  });

  it("maps the server's refusal of a value", async () => {
    signedIn([mine('staff')]);
    mockApi({
      'GET /api/staff/restaurants/:id/products': () => json({ items: [dish], nextCursor: null }),
      'PATCH /api/staff/restaurants/:id/products/:productId': () =>
        json(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'no',
              details: { reason: 'SCHEDULE_INCOMPLETE', field: 'scheduleEnd' },
            },
          },
          { status: 400 },
        ),
    });
    renderApp(`/staff/${restaurant.id}/menu`, { locale: 'es-ES' });
    fireEvent.click(await screen.findByRole('button', { name: 'Editar Ceviche clásico' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Precio' }), { target: { value: '36' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Indica la hora de inicio y la de fin, o deja las dos vacías.',
    );
  });

  it('uploads a dish picture as soon as it is picked, refuses a wrong file before sending, and maps the server’s refusal', async () => {
    const uploaded = vi.fn();
    const imageUrl = '/files/restaurants/r/products/p/0123456789abcdef.960w.webp';
    let answer: 'ok' | 'small' = 'ok';
    signedIn([mine('owner')]);
    mockApi({
      'GET /api/staff/restaurants/:id/products': () => json({ items: [dish], nextCursor: null }),
    });
    // multipart: jsdom's FormData cannot go through a Node Request, so the upload is answered
    // before the fetch mock, from the form's `picture` field (as profile.test.tsx does)
    const next = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
      if (!url.pathname.endsWith('/picture') || init.method !== 'POST') return next(input, init);
      const file = (init.body as FormData).get('picture') as File;
      uploaded(file.name, file.type);
      return answer === 'ok'
        ? json({ ...dish, imageUrl })
        : json(
            {
              error: {
                code: 'VALIDATION_FAILED',
                message: 'small',
                details: { reason: 'PICTURE_TOO_SMALL', field: 'picture', minWidth: 160 },
              },
            },
            { status: 400 },
          );
    });
    renderApp(`/staff/${restaurant.id}/menu`);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Classic ceviche' }));
    const input = screen.getByLabelText('Dish picture') as HTMLInputElement;
    expect(input.getAttribute('accept')).toBe('image/jpeg,image/png,image/webp');
    expect(input.getAttribute('aria-describedby')).toBeTruthy();

    fireEvent.change(input, {
      target: { files: [new File(['GIF89a'], 'plato.gif', { type: 'image/gif' })] },
    });
    expect(
      await screen.findByText("That file isn't a JPEG, PNG or WebP picture. Choose another one."),
    ).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(uploaded).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { files: [new File(['jpeg'], 'plato.jpg', { type: 'image/jpeg' })] } });
    await waitFor(() => expect(uploaded).toHaveBeenCalledWith('plato.jpg', 'image/jpeg'));
    expect(await screen.findByText("Picture saved: diners' menus show it now.")).toBeTruthy();

    answer = 'small';
    fireEvent.change(screen.getByLabelText('Dish picture'), {
      target: { files: [new File(['jpeg'], 'tiny.jpg', { type: 'image/jpeg' })] },
    });
    expect(
      await screen.findByText('That picture is too small: choose one at least 160 pixels wide.'),
    ).toBeTruthy();
  });
});

describe("the owners' pages", () => {
  const member = (overrides: Partial<StaffMember> = {}): StaffMember => ({
    userId: '00000000-0000-4000-8000-0000000000e1',
    email: 'eva@example.com',
    displayName: 'Eva Soto',
    photoURL: null,
    role: 'staff',
    createdAt: '2030-01-01T00:00:00.000Z',
    ...overrides,
  });

  it('adds someone by e-mail (checked first, refusals explained) and removes them after asking', async () => {
    const added = vi.fn();
    const removed = vi.fn();
    let members = [
      member({ userId: 'user-1', email: 'ana@example.com', displayName: 'Ana Pérez', role: 'owner' }),
      member(),
    ];
    signedIn([mine('owner')]);
    mockApi({
      'GET /api/staff/restaurants/:id/staff': () => json({ items: members, nextCursor: null }),
      'POST /api/staff/restaurants/:id/staff': async ({ request }) => {
        const body = (await request.json()) as { email: string };
        added(body);
        if (body.email === 'nobody@example.com') {
          return json(
            { error: { code: 'NOT_FOUND', message: 'no', details: { reason: 'USER_NOT_FOUND' } } },
            { status: 404 },
          );
        }
        return json(
          member({ userId: '00000000-0000-4000-8000-0000000000e2', email: body.email, displayName: 'Leo' }),
          {
            status: 201,
          },
        );
      },
      'DELETE /api/staff/restaurants/:id/staff/:userId': ({ params }) => {
        removed(params.userId);
        members = members.filter((entry) => entry.userId !== params.userId);
        return new Response(null, { status: 204 });
      },
    });
    renderApp(`/staff/${restaurant.id}/team`);
    expect(await screen.findByText('eva@example.com')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove Ana Pérez' })).toBeNull();

    const email = screen.getByRole('textbox', { name: 'Their e-mail address' });
    fireEvent.change(email, { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to the team' }));
    expect(screen.getByText('Enter a valid e-mail address, like name@example.com.')).toBeTruthy();
    expect(added).not.toHaveBeenCalled();

    fireEvent.change(email, { target: { value: 'nobody@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to the team' }));
    expect(
      await screen.findByText(
        'Nobody has an account with that e-mail. Ask them to sign up to Comensal first.',
      ),
    ).toBeTruthy();

    fireEvent.change(email, { target: { value: 'leo@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to the team' }));
    await waitFor(() => expect(added).toHaveBeenLastCalledWith({ email: 'leo@example.com' }));

    fireEvent.click(screen.getByRole('button', { name: 'Remove Eva Soto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Eva Soto' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Eva Soto' }));
    await waitFor(() => expect(removed).toHaveBeenCalledWith('00000000-0000-4000-8000-0000000000e1'));
    await waitFor(() => expect(screen.queryByText('eva@example.com')).toBeNull());
  });

  it('lists who did what and when, with what changed', async () => {
    signedIn([mine('owner')]);
    mockApi({
      'GET /api/staff/restaurants/:id/audit': () =>
        json({
          items: [
            {
              id: '00000000-0000-4000-8000-0000000000f1',
              restaurantId: restaurant.id,
              actor: { id: 'user-2', displayName: 'Beto Ruiz', email: 'beto@example.com' },
              action: 'product.updated',
              target: { type: 'product', id: 'p1' },
              before: { price: 3500, hidden: false },
              after: { price: 3990, hidden: true },
              createdAt: '2030-01-07T18:05:00.000Z',
            },
          ],
          nextCursor: null,
        }),
    });
    renderApp(`/staff/${restaurant.id}/audit`, { locale: 'es-ES' });
    const row = (await screen.findByText('Plato editado')).closest('tr')!;
    expect(within(row).getByText('Beto Ruiz')).toBeTruthy();
    expect(within(row).getByText('price: 3500 → 3990')).toBeTruthy();
    expect(within(row).getByText('hidden: false → true')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ver más' })).toBeNull();
  });
});
