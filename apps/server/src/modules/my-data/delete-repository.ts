/**
 * The statements of an account's deletion (delete-me.ts runs them in one transaction). What the
 * restaurants' books need — reservations made, orders placed and paid, payments and transactions,
 * the staff audit — moves onto a placeholder user made for this deletion alone (a guest-like row
 * with a guest's name, a made-up address and no way to sign in); everything else of the person
 * is deleted.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

export type LockedAccount = {
  id: string;
  email: string;
  /** The profile photo's URL (its file is removed once the deletion commits). */
  image: string | null;
};

/** Locks the user's row (a second deletion, or a sign-in that moves a guest, waits); null when gone. */
export async function lockAccount(tx: Tx, userId: string): Promise<LockedAccount | null> {
  const result = await tx.execute<LockedAccount>(
    sql`SELECT id, email, image FROM users WHERE id = ${userId}::uuid FOR UPDATE`,
  );
  return result.rows[0] ?? null;
}

/**
 * The restaurants the user is the only owner of. Locks the owners' rows of every restaurant the
 * user owns, so two owners of one restaurant deleting at once cannot both leave it ownerless.
 */
export async function restaurantsOnlyOwnedBy(
  tx: Tx,
  userId: string,
): Promise<{ id: string; name: string }[]> {
  const owners = await tx.execute<{ restaurant_id: string; user_id: string }>(sql`
    SELECT restaurant_id, user_id FROM restaurant_staff
    WHERE role = 'owner' AND restaurant_id IN (
      SELECT restaurant_id FROM restaurant_staff WHERE user_id = ${userId}::uuid AND role = 'owner')
    ORDER BY restaurant_id, user_id
    FOR UPDATE`);
  const others = new Set(owners.rows.filter((row) => row.user_id !== userId).map((row) => row.restaurant_id));
  const alone = [...new Set(owners.rows.map((row) => row.restaurant_id))].filter((id) => !others.has(id));
  if (alone.length === 0) return [];
  const ids = sql.join(
    alone.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const names = await tx.execute<{ id: string; name: string }>(
    sql`SELECT id, name FROM restaurants WHERE id IN (${ids}) ORDER BY name, id`,
  );
  return names.rows;
}

/**
 * Whether anything of the books refers to the user (then a placeholder takes their place): the
 * reservations, orders, payments and staff audit, including the audit's records of team changes
 * that name the user (as target, or by e-mail in `before`/`after`).
 */
export async function hasBookEntries(tx: Tx, account: LockedAccount): Promise<boolean> {
  const userId = account.id;
  const result = await tx.execute<{ found: boolean }>(sql`
    SELECT EXISTS (SELECT 1 FROM reservations WHERE created_by = ${userId}::uuid)
        OR EXISTS (SELECT 1 FROM orders WHERE user_id = ${userId}::uuid OR paid_by = ${userId}::uuid)
        OR EXISTS (SELECT 1 FROM pending_payments WHERE payer_user_id = ${userId}::uuid)
        OR EXISTS (SELECT 1 FROM transactions WHERE payer_user_id = ${userId}::uuid)
        OR EXISTS (SELECT 1 FROM staff_audit WHERE actor_user_id = ${userId}::uuid)
        OR EXISTS (SELECT 1 FROM staff_audit WHERE target_type = 'staff'
                     AND (target_id = ${userId} OR lower(before ->> 'email') = lower(${account.email})
                          OR lower(after ->> 'email') = lower(${account.email}))) AS found`);
  return result.rows[0]?.found === true;
}

export type Placeholder = {
  id: string;
  name: string;
  email: string;
};

/** A guest-like user with no session and no account: nobody can ever sign in as it. */
export async function insertPlaceholder(tx: Tx, name: string): Promise<Placeholder> {
  const result = await tx.execute<Placeholder>(sql`
    INSERT INTO users (name, email, email_verified, is_anonymous)
    VALUES (${name}, 'deleted-' || gen_random_uuid() || '@deleted.invalid', false, true)
    RETURNING id, name, email`);
  const row = result.rows[0];
  if (!row) throw new Error('the placeholder user was not inserted');
  return row;
}

/** The ids of the user's sessions (their live sockets are closed when the deletion commits). */
export async function listSessionIds(tx: Tx, userId: string): Promise<string[]> {
  const result = await tx.execute<{ id: string }>(
    sql`SELECT id FROM sessions WHERE user_id = ${userId}::uuid`,
  );
  return result.rows.map((row) => row.id);
}

export interface Moved {
  orders: number;
  payments: number;
}

/**
 * Moves the books' rows from the user to the placeholder: memberships of reservations the user
 * made or ordered in (the others are left), reservations made, orders placed and paid, pending
 * payments, transactions, and the staff audit's actor (its name and e-mail too) and the member
 * its records of team changes name.
 */
export async function moveBooks(tx: Tx, account: LockedAccount, to: Placeholder): Promise<Moved> {
  const from = account.id;
  await tx.execute(sql`
    UPDATE reservation_members AS m SET user_id = ${to.id}::uuid
    WHERE m.user_id = ${from}::uuid
      AND (EXISTS (SELECT 1 FROM reservations AS r WHERE r.id = m.reservation_id AND r.created_by = ${from}::uuid)
        OR EXISTS (SELECT 1 FROM orders AS o WHERE o.reservation_id = m.reservation_id
                     AND (o.user_id = ${from}::uuid OR o.paid_by = ${from}::uuid)))`);
  await tx.execute(
    sql`UPDATE reservations SET created_by = ${to.id}::uuid, updated_at = now() WHERE created_by = ${from}::uuid`,
  );
  const placed = await tx.execute(
    sql`UPDATE orders SET user_id = ${to.id}::uuid, updated_at = now() WHERE user_id = ${from}::uuid`,
  );
  await tx.execute(
    sql`UPDATE orders SET paid_by = ${to.id}::uuid, updated_at = now() WHERE paid_by = ${from}::uuid`,
  );
  await tx.execute(
    sql`UPDATE pending_payments SET payer_user_id = ${to.id}::uuid, updated_at = now() WHERE payer_user_id = ${from}::uuid`,
  );
  const paid = await tx.execute(
    sql`UPDATE transactions SET payer_user_id = ${to.id}::uuid, updated_at = now() WHERE payer_user_id = ${from}::uuid`,
  );
  await tx.execute(sql`
    UPDATE staff_audit SET actor_user_id = ${to.id}::uuid, actor_name = ${to.name}, actor_email = ${to.email}
    WHERE actor_user_id = ${from}::uuid`);
  // the audit's records of team changes: the member they name, and their address in before/after
  await tx.execute(
    sql`UPDATE staff_audit SET target_id = ${to.id} WHERE target_type = 'staff' AND target_id = ${from}`,
  );
  for (const side of ['before', 'after'] as const) {
    const column = sql.identifier(side);
    await tx.execute(sql`
      UPDATE staff_audit SET ${column} = jsonb_set(${column}, '{email}', to_jsonb(${to.email}::text))
      WHERE target_type = 'staff' AND lower(${column} ->> 'email') = lower(${account.email})`);
  }
  return { orders: placed.rowCount ?? 0, payments: paid.rowCount ?? 0 };
}

/**
 * Deletes what is the person's alone: invitations received (by account or by address), password
 * reset tokens, then the user row — its sessions, accounts, points, favourites, memberships left,
 * join requests, staff memberships, client records and idempotency keys go with it (ON DELETE
 * CASCADE); invitations sent, join requests answered, decisions on transactions and telemetry
 * rows lose the reference (ON DELETE SET NULL).
 */
export async function deletePerson(tx: Tx, account: LockedAccount): Promise<void> {
  await tx.execute(sql`
    DELETE FROM invitations
    WHERE user_id = ${account.id}::uuid OR lower(invitee_email) = lower(${account.email})`);
  await tx.execute(sql`DELETE FROM verifications WHERE value = ${account.id}`);
  await tx.execute(sql`DELETE FROM users WHERE id = ${account.id}::uuid`);
}
