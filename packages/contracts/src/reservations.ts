import { z } from 'zod';
import { calendarDateSchema, RESERVATION_KINDS, reservationKindSchema } from './vocabulary.ts';

import { hhmmSchema, listOf, localizedSchema } from './common.ts';
import { currencySchema } from './restaurants.ts';

export { calendarDateSchema, RESERVATION_KINDS, reservationKindSchema };

/**
 * Reservations (docs/product.md#endpoints, who may call what: docs/product.md#permissions). Dates
 * and times the diner types are in the RESTAURANT's time zone
 * (docs/product.md#times-and-time-zones: `date` YYYY-MM-DD, `startAt` HH:mm);
 * `time.start`/`time.end` are ISO instants (UTC).
 *
 *   GET    /api/restaurants/:id/availability?date=&startAt=&duration=&quantity=  public   → Availability
 *   POST   /api/reservations                         guest/user                     → 201 Reservation
 *   GET    /api/reservations?scope=current|history   guest/user (own)               → ReservationList
 *   GET    /api/reservations/:id                     members                        → Reservation
 *   PATCH  /api/reservations/:id                     creator                        → Reservation
 *   POST   /api/reservations/:id/cancel              creator (idempotent)           → Reservation
 *   POST   /api/reservations/:id/leave               members but the creator        → 204
 *   POST   /api/reservations/:id/assistance          members                        → Reservation
 *   DELETE /api/reservations/:id/assistance          members                        → Reservation
 *   DELETE /api/reservations/:id/orders-ready-notification   members                → Reservation
 *   GET    /api/reservations/:id/invitation          public                         → ReservationInvitationSummary
 *   GET    /api/reservations/:id/ics                 members                        → text/calendar
 *
 * Errors (`{ error: { code, message, details? } }`):
 * - 400 VALIDATION_FAILED: malformed input, or a reservation rule; then `details.reason` is one
 *   of {@link RESERVATION_RULE_REASONS} (or a domain code such as INVALID_DATE).
 * - 400 DELIVERY_OUT_OF_RANGE: no delivery zone of the restaurant covers the address.
 * - 401 UNAUTHENTICATED (no session) · 403 FORBIDDEN (not a member / not the creator) ·
 *   404 NOT_FOUND (unknown or malformed id).
 * - 409 TABLE_TAKEN: another active reservation holds the table for an overlapping time
 *   (enforced by the database's exclusion constraint, so it also holds under races).
 * - 409 RESERVATION_CLOSED: the reservation is cancelled (or over) and cannot change.
 * - 409 CREATOR_CANNOT_LEAVE: the creator cancels instead of leaving.
 */

export const RESERVATION_STATUSES = ['confirmed', 'seated', 'completed', 'cancelled'] as const;
export const reservationStatusSchema = z.enum(RESERVATION_STATUSES);
export type ReservationStatus = z.infer<typeof reservationStatusSchema>;

export type ReservationKind = z.infer<typeof reservationKindSchema>;

export const RESERVATION_SCOPES = ['current', 'history'] as const;
export const reservationScopeSchema = z.enum(RESERVATION_SCOPES);
export type ReservationScope = z.infer<typeof reservationScopeSchema>;

/** `details.reason` of a 400 VALIDATION_FAILED raised by a reservation rule. */
export const RESERVATION_RULE_REASONS = [
  /** No opening window of that weekday contains `startAt` (restaurant's zone). */
  'OUTSIDE_OPENING_HOURS',
  /** `startAt + duration` goes past the end of the opening window. */
  'DURATION_OUTSIDE_WINDOW',
  /** The start is before now. */
  'IN_THE_PAST',
  /** The table is not one of this restaurant's (or not in that room). */
  'UNKNOWN_TABLE',
  /** quantity > the table's seats. */
  'TABLE_TOO_SMALL',
  /** `pickup` asked of a restaurant that does not offer it. */
  'PICKUP_NOT_OFFERED',
  /** `delivery` asked of a restaurant that does not deliver. */
  'DELIVERY_NOT_OFFERED',
  /** `table` together with `pickup` or `delivery`, or both `pickup` and `delivery`. */
  'KIND_CONFLICT',
] as const;
export type ReservationRuleReason = (typeof RESERVATION_RULE_REASONS)[number];

