import type { MessageId } from '@/lib/i18n';
import { ReservationError } from './api/send';

const REASONS: Readonly<Record<string, MessageId>> = {
  OUTSIDE_OPENING_HOURS: 'reservation.error.OUTSIDE_OPENING_HOURS',
  DURATION_OUTSIDE_WINDOW: 'reservation.error.DURATION_OUTSIDE_WINDOW',
  IN_THE_PAST: 'reservation.error.IN_THE_PAST',
  UNKNOWN_TABLE: 'reservation.error.UNKNOWN_TABLE',
  TABLE_TOO_SMALL: 'reservation.error.TABLE_TOO_SMALL',
  PICKUP_NOT_OFFERED: 'reservation.error.PICKUP_NOT_OFFERED',
  DELIVERY_NOT_OFFERED: 'reservation.error.DELIVERY_NOT_OFFERED',
  KIND_CONFLICT: 'reservation.error.KIND_CONFLICT',
};

const CODES: Readonly<Record<string, MessageId>> = {
  TABLE_TAKEN: 'reservation.error.TABLE_TAKEN',
  DELIVERY_OUT_OF_RANGE: 'reservation.error.DELIVERY_OUT_OF_RANGE',
  RESERVATION_CLOSED: 'reservation.error.RESERVATION_CLOSED',
  CREATOR_CANNOT_LEAVE: 'reservation.error.CREATOR_CANNOT_LEAVE',
  ALREADY_INVITED: 'reservation.error.ALREADY_INVITED',
  ALREADY_MEMBER: 'reservation.error.ALREADY_MEMBER',
  INVITATION_ANSWERED: 'reservation.error.INVITATION_ANSWERED',
  FORBIDDEN: 'reservation.error.FORBIDDEN',
  UNAUTHENTICATED: 'reservation.error.UNAUTHENTICATED',
  NOT_FOUND: 'reservation.error.NOT_FOUND',
  NETWORK_ERROR: 'reservation.error.NETWORK_ERROR',
};

/** The translated message for a failed reservation or invitation request. */
export function reservationErrorMessage(error: unknown): MessageId {
  if (error instanceof ReservationError) {
    if (error.reason && REASONS[error.reason]) return REASONS[error.reason] as MessageId;
    if (CODES[error.code]) return CODES[error.code] as MessageId;
  } else if (
    error instanceof Error &&
    'code' in error &&
    typeof error.code === 'string' &&
    CODES[error.code]
  ) {
    return CODES[error.code] as MessageId;
  }
  return 'reservation.error.generic';
}
