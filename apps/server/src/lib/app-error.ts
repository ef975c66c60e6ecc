import type { ErrorCode } from '@comensal/contracts';
import type { DomainError, DomainErrorCode } from '@comensal/domain';

/** HTTP status of every stable error code (one table; the web app translates the codes). */
export const ERROR_STATUS: Readonly<Record<ErrorCode, number>> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TABLE_TAKEN: 409,
  DELIVERY_OUT_OF_RANGE: 400,
  RESERVATION_CLOSED: 409,
  CREATOR_CANNOT_LEAVE: 409,
  ALREADY_INVITED: 409,
  ALREADY_MEMBER: 409,
  INVITATION_ANSWERED: 409,
  JOIN_REQUEST_ANSWERED: 409,
  PRODUCT_UNAVAILABLE: 409,
  OUT_OF_STOCK: 409,
  NOT_ENOUGH_POINTS: 409,
  POINTS_NOT_ACCEPTED: 409,
  ORDER_PAID: 409,
  NOTHING_DUE: 409,
  ORDER_ALREADY_PAID: 409,
  PAYMENT_TYPE_NOT_OFFERED: 409,
  PENDING_PAYMENT_CLOSED: 409,
  TRANSFER_DUPLICATE: 409,
  PAYMENT_PROVIDER_UNAVAILABLE: 503,
  IDEMPOTENCY_KEY_IN_USE: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  REQUEST_TIMEOUT: 408,
  BOOKING_TOO_FAR_AHEAD: 400,
  PARTY_TOO_LARGE: 400,
  RESERVATION_LIMIT: 409,
  RESERVATION_OVERLAP: 409,
  EMAIL_NOT_VERIFIED: 403,
  INVITATION_DAILY_LIMIT: 429,
  SHARE_LINK_OFF: 404,
  RESERVATION_FULL: 409,
  ASSISTANCE_NOT_YET: 409,
  DISPLAY_NAME_INVALID: 400,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431,
  CONFIRMATION_MISMATCH: 400,
  LAST_OWNER: 409,
  INTERNAL: 500,
};

/**
 * An expected failure with a stable code; the error handler answers
 * `{ error: { code, message, details? } }` with the code's status.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly details: unknown;

  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERROR_STATUS[code];
    this.details = details;
  }

  static notFound(what: string): AppError {
    return new AppError('NOT_FOUND', `${what} not found`);
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/**
 * Domain refusals that are not malformed input but a conflict with the state of things, answered
 * with a code of their own (409) rather than 400 VALIDATION_FAILED.
 */
export const DOMAIN_ERROR_CODE: Readonly<Partial<Record<DomainErrorCode, ErrorCode>>> = {
  NOT_ENOUGH_POINTS: 'NOT_ENOUGH_POINTS',
  NOT_PAYABLE_WITH_POINTS: 'POINTS_NOT_ACCEPTED',
};

/**
 * How a DomainError is answered: its own code for the conflicts of {@link DOMAIN_ERROR_CODE},
 * else 400 VALIDATION_FAILED; `details.reason` is the domain's code either way.
 */
export function fromDomainError(error: DomainError, details: Record<string, unknown> = {}): AppError {
  return new AppError(DOMAIN_ERROR_CODE[error.code] ?? 'VALIDATION_FAILED', error.message, {
    reason: error.code,
    ...details,
  });
}
