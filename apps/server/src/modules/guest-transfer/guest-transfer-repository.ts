/**
 * The statements of the guest → user transfer (transfer-guest.ts runs them in one transaction).
 * Every function takes the caller's transaction and moves one kind of row from `from` (the guest)
 * to `to` (the real user), merging where both already have a row for the same thing.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

export interface LockedUser {
  id: string;
  isGuest: boolean;
}

/** Locks both users (in id order, so two transfers never deadlock) and answers what exists. */
export async function lockUsers(tx: Tx, ids: readonly [string, string]): Promise<LockedUser[]> {
  const result = await tx.execute<{ id: string; is_anonymous: boolean }>(sql`
    SELECT id, is_anonymous FROM users
    WHERE id IN (${ids[0]}::uuid, ${ids[1]}::uuid)
    ORDER BY id
    FOR UPDATE`);
  return result.rows.map((row) => ({ id: row.id, isGuest: row.is_anonymous }));
}

/** Reservations the user is a member or the creator of. */
export async function listReservationIdsOf(tx: Tx, userId: string): Promise<string[]> {
  const result = await tx.execute<{ id: string }>(sql`
    SELECT reservation_id AS id FROM reservation_members WHERE user_id = ${userId}::uuid
    UNION
    SELECT id FROM reservations WHERE created_by = ${userId}::uuid`);
  return result.rows.map((row) => row.id);
}

/** Membership rows (the reservation's `users`); a reservation both are in keeps one row. */
export async function moveReservationMembers(tx: Tx, from: string, to: string): Promise<number> {
  await tx.execute(sql`
    INSERT INTO reservation_members (reservation_id, user_id, joined_at)
    SELECT reservation_id, ${to}::uuid, joined_at FROM reservation_members WHERE user_id = ${from}::uuid
    ON CONFLICT (reservation_id, user_id) DO NOTHING`);
  const removed = await tx.execute(sql`DELETE FROM reservation_members WHERE user_id = ${from}::uuid`);
  return removed.rowCount ?? 0;
}

/** `createdBy`: the real user takes over the creator role (docs/product.md#roles). */
export async function moveReservationCreator(tx: Tx, from: string, to: string): Promise<number> {
  const result = await tx.execute(
    sql`UPDATE reservations SET created_by = ${to}::uuid, updated_at = now() WHERE created_by = ${from}::uuid`,
  );
  return result.rowCount ?? 0;
}

/** Orders placed (`userId`, whose `user` is read from users) and orders paid (`payer`). */
export async function moveOrders(tx: Tx, from: string, to: string): Promise<number> {
  const placed = await tx.execute(
    sql`UPDATE orders SET user_id = ${to}::uuid, updated_at = now() WHERE user_id = ${from}::uuid`,
  );
  const paid = await tx.execute(
    sql`UPDATE orders SET paid_by = ${to}::uuid, updated_at = now() WHERE paid_by = ${from}::uuid`,
  );
  return (placed.rowCount ?? 0) + (paid.rowCount ?? 0);
}

/**
 * Pending payments: an open entry of the guest with the same reservation, tips choice and payment
 * type as an open entry of the user is merged into it (amounts and tips summed, orders joined, the
 * later expiry kept: docs/product.md#guest-to-user) — with what it holds of each order (its
 * allocations, added to the user's entry's) and its earlier transactions (a declined card
 * payment…); the others change payer.
 */
