import { z } from 'zod';
import { textParam } from './params.ts';
import { defineTemplate } from './types.ts';

/** Welcome e-mail sent on the first creation of a user's profile (docs/product.md#e-mail). */
export const accountCreated = defineTemplate({
  params: z.object({ displayName: textParam() }),

  subject: { 'es-ES': 'Tu cuenta de Comensal está lista', 'en-US': 'Your Comensal account is ready' },

  content: ({ displayName }, { locale, publicUrl }) =>
    locale === 'es-ES'
      ? {
          preheader: 'Tu cuenta de Comensal está lista.',
          heading: `¡Hola, ${displayName}!`,
          paragraphs: [
            'Tu cuenta de Comensal está lista.',
            'Descubre restaurantes y sus cartas, reserva mesa, invita a tus amigos, pide desde la mesa y divide la cuenta sin complicaciones.',
          ],
          action: { label: 'Abrir Comensal', url: `${publicUrl}/` },
          footnote:
            'Recibes este correo porque se creó una cuenta de Comensal con esta dirección. Si no fuiste tú, puedes ignorarlo.',
        }
      : {
          preheader: 'Your Comensal account is ready.',
          heading: `Hi, ${displayName}!`,
          paragraphs: [
            'Your Comensal account is ready.',
            'Discover restaurants and their menus, book a table, invite your friends, order from the table and split the bill with no fuss.',
          ],
          action: { label: 'Open Comensal', url: `${publicUrl}/` },
          footnote:
            "You are receiving this e-mail because a Comensal account was created with this address. If it wasn't you, you can ignore it.",
        },
});
