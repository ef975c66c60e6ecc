import { z } from 'zod';
import { listOf } from './common.ts';
import { paymentTypeSchema } from './orders.ts';
import { currencySchema } from './restaurants.ts';

/**
 * Split and pay (docs/product.md#splitting-the-bill). Every amount is integer minor units of the
 * restaurant's currency, computed by the server from the orders; nothing the client sends is a
 * price.
 *
 *   GET    /api/reservations/:id/pending-payments        members  → PendingPaymentList (open and in progress)
 *   POST   /api/reservations/:id/pending-payments        members  → 201 PendingPayment (merged → 200)
 *   DELETE /api/reservations/:id/pending-payments/:ppId  its payer → 204 (allocations released)
 *   GET    /api/reservations/:id/transactions            members  → TransactionList
 *   POST   /api/reservations/:id/transactions            its payer → 201 Transaction
 *          multipart (Pago Móvil: pendingPaymentId, bankCode, reference, transferDate, file `receipt`)
 *          or JSON { pendingPaymentId } (cash)
 *   GET    /api/transactions/:id/receipt                 the payer, the restaurant's staff → the file (attachment)
 *   POST   /api/payments/webpay                          its payer → { url, token }
 *   GET|POST /api/payments/webpay/return                 Webpay → 303 to the SPA's payment_successful page
 *   GET    /api/payments/webpay/:token                   its payer → WebpayResult
 *
 * Refusals: 400 VALIDATION_FAILED (malformed; `details.reason` for a split rule) · 401 · 403
 * (not a member; not the payer) · 404 · 409 NOTHING_DUE · 409 ORDER_ALREADY_PAID (an order is paid
 * or held by another payment: one of two simultaneous payers wins) · 409 PAYMENT_TYPE_NOT_OFFERED
 * (the restaurant does not take it; Webpay only in CLP) · 409 PENDING_PAYMENT_CLOSED (paid,
 * cancelled, expired or already being paid) · 409 TRANSFER_DUPLICATE (bank, reference and date
 * already used) · 413 / 415 for a receipt too large or of another kind.
 */

export const TIP_CHOICES = ['0', '10', '15', '20', 'custom'] as const;
export const tipChoiceSchema = z.enum(TIP_CHOICES);
export type TipChoice = z.infer<typeof tipChoiceSchema>;

export const MAX_SPLIT_PARTS = 100;
const partsSchema = z.number().int().min(1).max(MAX_SPLIT_PARTS);
const amountSchema = z.number().int().min(1).max(1_000_000_000);

export const SPLIT_MODES = ['orders', 'equal', 'amount', 'dish'] as const;
export const splitSchema = z.discriminatedUnion('mode', [
  /** The chosen orders, each for what is still unpaid of it (default: the payer's own). */
  z.object({ mode: z.literal('orders'), orderIds: z.array(z.uuid()).min(1).max(200) }).strict(),
  /** An equal share of what is still due: 1 of `parts`; `parts: 1` takes all that is left. */
  z.object({ mode: z.literal('equal'), parts: partsSchema }).strict(),
  /** A custom amount, up to what is still due. */
  z.object({ mode: z.literal('amount'), amountMinor: amountSchema }).strict(),
  /** One share of one order split `parts` ways (the last share takes the leftover). */
  z.object({ mode: z.literal('dish'), orderId: z.uuid(), parts: partsSchema }).strict(),
]);
export type Split = z.infer<typeof splitSchema>;

/**
 * `orderIds` alone is the `orders` split (the shape of the original API); `split` gives any
 * form; exactly one of the two. Tips: a choice is required (nothing is pre-selected); `tipsMinor`
 * only with `custom`, from 0 up to the amount paid.
 */
export const createPendingPaymentInputSchema = z
  .object({
    paymentType: paymentTypeSchema,
    chosenTips: tipChoiceSchema,
    tipsMinor: z.number().int().min(0).max(1_000_000_000).optional(),
    orderIds: z.array(z.uuid()).min(1).max(200).optional(),
    split: splitSchema.optional(),
  })
  .strict()
  .refine((v) => (v.orderIds === undefined) !== (v.split === undefined), 'give orderIds or split')
  .refine((v) => (v.chosenTips === 'custom') === (v.tipsMinor !== undefined), 'tipsMinor goes with custom');
export type CreatePendingPaymentInput = z.infer<typeof createPendingPaymentInputSchema>;

/**
 * open: being prepared, merged with the payer's next addition of the same tips choice and
 * payment type · processing: a payment of it is under way (Webpay) or awaits the restaurant's
 * confirmation (Pago Móvil, cash) · paid · cancelled (by the payer, or the restaurant rejected
 * the transfer) · expired (left open 15 minutes with nothing under way).
 */
