import {
  menuItemOf,
  type Me,
  type Menu,
  type MenuItem,
  type Order,
  type OrderTotal,
  type Product,
  type Reservation,
  type RestaurantDetail,
  type RestaurantList,
  type RestaurantSummary,
} from '@comensal/contracts';

/** Typed API answers for tests (shapes from @comensal/contracts). */

let counter = 0;
const nextUuid = () => {
  counter += 1;
  return `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
};

export function restaurantSummary(overrides: Partial<RestaurantSummary> = {}): RestaurantSummary {
  const id = overrides.id ?? nextUuid();
  return {
    id,
    slug: `restaurant-${id.slice(-4)}`,
    name: 'La Picantería',
    category: 'peruvian',
    description: { es: 'Cocina peruana de mercado.', en: 'Peruvian market cooking.' },
    address: 'Av. Larco 123',
    city: 'Lima',
    country: 'PE',
    currency: 'PEN',
    timeZone: 'America/Lima',
    location: { lat: -12.12, lng: -77.03 },
    coverUrl: '/files/covers/picanteria.jpg',
    hasVegan: true,
    hasVegetarian: true,
    favoritesCount: 3,
    ...overrides,
  };
}

export function restaurantDetail(overrides: Partial<RestaurantDetail> = {}): RestaurantDetail {
  return {
    ...restaurantSummary(overrides),
    phone: '+51 1 555 0101',
    imageUrls: [],
    // index 0 = Sunday
    openingHours: [
      [],
      [{ open: '12:00', close: '16:00' }],
      [{ open: '12:00', close: '16:00' }],
      [{ open: '12:00', close: '16:00' }],
      [
        { open: '12:00', close: '16:00' },
        { open: '20:00', close: '23:30' },
      ],
      [{ open: '12:00', close: '23:30' }],
      [{ open: '13:00', close: '23:30' }],
    ],
    rooms: [],
    pickup: true,
    delivery: { mode: 'none' },
    payments: { webpay: false, cash: true, mobileTransfer: false },
    paymentMethods: ['cash'],
    reviewUrl: null,
    suggestedTipPercent: 10,
    ...overrides,
  };
}

export function restaurantPage(items: RestaurantSummary[], nextCursor: string | null = null): RestaurantList {
  return { items, nextCursor };
}

export function product(overrides: Partial<Product> = {}): Product {
  return {
    id: nextUuid(),
    restaurantId: nextUuid(),
    section: 'mains',
    name: { es: 'Ceviche clásico', en: 'Classic ceviche' },
    description: { es: 'Pescado del día con leche de tigre.', en: 'Catch of the day in tiger’s milk.' },
    price: 3500,
    currency: 'PEN',
    calories: null,
    vegan: false,
    vegetarian: false,
    tags: [],
    preferences: [],
    discount: null,
    discountType: null,
    scheduleStart: null,
    scheduleEnd: null,
    scheduleDays: null,
    stock: null,
    preventSaleWithoutStock: false,
    pointsPrice: null,
    imageUrl: null,
    favoritesCount: 0,
    ...overrides,
  };
}

/** A product as the menu list carries it (ADR 0037). */
export const menuItem = (product: Product): MenuItem => menuItemOf(product);

export function menu(overrides: Partial<Menu> = {}): Menu {
  return {
    restaurantId: nextUuid(),
    currency: 'PEN',
    country: 'PE',
    sections: [
      { key: 'starters', name: { es: 'Entradas', en: 'Starters' } },
      { key: 'mains', name: { es: 'Fondos', en: 'Mains' } },
    ],
    items: [],
    ...overrides,
  };
}

/** A better-auth `get-session` answer. */
export function sessionAnswer(user: { name?: string; email?: string; isAnonymous?: boolean } = {}) {
  const now = new Date('2025-01-01T00:00:00.000Z').toISOString();
  return {
    session: {
      id: 'session-1',
      userId: 'user-1',
      token: 'token',
      expiresAt: new Date('2099-01-01T00:00:00.000Z').toISOString(),
      createdAt: now,
      updatedAt: now,
    },
    user: {
      id: 'user-1',
      name: user.name ?? 'Ana Pérez',
      email: user.email ?? 'ana@example.com',
      emailVerified: true,
      image: null,
      createdAt: now,
      updatedAt: now,
      isAnonymous: user.isAnonymous ?? false,
    },
  };
}

/** A `GET /api/me` answer (the session user of {@link sessionAnswer} unless overridden). */
export function meAnswer(overrides: Partial<Me> = {}): Me {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    email: 'ana@example.com',
    displayName: 'Ana Pérez',
    phoneNumber: null,
    photoURL: null,
    locale: 'en-US',
    isGuest: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    points: [],
    ...overrides,
  };
}

/** A `GET /api/reservations/:id` answer at `restaurant`: a current table reservation of the session user and a friend. */
export function reservationAnswer(
  restaurant: Pick<
    RestaurantSummary,
    'id' | 'slug' | 'name' | 'address' | 'city' | 'country' | 'currency' | 'timeZone'
  >,
  overrides: Partial<Reservation> = {},
): Reservation {
  return {
    id: nextUuid(),
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
    table: null,
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

/** One line of a table's order (`GET /api/reservations/:id/orders`), due, of the session user unless overridden. */
export function orderAnswer(overrides: Partial<Order> = {}): Order {
  const quantity = overrides.quantity ?? 1;
  const unitPriceMinor = overrides.unitPriceMinor ?? 3500;
  const priceMinor = overrides.priceMinor ?? unitPriceMinor * quantity;
  const user = overrides.user ?? { id: 'user-1', displayName: 'Ana Pérez', photoURL: null };
  return {
    id: nextUuid(),
    reservationId: nextUuid(),
    kind: 'item',
    productId: nextUuid(),
    product: { name: { es: 'Ceviche clásico', en: 'Classic ceviche' }, imageUrl: null },
    quantity,
    comments: null,
    selections: [],
    currency: 'PEN',
    unitPriceMinor,
    discountMinor: 0,
    priceMinor,
    pointsSpent: 0,
    userId: user.id,
    user,
    payer: null,
    payment: { status: 'due', paidMinor: 0, pendingMinor: 0, heldMinor: 0, dueMinor: priceMinor },
    isEditable: true,
    createdAt: '2030-01-07T18:05:00.000Z',
    updatedAt: '2030-01-07T18:05:00.000Z',
    ...overrides,
  };
}

/** `GET /api/reservations/:id/total` for these orders, summed the way the server sums them. */
export function orderTotalAnswer(reservationId: string, orders: readonly Order[]): OrderTotal {
  const amounts = (lines: readonly Order[]) => {
    const sum = (pick: (order: Order) => number) => lines.reduce((total, order) => total + pick(order), 0);
    return {
      totalMinor: sum((order) => order.priceMinor),
      paidMinor: sum((order) => order.payment.paidMinor),
      pendingMinor: sum((order) => order.payment.pendingMinor),
      dueMinor: sum((order) => order.payment.dueMinor),
      heldMinor: sum((order) => order.payment.heldMinor),
    };
  };
  const diners = [...new Map(orders.map((order) => [order.userId, order.user])).values()];
  const sumOf = (kind: Order['kind']) =>
    orders.filter((order) => order.kind === kind).reduce((total, order) => total + order.priceMinor, 0);
  return {
    reservationId,
    currency: orders[0]?.currency ?? 'PEN',
    ...amounts(orders),
    ordersMinor: sumOf('item'),
    deliveryMinor: sumOf('delivery'),
    paymentOptions: { methods: ['cash'], mobileTransfer: null, suggestedTipPercent: null },
    byDiner: diners.map((user) => {
      const lines = orders.filter((order) => order.userId === user.id);
      return {
        userId: user.id,
        displayName: user.displayName,
        photoURL: user.photoURL,
        itemCount: lines.filter((order) => order.kind === 'item').reduce((n, order) => n + order.quantity, 0),
        ...amounts(lines),
      };
    }),
  };
}
