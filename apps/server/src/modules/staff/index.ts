/**
 * Staff: the restaurant's side of every diner flow (docs/product.md#staff-console) — the board of
 * the day, assistance calls, orders ready, payments to confirm, dishes edited live, table QR
 * links, the staff of a restaurant and the audit of what they did. The module's front door:
 * other code imports only what is exported here.
 */
export { staffRoutes } from './routes.ts';
