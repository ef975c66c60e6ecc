import { z } from 'zod';
import { hhmmSchema, listOf, localizedSchema } from './common.ts';
import { orderSchema } from './orders.ts';
import { transactionSchema, transactionStatusSchema } from './payments.ts';
import { calendarDateSchema, reservationSchema } from './reservations.ts';
import { currencySchema, productSchema } from './restaurants.ts';

/**
 * The staff console's API (docs/product.md#staff-console). Every route needs a session of a user
 * who is `owner` or `staff` of the restaurant concerned; the restaurant of a transaction, a
 * reservation or a product is the one it belongs to.
 *
 *   GET    /api/staff/restaurants                               any signed-in user → StaffRestaurantList (mine; [] for a diner)
 *   GET    /api/staff/restaurants/:id/board?date=               staff, owner → StaffBoard (date: restaurant-local, default today)
 *   GET    /api/staff/restaurants/:id/transactions?status=      staff, owner → StaffTransactionList (newest first)
 *   POST   /api/staff/transactions/:id/confirm                  staff, owner → StaffTransaction (approved)
 *   POST   /api/staff/transactions/:id/reject   {reason}        staff, owner → StaffTransaction (rejected)
 *   POST   /api/staff/reservations/:id/orders-ready             staff, owner → StaffBoardReservation
 *   DELETE /api/staff/reservations/:id/assistance               staff, owner → StaffBoardReservation
 *   PATCH  /api/staff/reservations/:id          {status}        staff, owner → StaffBoardReservation
 *   GET    /api/staff/restaurants/:id/products                  staff, owner → StaffProductList (hidden ones too)
 *   PATCH  /api/staff/restaurants/:id/products/:productId       staff, owner → StaffProduct
 *   GET    /api/staff/restaurants/:id/tables/qr                 staff, owner → StaffTableQrList
 *   GET    /api/staff/restaurants/:id/staff                     owner        → StaffMemberList
 *   POST   /api/staff/restaurants/:id/staff     {email, role?}  owner        → 201 StaffMember
 *   DELETE /api/staff/restaurants/:id/staff/:userId             owner        → 204
 *   GET    /api/staff/restaurants/:id/audit?cursor=&limit=      staff, owner → StaffAuditList (newest first)
 *   GET    /api/transactions/:id/receipt                        the payer, staff, owner → the file
 *
 * Refusals (`{ error: { code, message, details? } }`):
 * - 400 VALIDATION_FAILED: malformed input or unknown fields; a product value refused by a rule
 *   (`details.reason` one of {@link STAFF_PRODUCT_REFUSALS}); a card payment to confirm
 *   (`details.reason` PAYMENT_TYPE_MISMATCH: Webpay decides those).
 * - 401 UNAUTHENTICATED (no session) · 403 FORBIDDEN: a restaurant route (`/restaurants/:id/…`)
 *   of a restaurant the caller does not work at, or an owner-only route called by staff.
 * - 404 NOT_FOUND: an unknown or malformed id; a transaction, reservation or product of a
 *   restaurant the caller does not work at (they see nothing of it); `details.reason`
 *   USER_NOT_FOUND when adding staff by an e-mail no account has.
 * - 409 CONFLICT with `details.reason` one of {@link STAFF_CONFLICT_REASONS}.
 */

/** `details.reason` of a 409 CONFLICT from a staff route. */
export const STAFF_CONFLICT_REASONS = [
  /** The transaction is no longer pending (confirmed or rejected already, by this call's twin too). */
  'TRANSACTION_DECIDED',
  /** The status cannot go there from where it is (`details.from`, `details.to`). */
  'INVALID_STATUS_TRANSITION',
  /** The reservation is cancelled: nothing changes (orders ready, assistance). */
  'RESERVATION_CANCELLED',
  /** The user already works at the restaurant. */
  'ALREADY_STAFF',
  /** Removing (or demoting) the restaurant's only owner. */
  'LAST_OWNER',
] as const;
export type StaffConflictReason = (typeof STAFF_CONFLICT_REASONS)[number];

/** `details.reason` of a 400 VALIDATION_FAILED for a product edit (with `details.field`). */
export const STAFF_PRODUCT_REFUSALS = [
  /** A discount of type `percent` over 100, or of type `amount` over the price. */
  'DISCOUNT_EXCEEDS_PRICE',
  /** `scheduleStart` without `scheduleEnd` (or the other way round) once the change is applied. */
  'SCHEDULE_INCOMPLETE',
  /** `scheduleStart` equal to `scheduleEnd`. */
  'SCHEDULE_EMPTY',
  /** An uploaded picture narrower than 160 px once cut to 4:3 (`details.field` `picture`). */
  'PICTURE_TOO_SMALL',
] as const;
export type StaffProductRefusal = (typeof STAFF_PRODUCT_REFUSALS)[number];

