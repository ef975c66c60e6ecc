/**
 * Live events of reservations and invitations (topics in @comensal/contracts live.ts):
 * - `reservation:<id>`: members only; every change of the reservation;
 * - `user:me:reservations` → channel `user:<userId>:reservations`: a member's list changed;
 * - `user:me:invitations` → channel `user:<userId>:invitations`: an invitee's list changed;
 * - join requests: `reservation:<id>` and the requester's `user:<userId>:reservations`.
 *
 * Events are published inside the transaction that made the change (`ctx.live.publish(message,
 * tx)`), so every instance gets them right after the commit and none on rollback.
 * Payloads are ids only; clients refetch.
 */
import {
  INVITATION_EVENTS,
  RESERVATION_EVENTS,
  reservationTopic,
  STAFF_EVENTS,
  staffTopic,
  type StaffEventData,
  type InvitationEventData,
  type JoinRequestEvent,
  type JoinRequestEventData,
  type ReservationEvent,
} from '@comensal/contracts';
import type { DbExecutor } from '../../db/client.ts';
import type { RequestContext } from '../../lib/context.ts';
import { staffEventStateOf } from './reservation-repository.ts';

type Live = Pick<RequestContext, 'live'>;

export const userReservationsChannel = (userId: string) => `user:${userId}:reservations`;
export const userInvitationsChannel = (userId: string) => `user:${userId}:invitations`;

/** `event` on the reservation's topic and on the reservations list of each of `userIds`. */
export async function publishReservationEvent(
  ctx: Live,
  tx: DbExecutor,
  event: ReservationEvent,
  reservationId: string,
  userIds: readonly string[],
  /** What staff are told changed, when not the event's own (`status`: staff moved it). */
  staffChange?: StaffEventData['reservationChange'],
): Promise<void> {
  await ctx.live.publish({ channel: reservationTopic(reservationId), event, data: { reservationId } }, tx);
  await publishToUsers(ctx, tx, userReservationsChannel, event, reservationId, userIds);
  await publishToStaff(ctx, tx, event, reservationId, staffChange);
}

const RESERVATION_CHANGES: Partial<Record<ReservationEvent, StaffEventData['reservationChange']>> = {
  [RESERVATION_EVENTS.created]: 'created',
  [RESERVATION_EVENTS.updated]: 'updated',
  [RESERVATION_EVENTS.cancelled]: 'cancelled',
  [RESERVATION_EVENTS.membersChanged]: 'members',
};

/**
 * The same change on the restaurant's staff topic (`restaurant-staff:<restaurantId>`,
 * docs/product.md#staff-console): a call for assistance and the ready flag with their new value,
 * anything else as `staff.reservation_changed`.
 */
async function publishToStaff(
  ctx: Live,
  tx: DbExecutor,
  event: ReservationEvent,
  reservationId: string,
  staffChange: StaffEventData['reservationChange'],
): Promise<void> {
  const state = await staffEventStateOf(tx, reservationId);
  if (!state) return;
  const base = { restaurantId: state.restaurantId, reservationId };
  let staffEvent: { event: string; data: StaffEventData };
  if (event === RESERVATION_EVENTS.assistanceChanged) {
    staffEvent = {
      event: STAFF_EVENTS.assistanceChanged,
      data: { ...base, requestedAssistance: state.requestedAssistance },
    };
  } else if (event === RESERVATION_EVENTS.readyChanged) {
    staffEvent = {
      event: STAFF_EVENTS.readyChanged,
      data: { ...base, ordersReadyNotification: state.ordersReadyNotification },
    };
  } else {
    const change = staffChange ?? RESERVATION_CHANGES[event];
    if (!change) return;
    staffEvent = { event: STAFF_EVENTS.reservationChanged, data: { ...base, reservationChange: change } };
  }
  await ctx.live.publish({ channel: staffTopic(state.restaurantId), ...staffEvent }, tx);
}

/** `event` of the reservation on a list of each of `userIds` (`channelOf` says which). */
async function publishToUsers(
  ctx: Live,
  tx: DbExecutor,
  channelOf: (userId: string) => string,
  event: ReservationEvent,
  reservationId: string,
  userIds: readonly string[],
): Promise<void> {
  for (const userId of new Set(userIds)) {
    await ctx.live.publish({ channel: channelOf(userId), event, data: { reservationId } }, tx);
  }
}

/**
 * An invitation was created or answered: the invitee's invitation list (when the invitee has an
 * account) and the reservation's members (the creator sees who was invited / answered).
 */
export async function publishInvitationEvent(
  ctx: Live,
  tx: DbExecutor,
  event: (typeof INVITATION_EVENTS)[keyof typeof INVITATION_EVENTS],
  data: InvitationEventData,
  inviteeUserId: string | null,
): Promise<void> {
  await ctx.live.publish({ channel: reservationTopic(data.reservationId), event, data }, tx);
  if (inviteeUserId) {
    await ctx.live.publish({ channel: userInvitationsChannel(inviteeUserId), event, data }, tx);
  }
}

/** A reservation change that moves pending invitations between the invitees' lists. */
export async function publishToInvitees(
  ctx: Live,
  tx: DbExecutor,
  event: ReservationEvent,
  reservationId: string,
  inviteeUserIds: readonly string[],
): Promise<void> {
  await publishToUsers(ctx, tx, userInvitationsChannel, event, reservationId, inviteeUserIds);
}

/** A reservation change the diners waiting for an answer to join it must know (it was cancelled). */
export async function publishToRequesters(
  ctx: Live,
  tx: DbExecutor,
  event: ReservationEvent,
  reservationId: string,
  requesterUserIds: readonly string[],
): Promise<void> {
  await publishToUsers(ctx, tx, userReservationsChannel, event, reservationId, requesterUserIds);
}

/**
 * A join request was made, answered or withdrawn: the reservation's members, and the requester's
 * own reservations channel when given (the requester learns the answer there).
 */
export async function publishJoinRequestEvent(
  ctx: Live,
  tx: DbExecutor,
  event: JoinRequestEvent,
  data: JoinRequestEventData,
  requesterUserId: string | null,
): Promise<void> {
  await ctx.live.publish({ channel: reservationTopic(data.reservationId), event, data }, tx);
  if (requesterUserId) {
    await ctx.live.publish({ channel: userReservationsChannel(requesterUserId), event, data }, tx);
  }
}

export { RESERVATION_EVENTS, INVITATION_EVENTS };
