import { reservationParams } from './reservation-confirmation.ts';
import { defineTemplate } from './types.ts';

/** The recipient's reservation was cancelled. */
export const reservationCancelled = defineTemplate({
  params: reservationParams,

  subject: { 'es-ES': 'Tu reserva se ha cancelado', 'en-US': 'Your reservation was cancelled' },

  content: ({ restaurantName, dateTime, reservationUrl }, { locale, link }) => {
    const url = link(reservationUrl, 'reservationUrl');
    return locale === 'es-ES'
      ? {
          preheader: `${restaurantName}, ${dateTime}.`,
          heading: 'Tu reserva fue cancelada',
          paragraphs: [
            `Se canceló tu reserva en ${restaurantName}.`,
            'Si fue un error, puedes hacer una nueva reserva en Comensal.',
          ],
          details: [
            { label: 'Restaurante', value: restaurantName },
            { label: 'Fecha y hora', value: dateTime },
          ],
          action: { label: 'Ver reserva', url },
          footnote: 'Recibes este correo porque tenías una reserva en Comensal.',
        }
      : {
          preheader: `${restaurantName}, ${dateTime}.`,
          heading: 'Your reservation was cancelled',
          paragraphs: [
            `Your reservation at ${restaurantName} has been cancelled.`,
            'If this was a mistake, you can book again on Comensal.',
          ],
          details: [
            { label: 'Restaurant', value: restaurantName },
            { label: 'Date and time', value: dateTime },
          ],
          action: { label: 'View reservation', url },
          footnote: 'You are receiving this e-mail because you had a reservation on Comensal.',
        };
  },
});