export const STAFF_ROLES = ['owner', 'staff'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRoleSchema>;

export const staffRestaurantParamsSchema = z.object({ id: z.string().min(1).max(100) }).strict();
export const staffProductParamsSchema = z
  .object({ id: z.string().min(1).max(100), productId: z.string().min(1).max(100) })
  .strict();
export const staffMemberParamsSchema = z
  .object({ id: z.string().min(1).max(100), userId: z.string().min(1).max(100) })
  .strict();

// ---------------------------------------------------------------------------------------------
// GET /api/staff/restaurants

export const staffRestaurantSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  role: staffRoleSchema,
  city: z.string(),
  currency: currencySchema,
  timeZone: z.string(),
  /** Today in the restaurant's zone (YYYY-MM-DD): the board's default date. */
  today: z.string(),
});
export type StaffRestaurant = z.infer<typeof staffRestaurantSchema>;
/** By name; `nextCursor` is always null (a user works at a handful of restaurants). */
export const staffRestaurantListSchema = listOf(staffRestaurantSchema);
export type StaffRestaurantList = z.infer<typeof staffRestaurantListSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/staff/restaurants/:id/board?date=

export const staffBoardQuerySchema = z.object({ date: calendarDateSchema.optional() }).strict();
export type StaffBoardQuery = z.infer<typeof staffBoardQuerySchema>;

const amountsSchema = z.object({
  totalMinor: z.number().int(),
  /** Paid and confirmed. */
  paidMinor: z.number().int(),
  /** Awaiting the restaurant's confirmation (Pago Móvil, cash). */
  pendingMinor: z.number().int(),
  /** Neither paid nor pending: still owed. */
  dueMinor: z.number().int(),
});

/**
 * A reservation of the board: the members' reservation shape (with its status, members,
 * `requestedAssistance`, `ordersReadyNotification`), its orders (oldest first; `isEditable` is
 * always false for staff) and its totals, and how many transactions await the restaurant.
 */
export const staffBoardReservationSchema = reservationSchema.extend({
  orders: z.array(orderSchema),
  totals: amountsSchema,
  /** Pending Pago Móvil / cash transactions of this reservation (to confirm or reject). */
  transactionsToDecide: z.number().int(),
});
export type StaffBoardReservation = z.infer<typeof staffBoardReservationSchema>;

/**
 * The reservations that start on one restaurant-local date, every status (cancelled ones too,
 * for the record), ordered by room (the restaurant's room order), table number, start;
 * reservations without a table (pickup, delivery, no table chosen) come last, by start. `tables` lists every table of the restaurant in the same order, so the board can show
 * free tables too.
 */
export const staffBoardSchema = z.object({
  restaurantId: z.uuid(),
  date: z.string(),
  timeZone: z.string(),
  currency: currencySchema,
  tables: z.array(
    z.object({
      roomId: z.uuid(),
      room: localizedSchema,
      tableId: z.uuid(),
      number: z.number().int(),
      seats: z.number().int(),
    }),
  ),
  reservations: z.array(staffBoardReservationSchema),
});
export type StaffBoard = z.infer<typeof staffBoardSchema>;

// ---------------------------------------------------------------------------------------------
// Transactions

export const staffTransactionsQuerySchema = z
  .object({
    /** Default: every status. `pending` = awaiting the restaurant (and card payments under way). */
    status: transactionStatusSchema.optional(),
    cursor: z.string().max(300).optional(),
    limit: z.coerce.number().int().min(1).max(100).optional(),
  })
  .strict();
export type StaffTransactionsQuery = z.infer<typeof staffTransactionsQuerySchema>;

/**
 * A transaction as staff read it: the payer's transaction shape, plus where it was paid (the
 * reservation's local date and start, and its table) and the receipt to show in place
 * (`receipt.url` is `report.file`, readable by the payer and the restaurant's staff;
 * `mediaType` says whether to draw an image or embed a PDF).
 */
export const staffTransactionSchema = transactionSchema.extend({
  reservation: z.object({
    id: z.uuid(),
    date: z.string(),
    startAt: z.string(),
    table: z.object({ room: localizedSchema, number: z.number().int() }).nullable(),
  }),
  receipt: z.object({ url: z.string(), mediaType: z.enum(['image/jpeg', 'application/pdf']) }).nullable(),
  /** Who confirmed or rejected it (staff), and when; null while pending or for a card payment. */
  decidedBy: z.object({ id: z.uuid(), displayName: z.string() }).nullable(),
  decidedAt: z.iso.datetime().nullable(),
});
export type StaffTransaction = z.infer<typeof staffTransactionSchema>;
export const staffTransactionListSchema = listOf(staffTransactionSchema);
export type StaffTransactionList = z.infer<typeof staffTransactionListSchema>;

