/**
 * The SQL of the diner's export (export-my-data.ts): one query per section, each answering a JSON
 * array built by PostgreSQL (timestamps as ISO 8601 text, jsonb kept as it is). Only columns that
 * are the diner's own data are selected: never a password hash, a session token, an OAuth token, a
 * share link's secret, a payment provider's token or another diner's address.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { MyDataSection } from '@comensal/contracts';
import type { DbExecutor } from '../../db/client.ts';

type Row = Record<string, unknown>;

/** `SELECT coalesce(jsonb_agg(…), '[]')` over `query`, ordered by `orderBy` (a column of it). */
async function rowsOf(db: DbExecutor, query: SQL, orderBy: string): Promise<Row[]> {
  const result = await db.execute<{ rows: Row[] }>(sql`
    SELECT coalesce(jsonb_agg(to_jsonb(section) ORDER BY section.${sql.identifier(orderBy)}), '[]'::jsonb) AS rows
    FROM (${query}) AS section`);
  return result.rows[0]?.rows ?? [];
}

export async function findProfileRow(db: DbExecutor, userId: string): Promise<Row | null> {
  const rows = await rowsOf(
    db,
    sql`SELECT id, name AS "displayName", email, email_verified AS "emailVerified",
          phone_number AS "phoneNumber", image AS "photoURL", locale, is_anonymous AS "isGuest",
          created_at AS "createdAt", updated_at AS "updatedAt"
        FROM users WHERE id = ${userId}::uuid`,
    'id',
  );
  return rows[0] ?? null;
}

