/**
 * Reservations: a table, a pickup or a delivery; its members, the invitations that bring them
 * and the restaurant's client records they leave (docs/decisions/0014-server-modules.md).
 *
 * The shape every module follows (copy this one for a new module):
 *
 *   index.ts                 the front door: the only file other code imports
 *   routes.ts                HTTP: schema, diner (src/http/request.ts), one use case per route
 *   <verb>-<thing>.ts        use cases: (ctx: RequestContext, diner: Diner, …) → contract type
 *   *-repository.ts          the module's SQL (drizzle and src/db/schema.ts, nothing above)
 *   mappers.ts               rows → contract types
 *   testing.ts, *.test.ts    test support and tests
 *
 * Shared pieces come from src/lib (RequestContext, Diner, AppError, cursors), src/db/transaction.ts
 * (inTransaction, SQLSTATE), src/live (topics) and src/http (request context, diner, cached answers).
 */
export {
  assertCurrent,
  assertMember,
  findReservationOrThrow,
  readableReservation,
  readReservation,
} from './access.ts';
export { listReservationsStartingBetween, listRestaurantTables } from './board-reservations.ts';
export { cancelUpcomingOf } from './cancel-reservation.ts';
export type { ReservationRow } from './reservation-repository.ts';
export { reservationRoutes } from './routes.ts';
export {
  changeReservationAsStaff,
  type StaffChangeHooks,
  type StaffChangeState,
  type StaffReservationChange,
} from './staff-changes.ts';
export type { TableRow } from './reservation-repository.ts';
