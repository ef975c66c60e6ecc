/**
 * A table at this moment (docs/product.md#table-links): the reservation that holds it now, if any
 * (the domain's `currentAtTable`: not cancelled, now within [start − 15 min, end)), and whether a
 * walk-in can start now — the restaurant open at the current minute, and the durations that end
 * by closing time and by the table's next reservation (`walkInDurations`, the clash rule).
 */
import type { TableLookup, TableRef } from '@comensal/contracts';
import {
  currentAtTable,
  defaultWalkInDuration,
  isSameTable,
  MAX_DURATION,
  MIN_DURATION,
  walkInDurations,
} from '@comensal/domain';
import type { RequestContext } from '../../lib/context.ts';
import {
  reservationRepository,
  type BookingRestaurantRow,
  type TableHoldRow,
} from './reservation-repository.ts';
import { analyzeSlot, nowSlot } from './slot.ts';

export interface TableNow {
  /** The reservation holding the table now, or null when it is free. */
  current: TableHoldRow | null;
  walkIn: TableLookup['walkIn'];
}

const MINUTE_MS = 60_000;

export async function tableNow(
  ctx: Pick<RequestContext, 'db'>,
  restaurant: BookingRestaurantRow,
  table: TableRef,
  now: Date,
): Promise<TableNow> {
  const slot = analyzeSlot(restaurant, nowSlot(restaurant, now, MIN_DURATION), now, { startsNow: true });
  const under = { start: slot.start, end: new Date(slot.start.getTime() + MAX_DURATION * MINUTE_MS) };
  const holds = (
    await reservationRepository(ctx.db).listTableReservationsDuring(restaurant.id, under)
  ).filter((hold) => isSameTable(hold.table, table));
  const current = currentAtTable(holds, now);
  const durations = current ? [] : walkInDurations(slot.durations, { table, start: slot.start }, holds);
  let reason: TableLookup['walkIn']['reason'] = null;
  if (current) reason = 'TAKEN';
  else if (slot.problem === 'OUTSIDE_OPENING_HOURS') reason = 'CLOSED';
  else if (slot.durations.length === 0) reason = 'CLOSING';
  else if (durations.length === 0) reason = 'TAKEN';
  return {
    current,
    walkIn: {
      possible: reason === null,
      reason,
      durations: reason === null ? durations : [],
      defaultDuration: reason === null ? defaultWalkInDuration(durations) : null,
    },
  };
}
