import { type ErrorTable, fromErrorTable } from '@/lib/api-errors';
import { isApiError } from '@/lib/api-client';
import type { MessageId } from '@/lib/i18n';

/** Messages logged (never shown) when the order cannot be loaded, sent or saved (docs/product.md). */
export const ORDERS_LOAD_ERROR = 'Error al cargar el pedido';
export const ORDER_SEND_ERROR = 'Error al enviar el pedido';
export const ORDER_SAVE_ERROR = 'Error al guardar el pedido';

const SEND_GENERIC: MessageId = 'order.send.error.generic';

/** Sending the cart (`POST …/orders/batch`): what the diner reads for each refusal. */
const SEND_ERRORS: ErrorTable<MessageId> = {
  VALIDATION_FAILED: 'order.send.error.VALIDATION_FAILED',
  NOT_FOUND: 'order.send.error.NOT_FOUND',
  UNAUTHENTICATED: 'order.error.UNAUTHENTICATED',
  FORBIDDEN: 'order.send.error.FORBIDDEN',
  RATE_LIMITED: 'order.error.RATE_LIMITED',
  CONFLICT: SEND_GENERIC,
  TABLE_TAKEN: SEND_GENERIC,
  DELIVERY_OUT_OF_RANGE: SEND_GENERIC,
  RESERVATION_CLOSED: 'order.error.RESERVATION_CLOSED',
  CREATOR_CANNOT_LEAVE: SEND_GENERIC,
  ALREADY_INVITED: SEND_GENERIC,
  ALREADY_MEMBER: SEND_GENERIC,
  INVITATION_ANSWERED: SEND_GENERIC,
  JOIN_REQUEST_ANSWERED: SEND_GENERIC,
  PRODUCT_UNAVAILABLE: 'order.error.PRODUCT_UNAVAILABLE',
  OUT_OF_STOCK: 'order.error.OUT_OF_STOCK',
  NOT_ENOUGH_POINTS: 'order.error.NOT_ENOUGH_POINTS',
  POINTS_NOT_ACCEPTED: 'order.error.POINTS_NOT_ACCEPTED',
  ORDER_PAID: SEND_GENERIC,
  NOTHING_DUE: SEND_GENERIC,
  ORDER_ALREADY_PAID: SEND_GENERIC,
  PAYMENT_TYPE_NOT_OFFERED: SEND_GENERIC,
  PENDING_PAYMENT_CLOSED: SEND_GENERIC,
  TRANSFER_DUPLICATE: SEND_GENERIC,
  PAYMENT_PROVIDER_UNAVAILABLE: SEND_GENERIC,
  PAYLOAD_TOO_LARGE: SEND_GENERIC,
  UNSUPPORTED_MEDIA_TYPE: SEND_GENERIC,
  INTERNAL: SEND_GENERIC,
  BOOKING_TOO_FAR_AHEAD: SEND_GENERIC,
  PARTY_TOO_LARGE: SEND_GENERIC,
  RESERVATION_LIMIT: SEND_GENERIC,
  RESERVATION_OVERLAP: SEND_GENERIC,
  EMAIL_NOT_VERIFIED: SEND_GENERIC,
  INVITATION_DAILY_LIMIT: SEND_GENERIC,
  SHARE_LINK_OFF: SEND_GENERIC,
  RESERVATION_FULL: SEND_GENERIC,
  ASSISTANCE_NOT_YET: SEND_GENERIC,
  DISPLAY_NAME_INVALID: SEND_GENERIC,
  IDEMPOTENCY_KEY_IN_USE: SEND_GENERIC,
  IDEMPOTENCY_KEY_REUSED: SEND_GENERIC,
  REQUEST_TIMEOUT: 'order.send.error.NETWORK_ERROR',
  URI_TOO_LONG: SEND_GENERIC,
  HEADERS_TOO_LARGE: SEND_GENERIC,
  CONFIRMATION_MISMATCH: SEND_GENERIC,
  LAST_OWNER: SEND_GENERIC,
  NETWORK_ERROR: 'order.send.error.NETWORK_ERROR',
  INVALID_RESPONSE: SEND_GENERIC,
  HTTP_ERROR: SEND_GENERIC,
};

const EDIT_GENERIC: MessageId = 'order.edit.error.generic';

