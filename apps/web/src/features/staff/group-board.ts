import type { Localized } from '@comensal/contracts';

/** What grouping needs of a board reservation. */
export interface GroupableReservation {
  startAt: string;
  table: { roomId: string; room: Localized; number: number } | null;
}

export interface BoardRoom<R> {
  /** null: pickups and deliveries (no table). */
  roomId: string | null;
  room: Localized | null;
  reservations: R[];
}

/**
 * The board by room (in the order rooms first appear, the tableless last), each room's
 * reservations by table number, then by time.
 */
export function groupBoard<R extends GroupableReservation>(reservations: ReadonlyArray<R>): BoardRoom<R>[] {
  const rooms = new Map<string | null, BoardRoom<R>>();
  for (const reservation of reservations) {
    const roomId = reservation.table?.roomId ?? null;
    let room = rooms.get(roomId);
    if (!room) {
      room = { roomId, room: reservation.table?.room ?? null, reservations: [] };
      rooms.set(roomId, room);
    }
    room.reservations.push(reservation);
  }
  const ordered = [...rooms.values()].sort((a, b) => Number(a.roomId === null) - Number(b.roomId === null));
  for (const room of ordered) {
    room.reservations.sort(
      (a, b) => (a.table?.number ?? 0) - (b.table?.number ?? 0) || a.startAt.localeCompare(b.startAt),
    );
  }
  return ordered;
}
