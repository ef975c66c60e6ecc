import type { StaffConflictReason, StaffProductRefusal } from '@comensal/contracts';
import { type ErrorTable, fromErrorTable, reasonOf } from '@/lib/api-errors';
import type { MessageId } from '@/lib/i18n';

/** Messages logged, never shown (docs/product.md#product-log-messages). */
export const STAFF_LOAD_ERROR = 'Error al cargar la consola del local';
export const STAFF_ACTION_ERROR = 'Error en una acción del local';

const GENERIC: MessageId = 'staff.error.generic';

/** What the staff console says when an action of it is refused, by the server's code. */
const CODES: ErrorTable<MessageId> = {
  VALIDATION_FAILED: 'staff.error.VALIDATION_FAILED',
  NOT_FOUND: 'staff.error.NOT_FOUND',
  UNAUTHENTICATED: 'staff.error.UNAUTHENTICATED',
  FORBIDDEN: 'staff.error.FORBIDDEN',
  RATE_LIMITED: 'staff.error.RATE_LIMITED',
  CONFLICT: 'staff.error.CONFLICT',
  TABLE_TAKEN: GENERIC,
  DELIVERY_OUT_OF_RANGE: GENERIC,
  RESERVATION_CLOSED: 'staff.error.RESERVATION_CLOSED',
  CREATOR_CANNOT_LEAVE: GENERIC,
  ALREADY_INVITED: GENERIC,
  ALREADY_MEMBER: 'staff.error.ALREADY_MEMBER',
  INVITATION_ANSWERED: GENERIC,
  JOIN_REQUEST_ANSWERED: GENERIC,
  PRODUCT_UNAVAILABLE: GENERIC,
  OUT_OF_STOCK: GENERIC,
  NOT_ENOUGH_POINTS: GENERIC,
  POINTS_NOT_ACCEPTED: GENERIC,
  ORDER_PAID: GENERIC,
  NOTHING_DUE: GENERIC,
  ORDER_ALREADY_PAID: 'staff.error.ORDER_ALREADY_PAID',
  PAYMENT_TYPE_NOT_OFFERED: GENERIC,
  PENDING_PAYMENT_CLOSED: GENERIC,
  TRANSFER_DUPLICATE: GENERIC,
  PAYMENT_PROVIDER_UNAVAILABLE: GENERIC,
  IDEMPOTENCY_KEY_IN_USE: GENERIC,
  IDEMPOTENCY_KEY_REUSED: GENERIC,
  REQUEST_TIMEOUT: 'staff.error.NETWORK_ERROR',
  BOOKING_TOO_FAR_AHEAD: GENERIC,
  PARTY_TOO_LARGE: GENERIC,
  RESERVATION_LIMIT: GENERIC,
  RESERVATION_OVERLAP: GENERIC,
  EMAIL_NOT_VERIFIED: GENERIC,
  INVITATION_DAILY_LIMIT: GENERIC,
  DISPLAY_NAME_INVALID: GENERIC,
  SHARE_LINK_OFF: GENERIC,
  RESERVATION_FULL: GENERIC,
  ASSISTANCE_NOT_YET: GENERIC,
  PAYLOAD_TOO_LARGE: GENERIC,
  URI_TOO_LONG: GENERIC,
  UNSUPPORTED_MEDIA_TYPE: GENERIC,
  HEADERS_TOO_LARGE: GENERIC,
  CONFIRMATION_MISMATCH: GENERIC,
  LAST_OWNER: GENERIC,
  INTERNAL: GENERIC,
  NETWORK_ERROR: 'staff.error.NETWORK_ERROR',
  INVALID_RESPONSE: GENERIC,
  HTTP_ERROR: GENERIC,
};

/** `details.reason` of a refusal: which staff rule said no (409 CONFLICT, 400 for a dish, 404 for an e-mail). */
const REASONS: Readonly<
  Record<StaffConflictReason | StaffProductRefusal | 'USER_NOT_FOUND' | 'PAYMENT_TYPE_MISMATCH', MessageId>
> = {
  TRANSACTION_DECIDED: 'staff.error.TRANSACTION_DECIDED',
  INVALID_STATUS_TRANSITION: 'staff.error.INVALID_STATUS_TRANSITION',
  RESERVATION_CANCELLED: 'staff.error.RESERVATION_CANCELLED',
  ALREADY_STAFF: 'staff.error.ALREADY_STAFF',
  LAST_OWNER: 'staff.error.LAST_OWNER',
  DISCOUNT_EXCEEDS_PRICE: 'staff.error.DISCOUNT_EXCEEDS_PRICE',
  SCHEDULE_INCOMPLETE: 'staff.error.SCHEDULE_INCOMPLETE',
  SCHEDULE_EMPTY: 'staff.error.SCHEDULE_EMPTY',
  PICTURE_TOO_SMALL: 'staff.error.PICTURE_TOO_SMALL',
  USER_NOT_FOUND: 'staff.error.USER_NOT_FOUND',
  PAYMENT_TYPE_MISMATCH: 'staff.error.PAYMENT_TYPE_MISMATCH',
};

/** The message for a refused staff action: by the rule that refused it when the server named one, else by code. */
export function staffErrorMessage(error: unknown): MessageId {
  const reason = reasonOf(error);
  if (reason !== null && Object.hasOwn(REASONS, reason)) return REASONS[reason as keyof typeof REASONS];
  return fromErrorTable(CODES, error, GENERIC);
}