/** Changing or deleting a sent order (`PATCH`/`DELETE …/orders/:orderId`). */
const EDIT_ERRORS: ErrorTable<MessageId> = {
  VALIDATION_FAILED: 'order.edit.error.VALIDATION_FAILED',
  NOT_FOUND: 'order.edit.error.NOT_FOUND',
  UNAUTHENTICATED: 'order.error.UNAUTHENTICATED',
  FORBIDDEN: 'order.edit.error.FORBIDDEN',
  RATE_LIMITED: 'order.error.RATE_LIMITED',
  CONFLICT: EDIT_GENERIC,
  TABLE_TAKEN: EDIT_GENERIC,
  DELIVERY_OUT_OF_RANGE: EDIT_GENERIC,
  RESERVATION_CLOSED: 'order.error.RESERVATION_CLOSED',
  CREATOR_CANNOT_LEAVE: EDIT_GENERIC,
  ALREADY_INVITED: EDIT_GENERIC,
  ALREADY_MEMBER: EDIT_GENERIC,
  INVITATION_ANSWERED: EDIT_GENERIC,
  JOIN_REQUEST_ANSWERED: EDIT_GENERIC,
  PRODUCT_UNAVAILABLE: 'order.error.PRODUCT_UNAVAILABLE',
  OUT_OF_STOCK: 'order.error.OUT_OF_STOCK',
  NOT_ENOUGH_POINTS: 'order.error.NOT_ENOUGH_POINTS',
  POINTS_NOT_ACCEPTED: 'order.error.POINTS_NOT_ACCEPTED',
  ORDER_PAID: 'order.edit.error.ORDER_PAID',
  NOTHING_DUE: EDIT_GENERIC,
  ORDER_ALREADY_PAID: 'order.edit.error.ORDER_PAID',
  PAYMENT_TYPE_NOT_OFFERED: EDIT_GENERIC,
  PENDING_PAYMENT_CLOSED: EDIT_GENERIC,
  TRANSFER_DUPLICATE: EDIT_GENERIC,
  PAYMENT_PROVIDER_UNAVAILABLE: EDIT_GENERIC,
  PAYLOAD_TOO_LARGE: EDIT_GENERIC,
  UNSUPPORTED_MEDIA_TYPE: EDIT_GENERIC,
  INTERNAL: EDIT_GENERIC,
  BOOKING_TOO_FAR_AHEAD: EDIT_GENERIC,
  PARTY_TOO_LARGE: EDIT_GENERIC,
  RESERVATION_LIMIT: EDIT_GENERIC,
  RESERVATION_OVERLAP: EDIT_GENERIC,
  EMAIL_NOT_VERIFIED: EDIT_GENERIC,
  INVITATION_DAILY_LIMIT: EDIT_GENERIC,
  SHARE_LINK_OFF: EDIT_GENERIC,
  RESERVATION_FULL: EDIT_GENERIC,
  ASSISTANCE_NOT_YET: EDIT_GENERIC,
  DISPLAY_NAME_INVALID: EDIT_GENERIC,
  IDEMPOTENCY_KEY_IN_USE: EDIT_GENERIC,
  IDEMPOTENCY_KEY_REUSED: EDIT_GENERIC,
  REQUEST_TIMEOUT: 'order.edit.error.NETWORK_ERROR',
  URI_TOO_LONG: EDIT_GENERIC,
  HEADERS_TOO_LARGE: EDIT_GENERIC,
  CONFIRMATION_MISMATCH: EDIT_GENERIC,
  LAST_OWNER: EDIT_GENERIC,
  NETWORK_ERROR: 'order.edit.error.NETWORK_ERROR',
  INVALID_RESPONSE: EDIT_GENERIC,
  HTTP_ERROR: EDIT_GENERIC,
};

function detailsOf(error: unknown): Record<string, unknown> {
  if (!isApiError(error) || typeof error.details !== 'object' || error.details === null) return {};
  return error.details as Record<string, unknown>;
}

const countOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;

/** A refused batch, as the cart shows it. */
export interface SendFailure {
  /** The refused item's position in the batch (`details.index`), when the server named one. */
  index: number | null;
  messageId: MessageId;
  /**
   * For OUT_OF_STOCK: how many are left, when the server said so (`details.available`); the cart
   * otherwise reads the product's stock from the menu.
   */
  available: number | null;
}

/** The translated message and the line a refused batch names (`details.index`). */
export function sendFailure(error: unknown): SendFailure {
  const details = detailsOf(error);
  const index = countOf(details.index);
  // A 404 that names no item is about the reservation itself, not one of its dishes.
  const isReservationGone = isApiError(error) && error.code === 'NOT_FOUND' && index === null;
  return {
    index,
    messageId: isReservationGone
      ? 'order.send.error.reservationGone'
      : fromErrorTable(SEND_ERRORS, error, SEND_GENERIC),
    available: countOf(details.available),
  };
}

/** The translated message for a refused change or deletion of a sent order. */
export function editErrorMessage(error: unknown): MessageId {
  return fromErrorTable(EDIT_ERRORS, error, EDIT_GENERIC);
}
