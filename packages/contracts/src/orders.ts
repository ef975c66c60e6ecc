import { z } from 'zod';
import { listOf, localizedSchema } from './common.ts';
import { currencySchema, mobileTransferDetailsSchema, paymentTypeSchema } from './restaurants.ts';

/**
 * The table's shared order (docs/product.md#orders). Every amount is integer minor units of
 * the restaurant's currency, computed by the server with the domain's `priceProduct`.
 *
 *   GET    /api/reservations/:id/orders                members        → OrderList (oldest first)
 *   POST   /api/reservations/:id/orders                members        → 201 Order
 *   POST   /api/reservations/:id/orders/batch          members        → 201 OrderBatch (all or nothing)
 *   PATCH  /api/reservations/:id/orders/:orderId       the author     → Order (priced again)
 *   DELETE /api/reservations/:id/orders/:orderId       the author     → 204 (stock and points back)
 *   GET    /api/reservations/:id/total                 members        → OrderTotal
 *
 * Refusals: 400 VALIDATION_FAILED (malformed; a preference rule: `details.reason`, e.g.
 * `INVALID_PREFERENCE`, `REQUIRED_PREFERENCE_MISSING` with `details.preferenceKeys`) · 401
 * UNAUTHENTICATED · 403 FORBIDDEN (not a member; not the author; the delivery line) · 404
 * NOT_FOUND (reservation, order, or a product not of this restaurant) · 409 RESERVATION_CLOSED
 * (cancelled or over) · 409 PRODUCT_UNAVAILABLE (hidden or out of its schedule or weekdays) · 409
 * OUT_OF_STOCK (sold out, or fewer left than asked, when sales without stock are prevented;
 * `details.available`) · 409 NOT_ENOUGH_POINTS (`details.balance`, `details.needed`) · 409
 * POINTS_NOT_ACCEPTED (the product has no points price) · 409 ORDER_PAID (paid, awaiting
 * confirmation or being paid). A refusal about one item names it: `details.index` (its position
 * in the batch; 0 for a single order) and `details.productId`.
 */

export const MAX_ORDER_QUANTITY = 99;
export const MAX_ORDER_COMMENTS_LENGTH = 300;
export const MAX_BATCH_ITEMS = 50;
export const MAX_SELECTIONS = 50;

export const orderSelectionSchema = z
  .object({
    preferenceKey: z.string().min(1).max(100),
    optionKey: z.string().min(1).max(100),
    quantity: z.number().int().min(1).max(MAX_ORDER_QUANTITY),
  })
  .strict();
export type OrderSelection = z.infer<typeof orderSelectionSchema>;

/** Trimmed, at most 300 characters; line breaks and tabs allowed, no other control character. */
const orderCommentsSchema = z
  .string()
  .trim()
  .max(MAX_ORDER_COMMENTS_LENGTH)
  .regex(/^(?:[^\p{Cc}]|[\t\n\r])*$/u, { error: 'must not contain control characters' });
const orderQuantitySchema = z.number().int().min(1).max(MAX_ORDER_QUANTITY);

export const createOrderInputSchema = z
  .object({
    productId: z.uuid(),
    quantity: orderQuantitySchema,
    comments: orderCommentsSchema.optional(),
    selections: z.array(orderSelectionSchema).max(MAX_SELECTIONS).optional(),
    /**
     * Pay this line with the diner's points at the restaurant (`pointsPrice × quantity`, options
     * included; the line then costs 0). Only for a product with a points price above 0.
     */
    payWithPoints: z.boolean().optional(),
  })
  .strict();
export type CreateOrderInput = z.infer<typeof createOrderInputSchema>;

export const orderBatchInputSchema = z
  .object({ items: z.array(createOrderInputSchema).min(1).max(MAX_BATCH_ITEMS) })
  .strict();
export type OrderBatchInput = z.infer<typeof orderBatchInputSchema>;

/** Any subset, at least one field; `comments: null` clears them. */
export const updateOrderInputSchema = z
  .object({
    quantity: orderQuantitySchema.optional(),
    comments: orderCommentsSchema.nullable().optional(),
    selections: z.array(orderSelectionSchema).max(MAX_SELECTIONS).optional(),
  })
  .strict()
  .refine((value) => Object.keys(value).length > 0, 'nothing to change');
export type UpdateOrderInput = z.infer<typeof updateOrderInputSchema>;

export const orderParamsSchema = z
  .object({ id: z.string().min(1).max(100), orderId: z.string().min(1).max(100) })
  .strict();

export const ORDER_KINDS = ['item', 'delivery'] as const;
export const orderKindSchema = z.enum(ORDER_KINDS);
export type OrderKind = z.infer<typeof orderKindSchema>;

