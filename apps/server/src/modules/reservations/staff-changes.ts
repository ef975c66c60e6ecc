/**
 * What the restaurant's staff change on a reservation (docs/product.md#staff-console): its status
 * (`confirmed` → `seated` → `completed`, the domain's `canStaffMoveStatus`), the "orders ready"
 * flag (set), the call for assistance (cleared). Who may is the staff module's check
 * (`authorize`); the record of the action (`record`, the audit) is written in the same
 * transaction as the change, and the diners (`reservation:<id>`, their lists) and the staff
 * (`restaurant-staff:<restaurantId>`) are told after the commit.
 */
import type { Reservation } from '@comensal/contracts';
import { canStaffMoveStatus, type StaffSettableStatus } from '@comensal/domain';
import type { DbExecutor } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RequestContext } from '../../lib/context.ts';
import { findReservationOrThrow, memberIds, readReservation } from './access.ts';
import { publishReservationEvent, RESERVATION_EVENTS } from './reservation-events.ts';
import { reservationRepository, type ReservationChanges } from './reservation-repository.ts';

export type StaffReservationChange =
  { kind: 'status'; status: StaffSettableStatus } | { kind: 'ordersReady' } | { kind: 'clearAssistance' };

/** A reservation's fields a staff change touches, before and after (the audit's record). */
export type StaffChangeState = Partial<
  Pick<Reservation, 'status' | 'ordersReadyNotification' | 'requestedAssistance'>
>;

export interface StaffChangeHooks {
  /** Refuses the caller (throws) for the reservation's restaurant; runs before anything is locked. */
  authorize(restaurantId: string): Promise<void>;
  /** Writes the record of a change that happened, inside its transaction. */
  record(
    tx: DbExecutor,
    change: { restaurantId: string; before: StaffChangeState; after: StaffChangeState },
  ): Promise<void>;
}

export interface StaffChangeResult {
  reservation: Reservation;
  /** False: it was already so (the flag set or cleared); nothing was written or announced. */
  changed: boolean;
}

function planChange(
  row: { status: string; requestedAssistance: boolean; ordersReadyNotification: boolean },
  change: StaffReservationChange,
): ReservationChanges | null {
  switch (change.kind) {
    case 'status':
      if (!canStaffMoveStatus(row.status, change.status)) {
        throw new AppError('CONFLICT', `A ${row.status} reservation cannot become ${change.status}`, {
          reason: 'INVALID_STATUS_TRANSITION',
          from: row.status,
          to: change.status,
        });
      }
      return { status: change.status };
    case 'ordersReady':
      if (row.status === 'cancelled') {
        throw new AppError('CONFLICT', 'This reservation is cancelled', { reason: 'RESERVATION_CANCELLED' });
      }
      return row.ordersReadyNotification ? null : { ordersReadyNotification: true };
    case 'clearAssistance':
      return row.requestedAssistance ? { requestedAssistance: false } : null;
  }
}

const EVENTS = {
  status: RESERVATION_EVENTS.updated,
  ordersReady: RESERVATION_EVENTS.readyChanged,
  clearAssistance: RESERVATION_EVENTS.assistanceChanged,
} as const;

export async function changeReservationAsStaff(
  ctx: RequestContext,
  reservationId: string,
  change: StaffReservationChange,
  hooks: StaffChangeHooks,
): Promise<StaffChangeResult> {
  const found = await findReservationOrThrow(ctx, reservationId);
  await hooks.authorize(found.restaurantId);
  const changed = await inTransaction(ctx.db, async (tx) => {
    const row = await findReservationOrThrow(ctx, reservationId, { tx, lock: true });
    const changes = planChange(row, change);
    if (!changes) return false;
    await reservationRepository(ctx.db).update(row.id, changes, tx);
    const before = Object.fromEntries(
      Object.keys(changes).map((key) => [key, row[key as keyof typeof changes]]),
    ) as StaffChangeState;
    await publishReservationEvent(
      ctx,
      tx,
      EVENTS[change.kind],
      row.id,
      await memberIds(ctx, row.id, tx),
      change.kind === 'status' ? 'status' : undefined,
    );
    await hooks.record(tx, { restaurantId: row.restaurantId, before, after: changes as StaffChangeState });
    return true;
  });
  return { reservation: await readReservation(ctx, reservationId), changed };
}