export const MIN_RESERVATION_DURATION = 15;
export const MAX_RESERVATION_DURATION = 120;
export const RESERVATION_DURATION_STEP = 15;
export const DEFAULT_RESERVATION_DURATION = 60;
/** Largest party one reservation takes (tables are smaller anyway). */
export const MAX_PARTY_SIZE = 100;
export const MAX_COMMENTS_LENGTH = 500;

/** 15–120 minutes in steps of 15 (docs/product.md#durations). */
export const reservationDurationSchema = z
  .number()
  .int()
  .min(MIN_RESERVATION_DURATION)
  .max(MAX_RESERVATION_DURATION)
  .multipleOf(RESERVATION_DURATION_STEP);

export const partySizeSchema = z.number().int().min(1).max(MAX_PARTY_SIZE);

export const tableRefSchema = z.object({ roomId: z.uuid(), tableId: z.uuid() }).strict();
export type TableRef = z.infer<typeof tableRefSchema>;

export const geoPointSchema = z
  .object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) })
  .strict();

/** Where a delivery goes; `location` is required (the delivery price depends on the distance). */
export const deliveryAddressSchema = z
  .object({
    line: z.string().trim().min(1).max(200),
    city: z.string().trim().max(100).optional(),
    notes: z.string().trim().max(300).optional(),
    location: geoPointSchema,
  })
  .strict();
export type DeliveryAddress = z.infer<typeof deliveryAddressSchema>;

const commentsSchema = z.string().trim().max(MAX_COMMENTS_LENGTH);

// ---------------------------------------------------------------------------------------------
// GET /api/restaurants/:id/availability

export const availabilityQuerySchema = z
  .object({
    date: calendarDateSchema,
    startAt: hhmmSchema,
    /** Default 60; with a duration the window cannot fit, every table answers free: false. */
    duration: z.coerce.number().pipe(reservationDurationSchema).optional(),
    /** Default 1; only tables with seats ≥ quantity are listed. */
    quantity: z.coerce.number().pipe(partySizeSchema).optional(),
    /**
     * Modifying this reservation (its creator only: 403 otherwise): its own hold is left out,
     * so its table shows free for the times it may move to.
     */
    reservationId: z.uuid().optional(),
  })
  .strict();
export type AvailabilityQuery = z.infer<typeof availabilityQuerySchema>;

export const availableTableSchema = z.object({
  roomId: z.uuid(),
  room: localizedSchema,
  tableId: z.uuid(),
  number: z.number().int(),
  seats: z.number().int(),
  /** No active reservation holds the table for an overlapping time (the constraint's own rows). */
  free: z.boolean(),
});
export type AvailableTable = z.infer<typeof availableTableSchema>;

export const availabilitySchema = z.object({
  restaurantId: z.uuid(),
  date: z.string(),
  startAt: z.string(),
  duration: z.number().int(),
  quantity: z.number().int(),
  time: z.object({ start: z.iso.datetime(), end: z.iso.datetime() }),
  /**
   * Durations that fit between `startAt` and the end of the opening window (15–120, step 15);
   * [] when the restaurant is closed at `startAt`.
   */
  durations: z.array(z.number().int()),
  /** null when the slot can be booked; else why not (every table is then `free: false`). */
  unavailableReason: z.enum(['OUTSIDE_OPENING_HOURS', 'DURATION_OUTSIDE_WINDOW', 'IN_THE_PAST']).nullable(),
  /** Tables that fit the party (seats ≥ quantity), by room order and table number. */
  tables: z.array(availableTableSchema),
  /**
   * The first slot at or after the asked one (never before now, never past the booking horizon)
   * inside opening hours where `duration` fits and a table seating the party is free: the asked
   * slot itself when it can be booked at a free table; null when there is none.
   */
  nextFree: z.object({ date: z.string(), startAt: z.string() }).nullable(),
});
export type Availability = z.infer<typeof availabilitySchema>;

// ---------------------------------------------------------------------------------------------
// POST /api/reservations

