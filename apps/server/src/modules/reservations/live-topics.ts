/**
 * The live topics of reservations (DESIGN §4): `reservation:<id>` for its members,
 * `user:me:reservations` and `user:me:invitations` for the caller's own lists (each user listens
 * on their own channel, see reservation-events.ts).
 */
import { USER_INVITATIONS_TOPIC, USER_RESERVATIONS_TOPIC } from '@comensal/contracts';
import type { UseCaseContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import { userInvitationsChannel, userReservationsChannel } from './reservation-events.ts';
import { reservationRepository } from './reservation-repository.ts';

interface TopicSession {
  userId: string;
}

/** The part of the live plugin (`app.live`) this module uses. */
export interface LiveTopics {
  registerTopic(
    pattern: string,
    authorize: (
      session: TopicSession | null,
      params: Readonly<Record<string, string>>,
    ) => boolean | Promise<boolean>,
    options?: {
      channel?: (session: TopicSession | null, params: Readonly<Record<string, string>>) => string;
    },
  ): void;
}

export function registerReservationTopics(live: LiveTopics, ctx: UseCaseContext): void {
  live.registerTopic('reservation:{id}', async (session, { id }) => {
    if (!session || !id || !isUuid(id)) return false;
    return reservationRepository(ctx.db).isMember(id, session.userId);
  });
  live.registerTopic(USER_RESERVATIONS_TOPIC, (session) => session !== null, {
    channel: (session) => userReservationsChannel(session!.userId),
  });
}

export function registerInvitationTopics(live: LiveTopics): void {
  live.registerTopic(USER_INVITATIONS_TOPIC, (session) => session !== null, {
    channel: (session) => userInvitationsChannel(session!.userId),
  });
}
