import { and, asc, count, desc, eq, gte, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError } from '../../lib/app-error.ts';
import type { Db, DbExecutor } from '../../db/client.ts';
import { pgConstraint, pgErrorCode, SQLSTATE } from '../../db/transaction.ts';
import { invitations, reservations, restaurants, users } from '../../db/schema.ts';
import { restaurantColumns } from './reservation-repository.ts';

const PENDING_UNIQUE = 'invitations_pending_unique';

const inviter = alias(users, 'inviter');

const selectInvitation = (executor: DbExecutor) =>
  executor
    .select({
      id: invitations.id,
      userId: invitations.userId,
      inviteeEmail: invitations.inviteeEmail,
      restaurantId: invitations.restaurantId,
      reservationId: invitations.reservationId,
      invitedBy: invitations.invitedBy,
      accepted: invitations.accepted,
      createdAt: invitations.createdAt,
      respondedAt: invitations.respondedAt,
      revokedAt: invitations.revokedAt,
      reservation: {
        startsAt: reservations.startsAt,
        endsAt: reservations.endsAt,
        quantity: reservations.quantity,
        status: reservations.status,
        kind: reservations.kind,
      },
      restaurant: restaurantColumns,
      inviterName: inviter.name,
      inviterPhoto: inviter.image,
    })
    .from(invitations)
    .innerJoin(reservations, eq(reservations.id, invitations.reservationId))
    .innerJoin(restaurants, eq(restaurants.id, invitations.restaurantId))
    .leftJoin(inviter, eq(inviter.id, invitations.invitedBy));

export type InvitationRow = Awaited<ReturnType<ReturnType<typeof selectInvitation>['execute']>>[number];

/** Whose invitations: the user's own, plus those sent to their e-mail (not for guests). */
export interface Invitee {
  userId: string;
  /** null for a guest: their e-mail is a placeholder nobody invites. */
  email: string | null;
}

/** The invitee's own invitations, those the creator withdrew left out. */
const belongsTo = (invitee: Invitee): SQL | undefined =>
  and(
    isNull(invitations.revokedAt),
    invitee.email === null
      ? eq(invitations.userId, invitee.userId)
      : or(
          eq(invitations.userId, invitee.userId),
          sql`lower(${invitations.inviteeEmail}) = lower(${invitee.email})`,
        ),
  );

const invitee = alias(users, 'invitee');

/** Pending on a reservation that is neither cancelled nor over at `now`. */
const isCurrent = (now: Date): SQL =>
  sql`(${invitations.accepted} IS NULL AND ${reservations.status} <> 'cancelled' AND ${reservations.endsAt} > ${now.toISOString()}::timestamptz)`;