/**
 * Kind: `delivery` when `delivery` is given, `pickup` when `pickup` is true, otherwise `table`
 * (with or without a chosen table). The delivery price is computed by the server.
 */
export const createReservationInputSchema = z
  .object({
    restaurantId: z.uuid(),
    date: calendarDateSchema,
    startAt: hhmmSchema,
    duration: reservationDurationSchema,
    quantity: partySizeSchema,
    comments: commentsSchema.optional(),
    table: tableRefSchema.optional(),
    pickup: z.boolean().optional(),
    delivery: z.object({ address: deliveryAddressSchema }).strict().optional(),
  })
  .strict();
export type CreateReservationInput = z.infer<typeof createReservationInputSchema>;

// ---------------------------------------------------------------------------------------------
// The reservation as members read it

export const reservationRestaurantSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  country: z.string().length(2),
  currency: currencySchema,
  timeZone: z.string(),
  coverUrl: z.string().nullable(),
});
export type ReservationRestaurant = z.infer<typeof reservationRestaurantSchema>;

export const reservationTableSchema = z.object({
  roomId: z.uuid(),
  room: localizedSchema,
  tableId: z.uuid(),
  number: z.number().int(),
  seats: z.number().int(),
});

/**
 * A member (`users`, docs/product.md#reservation); no e-mail (members do not read each other's
 * addresses).
 */
export const reservationMemberSchema = z.object({
  id: z.uuid(),
  displayName: z.string(),
  photoURL: z.string().nullable(),
  isGuest: z.boolean(),
  isCreator: z.boolean(),
});
export type ReservationMember = z.infer<typeof reservationMemberSchema>;

