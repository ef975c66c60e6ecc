import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { staffErrorMessage } from './staff-errors';

const refusal = (code: string, status: number, reason?: string) =>
  new ApiError(code, status, 'refused', reason ? { details: { reason } } : {});

describe('staffErrorMessage', () => {
  it.each([
    [refusal('CONFLICT', 409, 'TRANSACTION_DECIDED'), 'staff.error.TRANSACTION_DECIDED'],
    [refusal('CONFLICT', 409, 'LAST_OWNER'), 'staff.error.LAST_OWNER'],
    [refusal('CONFLICT', 409, 'ALREADY_STAFF'), 'staff.error.ALREADY_STAFF'],
    [refusal('CONFLICT', 409, 'INVALID_STATUS_TRANSITION'), 'staff.error.INVALID_STATUS_TRANSITION'],
    [refusal('VALIDATION_FAILED', 400, 'DISCOUNT_EXCEEDS_PRICE'), 'staff.error.DISCOUNT_EXCEEDS_PRICE'],
    [refusal('NOT_FOUND', 404, 'USER_NOT_FOUND'), 'staff.error.USER_NOT_FOUND'],
    [refusal('CONFLICT', 409, 'SOMETHING_NEW'), 'staff.error.CONFLICT'],
    [refusal('FORBIDDEN', 403), 'staff.error.FORBIDDEN'],
    [refusal('NETWORK_ERROR', 0), 'staff.error.NETWORK_ERROR'],
    [refusal('NOT_A_CODE', 418), 'staff.error.generic'],
    [new Error('boom'), 'staff.error.generic'],
  ])('%s → %s', (error, expected) => {
    expect(staffErrorMessage(error)).toBe(expected);
  });
});
