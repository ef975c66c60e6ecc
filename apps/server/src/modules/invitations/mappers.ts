import type { Invitation } from '@comensal/contracts';
import { isCurrentReservation, toReservationRestaurant } from '../reservations/mappers.ts';
import { localSlot } from '../reservations/slot.ts';
import type { InvitationRow } from './invitation-repository.ts';

export function toInvitation(row: InvitationRow, now: Date): Invitation {
  const { reservation } = row;
  return {
    id: row.id,
    restaurantId: row.restaurantId,
    reservationId: row.reservationId,
    accepted: row.accepted,
    createdAt: row.createdAt.toISOString(),
    respondedAt: row.respondedAt?.toISOString() ?? null,
    email: row.inviteeEmail,
    invitedBy: row.inviterName === null ? null : { displayName: row.inviterName, photoURL: row.inviterPhoto },
    restaurant: toReservationRestaurant(row.restaurant),
    reservation: {
      ...localSlot(reservation.startsAt, reservation.endsAt, row.restaurant.timeZone),
      time: { start: reservation.startsAt.toISOString(), end: reservation.endsAt.toISOString() },
      quantity: reservation.quantity,
      status: reservation.status,
      kind: reservation.kind,
      isCurrent: isCurrentReservation(reservation, now),
    },
  };
}