export async function movePendingPayments(tx: Tx, from: string, to: string): Promise<number> {
  const pairs = await tx.execute<{ source: string; target: string }>(sql`
    SELECT source.id AS source, target.id AS target
    FROM pending_payments AS source
    JOIN pending_payments AS target
      ON target.payer_user_id = ${to}::uuid AND target.status = 'open'
      AND target.reservation_id = source.reservation_id
      AND target.chosen_tips = source.chosen_tips
      AND target.payment_type = source.payment_type
    WHERE source.payer_user_id = ${from}::uuid AND source.status = 'open'
    ORDER BY target.id
    FOR UPDATE OF source, target`);
  for (const { source, target } of pairs.rows) {
    await tx.execute(sql`
      UPDATE pending_payments AS target
      SET amount_minor = target.amount_minor + source.amount_minor,
          tips_minor = target.tips_minor + source.tips_minor,
          order_ids = target.order_ids
            || ARRAY(SELECT o FROM unnest(source.order_ids) AS o WHERE o <> ALL (target.order_ids)),
          expires_at = greatest(target.expires_at, source.expires_at),
          updated_at = now()
      FROM pending_payments AS source
      WHERE target.id = ${target}::uuid AND source.id = ${source}::uuid`);
    await tx.execute(sql`
      INSERT INTO payment_allocations (pending_payment_id, order_id, amount_minor, status)
      SELECT ${target}::uuid, order_id, amount_minor, status FROM payment_allocations
      WHERE pending_payment_id = ${source}::uuid
      ON CONFLICT (pending_payment_id, order_id)
      DO UPDATE SET amount_minor = payment_allocations.amount_minor + excluded.amount_minor, updated_at = now()`);
    await tx.execute(sql`DELETE FROM payment_allocations WHERE pending_payment_id = ${source}::uuid`);
    await tx.execute(
      sql`UPDATE transactions SET pending_payment_id = ${target}::uuid, updated_at = now() WHERE pending_payment_id = ${source}::uuid`,
    );
    await tx.execute(sql`DELETE FROM pending_payments WHERE id = ${source}::uuid`);
  }
  const moved = await tx.execute(
    sql`UPDATE pending_payments SET payer_user_id = ${to}::uuid, updated_at = now() WHERE payer_user_id = ${from}::uuid`,
  );
  return pairs.rows.length + (moved.rowCount ?? 0);
}

export async function moveTransactions(tx: Tx, from: string, to: string): Promise<number> {
  const result = await tx.execute(
    sql`UPDATE transactions SET payer_user_id = ${to}::uuid, updated_at = now() WHERE payer_user_id = ${from}::uuid`,
  );
  return result.rowCount ?? 0;
}

/** Invitations received (`userId`) and sent (`invitedBy`). */
export async function moveInvitations(tx: Tx, from: string, to: string): Promise<number> {
  const received = await tx.execute(
    sql`UPDATE invitations SET user_id = ${to}::uuid WHERE user_id = ${from}::uuid`,
  );
  const sent = await tx.execute(
    sql`UPDATE invitations SET invited_by = ${to}::uuid WHERE invited_by = ${from}::uuid`,
  );
  return (received.rowCount ?? 0) + (sent.rowCount ?? 0);
}

/**
 * Join requests made (`userId`) and answered (`answeredBy`). A pending request of the guest to a
 * reservation the user has a pending request to, or is a member of, is withdrawn (cancelled) first:
 * one pending request per diner and reservation.
 */
export async function moveJoinRequests(tx: Tx, from: string, to: string): Promise<number> {
  await tx.execute(sql`
    UPDATE join_requests AS source SET status = 'cancelled', answered_at = now()
    WHERE source.user_id = ${from}::uuid AND source.status = 'pending'
      AND (
        EXISTS (SELECT 1 FROM join_requests AS own
                WHERE own.user_id = ${to}::uuid AND own.status = 'pending'
                  AND own.reservation_id = source.reservation_id)
        OR EXISTS (SELECT 1 FROM reservation_members AS m
                   WHERE m.user_id = ${to}::uuid AND m.reservation_id = source.reservation_id)
      )`);
  const made = await tx.execute(
    sql`UPDATE join_requests SET user_id = ${to}::uuid WHERE user_id = ${from}::uuid`,
  );
  const answered = await tx.execute(
    sql`UPDATE join_requests SET answered_by = ${to}::uuid WHERE answered_by = ${from}::uuid`,
  );
  return (made.rowCount ?? 0) + (answered.rowCount ?? 0);
}

