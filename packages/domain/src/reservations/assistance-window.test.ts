import { describe, expect, it } from 'vitest';
import { expectDomainError } from '../testing/expect-domain-error.ts';
import {
  ASSISTANCE_LEAD_MINUTES,
  assistanceOpensAt,
  assistanceState,
  type AssistanceReservation,
  type AssistanceState,
} from './assistance-window.ts';

const at = (time: string): Date => new Date(`2026-03-02T${time}:00Z`);
const booking = (start: string, end: string, status: string | null = 'confirmed'): AssistanceReservation => ({
  status,
  time: { start: at(start), end: at(end) },
});

describe('assistanceState: a waiter is called from start − 15 min until the end', () => {
  it('leads by 15 minutes', () => expect(ASSISTANCE_LEAD_MINUTES).toBe(15));

  it.each<[string, AssistanceReservation, string, AssistanceState]>([
    ['the day before', booking('13:00', '14:00'), '00:00', 'not_yet'],
    ['an hour ahead', booking('13:00', '14:00'), '12:00', 'not_yet'],
    ['16 minutes ahead', booking('13:00', '14:00'), '12:44', 'not_yet'],
    ['exactly 15 minutes ahead', booking('13:00', '14:00'), '12:45', 'open'],
    ['10 minutes ahead', booking('13:00', '14:00'), '12:50', 'open'],
    ['at its start', booking('13:00', '14:00'), '13:00', 'open'],
    ['under way', booking('13:00', '14:00'), '13:30', 'open'],
    ['the last minute', booking('13:00', '14:00'), '13:59', 'open'],
    ['at its end', booking('13:00', '14:00'), '14:00', 'over'],
    ['after its end', booking('13:00', '14:00'), '18:00', 'over'],
    ['cancelled, under way', booking('13:00', '14:00', 'cancelled'), '13:30', 'cancelled'],
    ['cancelled, ahead', booking('13:00', '14:00', 'cancelled'), '12:00', 'cancelled'],
    ['seated', booking('13:00', '14:00', 'seated'), '13:30', 'open'],
    ['no status (active)', booking('13:00', '14:00', null), '13:30', 'open'],
  ])('%s → %s', (_label, reservation, now, expected) => {
    expect(assistanceState(reservation, at(now))).toBe(expected);
    expect(assistanceState(reservation, at(now).getTime())).toBe(expected);
  });

  it('opens 15 minutes before the start', () => {
    expect(assistanceOpensAt(booking('13:00', '14:00'))).toBe(at('12:45').getTime());
  });

  it('refuses an invalid instant', () => {
    expectDomainError(() => assistanceState(booking('13:00', '14:00'), Number.NaN), 'INVALID_TIME_RANGE');
    expectDomainError(
      () => assistanceState({ time: { start: new Date('x'), end: at('14:00') } }, at('13:00')),
      'INVALID_TIME_RANGE',
    );
  });
});
