import { type ErrorTable, fromErrorTable } from '@/lib/api-errors';
import type { MessageId } from '@/lib/i18n';

/** Logged (never shown) when a table link's request fails (docs/product.md#product-log-messages). */
export const TABLE_LINK_ERROR = 'Error al unirse a la mesa';

const GENERIC: MessageId = 'tableLink.error.generic';

/**
 * What the diner reads when looking a table up, starting a walk-in, asking to join, withdrawing
 * or answering a request fails (docs/product.md#table-links).
 */
const ERRORS: ErrorTable<MessageId> = {
  VALIDATION_FAILED: 'tableLink.error.VALIDATION_FAILED',
  NOT_FOUND: 'tableLink.error.NOT_FOUND',
  UNAUTHENTICATED: 'tableLink.error.UNAUTHENTICATED',
  FORBIDDEN: 'tableLink.error.FORBIDDEN',
  RATE_LIMITED: 'tableLink.error.RATE_LIMITED',
  CONFLICT: 'tableLink.error.CONFLICT',
  TABLE_TAKEN: 'tableLink.error.TABLE_TAKEN',
  DELIVERY_OUT_OF_RANGE: GENERIC,
  RESERVATION_CLOSED: 'tableLink.error.RESERVATION_CLOSED',
  CREATOR_CANNOT_LEAVE: GENERIC,
  ALREADY_INVITED: GENERIC,
  ALREADY_MEMBER: 'tableLink.error.ALREADY_MEMBER',
  INVITATION_ANSWERED: GENERIC,
  JOIN_REQUEST_ANSWERED: 'tableLink.error.JOIN_REQUEST_ANSWERED',
  PRODUCT_UNAVAILABLE: GENERIC,
  OUT_OF_STOCK: GENERIC,
  NOT_ENOUGH_POINTS: GENERIC,
  POINTS_NOT_ACCEPTED: GENERIC,
  ORDER_PAID: GENERIC,
  NOTHING_DUE: GENERIC,
  ORDER_ALREADY_PAID: GENERIC,
  PAYMENT_TYPE_NOT_OFFERED: GENERIC,
  PENDING_PAYMENT_CLOSED: GENERIC,
  TRANSFER_DUPLICATE: GENERIC,
  PAYMENT_PROVIDER_UNAVAILABLE: GENERIC,
  PAYLOAD_TOO_LARGE: GENERIC,
  UNSUPPORTED_MEDIA_TYPE: GENERIC,
  INTERNAL: GENERIC,
  BOOKING_TOO_FAR_AHEAD: GENERIC,
  PARTY_TOO_LARGE: 'reservation.error.PARTY_TOO_LARGE',
  RESERVATION_LIMIT: 'reservation.error.RESERVATION_LIMIT',
  RESERVATION_OVERLAP: 'reservation.error.RESERVATION_OVERLAP',
  EMAIL_NOT_VERIFIED: GENERIC,
  INVITATION_DAILY_LIMIT: GENERIC,
  SHARE_LINK_OFF: GENERIC,
  RESERVATION_FULL: GENERIC,
  ASSISTANCE_NOT_YET: GENERIC,
  DISPLAY_NAME_INVALID: GENERIC,
  IDEMPOTENCY_KEY_IN_USE: GENERIC,
  IDEMPOTENCY_KEY_REUSED: GENERIC,
  REQUEST_TIMEOUT: 'tableLink.error.NETWORK_ERROR',
  URI_TOO_LONG: GENERIC,
  HEADERS_TOO_LARGE: GENERIC,
  CONFIRMATION_MISMATCH: GENERIC,
  LAST_OWNER: GENERIC,
  NETWORK_ERROR: 'tableLink.error.NETWORK_ERROR',
  INVALID_RESPONSE: GENERIC,
  HTTP_ERROR: GENERIC,
};

/** The translated message for a failed table-link request. */
export function tableLinkErrorMessage(error: unknown): MessageId {
  return fromErrorTable(ERRORS, error, GENERIC);
}
