import type {
  Me,
  Menu,
  Product,
  RestaurantDetail,
  RestaurantList,
  RestaurantSummary,
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
