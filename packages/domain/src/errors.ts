/**
 * Stable machine-readable codes of every rule violation raised by `@comensal/domain`.
 * The server maps them to HTTP statuses and the web app to translated text.
 */
export const DOMAIN_ERROR_CODES = [
  'INVALID_AMOUNT',
  'INVALID_PRICE',
  'INVALID_DISCOUNT',
  'INVALID_QUANTITY',
  'INVALID_PREFERENCE',
  'REQUIRED_PREFERENCE_MISSING',
  'INVALID_TIME',
  'INVALID_DATE',
  'INVALID_WEEKDAY',
  'INVALID_TIME_ZONE',
  'INVALID_TIME_RANGE',
  'INVALID_DURATION',
  'INVALID_DISTANCE',
  'INVALID_COORDINATES',
  'INVALID_GUEST_NUMBER',
  'INVALID_RANDOM',
  'INVALID_PENDING_ITEM',
  'INVALID_COMMENTS',
  'PENDING_ITEM_NOT_FOUND',
  'CART_FULL',
  'UNKNOWN_PRODUCT',
  'INVALID_POINTS',
  'NOT_PAYABLE_WITH_POINTS',
  'NOT_ENOUGH_POINTS',
  'INVALID_BILL_LINE',
  'INVALID_PARTS',
  'AMOUNT_EXCEEDS_DUE',
  'INVALID_TIPS',
  'INVALID_POINTS_RATE',
  'PENDING_PAYMENT_MISMATCH',
  'INVALID_BUY_ORDER',
] as const;

export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

/** A business-rule violation. `code` is stable; `message` is developer-facing English. */
export class DomainError extends Error {
  readonly code: DomainErrorCode;

  constructor(code: DomainErrorCode, message?: string) {
    super(message ?? code);
    this.name = 'DomainError';
    this.code = code;
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
