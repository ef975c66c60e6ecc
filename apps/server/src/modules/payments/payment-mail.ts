/**
 * The e-mails of a payment (docs/product.md#e-mail), sent after its database transaction
 * committed, in the payer's language (es-ES or en-US): the receipt when a card payment is
 * approved or the restaurant confirms a transfer or cash, and the rejection with the
 * restaurant's reason. Only to users with an address of their own — never to a guest. A mail that
 * fails is logged; the payment stands.
 */
import { formatMoney } from '@comensal/domain';
import type { RequestContext } from '../../lib/context.ts';
import { reportOf } from './mappers.ts';
import { paymentRepository, type PaymentRestaurantRow } from './payments-repository.ts';
import { transactionRepository, type TransactionRow } from './transactions-repository.ts';

type MailLocale = 'es-ES' | 'en-US';
type MailContext = Pick<RequestContext, 'db' | 'mailer' | 'log'>;

const mailLocale = (locale: string | null): MailLocale => (locale === 'es-ES' ? 'es-ES' : 'en-US');

/** The bill of the reservation in the web app (route restaurant.reservation.confirmation). */
const reservationPath = (transaction: TransactionRow) =>
  `/restaurants/${transaction.restaurantId}/reservations/${transaction.reservationId}/confirmation`;

/** "sábado, 7 de marzo de 2026, 20:00" in the restaurant's zone. */
const formatWhen = (at: Date, timeZone: string, locale: MailLocale) =>
  new Intl.DateTimeFormat(locale, {
    dateStyle: 'full',
    timeStyle: 'short',
    hourCycle: 'h23',
    timeZone,
  }).format(at);

interface Recipient {
  to: string;
  locale: MailLocale;
  transaction: TransactionRow;
  restaurant: PaymentRestaurantRow;
}

/** Who gets the e-mail of a transaction, or null (a guest, or a row that is gone). */
async function recipientOf(ctx: MailContext, transactionId: string): Promise<Recipient | null> {
  const repository = paymentRepository(ctx.db);
  const transaction = await transactionRepository(ctx.db).find(transactionId);
  if (!transaction) return null;
  const payer = await repository.findPayer(transaction.payerUserId);
  const restaurant = await repository.findRestaurant(transaction.restaurantId);
  if (!payer || payer.isGuest || !restaurant) return null;
  return { to: payer.email, locale: mailLocale(payer.locale), transaction, restaurant };
}

async function send(ctx: MailContext, transactionId: string, work: () => Promise<unknown>): Promise<boolean> {
  try {
    await work();
    return true;
  } catch (error) {
    ctx.log.error({ err: error, transactionId }, 'payment e-mail failed');
    return false;
  }
}

/** The receipt of a paid transaction: its lines, amount, tip, total, method, card or reference, points. */
export async function sendPaymentReceipt(ctx: MailContext, transactionId: string): Promise<boolean> {
  const recipient = await recipientOf(ctx, transactionId);
  if (!recipient) return false;
  const { transaction, restaurant, locale } = recipient;
  const money = (amount: number) => formatMoney(amount, restaurant.country);
  const lines = transaction.pendingPaymentId
    ? await paymentRepository(ctx.db).listAllocationLines(transaction.pendingPaymentId)
    : [];
  const card = reportOf(transaction).webpay;
  return send(ctx, transactionId, () =>
    ctx.mailer.sendEmail(recipient.to, null, 'payment_receipt', {
      locale,
      restaurantName: restaurant.name,
      dateTime: formatWhen(transaction.updatedAt, restaurant.timeZone, locale),
      method: transaction.paymentType,
      lines: lines.map((line) => ({
        name: line.kind === 'delivery' ? null : (line.productName?.[locale === 'es-ES' ? 'es' : 'en'] ?? '—'),
        quantity: line.quantity,
        amount: money(line.amountMinor),
        share: line.amountMinor < line.totalPriceMinor,
      })),
      amount: money(transaction.amountMinor),
      tip: money(transaction.tipsMinor),
      total: money(transaction.amountMinor + transaction.tipsMinor),
      cardLast4: transaction.paymentType === 'webpay' ? (card?.cardLast4 ?? null) : null,
      bankReference: transaction.paymentType === 'mobile_transfer' ? transaction.reference : null,
      pointsEarned: transaction.pointsEarned,
      reservationUrl: reservationPath(transaction),
    }),
  );
}

/** The restaurant rejected a transfer or cash payment: its reason, and that the bill is due again. */
export async function sendPaymentRejected(ctx: MailContext, transactionId: string): Promise<boolean> {
  const recipient = await recipientOf(ctx, transactionId);
  if (!recipient) return false;
  const { transaction, restaurant, locale } = recipient;
  return send(ctx, transactionId, () =>
    ctx.mailer.sendEmail(recipient.to, null, 'payment_rejected', {
      locale,
      restaurantName: restaurant.name,
      method: transaction.paymentType,
      total: formatMoney(transaction.amountMinor + transaction.tipsMinor, restaurant.country),
      reason: reportOf(transaction).rejectionReason ?? '—',
      reservationUrl: reservationPath(transaction),
    }),
  );
}
