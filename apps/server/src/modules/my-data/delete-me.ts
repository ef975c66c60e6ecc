/**
 * Account deletion (docs/privacy.md#deletion), all or nothing in one transaction:
 *
 * 1. `confirm` must be the account's e-mail (400 CONFIRMATION_MISMATCH otherwise);
 * 2. the only owner of a restaurant cannot leave it ownerless (409 LAST_OWNER, with the
 *    restaurants): they hand it over first;
 * 3. their reservations still to come are cancelled, as if they had cancelled them (their
 *    companions, invitees and the restaurant are told);
 * 4. what the restaurants' books need (reservations made, orders placed and paid, payments and
 *    transactions, staff audit — as actor, and as the member of team changes) moves onto a
 *    placeholder user with a guest's name, so totals and bills are unchanged and nothing names
 *    the person;
 * 5. everything else is deleted with the user row: sessions, accounts, points, favourites,
 *    invitations, join requests, staff memberships, client records.
 *
 * A second deletion waiting on the first finds no account (401); any failure leaves everything as
 * it was. Once it committed, the file of the profile photo is removed from the storage; a failure
 * there is logged (warn, with the key) and leaves that file behind, the deletion stands.
 */
import type { DeleteMeInput, DeleteMeResult } from '@comensal/contracts';
import { makeGuestProfile } from '@comensal/domain';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { SESSION_ENDED_EVENT, sessionChannel } from '../../live/live-event.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { removePhotoFile } from '../me/index.ts';
import { cancelUpcomingOf } from '../reservations/index.ts';
import {
  deletePerson,
  hasBookEntries,
  insertPlaceholder,
  listSessionIds,
  lockAccount,
  moveBooks,
  restaurantsOnlyOwnedBy,
} from './delete-repository.ts';

const normalEmail = (email: string) => email.trim().toLowerCase();

const mismatch = () =>
  new AppError('CONFIRMATION_MISMATCH', 'Type the e-mail address of this account to confirm its deletion');

export async function deleteMe(
  ctx: RequestContext,
  storage: FileStorage,
  diner: Diner,
  input: DeleteMeInput,
): Promise<DeleteMeResult> {
  if (normalEmail(input.confirm) !== normalEmail(diner.email)) throw mismatch();
  const { result, account } = await inTransaction(ctx.db, async (tx) => {
    const account = await lockAccount(tx, diner.userId);
    if (!account) throw new AppError('UNAUTHENTICATED', 'This account no longer exists');
    if (normalEmail(account.email) !== normalEmail(input.confirm)) throw mismatch();
    const alone = await restaurantsOnlyOwnedBy(tx, account.id);
    if (alone.length > 0) {
      throw new AppError(
        'LAST_OWNER',
        'You are the only owner of a restaurant: make someone else its owner before deleting your account',
        { restaurants: alone },
      );
    }
    const cancelledReservations = await cancelUpcomingOf(ctx, tx, account.id);
    let moved = { orders: 0, payments: 0 };
    if (await hasBookEntries(tx, account)) {
      const placeholder = await insertPlaceholder(tx, makeGuestProfile(Math.random).displayName);
      moved = await moveBooks(tx, account, placeholder);
    }
    const sessionIds = await listSessionIds(tx, account.id);
    await deletePerson(tx, account);
    // every instance closes the live sockets of those sessions once this commits
    for (const id of sessionIds) {
      await ctx.live.publish({ channel: sessionChannel(id), event: SESSION_ENDED_EVENT, data: id }, tx);
    }
    ctx.log.info(
      { userId: account.id, cancelledReservations, ...moved },
      'account deleted; its books entries anonymised',
    );
    const result = {
      deleted: true as const,
      cancelledReservations,
      anonymisedOrders: moved.orders,
      anonymisedPayments: moved.payments,
    };
    return { result, account };
  });
  await removePhotoFile(ctx, storage, account.id, account.image, 'account deleted');
  return result;
}