const SECTIONS: Record<MyDataSection, (userId: string) => { query: SQL; orderBy: string }> = {
  accounts: (u) => ({
    query: sql`SELECT provider_id AS provider, account_id AS "accountId", scope,
                 created_at AS "createdAt", updated_at AS "updatedAt"
               FROM accounts WHERE user_id = ${u}::uuid`,
    orderBy: 'createdAt',
  }),
  sessions: (u) => ({
    query: sql`SELECT created_at AS "createdAt", updated_at AS "updatedAt", expires_at AS "expiresAt",
                 ip_address AS "ipAddress", user_agent AS "userAgent"
               FROM sessions WHERE user_id = ${u}::uuid`,
    orderBy: 'createdAt',
  }),
  points: (u) => ({
    query: sql`SELECT p.restaurant_id AS "restaurantId", r.name AS "restaurantName", p.balance,
                 p.updated_at AS "updatedAt"
               FROM user_points AS p JOIN restaurants AS r ON r.id = p.restaurant_id
               WHERE p.user_id = ${u}::uuid`,
    orderBy: 'restaurantName',
  }),
  pointMovements: (u) => ({
    query: sql`SELECT 'earned' AS kind, t.points_earned AS points, t.restaurant_id AS "restaurantId",
                 r.name AS "restaurantName", t.id AS "transactionId", NULL::uuid AS "orderId",
                 t.updated_at AS at
               FROM transactions AS t JOIN restaurants AS r ON r.id = t.restaurant_id
               WHERE t.payer_user_id = ${u}::uuid AND t.points_earned > 0
               UNION ALL
               SELECT 'spent', o.points_spent, res.restaurant_id, r.name, NULL::uuid, o.id, o.created_at
               FROM orders AS o
               JOIN reservations AS res ON res.id = o.reservation_id
               JOIN restaurants AS r ON r.id = res.restaurant_id
               WHERE o.user_id = ${u}::uuid AND o.points_spent > 0`,
    orderBy: 'at',
  }),
  favoriteRestaurants: (u) => ({
    query: sql`SELECT f.restaurant_id AS "restaurantId", r.name AS "restaurantName", f.created_at AS "createdAt"
               FROM favorite_restaurants AS f JOIN restaurants AS r ON r.id = f.restaurant_id
               WHERE f.user_id = ${u}::uuid`,
    orderBy: 'createdAt',
  }),
  favoriteProducts: (u) => ({
    query: sql`SELECT f.product_id AS "productId", p.name AS "productName", p.restaurant_id AS "restaurantId",
                 r.name AS "restaurantName", f.created_at AS "createdAt"
               FROM favorite_products AS f
               JOIN products AS p ON p.id = f.product_id
               JOIN restaurants AS r ON r.id = p.restaurant_id
               WHERE f.user_id = ${u}::uuid`,
    orderBy: 'createdAt',
  }),
  reservations: (u) => ({
    query: sql`SELECT res.id, res.restaurant_id AS "restaurantId", r.name AS "restaurantName",
                 res.starts_at AS "startsAt", res.ends_at AS "endsAt", res.quantity, res.comments,
                 res.status, res.kind, res.delivery_address AS "deliveryAddress",
                 res.delivery_price_minor AS "deliveryPriceMinor", r.currency, t.number AS "tableNumber",
                 res.requested_assistance AS "requestedAssistance",
                 res.created_by = ${u}::uuid AS "isCreator", m.joined_at AS "joinedAt",
                 res.created_at AS "createdAt"
               FROM reservations AS res
               JOIN restaurants AS r ON r.id = res.restaurant_id
               LEFT JOIN dining_tables AS t ON t.id = res.table_id
               LEFT JOIN reservation_members AS m ON m.reservation_id = res.id AND m.user_id = ${u}::uuid
               WHERE res.created_by = ${u}::uuid OR m.user_id IS NOT NULL`,
    orderBy: 'startsAt',
  }),
  invitationsSent: (u) => ({
    // an invitation sent to a companion chosen by id never shows the companion's address
    query: sql`SELECT i.id, i.reservation_id AS "reservationId", r.name AS "restaurantName",
                 CASE WHEN i.by_companion THEN NULL ELSE i.invitee_email END AS "inviteeEmail",
                 i.by_companion AS "byCompanion", i.accepted, i.created_at AS "createdAt",
                 i.responded_at AS "respondedAt", i.revoked_at AS "revokedAt"
               FROM invitations AS i JOIN restaurants AS r ON r.id = i.restaurant_id
               WHERE i.invited_by = ${u}::uuid`,
    orderBy: 'createdAt',
  }),
  invitationsReceived: (u) => ({
    query: sql`SELECT i.id, i.reservation_id AS "reservationId", r.name AS "restaurantName",
                 res.starts_at AS "startsAt", i.invitee_email AS "inviteeEmail", i.accepted,
                 i.created_at AS "createdAt", i.responded_at AS "respondedAt", i.revoked_at AS "revokedAt"
               FROM invitations AS i
               JOIN restaurants AS r ON r.id = i.restaurant_id
               JOIN reservations AS res ON res.id = i.reservation_id
               WHERE i.user_id = ${u}::uuid
                  OR lower(i.invitee_email) = (SELECT lower(email) FROM users WHERE id = ${u}::uuid)`,
    orderBy: 'createdAt',
  }),
  joinRequests: (u) => ({
    query: sql`SELECT j.id, j.reservation_id AS "reservationId", r.name AS "restaurantName", j.status,
                 j.created_at AS "createdAt", j.answered_at AS "answeredAt"
               FROM join_requests AS j
               JOIN reservations AS res ON res.id = j.reservation_id
               JOIN restaurants AS r ON r.id = res.restaurant_id
               WHERE j.user_id = ${u}::uuid`,
    orderBy: 'createdAt',
  }),
  orders: (u) => ({
    query: sql`SELECT o.id, o.reservation_id AS "reservationId", res.restaurant_id AS "restaurantId",
                 r.name AS "restaurantName", r.currency, o.kind, o.product_id AS "productId",
                 p.name AS "productName", o.quantity, o.comments, o.preferences,
                 o.unit_price_minor AS "unitPriceMinor", o.discount_minor AS "discountMinor",
                 o.total_price_minor AS "totalPriceMinor", o.points_spent AS "pointsSpent",
                 o.paid_minor AS "paidMinor", o.payment_type AS "paymentType", o.paid_at AS "paidAt",
                 o.user_id = ${u}::uuid AS "placedByMe", o.paid_by IS NOT DISTINCT FROM ${u}::uuid AS "paidByMe",
                 o.created_at AS "createdAt"
               FROM orders AS o
               JOIN reservations AS res ON res.id = o.reservation_id
               JOIN restaurants AS r ON r.id = res.restaurant_id
               LEFT JOIN products AS p ON p.id = o.product_id
               WHERE o.user_id = ${u}::uuid OR o.paid_by = ${u}::uuid`,
    orderBy: 'createdAt',
  }),
  pendingPayments: (u) => ({
    query: sql`SELECT pp.id, pp.reservation_id AS "reservationId", r.name AS "restaurantName", r.currency,
                 pp.amount_minor AS "amountMinor", pp.tips_minor AS "tipsMinor", pp.chosen_tips AS "chosenTips",
                 pp.payment_type AS "paymentType", pp.order_ids AS "orderIds", pp.status,
                 pp.created_at AS "createdAt", pp.updated_at AS "updatedAt"
               FROM pending_payments AS pp
               JOIN reservations AS res ON res.id = pp.reservation_id
               JOIN restaurants AS r ON r.id = res.restaurant_id
               WHERE pp.payer_user_id = ${u}::uuid`,
    orderBy: 'createdAt',
  }),
  transactions: (u) => ({
    // the Pago Móvil receipt: its metadata and the app's link to it, never the file's bytes
    query: sql`SELECT t.id, t.restaurant_id AS "restaurantId", r.name AS "restaurantName", r.currency,
                 t.reservation_id AS "reservationId", t.amount_minor AS "amountMinor", t.tips_minor AS "tipsMinor",
                 t.order_ids AS "orderIds", t.payment_type AS "paymentType", t.status,
                 t.points_earned AS "pointsEarned", t.decided_at AS "decidedAt", t.bank_code AS "bankCode",
                 t.reference, t.transfer_date AS "transferDate", t.receipt_path IS NOT NULL AS "hasReceipt",
                 CASE WHEN t.receipt_path IS NOT NULL THEN '/api/transactions/' || t.id || '/receipt' END AS "receiptUrl",
                 t.created_at AS "createdAt"
               FROM transactions AS t JOIN restaurants AS r ON r.id = t.restaurant_id
               WHERE t.payer_user_id = ${u}::uuid`,
    orderBy: 'createdAt',
  }),
  staffMemberships: (u) => ({
    query: sql`SELECT s.restaurant_id AS "restaurantId", r.name AS "restaurantName", s.role,
                 s.created_at AS "createdAt"
               FROM restaurant_staff AS s JOIN restaurants AS r ON r.id = s.restaurant_id
               WHERE s.user_id = ${u}::uuid`,
    orderBy: 'createdAt',
  }),
  staffActions: (u) => ({
    // before/after are the restaurant's records of the thing changed (other diners' data among them)
    query: sql`SELECT a.restaurant_id AS "restaurantId", r.name AS "restaurantName", a.action,
                 a.target_type AS "targetType", a.target_id AS "targetId", a.actor_name AS "actorName",
                 a.actor_email AS "actorEmail", a.created_at AS "createdAt", a.seq
               FROM staff_audit AS a JOIN restaurants AS r ON r.id = a.restaurant_id
               WHERE a.actor_user_id = ${u}::uuid`,
    orderBy: 'seq',
  }),
  clientRecords: (u) => ({
    query: sql`SELECT c.restaurant_id AS "restaurantId", r.name AS "restaurantName", c.created_at AS "createdAt",
                 (SELECT coalesce(jsonb_agg(jsonb_build_object(
                           'reservationId', e.reservation_id, 'date', e.date, 'tableNumber', e.table_number,
                           'delivery', e.delivery, 'pickup', e.pickup) ORDER BY e.date), '[]'::jsonb)
                  FROM client_record_reservations AS e
                  WHERE e.restaurant_id = c.restaurant_id AND e.user_id = c.user_id) AS reservations
               FROM client_records AS c JOIN restaurants AS r ON r.id = c.restaurant_id
               WHERE c.user_id = ${u}::uuid`,
    orderBy: 'createdAt',
  }),
  errorRecords: (u) => ({
    query: sql`SELECT content, created_at AS "createdAt" FROM error_records WHERE user_id = ${u}::uuid`,
    orderBy: 'createdAt',
  }),
};

export async function listSection(db: DbExecutor, section: MyDataSection, userId: string): Promise<Row[]> {
  const { query, orderBy } = SECTIONS[section](userId);
  return rowsOf(db, query, orderBy);
}
