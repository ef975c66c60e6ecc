import type { RequestContext } from '../../lib/context.ts';

export type MailLocale = 'es-ES' | 'en-US';

const isMailLocale = (value: string | null | undefined): value is MailLocale =>
  value === 'es-ES' || value === 'en-US';

/** The invitee's language if known, else the inviter's, else en-US (docs/product.md#e-mail). */
export function invitationLocale(
  inviteeLocale: string | null | undefined,
  inviterLocale: string | null,
): MailLocale {
  if (isMailLocale(inviteeLocale)) return inviteeLocale;
  if (isMailLocale(inviterLocale)) return inviterLocale;
  return 'en-US';
}

/** "sábado, 7 de marzo de 2026, 20:00" in the restaurant's zone. */
export function formatInvitationDateTime(start: Date, timeZone: string, locale: MailLocale): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'full',
    timeStyle: 'short',
    hourCycle: 'h23',
    timeZone,
  }).format(start);
}

/** The public invitation page of the web app. */
export const invitationPath = (restaurantId: string, reservationId: string) =>
  `/restaurants/${restaurantId}/reservations/${reservationId}/invitation`;

/**
 * Sends the `reservation_invitation` e-mail through the app's mailer. A failure is logged and does
 * not undo the invitation (it is in the invitee's list anyway).
 */
export async function sendInvitationEmail(
  ctx: Pick<RequestContext, 'mailer' | 'log'>,
  message: {
    to: string;
    locale: MailLocale;
    inviterName: string;
    restaurantName: string;
    restaurantId: string;
    reservationId: string;
    start: Date;
    timeZone: string;
  },
): Promise<boolean> {
  try {
    await ctx.mailer.sendEmail(message.to, null, 'reservation_invitation', {
      locale: message.locale,
      inviterName: message.inviterName,
      restaurantName: message.restaurantName,
      dateTime: formatInvitationDateTime(message.start, message.timeZone, message.locale),
      invitationUrl: invitationPath(message.restaurantId, message.reservationId),
    });
    return true;
  } catch (error) {
    ctx.log.error({ err: error, reservationId: message.reservationId }, 'invitation e-mail failed');
    return false;
  }
}
