import { z } from 'zod';
import { linkParam, textParam } from './params.ts';
import { defineTemplate } from './types.ts';

export const reservationParams = z.object({
  restaurantName: textParam(),
  /** Already formatted for the recipient's locale, in the restaurant's time zone. */
  dateTime: textParam(),
  reservationUrl: linkParam(),
});

/** The recipient's reservation is booked. */
export const reservationConfirmation = defineTemplate({
  params: reservationParams,

  subject: { 'es-ES': 'Tu reserva está confirmada', 'en-US': 'Your reservation is confirmed' },

  content: ({ restaurantName, dateTime, reservationUrl }, { locale, link }) => {
    const url = link(reservationUrl, 'reservationUrl');
    return locale === 'es-ES'
      ? {
          preheader: `${restaurantName}, ${dateTime}.`,
          heading: '¡Tu reserva está confirmada!',
          paragraphs: [
            `Te esperamos en ${restaurantName}.`,
            'Desde tu reserva puedes invitar a otras personas, pedir desde la mesa y pagar la cuenta.',
          ],
          details: [
            { label: 'Restaurante', value: restaurantName },
            { label: 'Fecha y hora', value: dateTime },
          ],
          action: { label: 'Ver reserva', url },
          footnote: 'Recibes este correo porque hiciste una reserva en Comensal.',
        }
      : {
          preheader: `${restaurantName}, ${dateTime}.`,
          heading: 'Your reservation is confirmed!',
          paragraphs: [
            `${restaurantName} is expecting you.`,
            'From your reservation you can invite others, order from the table and pay the bill.',
          ],
          details: [
            { label: 'Restaurant', value: restaurantName },
            { label: 'Date and time', value: dateTime },
          ],
          action: { label: 'View reservation', url },
          footnote: 'You are receiving this e-mail because you made a reservation on Comensal.',
        };
  },
});
