import type {
  Invitation,
  JoinRequest,
  Reservation,
  ReservationRestaurant,
  TableLookup,
} from '@comensal/contracts';
import type { InvitationRow } from './invitation-repository.ts';
import type { JoinRequestRow } from './join-request-repository.ts';
import type { MemberRow, ReservationRow, TableRow } from './reservation-repository.ts';
import { localSlot } from './slot.ts';

export function toReservationRestaurant(row: ReservationRow['restaurant']): ReservationRestaurant {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    address: row.address,
    city: row.city,
    country: row.country,
    currency: row.currency,
    timeZone: row.timeZone,
    coverUrl: row.images[0] ?? null,
  };
}

/** Not cancelled and not over at `now` (docs/product.md#current-and-history). */
export function isCurrentReservation(row: { status: string; endsAt: Date }, now: Date): boolean {
  return row.status !== 'cancelled' && row.endsAt.getTime() > now.getTime();
}

/** When, for how many and in what state: what a reservation, an invitation and its page all show. */
export function toReservationOutline(
  reservation: Pick<ReservationRow, 'startsAt' | 'endsAt' | 'quantity' | 'status' | 'kind'>,
  timeZone: string,
  now: Date,
) {
  return {
    ...localSlot(reservation.startsAt, reservation.endsAt, timeZone),
    time: { start: reservation.startsAt.toISOString(), end: reservation.endsAt.toISOString() },
    quantity: reservation.quantity,
    status: reservation.status,
    kind: reservation.kind,
    isCurrent: isCurrentReservation(reservation, now),
  };
}

export function toReservation(row: ReservationRow, members: MemberRow[], now: Date): Reservation {
  const mine = members.filter((member) => member.reservationId === row.id);
  // the creator first, then in the order they joined
  mine.sort((a, b) => Number(b.userId === row.createdBy) - Number(a.userId === row.createdBy));
  return {
    id: row.id,
    restaurantId: row.restaurantId,
    restaurant: toReservationRestaurant(row.restaurant),
    ...toReservationOutline(row, row.restaurant.timeZone, now),
    comments: row.comments,
    table:
      row.roomId && row.tableId && row.tableNumber !== null && row.tableSeats !== null && row.roomName
        ? {
            roomId: row.roomId,
            room: row.roomName,
            tableId: row.tableId,
            number: row.tableNumber,
            seats: row.tableSeats,
          }
        : null,
    pickup: row.kind === 'pickup',
    delivery:
      row.kind === 'delivery' && row.deliveryAddress?.location
        ? {
            address: {
              line: row.deliveryAddress.line,
              ...(row.deliveryAddress.city ? { city: row.deliveryAddress.city } : {}),
              ...(row.deliveryAddress.notes ? { notes: row.deliveryAddress.notes } : {}),
              location: row.deliveryAddress.location,
            },
            priceMinor: row.deliveryPriceMinor ?? 0,
          }
        : null,
    users: mine.map((member) => ({
      id: member.userId,
      displayName: member.displayName,
      photoURL: member.photoURL,
      isGuest: member.isGuest,
      isCreator: member.userId === row.createdBy,
    })),
    createdBy: row.createdBy,
    requestedAssistance: row.requestedAssistance,
    ordersReadyNotification: row.ordersReadyNotification,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toInvitation(row: InvitationRow, now: Date): Invitation {
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
    reservation: toReservationOutline(row.reservation, row.restaurant.timeZone, now),
  };
}

export function toJoinRequest(row: JoinRequestRow): JoinRequest {
  return {
    id: row.id,
    reservationId: row.reservationId,
    restaurantId: row.restaurantId,
    status: row.status,
    user: { id: row.userId, displayName: row.displayName, photoURL: row.photoURL, isGuest: row.isGuest },
    createdAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
  };
}

export function toTable(row: TableRow): TableLookup['table'] {
  return {
    roomId: row.roomId,
    room: row.roomName,
    tableId: row.tableId,
    number: row.number,
    seats: row.seats,
  };
}
