import type { Order, OrderBatchInput, Product, Reservation } from '@comensal/contracts';
import type { PendingItem } from '@comensal/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '@/testing/fake-web-socket';
import { json, mockApi, seenRequests } from '@/testing/fetch-mock';
import {
  meAnswer,
  menu,
  menuItem,
  orderAnswer,
  orderTotalAnswer,
  product,
  reservationAnswer,
  restaurantDetail,
  sessionAnswer,
} from '@/testing/fixtures';
import { renderApp } from '@/app/testing/render-app';

// The ordering parts load after the page (app/routes/ordering.tsx); loaded here, while the file is
// imported, so that no test transforms them on the fly (as render-app does for the routes).
await Promise.all([
  import('./ordering-state'),
  import('@/features/orders/components/quick-add'),
  import('@/features/orders/components/cart-bar'),
  import('@/features/orders/components/order-for'),
]);

const nbsp = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ');
const count = (label: string) => seenRequests.filter((request) => request.startsWith(label)).length;

const restaurant = restaurantDetail({ name: 'La Picantería', country: 'PE', currency: 'PEN' });
const restaurantId = restaurant.id;

const ceviche = product({
  id: '00000000-0000-4000-8000-00000000c001',
  restaurantId,
  name: { es: 'Ceviche clásico', en: 'Classic ceviche' },
  price: 3500,
  pointsPrice: 120,
});
const lomo = product({
  id: '00000000-0000-4000-8000-00000000c002',
  restaurantId,
  name: { es: 'Lomo saltado', en: 'Lomo saltado' },
  price: 4200,
  preferences: [
    {
      key: 'side',
      name: { es: 'Acompañamiento', en: 'Side' },
      multiple: false,
      required: true,
      options: [
        { key: 'rice', name: { es: 'Arroz', en: 'Rice' }, priceMinor: 0 },
        { key: 'pobre', name: { es: 'A lo pobre', en: 'A lo pobre' }, priceMinor: 800 },
      ],
    },
    {
      key: 'extras',
      name: { es: 'Extras', en: 'Extras' },
      multiple: true,
      required: false,
      options: [{ key: 'egg', name: { es: 'Huevo', en: 'Egg' }, priceMinor: 300, maxQuantity: 2 }],
    },
  ],
});

const table4 = {
  roomId: '00000000-0000-4000-8000-0000000000b1',
  room: { es: 'Salón', en: 'Dining room' },
  tableId: '00000000-0000-4000-8000-0000000000b4',
  number: 4,
  seats: 4,
};
const reservation = reservationAnswer(restaurant, {
  id: '00000000-0000-4000-8000-00000000a001',
  table: table4,
});
const cartKey = (reservationId: string = reservation.id) => `cart:${reservationId}`;
const storedCart = (reservationId?: string): PendingItem[] =>
  JSON.parse(localStorage.getItem(cartKey(reservationId)) ?? '[]') as PendingItem[];
const putCart = (items: PendingItem[], reservationId?: string) =>
  localStorage.setItem(cartKey(reservationId), JSON.stringify(items));

const cevicheLine: PendingItem = {
  id: 11,
  productId: ceviche.id,
  quantity: 1,
  comments: '',
  selections: [],
  payWithPoints: false,
};
const lomoLine: PendingItem = {
  id: 22,
  productId: lomo.id,
  quantity: 1,
  comments: 'sin cebolla',
  selections: [{ preferenceKey: 'side', optionKey: 'pobre', quantity: 1 }],
  payWithPoints: false,
};

/** A signed-in diner with `reservations` current, at a restaurant whose menu is `items`. */
function mockRestaurant({
  reservations = [reservation],
  items = [ceviche, lomo],
  points = 0,
}: { reservations?: Reservation[]; items?: Product[]; points?: number } = {}) {
  mockApi({
    'GET /api/auth/get-session': () => json(sessionAnswer()),
    'GET /api/restaurants/:id': () => json(restaurant),
    'GET /api/restaurants/:id/menu': () =>
      json(menu({ restaurantId, country: 'PE', currency: 'PEN', items: items.map(menuItem) })),
    'GET /api/restaurants/:id/menu/:productId': ({ params }) =>
      json(items.find((item) => item.id === params.productId)),
    'GET /api/reservations': () => json({ items: reservations, nextCursor: null }),
    'GET /api/reservations/:id': ({ params }) => json(reservations.find((item) => item.id === params.id)),
    // no one asks to join from the table's QR link
    'GET /api/reservations/:id/join-requests': () => json({ items: [], nextCursor: null }),
    'GET /api/me/favorites/ids': () => json({ restaurantIds: [], productIds: [] }),
    'GET /api/me': () =>
      json(meAnswer({ points: [{ restaurantId, restaurantName: restaurant.name, balance: points }] })),
  });
}

