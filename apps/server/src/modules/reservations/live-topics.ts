/**
 * The live topics of reservations (docs/product.md#live-topics): `reservation:<id>` for its
 * members, `user:me:reservations` and `user:me:invitations` for the diner's own lists (each user
 * listens on their own channel, see reservation-events.ts), and the public
 * `restaurant:<id>:availability` for anyone looking at an existing restaurant's booking form.
 */
import { RESERVATION_EVENTS, USER_INVITATIONS_TOPIC, USER_RESERVATIONS_TOPIC } from '@comensal/contracts';
import { isUuid } from '../../lib/ids.ts';
import type { RequestContext } from '../../lib/context.ts';
import type { TopicRegistry } from '../../live/topic-registry.ts';
import {
  AVAILABILITY_TOPIC_PATTERN,
  userInvitationsChannel,
  userReservationsChannel,
} from './reservation-events.ts';
import { reservationRepository } from './reservation-repository.ts';

type Topics = Pick<TopicRegistry, 'registerTopic'>;

/** Registered by routes.ts on `app.live`. */
export function registerReservationTopics(live: Topics, ctx: Pick<RequestContext, 'db'>): void {
  live.registerTopic(
    'reservation:{id}',
    async (diner, { id }) => {
      if (!diner || !id || !isUuid(id)) return false;
      return reservationRepository(ctx.db).isMember(id, diner.userId);
    },
    // whoever left (or was moved off with a guest's data) stops reading it at once
    { recheckOn: [RESERVATION_EVENTS.membersChanged] },
  );
  live.registerTopic(AVAILABILITY_TOPIC_PATTERN, async (_diner, { id }) => {
    if (!id || !isUuid(id)) return false;
    return (await reservationRepository(ctx.db).findRestaurant(id)) !== null;
  });
  live.registerTopic(USER_RESERVATIONS_TOPIC, (diner) => diner !== null, {
    channel: (diner) => userReservationsChannel(diner!.userId),
  });
  live.registerTopic(USER_INVITATIONS_TOPIC, (diner) => diner !== null, {
    channel: (diner) => userInvitationsChannel(diner!.userId),
  });
}
