import type { StaffAuditEntry, StaffMember, StaffTransaction } from '@comensal/contracts';
import { localWeekdayAndTime } from '@comensal/domain';
import type { RestaurantTransaction } from '../payments/index.ts';
import type { AuditRow } from './audit-repository.ts';
import type { MemberRow } from './staff-repository.ts';

export interface ReservationPlace {
  id: string;
  startsAt: Date;
  tableNumber: number | null;
  roomName: { es: string; en: string } | null;
}

export function toStaffTransaction(
  entry: RestaurantTransaction,
  place: ReservationPlace | undefined,
  timeZone: string,
  decidedByName: string | null,
): StaffTransaction {
  const local = place ? localWeekdayAndTime(place.startsAt, timeZone) : null;
  return {
    ...entry.transaction,
    reservation: {
      id: entry.transaction.reservationId,
      date: local?.date ?? '',
      startAt: local?.time ?? '',
      table:
        place && place.tableNumber !== null && place.roomName
          ? { room: place.roomName, number: place.tableNumber }
          : null,
    },
    receipt: entry.receipt,
    decidedBy:
      entry.decidedByUserId && decidedByName !== null
        ? { id: entry.decidedByUserId, displayName: decidedByName }
        : null,
    decidedAt: entry.decidedAt?.toISOString() ?? null,
  };
}

export const toStaffMember = (row: MemberRow): StaffMember => ({
  userId: row.userId,
  email: row.email,
  displayName: row.displayName,
  photoURL: row.photoURL,
  role: row.role,
  createdAt: row.createdAt.toISOString(),
});

export const toAuditEntry = (row: AuditRow): StaffAuditEntry => ({
  id: row.id,
  restaurantId: row.restaurantId,
  actor: { id: row.actorUserId, displayName: row.actorName, email: row.actorEmail },
  action: row.action as StaffAuditEntry['action'],
  target: { type: row.targetType, id: row.targetId },
  before: row.before ?? null,
  after: row.after ?? null,
  createdAt: row.createdAt.toISOString(),
});
