import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { editErrorMessage, sendFailure } from './order-errors';

const refusal = (code: string, status: number, details?: unknown) =>
  new ApiError(code, status, code, { details });

describe('sendFailure', () => {
  it.each([
    [
      refusal('OUT_OF_STOCK', 409, { index: 2, available: 3 }),
      { index: 2, messageId: 'order.error.OUT_OF_STOCK', available: 3 },
    ],
    [
      refusal('OUT_OF_STOCK', 409, { index: 0 }),
      { index: 0, messageId: 'order.error.OUT_OF_STOCK', available: null },
    ],
    [
      refusal('PRODUCT_UNAVAILABLE', 409, { index: 1 }),
      { index: 1, messageId: 'order.error.PRODUCT_UNAVAILABLE', available: null },
    ],
    [
      refusal('NOT_FOUND', 404, { index: 4 }),
      { index: 4, messageId: 'order.send.error.NOT_FOUND', available: null },
    ],
    [
      refusal('NOT_FOUND', 404),
      { index: null, messageId: 'order.send.error.reservationGone', available: null },
    ],
    [
      refusal('RESERVATION_CLOSED', 409),
      { index: null, messageId: 'order.error.RESERVATION_CLOSED', available: null },
    ],
    [
      refusal('NETWORK_ERROR', 0),
      { index: null, messageId: 'order.send.error.NETWORK_ERROR', available: null },
    ],
    // malformed details never name a line
    [
      refusal('OUT_OF_STOCK', 409, { index: -1, available: 1.5 }),
      { index: null, messageId: 'order.error.OUT_OF_STOCK', available: null },
    ],
    [
      refusal('OUT_OF_STOCK', 409, 'index 1'),
      { index: null, messageId: 'order.error.OUT_OF_STOCK', available: null },
    ],
    // a code outside the contract, or not an API failure at all
    [
      refusal('SOMETHING_NEW', 409, { index: 1 }),
      { index: 1, messageId: 'order.send.error.generic', available: null },
    ],
    [new Error('boom'), { index: null, messageId: 'order.send.error.generic', available: null }],
  ])('%s', (error, expected) => {
    expect(sendFailure(error)).toEqual(expected);
  });
});

describe('editErrorMessage', () => {
  it.each([
    ['ORDER_PAID', 'order.edit.error.ORDER_PAID'],
    ['FORBIDDEN', 'order.edit.error.FORBIDDEN'],
    ['RESERVATION_CLOSED', 'order.error.RESERVATION_CLOSED'],
    ['INTERNAL', 'order.edit.error.generic'],
  ])('%s → %s', (code, messageId) => {
    expect(editErrorMessage(refusal(code, 409))).toBe(messageId);
  });
});
