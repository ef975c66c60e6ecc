import { z } from 'zod';
import { listOf } from './common.ts';
import {
  reservationKindSchema,
  reservationRestaurantSchema,
  reservationStatusSchema,
} from './reservations.ts';

/**
 * Invitations to join a reservation (docs/product.md#invitation-states).
 *
 *   POST /api/reservations/:id/invitations       creator   { email } | { userId } → 201 Invitation
 *   GET  /api/invitations?scope=current|history  guest/user (own, newest first) → InvitationList
 *   POST /api/invitations/:id/accept             the invitee → Invitation (and joins the reservation)
 *   POST /api/invitations/:id/reject             the invitee → Invitation
 *
 * The invitee is an existing user or a not-yet-registered e-mail; the invitation belongs to
 * whoever signs in with that e-mail (or to the user invited). An e-mail with the public link
 * `/restaurants/:restaurantId/reservations/:reservationId/invitation` is sent.
 *
 * Errors: 401 UNAUTHENTICATED · 403 FORBIDDEN (not the creator / not the invitee) · 404
 * NOT_FOUND · 409 ALREADY_INVITED (a pending invitation for that e-mail exists) · 409
 * ALREADY_MEMBER (the e-mail's user is already in the reservation) · 409 RESERVATION_CLOSED
 * (cancelled or over) · 409 INVITATION_ANSWERED (answering again differently).
 * Accepting twice (or rejecting twice) answers the same invitation again.
 */

export const INVITATION_SCOPES = ['current', 'history'] as const;
export const invitationScopeSchema = z.enum(INVITATION_SCOPES);
export type InvitationScope = z.infer<typeof invitationScopeSchema>;

/**
 * Whom to invite: an address typed in full, or a companion (GET /api/companions) by id. An id of
 * anyone else is 404 NOT_FOUND; the answer then never shows the companion's e-mail.
 */
export const createInvitationInputSchema = z.union([
  z.object({ email: z.string().trim().toLowerCase().max(254).pipe(z.email()) }).strict(),
  z.object({ userId: z.uuid() }).strict(),
]);
export type CreateInvitationInput = z.infer<typeof createInvitationInputSchema>;

export const invitationSchema = z.object({
  id: z.uuid(),
  restaurantId: z.uuid(),
  reservationId: z.uuid(),
  /** null = pending, true = accepted, false = rejected */
  accepted: z.boolean().nullable(),
  createdAt: z.iso.datetime(),
  respondedAt: z.iso.datetime().nullable(),
  /**
   * The invited address (only the invitee and the reservation's creator read invitations); null in
   * the creator's answer when a companion was invited by id (nobody reads another diner's address).
   */
  email: z.string().nullable(),
  invitedBy: z.object({ displayName: z.string(), photoURL: z.string().nullable() }).nullable(),
  restaurant: reservationRestaurantSchema,
  reservation: z.object({
    date: z.string(),
    startAt: z.string(),
    duration: z.number().int(),
    time: z.object({ start: z.iso.datetime(), end: z.iso.datetime() }),
    quantity: z.number().int(),
    status: reservationStatusSchema,
    kind: reservationKindSchema,
    /** Not cancelled and not over: the invitation can still be answered. */
    isCurrent: z.boolean(),
  }),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** current = pending on a reservation that is not cancelled nor over; history = the rest. */
export const listInvitationsQuerySchema = z
  .object({
    scope: invitationScopeSchema,
    cursor: z.string().max(300).optional(),
    limit: z.coerce.number().int().min(1).max(100).optional(),
  })
  .strict();
export type ListInvitationsQuery = z.infer<typeof listInvitationsQuerySchema>;

export const invitationListSchema = listOf(invitationSchema);
export type InvitationList = z.infer<typeof invitationListSchema>;

export const invitationParamsSchema = z.object({ id: z.string().min(1).max(100) }).strict();

// ---------------------------------------------------------------------------------------------
// Live events on `user:me:invitations` (the invitee) and `reservation:<id>` (members)

export const INVITATION_EVENTS = {
  created: 'invitation.created',
  answered: 'invitation.answered',
  /** The creator withdrew it (or sent it again: the old one is withdrawn, a new one created). */
  revoked: 'invitation.revoked',
} as const;
export type InvitationEvent = (typeof INVITATION_EVENTS)[keyof typeof INVITATION_EVENTS];

export const invitationEventDataSchema = z.object({
  invitationId: z.uuid(),
  reservationId: z.uuid(),
  accepted: z.boolean().nullable(),
});
export type InvitationEventData = z.infer<typeof invitationEventDataSchema>;

// ---------------------------------------------------------------------------------------------
// The creator's view of who has not answered (docs/product.md#unanswered-invitations)
//
//   GET    /api/reservations/:id/invitations   creator → { items: PendingInvitation[] }
//   POST   /api/invitations/:id/resend         creator → 201 PendingInvitation (a new one; the old is withdrawn)
//   DELETE /api/invitations/:id                creator → 204 (withdrawn; idempotent)

export const pendingInvitationSchema = z.object({
  id: z.uuid(),
  /** The address typed; null for a companion chosen by id (their address is never shown). */
  email: z.string().nullable(),
  /** The invitee's name when they have an account the creator may know them by, else null. */
  displayName: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;

export const pendingInvitationListSchema = z.object({ items: z.array(pendingInvitationSchema) });
export type PendingInvitationList = z.infer<typeof pendingInvitationListSchema>;
