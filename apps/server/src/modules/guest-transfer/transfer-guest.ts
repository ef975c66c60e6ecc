/**
 * Guest → user (docs/product.md#guest-to-user): in ONE transaction, everything the
 * guest owns becomes the real user's — reservation memberships and the creator role, orders
 * (placed and paid), pending payments (merged per payer, tips and type), transactions,
 * invitations received and sent, join requests made and answered, favourites, points (balances added), client records, telemetry
 * rows — then the guest is deleted and the user is saved as a client of the restaurant of every
 * reservation the guest had. All or nothing: any failure rolls everything back, leaving the
 * guest exactly as it was.
 */
import type { DbExecutor } from '../../db/client.ts';
import {
  deleteUser,
  listReservationIdsOf,
  lockUsers,
  moveClientRecords,
  moveFavorites,
  moveInvitations,
  moveJoinRequests,
  moveOrders,
  movePendingPayments,
  movePoints,
  moveReservationCreator,
  moveReservationMembers,
  moveTelemetry,
  moveTransactions,
  saveClientRecords,
} from './guest-transfer-repository.ts';

export interface TransferGuestInput {
  guestId: string;
  userId: string;
}

/** Rows moved per kind (merged rows included). */
export interface TransferGuestResult {
  reservationMembers: number;
  reservationsCreated: number;
  orders: number;
  pendingPayments: number;
  transactions: number;
  invitations: number;
  joinRequests: number;
  favorites: number;
  points: number;
  clientRecords: number;
  telemetry: number;
  /** Restaurants the user is now saved as a client of (from the guest's reservations). */
  clientRecordsSaved: number;
}

export class GuestTransferError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GuestTransferError';
  }
}

/**
 * Moves the guest's data onto the user and deletes the guest. Answers null (and changes nothing)
 * when there is nothing to move: the guest is gone already (a concurrent sign-in moved it), is
 * not a guest, or is the user itself. Throws GuestTransferError when the user does not exist.
 */
export async function transferGuest(
  db: DbExecutor,
  { guestId, userId }: TransferGuestInput,
): Promise<TransferGuestResult | null> {
  if (guestId === userId) return null;
  return db.transaction(async (tx) => {
    const locked = await lockUsers(tx, [guestId, userId]);
    const guest = locked.find((user) => user.id === guestId);
    const user = locked.find((candidate) => candidate.id === userId);
    if (!guest || !guest.isGuest) return null;
    if (!user) throw new GuestTransferError(`the user ${userId} does not exist`);

    const reservationIds = await listReservationIdsOf(tx, guestId);
    const result: TransferGuestResult = {
      reservationMembers: await moveReservationMembers(tx, guestId, userId),
      reservationsCreated: await moveReservationCreator(tx, guestId, userId),
      orders: await moveOrders(tx, guestId, userId),
      pendingPayments: await movePendingPayments(tx, guestId, userId),
      transactions: await moveTransactions(tx, guestId, userId),
      invitations: await moveInvitations(tx, guestId, userId),
      joinRequests: await moveJoinRequests(tx, guestId, userId),
      favorites: await moveFavorites(tx, guestId, userId),
      points: await movePoints(tx, guestId, userId),
      clientRecords: await moveClientRecords(tx, guestId, userId),
      telemetry: await moveTelemetry(tx, guestId, userId),
      clientRecordsSaved: 0,
    };
    result.clientRecordsSaved = await saveClientRecords(tx, userId, reservationIds);
    await deleteUser(tx, guestId);
    return result;
  });
}
