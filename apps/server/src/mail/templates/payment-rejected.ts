import { z } from 'zod';
import { linkParam, textParam } from './params.ts';
import { paymentMethodParam } from './payment-receipt.ts';
import { defineTemplate } from './types.ts';

/** The restaurant did not receive a transfer or cash payment it had to confirm: why, and what is due again. */
export const paymentRejected = defineTemplate({
  params: z.object({
    restaurantName: textParam(),
    method: paymentMethodParam(),
    total: textParam(40),
    /** The restaurant's words. */
    reason: textParam(300),
    reservationUrl: linkParam(),
  }),

  subject: { 'es-ES': 'No se pudo confirmar tu pago', 'en-US': 'Your payment could not be confirmed' },

  content: ({ restaurantName, method, total, reason, reservationUrl }, { locale, link }) => {
    const url = link(reservationUrl, 'reservationUrl');
    const how =
      method === 'mobile_transfer'
        ? 'Pago Móvil'
        : method === 'cash'
          ? locale === 'es-ES'
            ? 'efectivo'
            : 'cash'
          : 'Webpay';
    return locale === 'es-ES'
      ? {
          preheader: `${restaurantName} no pudo confirmar tu pago de ${total}.`,
          heading: 'Pago no confirmado',
          paragraphs: [
            `${restaurantName} no pudo confirmar tu pago de ${total} (${how}). Lo que cubría vuelve a estar pendiente en la cuenta.`,
          ],
          details: [{ label: 'Motivo', value: reason }],
          action: { label: 'Ver la cuenta', url },
          footnote: 'Si crees que es un error, habla con el restaurante.',
        }
      : {
          preheader: `${restaurantName} could not confirm your payment of ${total}.`,
          heading: 'Payment not confirmed',
          paragraphs: [
            `${restaurantName} could not confirm your payment of ${total} (${how}). What it covered is due again on the bill.`,
          ],
          details: [{ label: 'Reason', value: reason }],
          action: { label: 'See the bill', url },
          footnote: 'If you think this is a mistake, talk to the restaurant.',
        };
  },
});