export function invitationRepository(db: Db) {
  return {
    /** A registered (non-guest) user by e-mail, case-insensitively. */
    async findUserByEmail(
      email: string,
      tx: DbExecutor = db,
    ): Promise<{ id: string; displayName: string; locale: string | null; emailVerified: boolean } | null> {
      const [row] = await tx
        .select({
          id: users.id,
          displayName: users.name,
          locale: users.locale,
          emailVerified: users.emailVerified,
        })
        .from(users)
        .where(and(sql`lower(${users.email}) = lower(${email})`, eq(users.isAnonymous, false)))
        .limit(1);
      return row ?? null;
    },

    /** How many invitations `invitedBy` sent since `since`, and when the oldest of them was sent. */
    async sentSince(
      invitedBy: string,
      since: Date,
      tx: DbExecutor = db,
    ): Promise<{ count: number; oldest: Date | null }> {
      const [row] = await tx
        .select({ value: count(), oldest: sql<string | null>`min(${invitations.createdAt})` })
        .from(invitations)
        .where(and(eq(invitations.invitedBy, invitedBy), gte(invitations.createdAt, since)));
      return { count: row?.value ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
    },

    async countForReservation(reservationId: string, tx: DbExecutor = db): Promise<number> {
      const [row] = await tx
        .select({ value: count() })
        .from(invitations)
        .where(eq(invitations.reservationId, reservationId));
      return row?.value ?? 0;
    },

    /** 409 ALREADY_INVITED when a pending invitation of that e-mail to the reservation exists. */
    async insert(
      values: {
        userId: string | null;
        inviteeEmail: string;
        restaurantId: string;
        reservationId: string;
        invitedBy: string;
        createdAt: Date;
        byCompanion?: boolean;
      },
      tx: DbExecutor = db,
    ): Promise<string> {
      try {
        const [row] = await tx.insert(invitations).values(values).returning({ id: invitations.id });
        if (!row) throw new Error('invitation was not inserted');
        return row.id;
      } catch (error) {
        if (pgErrorCode(error) === SQLSTATE.uniqueViolation && pgConstraint(error) === PENDING_UNIQUE) {
          throw new AppError(
            'ALREADY_INVITED',
            'That e-mail already has a pending invitation to this reservation',
          );
        }
        throw error;
      }
    },

    /**
     * The reservation's invitations still waiting for an answer (not withdrawn), oldest first,
     * with the invitee's name when they have an account (linked, or a companion invited by id).
     */
    async listPendingForReservation(reservationId: string, tx: DbExecutor = db) {
      return tx
        .select({
          id: invitations.id,
          inviteeEmail: invitations.inviteeEmail,
          byCompanion: invitations.byCompanion,
          userId: invitations.userId,
          createdAt: invitations.createdAt,
          inviteeName: invitee.name,
        })
        .from(invitations)
        .leftJoin(
          invitee,
          or(
            eq(invitee.id, invitations.userId),
            and(
              isNull(invitations.userId),
              eq(invitations.byCompanion, true),
              eq(invitee.isAnonymous, false),
              sql`lower(${invitee.email}) = lower(${invitations.inviteeEmail})`,
            ),
          ),
        )
        .where(
          and(
            eq(invitations.reservationId, reservationId),
            isNull(invitations.accepted),
            isNull(invitations.revokedAt),
          ),
        )
        .orderBy(asc(invitations.createdAt), asc(invitations.id));
    },

    /** One invitation's own row (for the creator's resend and revoke), or null. */
    async findOwnRow(id: string, tx: DbExecutor = db) {
      const [row] = await tx.select().from(invitations).where(eq(invitations.id, id)).limit(1);
      return row ?? null;
    },

    async revoke(id: string, at: Date, tx: DbExecutor = db): Promise<void> {
      await tx.update(invitations).set({ revokedAt: at }).where(eq(invitations.id, id));
    },

    async findById(id: string, tx: DbExecutor = db): Promise<InvitationRow | null> {
      const [row] = await selectInvitation(tx).where(eq(invitations.id, id)).limit(1);
      return row ?? null;
    },

    /** Locks the invitation row until the transaction ends. */
    async lock(id: string, tx: DbExecutor): Promise<boolean> {
      const rows = await tx
        .select({ id: invitations.id })
        .from(invitations)
        .where(eq(invitations.id, id))
        .for('update');
      return rows.length > 0;
    },

    async answer(
      id: string,
      values: { accepted: boolean; userId: string; respondedAt: Date },
      tx: DbExecutor = db,
    ): Promise<void> {
      await tx.update(invitations).set(values).where(eq(invitations.id, id));
    },

    /** The invitee's invitation to one reservation: the pending one first, else the latest. */
    async findForInvitee(
      reservationId: string,
      invitee: Invitee,
      tx: DbExecutor = db,
    ): Promise<{ id: string; accepted: boolean | null } | null> {
      const [row] = await tx
        .select({ id: invitations.id, accepted: invitations.accepted })
        .from(invitations)
        .where(and(eq(invitations.reservationId, reservationId), belongsTo(invitee)))
        .orderBy(sql`${invitations.accepted} IS NULL DESC`, desc(invitations.createdAt))
        .limit(1);
      return row ?? null;
    },

    /**
     * The invitee's invitations, newest first (keyset on created_at, id). `current`: pending on a
     * reservation neither cancelled nor over; `history`: the rest.
     */
    async listForInvitee(
      filter: {
        invitee: Invitee;
        scope: 'current' | 'history';
        now: Date;
        after: { createdAt: Date; id: string } | null;
        limit: number;
      },
      tx: DbExecutor = db,
    ): Promise<InvitationRow[]> {
      const conditions: (SQL | undefined)[] = [
        belongsTo(filter.invitee),
        filter.scope === 'current' ? isCurrent(filter.now) : sql`NOT ${isCurrent(filter.now)}`,
      ];
      if (filter.after) {
        const { createdAt, id } = filter.after;
        conditions.push(
          or(
            lt(invitations.createdAt, createdAt),
            and(eq(invitations.createdAt, createdAt), sql`${invitations.id} < ${id}::uuid`),
          ),
        );
      }
      return selectInvitation(tx)
        .where(and(...conditions))
        .orderBy(desc(invitations.createdAt), desc(invitations.id))
        .limit(filter.limit);
    },
  };
}
