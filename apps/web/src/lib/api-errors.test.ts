import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorCode } from './api-client';
import { type ErrorTable, fromErrorTable } from './api-errors';

describe('fromErrorTable', () => {
  const table: ErrorTable<string> = {
    VALIDATION_FAILED: 'invalid',
    NOT_FOUND: 'gone',
    UNAUTHENTICATED: 'sign in',
    FORBIDDEN: 'other',
    RATE_LIMITED: 'other',
    CONFLICT: 'other',
    TABLE_TAKEN: 'other',
    DELIVERY_OUT_OF_RANGE: 'other',
    RESERVATION_CLOSED: 'other',
    CREATOR_CANNOT_LEAVE: 'other',
    ALREADY_INVITED: 'other',
    ALREADY_MEMBER: 'other',
    INVITATION_ANSWERED: 'other',
    PRODUCT_UNAVAILABLE: 'other',
    OUT_OF_STOCK: 'other',
    NOT_ENOUGH_POINTS: 'other',
    POINTS_NOT_ACCEPTED: 'other',
    ORDER_PAID: 'other',
    NOTHING_DUE: 'other',
    ORDER_ALREADY_PAID: 'other',
    PAYMENT_TYPE_NOT_OFFERED: 'other',
    PENDING_PAYMENT_CLOSED: 'other',
    TRANSFER_DUPLICATE: 'other',
    PAYMENT_PROVIDER_UNAVAILABLE: 'other',
    BOOKING_TOO_FAR_AHEAD: 'other',
    PARTY_TOO_LARGE: 'other',
    RESERVATION_LIMIT: 'other',
    RESERVATION_OVERLAP: 'other',
    EMAIL_NOT_VERIFIED: 'other',
    INVITATION_DAILY_LIMIT: 'other',
    SHARE_LINK_OFF: 'other',
    RESERVATION_FULL: 'other',
    ASSISTANCE_NOT_YET: 'other',
    DISPLAY_NAME_INVALID: 'other',
    JOIN_REQUEST_ANSWERED: 'other',
    PAYLOAD_TOO_LARGE: 'other',
    UNSUPPORTED_MEDIA_TYPE: 'other',
    IDEMPOTENCY_KEY_IN_USE: 'other',
    IDEMPOTENCY_KEY_REUSED: 'other',
    REQUEST_TIMEOUT: 'other',
    URI_TOO_LONG: 'other',
    HEADERS_TOO_LARGE: 'other',
    CONFIRMATION_MISMATCH: 'other',
    LAST_OWNER: 'other',
    INTERNAL: 'other',
    NETWORK_ERROR: 'offline',
    INVALID_RESPONSE: 'other',
    HTTP_ERROR: 'other',
  };

  it('answers the entry of the failure’s code, the fallback for anything else', () => {
    expect(fromErrorTable(table, new ApiError('NOT_FOUND', 404), 'fallback')).toBe('gone');
    expect(fromErrorTable(table, new ApiError('NETWORK_ERROR', 0), 'fallback')).toBe('offline');
    expect(fromErrorTable(table, new ApiError('SOMETHING_NEW', 400), 'fallback')).toBe('fallback');
    expect(fromErrorTable(table, new ApiError('toString', 400), 'fallback')).toBe('fallback');
    expect(fromErrorTable(table, new Error('boom'), 'fallback')).toBe('fallback');
  });

  it('is a type error to leave a code out or to name one the contracts do not have', () => {
    const { NOT_FOUND: _left, ...withoutOne } = table;
    // @ts-expect-error NOT_FOUND is missing
    const missing: ErrorTable<string> = withoutOne;
    // @ts-expect-error TABLE_TAKEN_TWICE is no code of the contracts
    const unknown: ErrorTable<string> = { ...table, TABLE_TAKEN_TWICE: 'other' };
    // @ts-expect-error a misspelt code
    const misspelt: ApiErrorCode = 'NOT_FUOND';
    expect([missing, unknown, misspelt]).toHaveLength(3);
  });
});