export const reservationSchema = z.object({
  id: z.uuid(),
  restaurantId: z.uuid(),
  restaurant: reservationRestaurantSchema,
  /** Restaurant-local date and start, and the duration in minutes. */
  date: z.string(),
  startAt: z.string(),
  duration: z.number().int(),
  time: z.object({ start: z.iso.datetime(), end: z.iso.datetime() }),
  quantity: z.number().int(),
  comments: z.string().nullable(),
  status: reservationStatusSchema,
  kind: reservationKindSchema,
  table: reservationTableSchema.nullable(),
  pickup: z.boolean(),
  delivery: z
    .object({
      address: deliveryAddressSchema,
      /** Minor units of `restaurant.currency`, computed by the server. */
      priceMinor: z.number().int(),
    })
    .nullable(),
  /** Members, the creator first. */
  users: z.array(reservationMemberSchema),
  /** The creator's user id. */
  createdBy: z.uuid(),
  requestedAssistance: z.boolean(),
  ordersReadyNotification: z.boolean(),
  /** Not cancelled and not over yet (docs/product.md#current-and-history). */
  isCurrent: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Reservation = z.infer<typeof reservationSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/reservations

/**
 * current = not cancelled, not over, soonest first; history = over (not cancelled), latest
 * first. Cancelled reservations are dropped from both lists (docs/product.md#current-and-history).
 */
export const listReservationsQuerySchema = z
  .object({
    scope: reservationScopeSchema,
    cursor: z.string().max(300).optional(),
    limit: z.coerce.number().int().min(1).max(100).optional(),
  })
  .strict();
export type ListReservationsQuery = z.infer<typeof listReservationsQuerySchema>;

export const reservationListSchema = listOf(reservationSchema);
export type ReservationList = z.infer<typeof reservationListSchema>;

// ---------------------------------------------------------------------------------------------
// PATCH /api/reservations/:id (creator)

/**
 * Any subset (at least one field). `date`/`startAt`/`duration` move the reservation (the
 * missing ones keep their current value); the same rules as creation apply, and a clash is 409
 * TABLE_TAKEN. `table: null` releases the table; `comments: null` clears them.
 */
export const updateReservationInputSchema = z
  .object({
    date: calendarDateSchema.optional(),
    startAt: hhmmSchema.optional(),
    duration: reservationDurationSchema.optional(),
    quantity: partySizeSchema.optional(),
    comments: commentsSchema.nullable().optional(),
    table: tableRefSchema.nullable().optional(),
  })
  .strict()
  .refine((value) => Object.keys(value).length > 0, 'nothing to change');
export type UpdateReservationInput = z.infer<typeof updateReservationInputSchema>;

export const reservationParamsSchema = z.object({ id: z.string().min(1).max(100) }).strict();

// ---------------------------------------------------------------------------------------------
// GET /api/reservations/:id/invitation (public)

/** What the public invitation page shows: never the members or their e-mails. */
export const reservationInvitationSummarySchema = z.object({
  reservationId: z.uuid(),
  restaurant: reservationRestaurantSchema,
  date: z.string(),
  startAt: z.string(),
  duration: z.number().int(),
  time: z.object({ start: z.iso.datetime(), end: z.iso.datetime() }),
  quantity: z.number().int(),
  status: reservationStatusSchema,
  kind: reservationKindSchema,
  isCurrent: z.boolean(),
  inviter: z.object({ displayName: z.string(), photoURL: z.string().nullable() }),
  /**
   * The caller, when signed in: whether they are already a member, and their invitation to this
   * reservation (matched by user id or e-mail), if any — its id is what accept/reject take.
   */
  viewer: z
    .object({
      isMember: z.boolean(),
      invitation: z.object({ id: z.uuid(), accepted: z.boolean().nullable() }).nullable(),
    })
    .nullable(),
  /**
   * Only when the address carried a share-link `key`: `open` (whoever holds it may join),
   * `full` (the party size is reached), `off` (the creator turned the link off or renewed it).
   */
  shareLink: z.enum(['open', 'full', 'off']).nullable(),
});
export type ReservationInvitationSummary = z.infer<typeof reservationInvitationSummarySchema>;

// ---------------------------------------------------------------------------------------------
// The share link (docs/product.md#share-link): the creator's open invitation.
//
//   GET    /api/reservations/:id/share-link        creator → ShareLink
//   PUT    /api/reservations/:id/share-link        creator → ShareLink (a new key: the old link stops working)
//   DELETE /api/reservations/:id/share-link        creator → ShareLink (key null: the link is off)
//   POST   /api/reservations/:id/share-link/join   guest/user holding the key → Reservation
//
// Joining: 404 SHARE_LINK_OFF (key turned off, renewed or wrong) · 409 RESERVATION_FULL (the
// members already fill the party size) · 409 RESERVATION_CLOSED. A member joining again gets
// the reservation (nothing changes).

/** The key as it travels in the link; anything else simply matches no reservation. */
export const shareKeySchema = z.string().trim().min(1).max(100);

export const invitationSummaryQuerySchema = z.object({ key: shareKeySchema.optional() }).strict();
export type InvitationSummaryQuery = z.infer<typeof invitationSummaryQuerySchema>;

export const shareLinkSchema = z.object({
  reservationId: z.uuid(),
  /** null = the link is off. */
  key: z.string().nullable(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

export const joinByShareLinkInputSchema = z.object({ key: shareKeySchema }).strict();
export type JoinByShareLinkInput = z.infer<typeof joinByShareLinkInputSchema>;

// ---------------------------------------------------------------------------------------------
// Live events (topic `reservation:<id>` for members, `user:me:reservations` for each member).
// Join requests add `join.requested`, `join.answered` and `join.cancelled` (table-join.ts
// JOIN_REQUEST_EVENTS); invitations `invitation.*` (invitations.ts).

export const RESERVATION_EVENTS = {
  /** On the creator's `user:me:reservations` only. */
  created: 'reservation.created',
  updated: 'reservation.updated',
  cancelled: 'reservation.cancelled',
  membersChanged: 'members.changed',
  assistanceChanged: 'assistance.changed',
  readyChanged: 'ready.changed',
} as const;
export type ReservationEvent = (typeof RESERVATION_EVENTS)[keyof typeof RESERVATION_EVENTS];

/** `data` of every reservation event: ids only; refetch the reservation. */
export const reservationEventDataSchema = z.object({ reservationId: z.uuid() });
export type ReservationEventData = z.infer<typeof reservationEventDataSchema>;
