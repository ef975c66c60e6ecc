import { z } from 'zod';
import {
  calendarDateSchema,
  partySizeSchema,
  reservationDurationSchema,
  reservationTableSchema,
} from './reservations.ts';
import { hhmmSchema, listOf } from './common.ts';

/**
 * Table links (docs/product.md#table-links): a diner opens a table's QR link
 * (`/restaurants/:id…?table=<number or id>&room=<room id>`). While the table has a current
 * reservation they ask its members to let them in (a join request); when it is free they start a
 * walk-in: a table reservation starting now.
 *
 *   GET    /api/restaurants/:id/tables/lookup?table=&room=  guest/user            → TableLookup
 *   POST   /api/restaurants/:id/walk-ins                    guest/user            → 201 Reservation
 *   POST   /api/reservations/:id/join-requests              guest/user, not member → 201 JoinRequest
 *                                                            (200 the same one while it is pending)
 *   GET    /api/reservations/:id/join-requests              members               → JoinRequestList
 *   GET    /api/join-requests/:id                           the requester, members → JoinRequest
 *   POST   /api/join-requests/:id/accept                    members               → JoinRequest
 *   POST   /api/join-requests/:id/reject                    members               → JoinRequest
 *   DELETE /api/join-requests/:id                           the requester         → JoinRequest (cancelled)
 *
 * "Current" at a table: not cancelled and now within [start − 15 min, end)
 * (TABLE_LINK_LEAD_MINUTES of @comensal/domain).
 *
 * Errors (`{ error: { code, message, details? } }`):
 * - 400 VALIDATION_FAILED: malformed input or unknown fields; a walk-in refused by a booking rule
 *   (`details.reason`: OUTSIDE_OPENING_HOURS, DURATION_OUTSIDE_WINDOW with `details.durations`,
 *   UNKNOWN_TABLE, TABLE_TOO_SMALL).
 * - 401 UNAUTHENTICATED (no session) · 403 FORBIDDEN (not a member; not the requester) ·
 *   404 NOT_FOUND (unknown or malformed restaurant, table, reservation or request).
 * - 409 TABLE_TAKEN: a walk-in at a table a current reservation holds, or that another diner took
 *   a moment before (the table-clash constraint).
 * - 409 ALREADY_MEMBER: asking to join a reservation you are in.
 * - 409 RESERVATION_CLOSED: the reservation cannot be joined now (`details.reason` one of
 *   {@link JOIN_CLOSED_REASONS}); accepting once it is cancelled or over.
 * - 409 JOIN_REQUEST_ANSWERED: answering (or cancelling) a request that is no longer pending.
 * - 409 CONFLICT `details.reason` JOIN_REQUEST_LIMIT: too many requests (see the limits below).
 */

/** At most this many requests of one diner to one reservation (answered ones included). */
export const MAX_JOIN_REQUESTS_PER_DINER = 5;
/** At most this many pending requests on one reservation (so the members' list is one page). */
export const MAX_PENDING_JOIN_REQUESTS = 50;

export const JOIN_REQUEST_STATUSES = ['pending', 'accepted', 'rejected', 'cancelled'] as const;
export const joinRequestStatusSchema = z.enum(JOIN_REQUEST_STATUSES);
export type JoinRequestStatus = z.infer<typeof joinRequestStatusSchema>;

/** `details.reason` of a 409 RESERVATION_CLOSED when asking to join. */
export const JOIN_CLOSED_REASONS = [
  /** The reservation was cancelled. */
  'CANCELLED',
  /** It is over. */
  'OVER',
  /** It starts more than 15 minutes from now. */
  'NOT_STARTED',
  /** A pickup, a delivery or a table reservation without a table: nobody sits at a table. */
  'NO_TABLE',
] as const;
export type JoinClosedReason = (typeof JOIN_CLOSED_REASONS)[number];

/** Why no walk-in can start now (`walkIn.reason`). */
export const WALK_IN_UNAVAILABLE_REASONS = [
  /** A current reservation holds the table: ask to join it instead. */
  'TAKEN',
  /** The restaurant is not open now. */
  'CLOSED',
  /** Open, but it closes in less than 15 minutes: no duration fits. */
  'CLOSING',
] as const;
export const walkInUnavailableReasonSchema = z.enum(WALK_IN_UNAVAILABLE_REASONS);
export type WalkInUnavailableReason = z.infer<typeof walkInUnavailableReasonSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/restaurants/:id/tables/lookup?table=&room=

/**
 * `table`: the table's number (digits, as printed) or its id; `room`: the room's id — without it,
 * the first room (in the restaurant's room order) that has that table. A value that matches
 * nothing is 404, not 400.
 */
