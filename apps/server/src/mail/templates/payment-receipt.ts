import { z } from 'zod';
import { linkParam, textParam } from './params.ts';
import { defineTemplate, type Locale } from './types.ts';

/** How it was paid (the template says it in the recipient's language). */
export const paymentMethodParam = () => z.enum(['webpay', 'mobile_transfer', 'cash']);
type Method = z.infer<ReturnType<typeof paymentMethodParam>>;

const METHOD: Record<Locale, Record<Method, string>> = {
  'es-ES': { webpay: 'Tarjeta (Webpay)', mobile_transfer: 'Pago Móvil', cash: 'Efectivo' },
  'en-US': { webpay: 'Card (Webpay)', mobile_transfer: 'Pago Móvil', cash: 'Cash' },
};

/** A money amount already formatted for the restaurant's currency (e.g. "$12.500"). */
const moneyParam = () => textParam(40);

/**
 * The receipt of a payment the restaurant received (a card payment approved, or a transfer or
 * cash confirmed): what it paid for, the amount, the tip, the total, how, and the points earned.
 */
export const paymentReceipt = defineTemplate({
  params: z.object({
    restaurantName: textParam(),
    /** When it was paid, formatted for the recipient's locale in the restaurant's time zone. */
    dateTime: textParam(),
    method: paymentMethodParam(),
    /** What it paid: each bill line (null name: the delivery), its units and the part paid. */
    lines: z
      .array(
        z.object({
          name: textParam().nullable(),
          quantity: z.number().int().min(1),
          amount: moneyParam(),
          /** Only part of the line (a share of a dish or of the bill). */
          share: z.boolean(),
        }),
      )
      .max(200),
    amount: moneyParam(),
    tip: moneyParam(),
    total: moneyParam(),
    cardLast4: z
      .string()
      .regex(/^\d{4}$/)
      .nullable(),
    /** The bank's reference of a Pago Móvil transfer. */
    bankReference: textParam(40).nullable(),
    pointsEarned: z.number().int().min(0),
    reservationUrl: linkParam(),
  }),

  subject: { 'es-ES': 'Tu pago en Comensal', 'en-US': 'Your payment on Comensal' },

  content: (params, { locale, link }) => {
    const url = link(params.reservationUrl, 'reservationUrl');
    const es = locale === 'es-ES';
    const lineLabel = (line: (typeof params.lines)[number]) => {
      const name = line.name ?? (es ? 'Despacho' : 'Delivery');
      const units = line.quantity > 1 ? `${line.quantity} × ${name}` : name;
      return line.share ? `${units} (${es ? 'una parte' : 'a share'})` : units;
    };
    const how =
      params.method === 'webpay' && params.cardLast4
        ? `${METHOD[locale].webpay} ···· ${params.cardLast4}`
        : params.method === 'mobile_transfer' && params.bankReference
          ? `${METHOD[locale].mobile_transfer}, ${es ? 'referencia' : 'reference'} ${params.bankReference}`
          : METHOD[locale][params.method];
    const points =
      params.pointsEarned > 0
        ? es
          ? `Ganaste ${params.pointsEarned} ${params.pointsEarned === 1 ? 'punto' : 'puntos'} en ${params.restaurantName}.`
          : `You earned ${params.pointsEarned} ${params.pointsEarned === 1 ? 'point' : 'points'} at ${params.restaurantName}.`
        : null;
    const details = [
      ...params.lines.map((line) => ({ label: lineLabel(line), value: line.amount })),
      { label: es ? 'Importe' : 'Amount', value: params.amount },
      { label: es ? 'Propina' : 'Tip', value: params.tip },
      { label: 'Total', value: params.total },
      { label: es ? 'Forma de pago' : 'Paid by', value: how },
      { label: es ? 'Fecha' : 'Date', value: params.dateTime },
    ];
    return es
      ? {
          preheader: `Pagaste ${params.total} en ${params.restaurantName}.`,
          heading: 'Pago recibido',
          paragraphs: [
            `${params.restaurantName} recibió tu pago de ${params.total}. Este es tu comprobante.`,
            ...(points ? [points] : []),
          ],
          details,
          action: { label: 'Ver la cuenta', url },
          footnote: 'Recibes este correo porque pagaste con Comensal. Guárdalo como comprobante.',
        }
      : {
          preheader: `You paid ${params.total} at ${params.restaurantName}.`,
          heading: 'Payment received',
          paragraphs: [
            `${params.restaurantName} received your payment of ${params.total}. This is your receipt.`,
            ...(points ? [points] : []),
          ],
          details,
          action: { label: 'See the bill', url },
          footnote: 'You are receiving this e-mail because you paid with Comensal. Keep it as your receipt.',
        };
  },
});
