import { z } from 'zod';
import { linkParam, textParam } from './params.ts';
import { defineTemplate } from './types.ts';

/** Someone invited the recipient to join their reservation. */
export const reservationInvitation = defineTemplate({
  params: z.object({
    inviterName: textParam(),
    restaurantName: textParam(),
    /** Already formatted for the recipient's locale, in the restaurant's time zone. */
    dateTime: textParam(),
    invitationUrl: linkParam(),
  }),

  subject: { 'es-ES': 'Tienes una invitación en Comensal', 'en-US': 'You have an invitation on Comensal' },

  content: ({ inviterName, restaurantName, dateTime, invitationUrl }, { locale, link }) => {
    const url = link(invitationUrl, 'invitationUrl');
    return locale === 'es-ES'
      ? {
          preheader: `${inviterName} te invita a ${restaurantName}, ${dateTime}.`,
          heading: 'Tienes una invitación',
          paragraphs: [
            `${inviterName} te ha invitado a su reserva en ${restaurantName}.`,
            'Acepta la invitación para unirte a la mesa: podréis pedir juntos y dividir la cuenta.',
          ],
          details: [
            { label: 'Restaurante', value: restaurantName },
            { label: 'Fecha y hora', value: dateTime },
          ],
          action: { label: 'Ver invitación', url },
          footnote: 'Si no conoces a quien te invita, puedes ignorar este correo.',
        }
      : {
          preheader: `${inviterName} invited you to ${restaurantName}, ${dateTime}.`,
          heading: "You're invited",
          paragraphs: [
            `${inviterName} has invited you to join their reservation at ${restaurantName}.`,
            'Accept the invitation to join the table: you can order together and split the bill.',
          ],
          details: [
            { label: 'Restaurant', value: restaurantName },
            { label: 'Date and time', value: dateTime },
          ],
          action: { label: 'View invitation', url },
          footnote: "If you don't know the person who invited you, you can ignore this e-mail.",
        };
  },
});