export const tableLookupQuerySchema = z
  .object({
    table: z.string().min(1).max(100),
    room: z.string().min(1).max(100).optional(),
  })
  .strict();
export type TableLookupQuery = z.infer<typeof tableLookupQuerySchema>;

/** The caller's latest request to join that reservation (a pending one first). */
export const joinRequestRefSchema = z.object({ id: z.uuid(), status: joinRequestStatusSchema });
export type JoinRequestRef = z.infer<typeof joinRequestRefSchema>;

export const tableLookupSchema = z.object({
  restaurantId: z.uuid(),
  table: reservationTableSchema,
  /**
   * The table's current reservation (never its members to a non-member), or null when the table is
   * free now. Its date and start are restaurant-local; `time` is in ISO instants.
   */
  reservation: z
    .object({
      id: z.uuid(),
      /** The caller is in it: open the reservation instead of asking. */
      isMember: z.boolean(),
      date: calendarDateSchema,
      startAt: hhmmSchema,
      duration: z.number().int(),
      time: z.object({ start: z.iso.datetime(), end: z.iso.datetime() }),
      /** null when the caller never asked (or is a member). */
      joinRequest: joinRequestRefSchema.nullable(),
    })
    .nullable(),
  walkIn: z.object({
    /** A walk-in can start now (POST …/walk-ins). */
    possible: z.boolean(),
    reason: walkInUnavailableReasonSchema.nullable(),
    /**
     * The durations a walk-in starting now may take: 15–120 in steps of 15 that end by closing time
     * and by the table's next reservation; [] when not possible.
     */
    durations: z.array(z.number().int()),
    /** What a walk-in without `duration` takes: 60, else the longest of `durations`; null when none. */
    defaultDuration: z.number().int().nullable(),
  }),
});
export type TableLookup = z.infer<typeof tableLookupSchema>;

// ---------------------------------------------------------------------------------------------
// POST /api/restaurants/:id/walk-ins → 201 Reservation

/**
 * A table reservation of the caller starting now (the current minute in the restaurant's zone):
 * `duration` defaults to `walkIn.defaultDuration`; the booking rules apply (opening hours,
 * seats ≥ quantity) and the table-clash rule (409 TABLE_TAKEN).
 */
export const walkInInputSchema = z
  .object({
    roomId: z.uuid(),
    tableId: z.uuid(),
    quantity: partySizeSchema,
    duration: reservationDurationSchema.optional(),
  })
  .strict();
export type WalkInInput = z.infer<typeof walkInInputSchema>;

// ---------------------------------------------------------------------------------------------
// Join requests

/** The requester as members see them: no e-mail. */
export const joinRequesterSchema = z.object({
  id: z.uuid(),
  displayName: z.string(),
  photoURL: z.string().nullable(),
  isGuest: z.boolean(),
});

export const joinRequestSchema = z.object({
  id: z.uuid(),
  reservationId: z.uuid(),
  restaurantId: z.uuid(),
  status: joinRequestStatusSchema,
  user: joinRequesterSchema,
  createdAt: z.iso.datetime(),
  /** When a member answered or the requester cancelled; null while pending. */
  answeredAt: z.iso.datetime().nullable(),
});
export type JoinRequest = z.infer<typeof joinRequestSchema>;

/** Pending requests, oldest first; one page (at most {@link MAX_PENDING_JOIN_REQUESTS}). */
export const joinRequestListSchema = listOf(joinRequestSchema);
export type JoinRequestList = z.infer<typeof joinRequestListSchema>;

export const joinRequestParamsSchema = z.object({ id: z.string().min(1).max(100) }).strict();

// ---------------------------------------------------------------------------------------------
// Live events: `reservation:<id>` (members) and the requester's own `user:me:reservations`

export const JOIN_REQUEST_EVENTS = {
  /** A diner asked to join (members). */
  requested: 'join.requested',
  /**
   * A member accepted or rejected (members, and the requester's `user:me:reservations`). On
   * acceptance `members.changed` follows as for any new member.
   */
  answered: 'join.answered',
  /** The requester withdrew their request (members). */
  cancelled: 'join.cancelled',
} as const;
export type JoinRequestEvent = (typeof JOIN_REQUEST_EVENTS)[keyof typeof JOIN_REQUEST_EVENTS];

export const joinRequestEventDataSchema = z.object({
  joinRequestId: z.uuid(),
  reservationId: z.uuid(),
  status: joinRequestStatusSchema,
});
export type JoinRequestEventData = z.infer<typeof joinRequestEventDataSchema>;
