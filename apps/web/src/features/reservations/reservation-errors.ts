import type { ReservationRuleReason } from '@comensal/contracts';
import { type ErrorTable, fromErrorTable, reasonOf } from '@/lib/api-errors';
import type { MessageId } from '@/lib/i18n';

/** Messages logged, never shown (docs/product.md#product-log-messages). */
export const RESERVATION_LOAD_ERROR = 'Error al cargar la reserva';
export const RESERVATION_SAVE_ERROR = 'Error al guardar la reserva';
export const MISSING_IDS = 'Restaurant ID or Reservation ID is missing.';

const GENERIC: MessageId = 'reservation.error.generic';

/** `details.reason` of a 400 VALIDATION_FAILED: the reservation rule that refused it. */
const REASONS: Readonly<Record<ReservationRuleReason, MessageId>> = {
  OUTSIDE_OPENING_HOURS: 'reservation.error.OUTSIDE_OPENING_HOURS',
  DURATION_OUTSIDE_WINDOW: 'reservation.error.DURATION_OUTSIDE_WINDOW',
  IN_THE_PAST: 'reservation.error.IN_THE_PAST',
  UNKNOWN_TABLE: 'reservation.error.UNKNOWN_TABLE',
  TABLE_TOO_SMALL: 'reservation.error.TABLE_TOO_SMALL',
  PICKUP_NOT_OFFERED: 'reservation.error.PICKUP_NOT_OFFERED',
  DELIVERY_NOT_OFFERED: 'reservation.error.DELIVERY_NOT_OFFERED',
  KIND_CONFLICT: 'reservation.error.KIND_CONFLICT',
};

const CODES: ErrorTable<MessageId> = {
  VALIDATION_FAILED: GENERIC,
  NOT_FOUND: 'reservation.error.NOT_FOUND',
  UNAUTHENTICATED: 'reservation.error.UNAUTHENTICATED',
  FORBIDDEN: 'reservation.error.FORBIDDEN',
  RATE_LIMITED: 'reservation.error.RATE_LIMITED',
  CONFLICT: GENERIC,
  TABLE_TAKEN: 'reservation.error.TABLE_TAKEN',
  DELIVERY_OUT_OF_RANGE: 'reservation.error.DELIVERY_OUT_OF_RANGE',
  RESERVATION_CLOSED: 'reservation.error.RESERVATION_CLOSED',
  CREATOR_CANNOT_LEAVE: 'reservation.error.CREATOR_CANNOT_LEAVE',
  ALREADY_INVITED: 'reservation.error.ALREADY_INVITED',
  ALREADY_MEMBER: 'reservation.error.ALREADY_MEMBER',
  INVITATION_ANSWERED: 'reservation.error.INVITATION_ANSWERED',
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
  BOOKING_TOO_FAR_AHEAD: 'reservation.error.BOOKING_TOO_FAR_AHEAD',
  PARTY_TOO_LARGE: 'reservation.error.PARTY_TOO_LARGE',
  RESERVATION_LIMIT: 'reservation.error.RESERVATION_LIMIT',
  RESERVATION_OVERLAP: 'reservation.error.RESERVATION_OVERLAP',
  EMAIL_NOT_VERIFIED: 'reservation.error.EMAIL_NOT_VERIFIED',
  INVITATION_DAILY_LIMIT: 'reservation.error.INVITATION_DAILY_LIMIT',
  SHARE_LINK_OFF: 'reservation.error.SHARE_LINK_OFF',
  RESERVATION_FULL: 'reservation.error.RESERVATION_FULL',
  ASSISTANCE_NOT_YET: 'reservation.error.ASSISTANCE_NOT_YET',
  DISPLAY_NAME_INVALID: GENERIC,
  JOIN_REQUEST_ANSWERED: GENERIC,
  PAYLOAD_TOO_LARGE: GENERIC,
  UNSUPPORTED_MEDIA_TYPE: GENERIC,
  IDEMPOTENCY_KEY_IN_USE: GENERIC,
  IDEMPOTENCY_KEY_REUSED: GENERIC,
  REQUEST_TIMEOUT: 'reservation.error.NETWORK_ERROR',
  URI_TOO_LONG: GENERIC,
  HEADERS_TOO_LARGE: GENERIC,
  CONFIRMATION_MISMATCH: GENERIC,
  LAST_OWNER: GENERIC,
  INTERNAL: GENERIC,
  NETWORK_ERROR: 'reservation.error.NETWORK_ERROR',
  INVALID_RESPONSE: GENERIC,
  HTTP_ERROR: GENERIC,
};

/** The translated message for a failed reservation or invitation request. */
export function reservationErrorMessage(error: unknown): MessageId {
  const reason = reasonOf(error);
  if (reason !== null && Object.hasOwn(REASONS, reason)) return REASONS[reason as ReservationRuleReason];
  return fromErrorTable(CODES, error, GENERIC);
}
