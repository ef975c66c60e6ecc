import { type ErrorTable, fromErrorTable, reasonOf } from '@/lib/api-errors';
import type { MessageId } from '@/lib/i18n';

/** Messages logged, never shown (docs/product.md#product-log-messages). */
export const BILL_LOAD_ERROR = 'Error al cargar la cuenta';
export const PAYMENT_ERROR = 'Error al pagar';

const GENERIC: MessageId = 'payment.error.generic';

/** `details.reason` of a refusal: which split, tip, transfer or receipt rule said no. */
const REASONS: Readonly<Record<string, MessageId>> = {
  AMOUNT_EXCEEDS_DUE: 'payment.error.AMOUNT_EXCEEDS_DUE',
  SHARE_TOO_SMALL: 'payment.error.SHARE_TOO_SMALL',
  INVALID_TIPS: 'payment.error.INVALID_TIPS',
  PAYMENT_TYPE_MISMATCH: 'payment.error.PAYMENT_TYPE_NOT_OFFERED',
  INVALID_TRANSFER_DATE: 'payment.error.INVALID_TRANSFER_DATE',
  UNSUPPORTED_TYPE: 'payment.error.UNSUPPORTED_MEDIA_TYPE',
  UNREADABLE_IMAGE: 'payment.error.UNREADABLE_IMAGE',
  PDF_ACTIVE_CONTENT: 'payment.error.PDF_REFUSED',
  PDF_ENCRYPTED: 'payment.error.PDF_REFUSED',
  PDF_UNCHECKABLE: 'payment.error.PDF_REFUSED',
};

const CODES: ErrorTable<MessageId> = {
  VALIDATION_FAILED: GENERIC,
  NOT_FOUND: 'payment.error.NOT_FOUND',
  UNAUTHENTICATED: 'payment.error.UNAUTHENTICATED',
  FORBIDDEN: 'payment.error.FORBIDDEN',
  RATE_LIMITED: 'payment.error.RATE_LIMITED',
  CONFLICT: GENERIC,
  TABLE_TAKEN: GENERIC,
  DELIVERY_OUT_OF_RANGE: GENERIC,
  RESERVATION_CLOSED: 'payment.error.RESERVATION_CLOSED',
  CREATOR_CANNOT_LEAVE: GENERIC,
  ALREADY_INVITED: GENERIC,
  ALREADY_MEMBER: GENERIC,
  INVITATION_ANSWERED: GENERIC,
  JOIN_REQUEST_ANSWERED: GENERIC,
  PRODUCT_UNAVAILABLE: GENERIC,
  OUT_OF_STOCK: GENERIC,
  NOT_ENOUGH_POINTS: GENERIC,
  POINTS_NOT_ACCEPTED: GENERIC,
  ORDER_PAID: 'payment.error.ORDER_ALREADY_PAID',
  NOTHING_DUE: 'payment.error.NOTHING_DUE',
  ORDER_ALREADY_PAID: 'payment.error.ORDER_ALREADY_PAID',
  PAYMENT_TYPE_NOT_OFFERED: 'payment.error.PAYMENT_TYPE_NOT_OFFERED',
  PENDING_PAYMENT_CLOSED: 'payment.error.PENDING_PAYMENT_CLOSED',
  TRANSFER_DUPLICATE: 'payment.error.TRANSFER_DUPLICATE',
  PAYMENT_PROVIDER_UNAVAILABLE: 'payment.error.PAYMENT_PROVIDER_UNAVAILABLE',
  PAYLOAD_TOO_LARGE: 'payment.error.PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'payment.error.UNSUPPORTED_MEDIA_TYPE',
  INTERNAL: GENERIC,
  BOOKING_TOO_FAR_AHEAD: GENERIC,
  PARTY_TOO_LARGE: GENERIC,
  RESERVATION_LIMIT: GENERIC,
  RESERVATION_OVERLAP: GENERIC,
  EMAIL_NOT_VERIFIED: GENERIC,
  INVITATION_DAILY_LIMIT: GENERIC,
  SHARE_LINK_OFF: GENERIC,
  RESERVATION_FULL: GENERIC,
  ASSISTANCE_NOT_YET: GENERIC,
  DISPLAY_NAME_INVALID: GENERIC,
  IDEMPOTENCY_KEY_IN_USE: GENERIC,
  IDEMPOTENCY_KEY_REUSED: GENERIC,
  REQUEST_TIMEOUT: 'payment.error.NETWORK_ERROR',
  URI_TOO_LONG: GENERIC,
  HEADERS_TOO_LARGE: GENERIC,
  CONFIRMATION_MISMATCH: GENERIC,
  LAST_OWNER: GENERIC,
  NETWORK_ERROR: 'payment.error.NETWORK_ERROR',
  INVALID_RESPONSE: GENERIC,
  HTTP_ERROR: GENERIC,
};

/** The translated message for a failed bill or payment request: the rule's reason first, else the code. */
export function paymentErrorMessage(error: unknown): MessageId {
  const reason = reasonOf(error);
  if (reason !== null && Object.hasOwn(REASONS, reason)) return REASONS[reason] ?? GENERIC;
  return fromErrorTable(CODES, error, GENERIC);
}
