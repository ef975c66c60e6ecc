import type {
  Order,
  OrderTotal,
  PendingPayment,
  Reservation,
  Transaction,
  WebpayResult,
} from '@comensal/contracts';
import { reservationAnswer } from './fixtures';

/**
 * Answers of the bill's endpoints for web tests: a table of two at a Chilean restaurant (user-1,
 * the session's user, and user-2), with one dish each and a shared one. Amounts are made up —
 * the screens show what the server says.
 */
export const PAY = {
  restaurant: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  reservation: '99999999-9999-4999-8999-999999999999',
  anaOrder: '0a0a0a0a-0a0a-4a0a-8a0a-0a0a0a0a0a0a',
  betoOrder: '0b0b0b0b-0b0b-4b0b-8b0b-0b0b0b0b0b0b',
  sharedOrder: '0c0c0c0c-0c0c-4c0c-8c0c-0c0c0c0c0c0c',
  pending: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
  transaction: 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee',
} as const;

const AT = '2030-01-07T18:00:00.000Z';

export function billReservation(overrides: Partial<Reservation> = {}): Reservation {
  const restaurant = {
    id: PAY.restaurant,
    slug: 'la-picada',
    name: 'La Picada',
    address: 'Av. Italia 1234',
    city: 'Santiago',
    country: 'CL',
    currency: 'CLP',
    timeZone: 'America/Santiago',
  } as const;
  return reservationAnswer(restaurant, { id: PAY.reservation, createdAt: AT, updatedAt: AT, ...overrides });
}

export function billOrder(
  id: string,
  userId: string,
  name: string,
  priceMinor: number,
  payment: Partial<Order['payment']> = {},
): Order {
  return {
    id,
    reservationId: PAY.reservation,
    kind: 'item',
    productId: '12121212-1212-4212-8212-121212121212',
    product: { name: { es: name, en: name }, imageUrl: null },
    quantity: 1,
    comments: null,
    selections: [],
    currency: 'CLP',
    unitPriceMinor: priceMinor,
    discountMinor: 0,
    priceMinor,
    pointsSpent: 0,
    userId,
    user: { id: userId, displayName: userId === 'user-1' ? 'Ana Pérez' : 'Beto Ruiz', photoURL: null },
    payer: null,
    payment: { status: 'due', paidMinor: 0, pendingMinor: 0, dueMinor: priceMinor, heldMinor: 0, ...payment },
    isEditable: false,
    createdAt: AT,
    updatedAt: AT,
  };
}

export const billOrders = (): Order[] => [
  billOrder(PAY.anaOrder, 'user-1', 'Pastel de choclo', 9900),
  billOrder(PAY.betoOrder, 'user-2', 'Cazuela', 8500),
  billOrder(PAY.sharedOrder, 'user-2', 'Pizza', 15000),
];

export function billTotal(overrides: Partial<OrderTotal> = {}): OrderTotal {
  return {
    reservationId: PAY.reservation,
    currency: 'CLP',
    totalMinor: 33400,
    paidMinor: 0,
    pendingMinor: 0,
    dueMinor: 33400,
    heldMinor: 0,
    ordersMinor: 33400,
    deliveryMinor: 0,
    paymentOptions: {
      methods: ['webpay', 'mobile_transfer'],
      mobileTransfer: {
        bankCode: '0134',
        bankName: 'Banesco',
        phone: '0412-5550177',
        idNumber: 'J-41234567-0',
      },
      suggestedTipPercent: 10,
    },
    byDiner: [
      {
        userId: 'user-1',
        displayName: 'Ana Pérez',
        photoURL: null,
        itemCount: 1,
        totalMinor: 9900,
        paidMinor: 0,
        pendingMinor: 0,
        dueMinor: 9900,
        heldMinor: 0,
      },
      {
        userId: 'user-2',
        displayName: 'Beto Ruiz',
        photoURL: null,
        itemCount: 2,
        totalMinor: 23500,
        paidMinor: 0,
        pendingMinor: 0,
        dueMinor: 23500,
        heldMinor: 0,
      },
    ],
    ...overrides,
  };
}

export function pendingPayment(overrides: Partial<PendingPayment> = {}): PendingPayment {
  return {
    id: PAY.pending,
    reservationId: PAY.reservation,
    payer: { id: 'user-1', displayName: 'Ana Pérez' },
    currency: 'CLP',
    amountMinor: 9900,
    tipsMinor: 990,
    totalMinor: 10890,
    chosenTips: '10',
    paymentType: 'webpay',
    orderIds: [PAY.anaOrder],
    allocations: [{ orderId: PAY.anaOrder, amountMinor: 9900 }],
    status: 'open',
    expiresAt: '2030-01-07T18:15:00.000Z',
    transaction: null,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

export function transaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: PAY.transaction,
    reservationId: PAY.reservation,
    restaurantId: PAY.restaurant,
    payer: { id: 'user-1', displayName: 'Ana Pérez' },
    paymentType: 'webpay',
    status: 'approved',
    currency: 'CLP',
    amountMinor: 9900,
    tipsMinor: 990,
    orderIds: [PAY.anaOrder],
    allocations: [{ orderId: PAY.anaOrder, amountMinor: 9900 }],
    report: null,
    card: { last4: '6623', authorizationCode: '1213' },
    pointsEarned: 99,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

export function webpayResult(overrides: Partial<WebpayResult> = {}): WebpayResult {
  return {
    status: 'approved',
    transactionId: PAY.transaction,
    reservationId: PAY.reservation,
    restaurantId: PAY.restaurant,
    currency: 'CLP',
    amountMinor: 9900,
    tipsMinor: 990,
    orderIds: [PAY.anaOrder],
    cardLast4: '6623',
    authorizationCode: '1213',
    pointsEarned: 99,
    createdAt: AT,
    ...overrides,
  };
}
