/**
 * The few values and schemas the analytics events share with the rest of the contracts, in a
 * module of their own: the analytics chunk (loaded after the first screen) imports only these,
 * not the whole of me.ts, reservations.ts and restaurants.ts, whose schemas it would otherwise
 * build in one long task (docs/decisions/0036-first-screen.md). Those modules re-export them.
 */
import { z } from 'zod';

export const LOCALES = ['es-ES', 'en-US'] as const;

/** `table` (eat in), `pickup` (take away) or `delivery` (to an address). */
export const RESERVATION_KINDS = ['table', 'pickup', 'delivery'] as const;
export const reservationKindSchema = z.enum(RESERVATION_KINDS);

/** How a diner pays (docs/product.md#payment-types). */
export const PAYMENT_TYPES = ['webpay', 'mobile_transfer', 'cash'] as const;
export const paymentTypeSchema = z.enum(PAYMENT_TYPES);

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
function isCalendarDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A real calendar date 'YYYY-MM-DD' (no 2026-02-30). */
export const calendarDateSchema = z.string().refine(isCalendarDate, 'a calendar date YYYY-MM-DD');
