/**
 * Payments: split and pay the table's bill (docs/product.md#payments) — pending payments and
 * their allocations against the bill lines, Webpay Plus, Pago Móvil with its receipt, cash, the
 * restaurant's confirmation, points earned and the receipt e-mail. The module's front door: other
 * code imports only what is exported here.
 */
export { paymentRoutes, type PaymentRoutesOptions } from './routes.ts';
export {
  confirmTransaction,
  rejectTransaction,
  type DecisionOptions,
  type TransactionDecision,
} from './decide-transaction.ts';
export {
  listRestaurantTransactions,
  readRestaurantTransaction,
  type RestaurantTransaction,
} from './restaurant-transactions.ts';
export { releaseExpiredHolds, releaseExpiredHoldsNow } from './stale-payments.ts';
export { paymentOptionsOf } from './payment-options.ts';
export { isStaffOf } from './staff.ts';
