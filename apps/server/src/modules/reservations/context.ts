import type { UseCaseContext } from '../../lib/context.ts';

/** The few log methods the reservation use cases call (a pino/Fastify logger fits). */
export interface ReservationsLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** Structural view of the identity engineer's mail service (`app.mailer`), when registered. */
export interface InvitationMailer {
  sendEmail(
    to: string,
    subject: string | null,
    templateName: 'reservation_invitation',
    params: {
      locale: 'es-ES' | 'en-US';
      inviterName: string;
      restaurantName: string;
      dateTime: string;
      invitationUrl: string;
    },
  ): Promise<{ messageId: string }>;
}

/** What the reservation, invitation and client-record use cases need from the app. */
export interface ReservationsContext extends UseCaseContext {
  log: ReservationsLog;
  /** PUBLIC_URL: the origin of links in e-mails and calendar files. */
  publicUrl: string;
  /** null when no mail plugin is registered. */
  mailer: InvitationMailer | null;
}
