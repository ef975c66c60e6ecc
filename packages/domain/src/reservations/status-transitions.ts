/**
 * How the restaurant moves a reservation through the evening (docs/product.md#staff-console):
 * `confirmed` (booked) → `seated` (the party is at the table) → `completed` (they left). A party
 * that was never marked seated may be completed directly. Nothing leaves `completed` or
 * `cancelled`, nothing goes back, and setting the status a reservation already has is not a move.
 * Cancelling is the diner's (the creator's) act, never the staff's.
 */
export const RESERVATION_LIFECYCLE = ['confirmed', 'seated', 'completed', 'cancelled'] as const;
export type ReservationLifecycleStatus = (typeof RESERVATION_LIFECYCLE)[number];

/** The statuses staff may set. */
export const STAFF_SETTABLE_STATUSES = ['seated', 'completed'] as const;
export type StaffSettableStatus = (typeof STAFF_SETTABLE_STATUSES)[number];

const MOVES: Readonly<Record<ReservationLifecycleStatus, readonly StaffSettableStatus[]>> = {
  confirmed: ['seated', 'completed'],
  seated: ['completed'],
  completed: [],
  cancelled: [],
};

/** Whether staff may move a reservation from `from` to `to`. */
export function canStaffMoveStatus(from: string, to: string): boolean {
  if (!Object.hasOwn(MOVES, from)) return false;
  return (MOVES[from as ReservationLifecycleStatus] as readonly string[]).includes(to);
}