export const ORDER_PAYMENT_STATUSES = ['due', 'partly_paid', 'pending', 'paid'] as const;
export const orderPaymentStatusSchema = z.enum(ORDER_PAYMENT_STATUSES);
export type OrderPaymentStatus = z.infer<typeof orderPaymentStatusSchema>;

export const orderUserSchema = z.object({
  id: z.uuid(),
  displayName: z.string(),
  photoURL: z.string().nullable(),
});

export const orderSchema = z.object({
  id: z.uuid(),
  reservationId: z.uuid(),
  /** `delivery`: the delivery price of a delivery reservation, a line of its own. */
  kind: orderKindSchema,
  productId: z.uuid().nullable(),
  product: z.object({ name: localizedSchema, imageUrl: z.string().nullable() }).nullable(),
  quantity: z.number().int(),
  comments: z.string().nullable(),
  /** What was chosen, with the names of the preference and the option as they were ordered. */
  selections: z.array(
    orderSelectionSchema.extend({
      preferenceName: localizedSchema,
      optionName: localizedSchema,
      priceMinor: z.number().int(),
    }),
  ),
  currency: currencySchema,
  /** One unit before the discount (base + options). */
  unitPriceMinor: z.number().int(),
  discountMinor: z.number().int(),
  /** What the line costs: unit × quantity − discount; 0 when paid with points. */
  priceMinor: z.number().int(),
  pointsSpent: z.number().int(),
  userId: z.uuid(),
  user: orderUserSchema,
  /** Who paid it, when one payment covered it (`payer`, docs/product.md#orders). */
  payer: z
    .object({ userId: z.uuid(), paymentType: paymentTypeSchema, pendingToConfirmed: z.boolean() })
    .nullable(),
  payment: z.object({
    status: orderPaymentStatusSchema,
    paidMinor: z.number().int(),
    /** Awaiting the restaurant's confirmation (Pago Móvil, cash). */
    pendingMinor: z.number().int(),
    /** price − paid − pending: still owed (what a payment in progress holds included). */
    dueMinor: z.number().int(),
    /**
     * Part of the due that a payment being prepared or under way holds (a diner chose it, a card
     * payment is open): nobody else can choose it until that payment ends. due − held is free.
     */
    heldMinor: z.number().int(),
  }),
  /**
   * The caller may change or delete it now: they wrote it, it is a dish (never the delivery line)
   * and nothing of it is paid, awaiting confirmation or held by a payment in progress.
   */
  isEditable: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderListSchema = listOf(orderSchema);
export type OrderList = z.infer<typeof orderListSchema>;

export const orderBatchSchema = z.object({ items: z.array(orderSchema) });
export type OrderBatch = z.infer<typeof orderBatchSchema>;

const amountsShape = {
  totalMinor: z.number().int(),
  paidMinor: z.number().int(),
  pendingMinor: z.number().int(),
  dueMinor: z.number().int(),
  /** Held by payments being prepared or under way (part of the due). */
  heldMinor: z.number().int(),
};

/** How the table can pay, for the bill screen (members only). */
export const paymentOptionsSchema = z.object({
  /** As the restaurant's `paymentMethods`: webpay (CLP only), mobile_transfer, cash. */
  methods: z.array(paymentTypeSchema),
  /** The Pago Móvil payee, for the copy buttons; null when the restaurant does not take it. */
  mobileTransfer: mobileTransferDetailsSchema.nullable(),
  /** Shown as a suggestion only: no tip is pre-selected. */
  suggestedTipPercent: z.number().int().nullable(),
});
export type PaymentOptions = z.infer<typeof paymentOptionsSchema>;

export const orderTotalSchema = z.object({
  reservationId: z.uuid(),
  currency: currencySchema,
  ...amountsShape,
  /** Items only, and the delivery line (0 when not a delivery). */
  ordersMinor: z.number().int(),
  deliveryMinor: z.number().int(),
  paymentOptions: paymentOptionsSchema,
  byDiner: z.array(
    z.object({
      userId: z.uuid(),
      displayName: z.string(),
      photoURL: z.string().nullable(),
      itemCount: z.number().int(),
      ...amountsShape,
    }),
  ),
});
export type OrderTotal = z.infer<typeof orderTotalSchema>;

// ---------------------------------------------------------------------------------------------
// Live events on `reservation:<id>` (ids only; refetch the orders and the total)

export const ORDER_EVENTS = {
  created: 'order.created',
  updated: 'order.updated',
  deleted: 'order.deleted',
} as const;
export type OrderEvent = (typeof ORDER_EVENTS)[keyof typeof ORDER_EVENTS];
export const orderEventDataSchema = z.object({ reservationId: z.uuid(), orderIds: z.array(z.uuid()) });
export type OrderEventData = z.infer<typeof orderEventDataSchema>;
