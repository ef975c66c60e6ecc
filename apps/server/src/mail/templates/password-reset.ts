import { z } from 'zod';
import { linkParam } from './params.ts';
import { defineTemplate } from './types.ts';

/** The link to choose a new password (docs/product.md#password-reset), valid one hour. */
export const passwordReset = defineTemplate({
  params: z.object({ resetUrl: linkParam() }),

  subject: { 'es-ES': 'Cambia tu contraseña de Comensal', 'en-US': 'Reset your Comensal password' },

  content: ({ resetUrl }, { locale, link }) => {
    const url = link(resetUrl, 'resetUrl');
    return locale === 'es-ES'
      ? {
          preheader: 'Elige una contraseña nueva.',
          heading: 'Cambia tu contraseña',
          paragraphs: [
            'Alguien pidió cambiar la contraseña de la cuenta de Comensal con este correo. Abre el enlace para elegir una nueva.',
            'El enlace vale durante una hora y sirve una sola vez. Al cambiarla se cierran tus sesiones abiertas.',
          ],
          action: { label: 'Elegir contraseña nueva', url },
          footnote: 'Si no lo pediste tú, ignora este correo: tu contraseña no cambia.',
        }
      : {
          preheader: 'Choose a new password.',
          heading: 'Reset your password',
          paragraphs: [
            'Someone asked to reset the password of the Comensal account with this e-mail. Open the link to choose a new one.',
            'The link works once, for one hour. Resetting it signs out your open sessions.',
          ],
          action: { label: 'Choose a new password', url },
          footnote: "If you didn't ask for this, ignore this e-mail: your password stays the same.",
        };
  },
});