export const staffTransactionParamsSchema = z.object({ id: z.string().min(1).max(100) }).strict();

export const MAX_REJECTION_REASON_LENGTH = 300;
/** POST /api/staff/transactions/:id/confirm takes no body (or `{}`). */
export const confirmTransactionInputSchema = z.object({}).strict();
/** Shown to the payer (live and by e-mail): 1–300 characters after trimming. */
export const rejectTransactionInputSchema = z
  .object({ reason: z.string().trim().min(1).max(MAX_REJECTION_REASON_LENGTH) })
  .strict();
export type RejectTransactionInput = z.infer<typeof rejectTransactionInputSchema>;

// ---------------------------------------------------------------------------------------------
// Reservations

export const staffReservationParamsSchema = z.object({ id: z.string().min(1).max(100) }).strict();

/**
 * The statuses staff move a reservation to: `confirmed` → `seated` → `completed` (also
 * `confirmed` → `completed`). Anything else is 409 CONFLICT INVALID_STATUS_TRANSITION; setting
 * the status it already has is the same refusal (nothing changes).
 */
export const STAFF_RESERVATION_STATUSES = ['seated', 'completed'] as const;
export const updateStaffReservationInputSchema = z
  .object({ status: z.enum(STAFF_RESERVATION_STATUSES) })
  .strict();
export type UpdateStaffReservationInput = z.infer<typeof updateStaffReservationInputSchema>;

// ---------------------------------------------------------------------------------------------
// Products

/** A product as staff see it: the menu's shape plus whether it is hidden from diners. */
export const staffProductSchema = productSchema.extend({ hidden: z.boolean(), position: z.number().int() });
export type StaffProduct = z.infer<typeof staffProductSchema>;
/** Every product of the restaurant (hidden too) by section and position; nextCursor null. */
export const staffProductListSchema = listOf(staffProductSchema);
export type StaffProductList = z.infer<typeof staffProductListSchema>;

const moneySchema = z.number().int().min(0).max(1_000_000_000);

/**
 * Any subset, at least one field. `price` in minor units; `discount: null` removes it (a percent
 * 0–100, an amount up to the price); `stock: null` = not counted; `scheduleStart`/`scheduleEnd`
 * both set or both null (HH:mm, restaurant's zone); `scheduleDays` 0 (Sunday)–6, null = every day.
 * Diners' open menus follow at once (`menu.changed` on `restaurant:<id>:menu`).
 */
export const updateStaffProductInputSchema = z
  .object({
    price: moneySchema.optional(),
    discount: z
      .discriminatedUnion('type', [
        z.object({ type: z.literal('amount'), value: moneySchema }).strict(),
        z.object({ type: z.literal('percent'), value: z.number().int().min(0).max(100) }).strict(),
      ])
      .nullable()
      .optional(),
    stock: z.number().int().min(0).max(1_000_000).nullable().optional(),
    preventSaleWithoutStock: z.boolean().optional(),
    hidden: z.boolean().optional(),
    scheduleStart: hhmmSchema.nullable().optional(),
    scheduleEnd: hhmmSchema.nullable().optional(),
    scheduleDays: z.array(z.number().int().min(0).max(6)).max(7).nullable().optional(),
  })
  .strict()
  .refine((value) => Object.keys(value).length > 0, 'nothing to change');
export type UpdateStaffProductInput = z.infer<typeof updateStaffProductInputSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/staff/restaurants/:id/tables/qr

/**
 * One entry per table, by room order and number. `url` is what the QR code encodes: the
 * restaurant's page at the app's public address with `table` (its number) and `room` (the room
 * id), e.g. `https://comensal.example/restaurants/<id>?table=3&room=<roomId>`.
 */
export const staffTableQrSchema = z.object({
  roomId: z.uuid(),
  room: localizedSchema,
  tableId: z.uuid(),
  number: z.number().int(),
  seats: z.number().int(),
  url: z.url(),
});
export type StaffTableQr = z.infer<typeof staffTableQrSchema>;
export const staffTableQrListSchema = z.object({
  restaurantId: z.uuid(),
  restaurantName: z.string(),
  items: z.array(staffTableQrSchema),
});
export type StaffTableQrList = z.infer<typeof staffTableQrListSchema>;

// ---------------------------------------------------------------------------------------------
// Staff members (owners only)

