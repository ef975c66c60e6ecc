import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { reservationErrorMessage } from './reservation-errors';

/** A failure as the client throws it for the server's `{ error: { code, message, details } }`. */
const refused = (code: string, status: number, reason: string | null) =>
  new ApiError(code, status, code, reason === null ? {} : { details: { reason } });

describe('reservationErrorMessage', () => {
  it('names the rule that refused the reservation', () => {
    const error = refused('VALIDATION_FAILED', 400, 'OUTSIDE_OPENING_HOURS');
    expect(reservationErrorMessage(error)).toBe('reservation.error.OUTSIDE_OPENING_HOURS');
  });

  it('maps conflicts by code', () => {
    expect(reservationErrorMessage(refused('TABLE_TAKEN', 409, null))).toBe('reservation.error.TABLE_TAKEN');
    expect(reservationErrorMessage(new ApiError('NETWORK_ERROR', 0))).toBe('reservation.error.NETWORK_ERROR');
    expect(reservationErrorMessage(refused('ALREADY_MEMBER', 409, null))).toBe(
      'reservation.error.ALREADY_MEMBER',
    );
  });

  it('falls back to a generic message for anything else', () => {
    expect(reservationErrorMessage(refused('VALIDATION_FAILED', 400, 'WHATEVER'))).toBe(
      'reservation.error.generic',
    );
    expect(reservationErrorMessage(new Error('boom'))).toBe('reservation.error.generic');
  });
});