export const PENDING_PAYMENT_STATUSES = ['open', 'processing', 'paid', 'cancelled', 'expired'] as const;
export const pendingPaymentStatusSchema = z.enum(PENDING_PAYMENT_STATUSES);

export const pendingPaymentSchema = z.object({
  id: z.uuid(),
  reservationId: z.uuid(),
  payer: z.object({ id: z.uuid(), displayName: z.string() }),
  currency: currencySchema,
  /** What is paid for the orders, without tips. */
  amountMinor: z.number().int(),
  tipsMinor: z.number().int(),
  /** amountMinor + tipsMinor: what is charged. */
  totalMinor: z.number().int(),
  chosenTips: tipChoiceSchema,
  paymentType: paymentTypeSchema,
  orderIds: z.array(z.uuid()),
  /** How much of each order this payment covers. */
  allocations: z.array(z.object({ orderId: z.uuid(), amountMinor: z.number().int() })),
  status: pendingPaymentStatusSchema,
  /** When an open entry with nothing under way is released. */
  expiresAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type PendingPayment = z.infer<typeof pendingPaymentSchema>;
export const pendingPaymentListSchema = listOf(pendingPaymentSchema);

export const pendingPaymentParamsSchema = z
  .object({ id: z.string().min(1).max(100), pendingPaymentId: z.string().min(1).max(100) })
  .strict();

// ---------------------------------------------------------------------------------------------
// Transactions

export const TRANSACTION_STATUSES = ['pending', 'approved', 'rejected', 'aborted', 'timed_out'] as const;
export const transactionStatusSchema = z.enum(TRANSACTION_STATUSES);
export type TransactionStatus = z.infer<typeof transactionStatusSchema>;

/** Pago Móvil receipt: bank code (4 digits), the bank's reference and the transfer's date. */
export const transferReportInputSchema = z
  .object({
    pendingPaymentId: z.uuid(),
    bankCode: z.string().regex(/^\d{4}$/),
    reference: z
      .string()
      .trim()
      .regex(/^[0-9A-Za-z-]{4,30}$/),
    transferDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  })
  .strict();
export type TransferReportInput = z.infer<typeof transferReportInputSchema>;

export const cashPaymentInputSchema = z.object({ pendingPaymentId: z.uuid() }).strict();

export const transactionSchema = z.object({
  id: z.uuid(),
  reservationId: z.uuid(),
  restaurantId: z.uuid(),
  payer: z.object({ id: z.uuid(), displayName: z.string() }),
  paymentType: paymentTypeSchema,
  status: transactionStatusSchema,
  currency: currencySchema,
  amountMinor: z.number().int(),
  tipsMinor: z.number().int(),
  orderIds: z.array(z.uuid()),
  /** Pago Móvil: what the payer declared, and the receipt (`file`: a URL readable by the payer and staff). */
  report: z
    .object({
      file: z.string().nullable(),
      bankCode: z.string().nullable(),
      reference: z.string().nullable(),
      transferDate: z.string().nullable(),
      /** Why the restaurant rejected it. */
      rejectionReason: z.string().nullable(),
    })
    .nullable(),
  /** Webpay: the card's last four digits and the authorization code once approved. */
  card: z.object({ last4: z.string(), authorizationCode: z.string() }).nullable(),
  pointsEarned: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Transaction = z.infer<typeof transactionSchema>;
export const transactionListSchema = listOf(transactionSchema);

// ---------------------------------------------------------------------------------------------
// Webpay Plus

export const startWebpayInputSchema = z.object({ pendingPaymentId: z.uuid() }).strict();
/** The browser posts `token_ws` to `url` (a form, as Webpay asks). */
export const webpayStartSchema = z.object({ url: z.url(), token: z.string() });
export type WebpayStart = z.infer<typeof webpayStartSchema>;

export const WEBPAY_RESULT_STATUSES = ['pending', 'approved', 'rejected', 'aborted', 'timed_out'] as const;
export const webpayResultSchema = z.object({
  status: z.enum(WEBPAY_RESULT_STATUSES),
  transactionId: z.uuid(),
  reservationId: z.uuid(),
  restaurantId: z.uuid(),
  currency: currencySchema,
  amountMinor: z.number().int(),
  tipsMinor: z.number().int(),
  orderIds: z.array(z.uuid()),
  cardLast4: z.string().nullable(),
  authorizationCode: z.string().nullable(),
  pointsEarned: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type WebpayResult = z.infer<typeof webpayResultSchema>;

// ---------------------------------------------------------------------------------------------
// Live events on `reservation:<id>` (ids only; refetch the bill)

export const PAYMENT_EVENTS = {
  pendingChanged: 'payment.pending_changed',
  transactionChanged: 'payment.transaction_changed',
} as const;
export const paymentEventDataSchema = z.object({
  reservationId: z.uuid(),
  pendingPaymentId: z.uuid().nullable(),
  transactionId: z.uuid().nullable(),
});
