import { z } from 'zod';
import { linkParam } from './params.ts';
import { defineTemplate } from './types.ts';

/**
 * The link that proves a diner owns their e-mail address (docs/product.md#e-mail-verification):
 * sent after sign-up and on request, valid one hour.
 */
export const emailVerification = defineTemplate({
  params: z.object({ verifyUrl: linkParam() }),

  subject: { 'es-ES': 'Confirma tu correo en Comensal', 'en-US': 'Confirm your e-mail on Comensal' },

  content: ({ verifyUrl }, { locale, link }) => {
    const url = link(verifyUrl, 'verifyUrl');
    return locale === 'es-ES'
      ? {
          preheader: 'Confirma que este correo es tuyo.',
          heading: 'Confirma tu correo',
          paragraphs: [
            'Abre el enlace para confirmar que este correo es tuyo. Así podrás responder a las invitaciones que te envíen a esta dirección.',
            'El enlace vale durante una hora.',
          ],
          action: { label: 'Confirmar mi correo', url },
          footnote:
            'Recibes este correo porque alguien creó una cuenta de Comensal con esta dirección o pidió confirmarla. Si no fuiste tú, ignóralo: nada cambia.',
        }
      : {
          preheader: 'Confirm this e-mail address is yours.',
          heading: 'Confirm your e-mail',
          paragraphs: [
            'Open the link to confirm this e-mail address is yours. Then you can answer the invitations sent to it.',
            'The link works for one hour.',
          ],
          action: { label: 'Confirm my e-mail', url },
          footnote:
            "You are receiving this e-mail because someone created a Comensal account with this address or asked to confirm it. If it wasn't you, ignore it: nothing changes.",
        };
  },
});
