/**
 * Orders: the table's shared order — every member's dishes and the delivery line, the bill
 * lines payments will be recorded against (docs/product.md#orders). The module's front door:
 * other code imports only what is exported here.
 */
export { orderRoutes } from './routes.ts';
export { ordersForStaff, type StaffOrders } from './staff-orders.ts';