export const staffMemberSchema = z.object({
  userId: z.uuid(),
  email: z.string(),
  displayName: z.string(),
  photoURL: z.string().nullable(),
  role: staffRoleSchema,
  createdAt: z.iso.datetime(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
/** Owners first, then by display name; nextCursor null. */
export const staffMemberListSchema = listOf(staffMemberSchema);
export type StaffMemberList = z.infer<typeof staffMemberListSchema>;

/** The user must have an account (not a guest); `role` defaults to `staff`. */
export const addStaffMemberInputSchema = z
  .object({ email: z.email().max(254), role: staffRoleSchema.optional() })
  .strict();
export type AddStaffMemberInput = z.infer<typeof addStaffMemberInputSchema>;

// ---------------------------------------------------------------------------------------------
// Audit

export const STAFF_AUDIT_ACTIONS = [
  'transaction.confirmed',
  'transaction.rejected',
  'reservation.status_changed',
  'reservation.orders_ready',
  'reservation.assistance_cleared',
  'product.updated',
  'staff.added',
  'staff.removed',
] as const;
export const staffAuditActionSchema = z.enum(STAFF_AUDIT_ACTIONS);
export type StaffAuditAction = z.infer<typeof staffAuditActionSchema>;

export const STAFF_AUDIT_TARGETS = ['transaction', 'reservation', 'product', 'staff'] as const;

/** One staff action: who, what, on what, the state before and after (the fields it changed), when. */
export const staffAuditEntrySchema = z.object({
  id: z.uuid(),
  restaurantId: z.uuid(),
  actor: z.object({ id: z.uuid(), displayName: z.string(), email: z.string() }),
  action: staffAuditActionSchema,
  target: z.object({ type: z.enum(STAFF_AUDIT_TARGETS), id: z.string() }),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.iso.datetime(),
});
export type StaffAuditEntry = z.infer<typeof staffAuditEntrySchema>;
/** Newest first; pass `nextCursor` back as `cursor` for the next page. */
export const staffAuditListSchema = listOf(staffAuditEntrySchema);
export type StaffAuditList = z.infer<typeof staffAuditListSchema>;

export const staffAuditQuerySchema = z
  .object({
    cursor: z.string().max(300).optional(),
    limit: z.coerce.number().int().min(1).max(100).optional(),
  })
  .strict();
export type StaffAuditQuery = z.infer<typeof staffAuditQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Live: topic `restaurant-staff:<restaurantId>` (staff and owners of that restaurant only; anyone
// else gets `{ op: "error", code: "FORBIDDEN" }`). Events carry ids: refetch the board or the
// transactions. After a reconnect or `resync`, refetch both.

export const staffTopic = (restaurantId: string) => `restaurant-staff:${restaurantId}`;

export const STAFF_EVENTS = {
  /** A reservation was made, moved, joined, left, cancelled, or staff changed its status. */
  reservationChanged: 'staff.reservation_changed',
  /** A table called for assistance (`requestedAssistance: true`) or the call was answered. */
  assistanceChanged: 'staff.assistance_changed',
  /** Staff marked the orders ready, or a diner cleared the banner. */
  readyChanged: 'staff.ready_changed',
  /** A table sent (`change: created`), changed or deleted orders. */
  ordersChanged: 'staff.orders_changed',
  /** A payment moved: a transaction pending (to decide), approved, rejected…; `status` says which. */
  paymentChanged: 'staff.payment_changed',
  /** A product was edited (price, stock, hidden…): refetch the products list. */
  productChanged: 'staff.product_changed',
  /**
   * Someone was added to or removed from the restaurant's staff (`userId`). A removed member's
   * subscription ends at once (`{ op: "error", code: "FORBIDDEN" }`).
   */
  membersChanged: 'staff.members_changed',
} as const;
export type StaffEvent = (typeof STAFF_EVENTS)[keyof typeof STAFF_EVENTS];

/** `data` of every staff event; the fields that do not apply are absent. */
export const staffEventDataSchema = z.object({
  restaurantId: z.uuid(),
  reservationId: z.uuid().optional(),
  /** reservationChanged: what happened. */
  reservationChange: z.enum(['created', 'updated', 'cancelled', 'members', 'status']).optional(),
  requestedAssistance: z.boolean().optional(),
  ordersReadyNotification: z.boolean().optional(),
  orderIds: z.array(z.uuid()).optional(),
  orderChange: z.enum(['created', 'updated', 'deleted']).optional(),
  transactionId: z.uuid().nullable().optional(),
  pendingPaymentId: z.uuid().nullable().optional(),
  transactionStatus: transactionStatusSchema.optional(),
  productId: z.uuid().optional(),
  /** membersChanged: who was added or removed. */
  userId: z.uuid().optional(),
});
export type StaffEventData = z.infer<typeof staffEventDataSchema>;
