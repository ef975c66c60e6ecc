/**
 * Live events of reservations and invitations (topics in @comensal/contracts live.ts):
 * - `reservation:<id>`: members only; every change of the reservation;
 * - `user:me:reservations` → channel `user:<userId>:reservations`: a member's list changed;
 * - `user:me:invitations` → channel `user:<userId>:invitations`: an invitee's list changed.
 *
 * Events are NOTIFYs issued inside the transaction that made the change (publishLiveEvent), so
 * PostgreSQL delivers them to every instance right after the commit and drops them on rollback.
 * Payloads are ids only; clients refetch.
 */
import {
  INVITATION_EVENTS,
  RESERVATION_EVENTS,
  reservationTopic,
  type InvitationEventData,
  type ReservationEvent,
} from '@comensal/contracts';
import type { DbExecutor } from '../../db/client.ts';
import { publishLiveEvent } from '../live/live-repository.ts';

export const userReservationsChannel = (userId: string) => `user:${userId}:reservations`;
export const userInvitationsChannel = (userId: string) => `user:${userId}:invitations`;

/** `event` on the reservation's topic and on the reservations list of each of `userIds`. */
export async function publishReservationEvent(
  tx: DbExecutor,
  event: ReservationEvent,
  reservationId: string,
  userIds: readonly string[],
): Promise<void> {
  const data = { reservationId };
  await publishLiveEvent(tx, { channel: reservationTopic(reservationId), event, data });
  for (const userId of new Set(userIds)) {
    await publishLiveEvent(tx, { channel: userReservationsChannel(userId), event, data });
  }
}

/**
 * An invitation was created or answered: the invitee's invitation list (when the invitee has an
 * account) and the reservation's members (the creator sees who was invited / answered).
 */
export async function publishInvitationEvent(
  tx: DbExecutor,
  event: (typeof INVITATION_EVENTS)[keyof typeof INVITATION_EVENTS],
  data: InvitationEventData,
  inviteeUserId: string | null,
): Promise<void> {
  await publishLiveEvent(tx, { channel: reservationTopic(data.reservationId), event, data });
  if (inviteeUserId) {
    await publishLiveEvent(tx, { channel: userInvitationsChannel(inviteeUserId), event, data });
  }
}

/** A reservation change that moves pending invitations between the invitees' lists. */
export async function publishToInvitees(
  tx: DbExecutor,
  event: ReservationEvent,
  reservationId: string,
  inviteeUserIds: readonly string[],
): Promise<void> {
  for (const userId of new Set(inviteeUserIds)) {
    await publishLiveEvent(tx, { channel: userInvitationsChannel(userId), event, data: { reservationId } });
  }
}

export { RESERVATION_EVENTS, INVITATION_EVENTS };