/** Favourite restaurants and products; one the user already has stays as it is. */
export async function moveFavorites(tx: Tx, from: string, to: string): Promise<number> {
  const restaurants = await tx.execute(sql`
    INSERT INTO favorite_restaurants (user_id, restaurant_id, created_at)
    SELECT ${to}::uuid, restaurant_id, created_at FROM favorite_restaurants WHERE user_id = ${from}::uuid
    ON CONFLICT (user_id, restaurant_id) DO NOTHING`);
  const products = await tx.execute(sql`
    INSERT INTO favorite_products (user_id, product_id, created_at)
    SELECT ${to}::uuid, product_id, created_at FROM favorite_products WHERE user_id = ${from}::uuid
    ON CONFLICT (user_id, product_id) DO NOTHING`);
  await tx.execute(sql`DELETE FROM favorite_restaurants WHERE user_id = ${from}::uuid`);
  await tx.execute(sql`DELETE FROM favorite_products WHERE user_id = ${from}::uuid`);
  return (restaurants.rowCount ?? 0) + (products.rowCount ?? 0);
}

/** Points per restaurant: the guest's balance is added to the user's. */
export async function movePoints(tx: Tx, from: string, to: string): Promise<number> {
  const result = await tx.execute(sql`
    INSERT INTO user_points (user_id, restaurant_id, balance, updated_at)
    SELECT ${to}::uuid, restaurant_id, balance, now() FROM user_points WHERE user_id = ${from}::uuid
    ON CONFLICT (user_id, restaurant_id)
      DO UPDATE SET balance = user_points.balance + excluded.balance, updated_at = now()`);
  await tx.execute(sql`DELETE FROM user_points WHERE user_id = ${from}::uuid`);
  return result.rowCount ?? 0;
}

/** Client records the guest already had (and their reservation entries) become the user's. */
export async function moveClientRecords(tx: Tx, from: string, to: string): Promise<number> {
  const records = await tx.execute(sql`
    INSERT INTO client_records (restaurant_id, user_id, created_at, updated_at)
    SELECT restaurant_id, ${to}::uuid, created_at, now() FROM client_records WHERE user_id = ${from}::uuid
    ON CONFLICT (restaurant_id, user_id) DO UPDATE SET updated_at = now()`);
  await tx.execute(sql`
    INSERT INTO client_record_reservations (restaurant_id, user_id, reservation_id, date, table_number, delivery, pickup)
    SELECT restaurant_id, ${to}::uuid, reservation_id, date, table_number, delivery, pickup
    FROM client_record_reservations WHERE user_id = ${from}::uuid
    ON CONFLICT (restaurant_id, user_id, reservation_id) DO NOTHING`);
  await tx.execute(sql`DELETE FROM client_records WHERE user_id = ${from}::uuid`);
  return records.rowCount ?? 0;
}

/** Error records keep pointing at a person (analytics events never point at anyone). */
export async function moveTelemetry(tx: Tx, from: string, to: string): Promise<number> {
  const errors = await tx.execute(
    sql`UPDATE error_records SET user_id = ${to}::uuid WHERE user_id = ${from}::uuid`,
  );
  return errors.rowCount ?? 0;
}

/**
 * The user as a client of the restaurant of each reservation (docs/product.md#client-record: the
 * user plus one entry per reservation with date, reservationId, tableNumber, delivery, pickup).
 */
export async function saveClientRecords(
  tx: Tx,
  userId: string,
  reservationIds: readonly string[],
): Promise<number> {
  if (reservationIds.length === 0) return 0;
  const ids = sql.join(
    reservationIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const records = await tx.execute(sql`
    INSERT INTO client_records (restaurant_id, user_id)
    SELECT DISTINCT restaurant_id, ${userId}::uuid FROM reservations WHERE id IN (${ids})
    ON CONFLICT (restaurant_id, user_id) DO UPDATE SET updated_at = now()`);
  await tx.execute(sql`
    INSERT INTO client_record_reservations (restaurant_id, user_id, reservation_id, date, table_number, delivery, pickup)
    SELECT r.restaurant_id, ${userId}::uuid, r.id, r.starts_at, t.number, r.kind = 'delivery', r.kind = 'pickup'
    FROM reservations AS r LEFT JOIN dining_tables AS t ON t.id = r.table_id
    WHERE r.id IN (${ids})
    ON CONFLICT (restaurant_id, user_id, reservation_id) DO NOTHING`);
  return records.rowCount ?? 0;
}

/** Deletes the user; its sessions and accounts go with it (ON DELETE CASCADE). */
export async function deleteUser(tx: Tx, id: string): Promise<void> {
  await tx.execute(sql`DELETE FROM users WHERE id = ${id}::uuid`);
}