/** The table's order of `reservationId` as the server answers it (`orders()` is read at each request). */
function mockOrders(orders: () => Order[], reservationId: string = reservation.id) {
  mockApi({
    'GET /api/reservations/:id/orders': () => json({ items: orders(), nextCursor: null }),
    'GET /api/reservations/:id/total': () => json(orderTotalAnswer(reservationId, orders())),
  });
}

async function openCart() {
  const bar = await screen.findByRole('region', { name: 'Your cart' });
  fireEvent.click(within(bar).getByRole('button', { name: 'See the cart' }));
  return screen.findByRole('dialog', { name: 'Your cart' });
}

/** The lines of a list (a cart, a diner's orders): the items with a heading (not their options). */
const linesOf = (container: HTMLElement) =>
  within(container)
    .getAllByRole('listitem')
    .filter((item) => within(item).queryByRole('heading') !== null);

const lineOf = (dialog: HTMLElement, name: string) =>
  within(dialog)
    .getAllByRole('listitem')
    .find((item) => within(item).queryByRole('heading', { name }) !== null)!;

describe('adding to the order', () => {
  it('adds a dish with its options from its page, priced by the domain, and the cart survives a remount', async () => {
    mockRestaurant();
    const { unmount } = renderApp(`/restaurants/${restaurantId}/articles/${lomo.id}`);
    expect(
      await screen.findByText('Ordering for your reservation: Mon, Jan 7, 13:00 · Table 4'),
    ).toBeTruthy();
    const add = () => screen.getByRole('button', { name: /^Add to order/ });
    // a required preference is still open: the add names it and adds nothing
    fireEvent.click(add());
    expect(screen.getByText('Choose: Side').className).toContain('text-red-800');
    expect(localStorage.getItem(cartKey())).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: /A lo pobre/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Egg/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Quantity of Egg: one more' }));
    fireEvent.click(screen.getByRole('button', { name: 'Quantity: one more' }));
    fireEvent.change(screen.getByLabelText('Comments for the kitchen (optional)'), {
      target: { value: '  sin cebolla ' },
    });
    // (4200 + 800 + 2 × 300) × 2
    expect(nbsp(add().textContent)).toBe('Add to order · S/ 112');
    fireEvent.click(add());

    expect(await screen.findByText('Lomo saltado added to the order')).toBeTruthy();
    const [line] = storedCart();
    expect(storedCart()).toHaveLength(1);
    expect(line).toEqual({
      id: expect.any(Number) as number,
      productId: lomo.id,
      quantity: 2,
      comments: 'sin cebolla',
      selections: [
        { preferenceKey: 'side', optionKey: 'pobre', quantity: 1 },
        { preferenceKey: 'extras', optionKey: 'egg', quantity: 2 },
      ],
      payWithPoints: false,
    });
    expect(Number.isInteger(line!.id) && line!.id >= 1 && line!.id < 99_999).toBe(true);
    const bar = await screen.findByRole('region', { name: 'Your cart' });
    await waitFor(() => expect(nbsp(bar.textContent)).toContain('2 dishes · S/ 112'));
    // the form is ready for the next one
    expect(nbsp(add().textContent)).toBe('Add to order · S/ 42');

    // a reload (here a new app) reads the cart back from the browser
    unmount();
    renderApp(`/restaurants/${restaurantId}/menu`);
    const again = await screen.findByRole('region', { name: 'Your cart' });
    await waitFor(() => expect(nbsp(again.textContent)).toContain('2 dishes · S/ 112'));
  });

  it('adds a dish in one tap on the menu, changes its quantity there, and sends dishes with required choices to their page', async () => {
    mockRestaurant();
    renderApp(`/restaurants/${restaurantId}/menu`);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Classic ceviche to the order' }));
    expect(await screen.findByText('Classic ceviche added to the order')).toBeTruthy();
    const inCart = await screen.findByRole('group', { name: 'Classic ceviche in your cart' });
    expect(within(inCart).getByText('1')).toBeTruthy();
    fireEvent.click(within(inCart).getByRole('button', { name: 'Classic ceviche: one more' }));
    await waitFor(() => expect(storedCart()[0]?.quantity).toBe(2));
    expect(nbsp(screen.getByRole('region', { name: 'Your cart' }).textContent)).toContain('2 dishes · S/ 70');
    // the cart is priced with the dish's details, read from its own route (the menu list carries
    // only what a card shows: ADR 0037); the dish not in the cart is not read
    const productPath = `GET /api/restaurants/${restaurantId}/menu/`;
    expect(count(`${productPath}${ceviche.id}`)).toBeGreaterThan(0);
    expect(count(`${productPath}${lomo.id}`)).toBe(0);
    fireEvent.click(within(inCart).getByRole('button', { name: 'Classic ceviche: one less' }));
    await waitFor(() => expect(storedCart()[0]?.quantity).toBe(1));
    // at one, the minus removes the dish (never a quantity below 1)
    fireEvent.click(within(inCart).getByRole('button', { name: 'Remove Classic ceviche from the cart' }));
    await waitFor(() => expect(localStorage.getItem(cartKey())).toBeNull());
    expect(screen.queryByRole('region', { name: 'Your cart' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add Classic ceviche to the order' })).toBeTruthy();

    const choose = screen.getByRole('link', { name: 'Choose options for Lomo saltado' });
    expect(choose.getAttribute('href')).toBe(`/restaurants/${restaurantId}/articles/${lomo.id}`);
  });

  it('offers nothing to order to a visitor without a reservation there', async () => {
    mockRestaurant({ reservations: [reservationAnswer(restaurantDetail(), { table: table4 })] });
    renderApp(`/restaurants/${restaurantId}/menu`);
    expect(await screen.findByRole('link', { name: 'Classic ceviche' })).toBeTruthy();
    await waitFor(() => expect(count('GET /api/reservations')).toBe(1));
    expect(screen.queryByRole('button', { name: /to the order$/ })).toBeNull();
    expect(screen.queryByText(/Ordering for/)).toBeNull();
  });

  it('lets a diner with several reservations there choose one, kept for the visit, each with its own cart', async () => {
    const later = reservationAnswer(restaurant, {
      id: '00000000-0000-4000-8000-00000000a002',
      date: '2030-01-09',
      startAt: '20:30',
      kind: 'pickup',
      pickup: true,
    });
    const elsewhere = reservationAnswer(restaurantDetail(), { id: '00000000-0000-4000-8000-00000000a003' });
    mockRestaurant({ reservations: [reservation, later, elsewhere] });
    const { unmount } = renderApp(`/restaurants/${restaurantId}/menu`);
    const choice = (await screen.findByLabelText('Order for')) as HTMLSelectElement;
    expect([...choice.options].map((option) => option.text)).toEqual([
      'Mon, Jan 7, 13:00 · Table 4',
      'Wed, Jan 9, 20:30 · Pickup',
    ]);
    expect(choice.value).toBe(reservation.id);
    fireEvent.change(choice, { target: { value: later.id } });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Classic ceviche to the order' }));
    await waitFor(() => expect(storedCart(later.id)).toHaveLength(1));
    expect(localStorage.getItem(cartKey())).toBeNull();
    expect(screen.getByRole('link', { name: 'See the table’s order' }).getAttribute('href')).toBe(
      `/restaurants/${restaurantId}/reservations/${later.id}/order`,
    );

    unmount();
    renderApp(`/restaurants/${restaurantId}/menu`);
    await waitFor(() =>
      expect((screen.getByLabelText('Order for') as HTMLSelectElement).value).toBe(later.id),
    );
    expect(await screen.findByRole('group', { name: 'Classic ceviche in your cart' })).toBeTruthy();
  });

  it('pays a dish with points when the balance there covers it (in Spanish)', async () => {
    mockRestaurant({ points: 500 });
    renderApp(`/restaurants/${restaurantId}/articles/${ceviche.id}`, { locale: 'es-ES' });
    const points = await screen.findByRole('checkbox', { name: 'Pagar con puntos (120 puntos)' });
    expect(await screen.findByText('Tienes 500 puntos en este restaurante.')).toBeTruthy();
    fireEvent.click(points);
    fireEvent.click(screen.getByRole('button', { name: 'Añadir al pedido · 120 puntos' }));
    expect(await screen.findByText('Ceviche clásico añadido al pedido')).toBeTruthy();
    expect(storedCart()).toMatchObject([{ productId: ceviche.id, quantity: 1, payWithPoints: true }]);
    const bar = await screen.findByRole('region', { name: 'Tu carrito' });
    await waitFor(() => expect(nbsp(bar.textContent)).toContain('1 plato · S/ 0'));
  });

  it('does not offer points the diner does not have', async () => {
    mockRestaurant({ points: 100 });
    renderApp(`/restaurants/${restaurantId}/articles/${ceviche.id}`);
    const points = (await screen.findByRole('checkbox', {
      name: 'Pay with points (120 points)',
    })) as HTMLInputElement;
    expect(
      await screen.findByText('You have 100 points at this restaurant: not enough for this.'),
    ).toBeTruthy();
    expect(points.disabled).toBe(true);
  });
});

describe('the cart', () => {
  it('follows what another tab of the browser puts in it', async () => {
    mockRestaurant();
    renderApp(`/restaurants/${restaurantId}/menu`);
    expect(await screen.findByRole('button', { name: 'Add Classic ceviche to the order' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Your cart' })).toBeNull();
    const value = JSON.stringify([cevicheLine]);
    localStorage.setItem(cartKey(), value);
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: cartKey(), newValue: value, storageArea: localStorage }),
      );
    });
    const bar = await screen.findByRole('region', { name: 'Your cart' });
    await waitFor(() => expect(nbsp(bar.textContent)).toContain('1 dish · S/ 35'));
  });

  it('drops what cannot be a cart line when it reads the cart back', async () => {
    mockRestaurant();
    localStorage.setItem(
      cartKey(),
      JSON.stringify([cevicheLine, { ...lomoLine, quantity: 0 }, { id: 11, productId: lomo.id }, 'x']),
    );
    renderApp(`/restaurants/${restaurantId}/menu`);
    const dialog = await openCart();
    expect(linesOf(dialog)).toHaveLength(1);
    expect(within(dialog).getByRole('heading', { name: 'Classic ceviche' })).toBeTruthy();
  });

  it('changes and removes lines, then sends the cart as one batch and shows it on the table’s order', async () => {
    mockRestaurant();
    putCart([cevicheLine, lomoLine]);
    const sent: Order[] = [];
    const batches: OrderBatchInput[] = [];
    mockOrders(() => sent);
    mockApi({
      'POST /api/reservations/:id/orders/batch': async ({ request }) => {
        const batch = (await request.json()) as OrderBatchInput;
        batches.push(batch);
        for (const item of batch.items) {
          sent.push(
            orderAnswer({
              reservationId: reservation.id,
              productId: item.productId,
              product: { name: ceviche.name, imageUrl: null },
              quantity: item.quantity,
              comments: item.comments ?? null,
              unitPriceMinor: 3500,
            }),
          );
        }
        return json({ items: sent }, { status: 201 });
      },
    });
    const { router } = renderApp(`/restaurants/${restaurantId}/menu`);
    const dialog = await openCart();
    expect(
      within(dialog).getByText(
        'For Mon, Jan 7, 13:00 · Table 4. Nothing reaches the table until you send it.',
      ),
    ).toBeTruthy();
    const lomoItem = lineOf(dialog, 'Lomo saltado');
    expect(within(lomoItem).getByRole('list', { name: 'Options' }).textContent).toBe('A lo pobre');
    expect(nbsp(lomoItem.textContent)).toContain('S/ 50');

    // Lomo goes; ceviche becomes three, with a comment
    fireEvent.click(within(lomoItem).getByRole('button', { name: 'Remove Lomo saltado from the cart' }));
    await waitFor(() => expect(storedCart().map((item) => item.id)).toEqual([11]));
    const cevicheItem = lineOf(dialog, 'Classic ceviche');
    const more = within(cevicheItem).getByRole('button', { name: 'Quantity of Classic ceviche: one more' });
    fireEvent.click(more);
    fireEvent.click(more);
    const comments = within(cevicheItem).getByLabelText('Comments for the kitchen · Classic ceviche');
    fireEvent.change(comments, { target: { value: 'poco picante ' } });
    fireEvent.blur(comments);
    await waitFor(() => expect(storedCart()[0]).toMatchObject({ quantity: 3, comments: 'poco picante' }));
    expect(nbsp(within(dialog).getByRole('button', { name: /^Send to the table/ }).textContent)).toBe(
      'Send to the table · S/ 105',
    );

    fireEvent.click(within(dialog).getByRole('button', { name: /^Send to the table/ }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/restaurants/${restaurantId}/reservations/${reservation.id}/order`,
      ),
    );
    expect(batches).toEqual([{ items: [{ productId: ceviche.id, quantity: 3, comments: 'poco picante' }] }]);
    expect(localStorage.getItem(cartKey())).toBeNull();
    expect(await screen.findByText('3 dishes sent to the table')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: '3 × Classic ceviche' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Your cart' })).toBeNull();
  });

  const refusals: Array<{
    code: string;
    status: number;
    details?: Record<string, unknown>;
    line: string | null;
    says: string;
  }> = [
    {
      code: 'OUT_OF_STOCK',
      status: 409,
      details: { index: 1, available: 1 },
      line: 'Lomo saltado',
      says: 'Only 1 left: lower the quantity or remove it.',
    },
    {
      code: 'PRODUCT_UNAVAILABLE',
      status: 409,
      details: { index: 0 },
      line: 'Classic ceviche',
      says: 'This dish isn’t available right now. Remove it to send the rest.',
    },
    {
      code: 'NOT_ENOUGH_POINTS',
      status: 409,
      details: { index: 0 },
      line: 'Classic ceviche',
      says: 'You don’t have enough points for this dish. Pay it with money or remove it.',
    },
    {
      code: 'POINTS_NOT_ACCEPTED',
      status: 409,
      details: { index: 0 },
      line: 'Classic ceviche',
      says: 'This dish can’t be paid with points. Pay it with money or remove it.',
    },
    {
      code: 'VALIDATION_FAILED',
      status: 400,
      details: { index: 1, reason: 'INVALID_PREFERENCE' },
      line: 'Lomo saltado',
      says: 'This dish’s choices are no longer valid. Remove it and add it again.',
    },
    {
      code: 'RESERVATION_CLOSED',
      status: 409,
      line: null,
      says: 'This reservation is closed (cancelled or over): its order can no longer change.',
    },
  ];

  it.each(refusals)(
    'keeps the cart and says what went wrong on $code',
    async ({ code, status, details, line, says }) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      mockRestaurant({ points: 500 });
      const cart = [{ ...cevicheLine, payWithPoints: code.includes('POINTS') }, lomoLine];
      putCart(cart);
      mockApi({
        'POST /api/reservations/:id/orders/batch': () =>
          json({ error: { code, message: code, details } }, { status }),
      });
      renderApp(`/restaurants/${restaurantId}/menu`);
      const dialog = await openCart();
      const send = within(dialog).getByRole('button', { name: /^Send to the table/ });
      await waitFor(() => expect(send.getAttribute('aria-disabled')).toBe('false'));
      fireEvent.click(send);

      const alert = await within(dialog).findByRole('alert');
      expect(alert.textContent).toBe(says);
      expect(document.activeElement).toBe(alert);
      if (line) {
        expect(lineOf(dialog, line).contains(alert)).toBe(true);
        expect(lineOf(dialog, line).getAttribute('aria-describedby')).toBe(alert.id);
      } else {
        expect(linesOf(dialog).some((item) => item.contains(alert))).toBe(false);
      }
      expect(storedCart()).toEqual(cart);
      expect(warn).toHaveBeenCalledWith('Error al enviar el pedido', expect.anything());

      if (code.includes('POINTS')) {
        // the way out the message names: pay that dish with money
        fireEvent.click(
          within(lineOf(dialog, 'Classic ceviche')).getByRole('button', { name: 'Pay with money instead' }),
        );
        await waitFor(() => expect(storedCart()[0]?.payWithPoints).toBe(false));
        expect(within(dialog).queryByRole('alert')).toBeNull();
      }
    },
  );

  it('sends one Idempotency-Key per tap on "send", the same on the retries of a lost answer', async () => {
    mockRestaurant();
    putCart([lomoLine]);
    const keys: (string | null)[] = [];
    mockApi({
      'POST /api/reservations/:id/orders/batch': ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        // the answer is lost once (the connection dropped), then arrives
        if (keys.length === 1) throw new TypeError('Failed to fetch');
        return json({ items: [] }, { status: 201 });
      },
    });
    renderApp(`/restaurants/${restaurantId}/menu`);
    const dialog = await openCart();
    const send = within(dialog).getByRole('button', { name: /^Send to the table/ });
    await waitFor(() => expect(send.getAttribute('aria-disabled')).toBe('false'));
    fireEvent.click(send);
    expect(await screen.findByText('1 dish sent to the table')).toBeTruthy();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('keeps adding with no connection, queues the send and sends it once when the connection is back', async () => {
    mockRestaurant();
    mockOrders(() => []);
    const sent: { key: string | null; body: OrderBatchInput }[] = [];
    mockApi({
      'POST /api/reservations/:id/orders/batch': async ({ request }) => {
        sent.push({
          key: request.headers.get('idempotency-key'),
          body: (await request.json()) as OrderBatchInput,
        });
        return json({ items: [] }, { status: 201 });
      },
    });
    renderApp(`/restaurants/${restaurantId}/menu`);
    const add = await screen.findByRole('button', { name: 'Add Classic ceviche to the order' });
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    fireEvent.click(add);
    await waitFor(() => expect(storedCart()).toHaveLength(1));
    const dialog = await openCart();
    within(dialog).getByText(/^You’re offline\. Your dishes will wait on this phone/);
    fireEvent.click(within(dialog).getByRole('button', { name: /^Send when back online/ }));

    // the cart's lines wait in the outbox, under the tap's key; nothing went out
    expect(
      await screen.findByText('1 dish waits for the connection. They’ll go to the table by themselves.'),
    ).toBeTruthy();
    expect(storedCart()).toEqual([]);
    const outbox = JSON.parse(localStorage.getItem('outbox') ?? '[]') as {
      key: string;
      reservationId: string;
    }[];
    expect(outbox).toHaveLength(1);
    expect(outbox[0]?.reservationId).toBe(reservation.id);
    expect(outbox[0]?.key).toMatch(/^[0-9a-f]{32}$/);
    expect(count('POST /api/reservations')).toBe(0);
    const bar = screen.getByRole('region', { name: 'Your cart' });
    expect(within(bar).getByTestId('queued-orders').textContent).toBe(
      'Waiting for the connection: 1 dish will go to the table once you’re back online.',
    );

    online.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('1 dish sent to the table')).toBeTruthy();
    expect(sent).toEqual([
      { key: outbox[0]?.key, body: { items: [{ productId: ceviche.id, quantity: 1 }] } },
    ]);
    expect(localStorage.getItem('outbox')).toBeNull();
    // the connection flaps: nothing is sent twice
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(sent).toHaveLength(1);
  });

  it('queues a send whose answer never came with the same key, and the retry is that key', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockRestaurant();
    mockOrders(() => []);
    putCart([lomoLine]);
    const keys: (string | null)[] = [];
    let reachable = false;
    mockApi({
      'POST /api/reservations/:id/orders/batch': ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        if (!reachable) throw new TypeError('Failed to fetch');
        return json({ items: [] }, { status: 201 });
      },
    });
    renderApp(`/restaurants/${restaurantId}/menu`);
    const dialog = await openCart();
    const send = within(dialog).getByRole('button', { name: /^Send to the table/ });
    await waitFor(() => expect(send.getAttribute('aria-disabled')).toBe('false'));
    fireEvent.click(send);
    // (toasts of the test before may still be on screen: the outbox itself is what tells)
    await waitFor(() => expect(localStorage.getItem('outbox')).not.toBeNull());
    expect(
      within(screen.getByRole('region', { name: 'Your cart' })).getByTestId('queued-orders').textContent,
    ).toBe('1 dish waiting to reach the table: we keep trying until the connection answers.');
    expect(warn).toHaveBeenCalledWith('Error al enviar el pedido', expect.anything());
    // the mutation tried three times with one key; the queued batch keeps it
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(storedCart()).toEqual([]);

    reachable = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(keys).toHaveLength(4));
    expect(await screen.findByText('1 dish sent to the table')).toBeTruthy();
    expect(keys[3]).toBe(keys[0]);
    expect(localStorage.getItem('outbox')).toBeNull();
  });
});

describe('the table’s order', () => {
  const beto = { id: 'user-2', displayName: 'Beto Ruiz', photoURL: '/files/users/beto.webp' };

  it('groups every member’s orders by diner with subtotals and the table’s total, live for every member', async () => {
    mockRestaurant();
    const orders: Order[] = [
      orderAnswer({
        reservationId: reservation.id,
        user: beto,
        userId: beto.id,
        productId: lomo.id,
        product: { name: lomo.name, imageUrl: null },
        unitPriceMinor: 5300,
        quantity: 1,
        comments: 'sin cebolla',
        selections: [
          {
            preferenceKey: 'side',
            optionKey: 'pobre',
            quantity: 1,
            preferenceName: { es: 'Acompañamiento', en: 'Side' },
            optionName: { es: 'A lo pobre', en: 'A lo pobre' },
            priceMinor: 800,
          },
          {
            preferenceKey: 'extras',
            optionKey: 'egg',
            quantity: 1,
            preferenceName: { es: 'Extras', en: 'Extras' },
            optionName: { es: 'Huevo', en: 'Egg' },
            priceMinor: 300,
          },
        ],
      }),
      orderAnswer({ reservationId: reservation.id, productId: ceviche.id, quantity: 2 }),
      orderAnswer({
        reservationId: reservation.id,
        productId: ceviche.id,
        priceMinor: 0,
        pointsSpent: 120,
        payment: { status: 'paid', paidMinor: 0, pendingMinor: 0, heldMinor: 0, dueMinor: 0 },
        isEditable: false,
      }),
    ];
    mockOrders(() => orders);
    renderApp(`/restaurants/${restaurantId}/reservations/${reservation.id}/order`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Table order' })).toBeTruthy();
    const groups = await screen.findAllByTestId('diner-orders');
    expect(within(groups[0]!).getByRole('heading', { level: 3 }).textContent).toContain('Ana Pérez (you)');
    expect(within(groups[1]!).getByRole('heading', { level: 3, name: 'Beto Ruiz' })).toBeTruthy();
    expect(groups[1]!.querySelector('img')?.getAttribute('src')).toBe('/files/users/beto.webp');
    const [mine, his] = groups as [HTMLElement, HTMLElement];
    await waitFor(() => expect(nbsp(mine.textContent)).toContain('Subtotal S/ 70'));
    expect(nbsp(his.textContent)).toContain('Subtotal S/ 53');
    const [lomoLine] = linesOf(his);
    expect(within(lomoLine!).getByRole('heading', { name: '1 × Lomo saltado' })).toBeTruthy();
    expect(
      within(within(lomoLine!).getByRole('list', { name: 'Options' }))
        .getAllByRole('listitem')
        .map((option) => option.textContent),
    ).toEqual(['A lo pobre', 'Egg']);
    expect(within(lomoLine!).getByText(/sin cebolla/)).toBeTruthy();
    expect(within(lomoLine!).getByText('To pay')).toBeTruthy();
    const paid = linesOf(mine).at(-1)!;
    expect(within(paid).getByText('120 points')).toBeTruthy();
    expect(within(paid).getByText('Paid')).toBeTruthy();
    expect(nbsp(screen.getByTestId('order-total').textContent)).toBe('S/ 123');
    expect(screen.getByTestId('order-total').getAttribute('data-amount-minor')).toBe('12300');
    expect(nbsp(screen.getByTestId('order-total-due').textContent)).toBe('S/ 123');

    // Beto adds a dish: the order event refetches the lines and the total, no reload
    const socket = FakeWebSocket.latest()!;
    act(() => socket.serverOpen());
    expect(socket.sent).toContainEqual({ op: 'subscribe', topic: `reservation:${reservation.id}` });
    act(() => socket.serverConfirmSubscriptions());
    const before = count(`GET /api/reservations/${reservation.id}/total`);
    const added = orderAnswer({
      reservationId: reservation.id,
      user: beto,
      userId: beto.id,
      productId: ceviche.id,
      quantity: 1,
    });
    orders.push(added);
    act(() =>
      socket.serverSend({
        topic: `reservation:${reservation.id}`,
        event: 'order.created',
        data: { reservationId: reservation.id, orderIds: [added.id] },
      }),
    );
    await waitFor(() => expect(nbsp(screen.getByTestId('order-total').textContent)).toBe('S/ 158'));
    expect(count(`GET /api/reservations/${reservation.id}/total`)).toBeGreaterThan(before);
    const betoNow = screen.getAllByTestId('diner-orders')[1]!;
    expect(within(betoNow).getByRole('heading', { name: '1 × Classic ceviche' })).toBeTruthy();
    expect(nbsp(betoNow.textContent)).toContain('Subtotal S/ 88');
  });

  it('lets the author change and remove their unpaid orders, and no one else’s', async () => {
    mockRestaurant();
    const mine = orderAnswer({
      reservationId: reservation.id,
      productId: lomo.id,
      product: { name: lomo.name, imageUrl: null },
      unitPriceMinor: 5000,
      selections: [
        {
          preferenceKey: 'side',
          optionKey: 'pobre',
          quantity: 1,
          preferenceName: { es: 'Acompañamiento', en: 'Side' },
          optionName: { es: 'A lo pobre', en: 'A lo pobre' },
          priceMinor: 800,
        },
      ],
    });
    const paidOne = orderAnswer({
      reservationId: reservation.id,
      productId: ceviche.id,
      payment: { status: 'pending', paidMinor: 0, pendingMinor: 3500, heldMinor: 0, dueMinor: 0 },
      isEditable: false,
    });
    const his = orderAnswer({
      reservationId: reservation.id,
      user: beto,
      userId: beto.id,
      productId: ceviche.id,
    });
    let orders = [mine, paidOne, his];
    const patches: unknown[] = [];
    let refuse = true;
    mockOrders(() => orders);
    mockApi({
      'PATCH /api/reservations/:id/orders/:orderId': async ({ request, params }) => {
        patches.push({ orderId: params.orderId, ...((await request.json()) as object) });
        if (refuse) {
          refuse = false;
          return json({ error: { code: 'ORDER_PAID', message: 'paid' } }, { status: 409 });
        }
        orders = orders.map((order) =>
          order.id === mine.id ? { ...order, quantity: 2, priceMinor: 11_200 } : order,
        );
        return json(orders[0]);
      },
      'DELETE /api/reservations/:id/orders/:orderId': ({ params }) => {
        orders = orders.filter((order) => order.id !== params.orderId);
        return new Response(null, { status: 204 });
      },
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderApp(`/restaurants/${restaurantId}/reservations/${reservation.id}/order`);
    const [myGroup, hisGroup] = (await screen.findAllByTestId('diner-orders')) as [HTMLElement, HTMLElement];
    expect(within(hisGroup).queryByRole('button')).toBeNull();
    const pendingLine = linesOf(myGroup).at(-1)!;
    expect(within(pendingLine).getByText('Awaiting confirmation')).toBeTruthy();
    expect(within(pendingLine).queryByRole('button')).toBeNull();

    const change = within(myGroup).getByRole('button', { name: 'Change Lomo saltado' }) as HTMLButtonElement;
    // it waits for the dish's details (its preferences: read from its product route, ADR 0037)
    await waitFor(() => expect(change.disabled).toBe(false));
    fireEvent.click(change);
    const dialog = await screen.findByRole('dialog', { name: 'Change Lomo saltado' });
    // the dialog opens on what was ordered
    expect((within(dialog).getByRole('radio', { name: /A lo pobre/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Egg/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Quantity: one more' }));
    expect(nbsp(within(dialog).getByText(/^New price:/).textContent)).toBe('New price: S/ 106');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This dish is paid (or being paid), so it can no longer change.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Lomo saltado changed')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patches.at(-1)).toEqual({
      orderId: mine.id,
      quantity: 2,
      comments: null,
      selections: [
        { preferenceKey: 'side', optionKey: 'pobre', quantity: 1 },
        { preferenceKey: 'extras', optionKey: 'egg', quantity: 1 },
      ],
    });
    expect(warn).toHaveBeenCalledWith('Error al guardar el pedido', expect.anything());

    // the question (a chunk loaded when asked): "back" closes it and focus returns to its button
    const removeButton = await screen.findByRole('button', { name: 'Remove Lomo saltado' });
    expect(removeButton.getAttribute('aria-haspopup')).toBe('dialog');
    fireEvent.click(removeButton);
    const asked = await screen.findByRole('dialog', { name: 'Remove Lomo saltado?' });
    expect(removeButton.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(within(asked).getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(removeButton));
    fireEvent.click(removeButton);
    const confirm = await screen.findByRole('dialog', { name: 'Remove Lomo saltado?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove it' }));
    expect(await screen.findByText('Lomo saltado removed from the table’s order')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('heading', { name: /Lomo saltado/ })).toBeNull());
    expect(count(`DELETE /api/reservations/${reservation.id}/orders/${mine.id}`)).toBe(1);
  });

  it('shows a delivery’s price as a line of its own, in Spanish', async () => {
    const delivery = reservationAnswer(restaurant, {
      id: '00000000-0000-4000-8000-00000000a004',
      kind: 'delivery',
      delivery: {
        address: { line: 'Av. Pardo 610', location: { lat: -12.12, lng: -77.03 } },
        priceMinor: 900,
      },
    });
    mockRestaurant({ reservations: [delivery] });
    mockOrders(
      () => [
        orderAnswer({
          reservationId: delivery.id,
          kind: 'delivery',
          productId: null,
          product: null,
          unitPriceMinor: 900,
          isEditable: false,
        }),
        orderAnswer({ reservationId: delivery.id, productId: ceviche.id }),
      ],
      delivery.id,
    );
    renderApp(`/restaurants/${restaurantId}/reservations/${delivery.id}/order`, { locale: 'es-ES' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pedido de la mesa' })).toBeTruthy();
    expect(await screen.findByText('La Picantería · lun, 7 ene, 13:00 · A domicilio')).toBeTruthy();
    const [group] = await screen.findAllByTestId('diner-orders');
    expect(within(group!).getByRole('heading', { name: 'Envío a domicilio' })).toBeTruthy();
    expect(within(group!).getAllByRole('button', { name: /^Cambiar/ })).toHaveLength(1);
    await waitFor(() => expect(nbsp(screen.getByTestId('order-total-delivery').textContent)).toBe('S/ 9'));
    expect(nbsp(screen.getByTestId('order-total-orders').textContent)).toBe('S/ 35');
    expect(nbsp(screen.getByTestId('order-total').textContent)).toBe('S/ 44');
  });

  it('is reached from the reservation’s summary', async () => {
    mockRestaurant();
    renderApp(`/restaurants/${restaurantId}/reservations/${reservation.id}/summary`);
    const link = await screen.findByRole('link', { name: 'Table order' });
    expect(link.getAttribute('href')).toBe(
      `/restaurants/${restaurantId}/reservations/${reservation.id}/order`,
    );
  });

  it('logs the product’s log message when its address lacks the reservation id', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockRestaurant();
    renderApp(`/restaurants/${restaurantId}/reservations/order`);
    expect(await screen.findByRole('heading', { name: 'Reservation not found' })).toBeTruthy();
    // logged by an effect, which may run just after the heading shows
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Restaurant ID or Reservation ID is missing.'));
  });
});
