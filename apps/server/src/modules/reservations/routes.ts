/**
 * The HTTP face of reservations, invitations included (docs/product.md#endpoints; roles per
 * docs/product.md#permissions, see access.ts):
 * each route checks the request against its schema, finds the diner and calls one use case.
 */
import {
  apiErrorSchema,
  availabilityQuerySchema,
  availabilitySchema,
  createInvitationInputSchema,
  createReservationInputSchema,
  invitationListSchema,
  invitationParamsSchema,
  invitationSchema,
  invitationSummaryQuerySchema,
  joinByShareLinkInputSchema,
  pendingInvitationListSchema,
  pendingInvitationSchema,
  joinRequestListSchema,
  joinRequestParamsSchema,
  joinRequestSchema,
  listInvitationsQuerySchema,
  listReservationsQuerySchema,
  reservationInvitationSummarySchema,
  reservationListSchema,
  reservationParamsSchema,
  reservationSchema,
  shareLinkSchema,
  tableLookupQuerySchema,
  tableLookupSchema,
  updateReservationInputSchema,
  walkInInputSchema,
} from '@comensal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appContext, findDiner, requestContext, requireDiner } from '../../http/request.ts';
import type { Diner } from '../../lib/context.ts';
import { acceptInvitation, rejectInvitation } from './answer-invitation.ts';
import { acceptJoinRequest, rejectJoinRequest } from './answer-join-request.ts';
import { cancelJoinRequest } from './cancel-join-request.ts';
import { createJoinRequest } from './create-join-request.ts';
import { getJoinRequest } from './get-join-request.ts';
import { listJoinRequests } from './list-join-requests.ts';
import { lookupTable } from './lookup-table.ts';
import { startWalkIn } from './start-walk-in.ts';
import { cancelReservation } from './cancel-reservation.ts';
import { createInvitation } from './create-invitation.ts';
import { createReservation } from './create-reservation.ts';
import { getAvailability } from './get-availability.ts';
import { getInvitationSummary } from './get-invitation-summary.ts';
import { getReservation } from './get-reservation.ts';
import { getReservationIcs, type IcsLocale } from './get-reservation-ics.ts';
import { leaveReservation } from './leave-reservation.ts';
import { listInvitations } from './list-invitations.ts';
import { listReservations } from './list-reservations.ts';
import { registerReservationTopics } from './live-topics.ts';
import { clearAssistance, clearOrdersReadyNotification, requestAssistance } from './set-reservation-flags.ts';
import { updateReservation } from './update-reservation.ts';
import { getShareLink, joinByShareLink, renewShareLink, turnOffShareLink } from './share-link.ts';
import { listPendingInvitations, resendInvitation, revokeInvitation } from './manage-invitations.ts';

const restaurantParams = z.object({ id: z.string().min(1).max(100) }).strict();
const e = apiErrorSchema;
const memberErrors = { 400: e, 401: e, 403: e, 404: e, 409: e };

function icsLocale(diner: Diner, request: FastifyRequest): IcsLocale {
  if (diner.locale === 'es-ES' || diner.locale === 'en-US') return diner.locale;
  return /^\s*es\b/i.test(request.headers['accept-language'] ?? '') ? 'es-ES' : 'en-US';
}

export async function reservationRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  registerReservationTopics(app.live, appContext(app));

  app.get(
    '/api/restaurants/:id/availability',
    {
      schema: {
        operationId: 'getAvailability',
        tags: ['reservations'],
        summary: 'Tables free for a slot, and the durations that fit',
        description:
          "`date`/`startAt` in the restaurant's zone; `duration` default 60, `quantity` default 1. Lists the " +
          'tables with seats ≥ quantity, `free` when no active reservation overlaps (the rows the table-clash ' +
          'constraint compares). `durations`: 15–120 in steps of 15 that end by closing time. `reservationId` ' +
          '(its creator, modifying it): that reservation’s own hold is left out.',
        params: restaurantParams,
        querystring: availabilityQuerySchema,
        response: { 200: availabilitySchema, 400: e, 403: e, 404: e },
      },
    },
    async (request) =>
      getAvailability(requestContext(request), await findDiner(request), request.params.id, request.query),
  );

  app.post(
    '/api/reservations',
    {
      config: { idempotent: true },
      schema: {
        operationId: 'createReservation',
        tags: ['reservations'],
        summary: 'Reserve a table, or order for pickup or delivery',
        description:
          "Guests and users. `date`/`startAt` in the restaurant's zone, inside an opening window; duration 15–120 " +
          'step 15, ending by closing time; quantity ≤ the table seats. 409 TABLE_TAKEN when the table is held for ' +
          'an overlapping time; 400 DELIVERY_OUT_OF_RANGE when no delivery zone covers the address.',
        body: createReservationInputSchema,
        response: { 201: reservationSchema, 400: e, 401: e, 404: e, 409: e },
      },
    },
    async (request, reply) => {
      const diner = await requireDiner(request);
      const reservation = await createReservation(requestContext(request), diner, request.body);
      return reply.status(201).send(reservation);
    },
  );

  app.get(
    '/api/reservations',
    {
      schema: {
        operationId: 'listReservations',
        tags: ['reservations'],
        summary: "The diner's reservations",
        description:
          'current: not over, soonest first; history: over, latest first; cancelled ones are left out.',
        querystring: listReservationsQuerySchema,
        response: { 200: reservationListSchema, 400: e, 401: e },
      },
    },
    async (request) => listReservations(requestContext(request), await requireDiner(request), request.query),
  );

  app.get(
    '/api/reservations/:id',
    {
      schema: {
        operationId: 'getReservation',
        tags: ['reservations'],
        summary: 'One reservation (members)',
        params: reservationParamsSchema,
        response: { 200: reservationSchema, ...memberErrors },
      },
    },
    async (request) =>
      getReservation(requestContext(request), await requireDiner(request), request.params.id),
  );

  app.patch(
    '/api/reservations/:id',
    {
      schema: {
        operationId: 'updateReservation',
        tags: ['reservations'],
        summary: 'Change a reservation (creator)',
        params: reservationParamsSchema,
        body: updateReservationInputSchema,
        response: { 200: reservationSchema, ...memberErrors },
      },
    },
    async (request) =>
      updateReservation(
        requestContext(request),
        await requireDiner(request),
        request.params.id,
        request.body,
      ),
  );

  app.post(
    '/api/reservations/:id/cancel',
    {
      schema: {
        operationId: 'cancelReservation',
        tags: ['reservations'],
        summary: 'Cancel a reservation (creator; idempotent)',
        params: reservationParamsSchema,
        response: { 200: reservationSchema, ...memberErrors },
      },
    },
    async (request) =>
      cancelReservation(requestContext(request), await requireDiner(request), request.params.id),
  );

  app.post(
    '/api/reservations/:id/leave',
    {
      schema: {
        operationId: 'leaveReservation',
        tags: ['reservations'],
        summary: 'Leave a reservation (members other than the creator)',
        params: reservationParamsSchema,
        response: { 204: z.null(), ...memberErrors },
      },
    },
    async (request, reply) => {
      await leaveReservation(requestContext(request), await requireDiner(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/reservations/:id/assistance',
    {
      schema: {
        operationId: 'requestAssistance',
        tags: ['reservations'],
        summary: 'Call for assistance (members)',
        params: reservationParamsSchema,
        response: { 200: reservationSchema, ...memberErrors },
      },
    },
    async (request) =>
      requestAssistance(requestContext(request), await requireDiner(request), request.params.id),
  );

  app.delete(
    '/api/reservations/:id/assistance',
    {
      schema: {
        operationId: 'clearAssistance',
        tags: ['reservations'],
        summary: 'Clear the call for assistance (members)',
        params: reservationParamsSchema,
        response: { 200: reservationSchema, ...memberErrors },
      },
    },
    async (request) =>
      clearAssistance(requestContext(request), await requireDiner(request), request.params.id),
  );

  app.delete(
    '/api/reservations/:id/orders-ready-notification',
    {
      schema: {
        operationId: 'clearOrdersReadyNotification',
        tags: ['reservations'],
        summary: 'Clear the "orders ready" notification (members)',
        params: reservationParamsSchema,
        response: { 200: reservationSchema, ...memberErrors },
      },
    },
    async (request) =>
      clearOrdersReadyNotification(requestContext(request), await requireDiner(request), request.params.id),
  );

  app.get(
    '/api/reservations/:id/ics',
    {
      schema: {
        operationId: 'getReservationIcs',
        tags: ['reservations'],
        summary: 'The reservation as an iCalendar file (members)',
        description: 'text/calendar (RFC 5545), times in UTC, in the diner’s language.',
        params: reservationParamsSchema,
        response: { 200: z.string().describe('text/calendar'), ...memberErrors },
      },
    },
    async (request, reply) => {
      const diner = await requireDiner(request);
      const ics = await getReservationIcs(
        requestContext(request),
        diner,
        request.params.id,
        icsLocale(diner, request),
      );
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${ics.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(ics.body);
    },
  );

  // Invitations: the creator invites; the invitee answers.

  app.get(
    '/api/reservations/:id/invitation',
    {
      schema: {
        operationId: 'getInvitationSummary',
        tags: ['invitations'],
        summary: 'The public invitation summary of a reservation',
        description:
          'Anyone with the link: restaurant, date and time, party size, who invites (never members or e-mails). ' +
          'A signed-in diner also gets `viewer` (member? their invitation id to accept or reject).',
        params: reservationParamsSchema,
        querystring: invitationSummaryQuerySchema,
        response: { 200: reservationInvitationSummarySchema, 400: e, 404: e },
      },
    },
    async (request) =>
      getInvitationSummary(
        requestContext(request),
        await findDiner(request),
        request.params.id,
        request.query,
      ),
  );

  // The share link (docs/product.md#share-link): the creator's open invitation.

  app.get(
    '/api/reservations/:id/share-link',
    {
      schema: {
        operationId: 'getShareLink',
        tags: ['invitations'],
        summary: "The share link's key (creator)",
        description: '`key` null when the creator turned the link off.',
        params: reservationParamsSchema,
        response: { 200: shareLinkSchema, ...memberErrors },
      },
    },
    async (request) => getShareLink(requestContext(request), await requireDiner(request), request.params.id),
  );

  app.put(
    '/api/reservations/:id/share-link',
    {
      schema: {
        operationId: 'renewShareLink',
        tags: ['invitations'],
        summary: 'A new share link (creator): the old one stops working',
        description:
          'Also turns a link that was off on again. 409 RESERVATION_CLOSED once cancelled or over.',
        params: reservationParamsSchema,
        response: { 200: shareLinkSchema, ...memberErrors },
      },
    },
    async (request) =>
      renewShareLink(requestContext(request), await requireDiner(request), request.params.id),
  );

  app.delete(
    '/api/reservations/:id/share-link',
    {
      schema: {
        operationId: 'turnOffShareLink',
        tags: ['invitations'],
        summary: 'Turn the share link off (creator; idempotent)',
        params: reservationParamsSchema,
        response: { 200: shareLinkSchema, ...memberErrors },
      },
    },
    async (request) =>
      turnOffShareLink(requestContext(request), await requireDiner(request), request.params.id),
  );

  app.post(
    '/api/reservations/:id/share-link/join',
    {
      config: { idempotent: true },
      schema: {
        operationId: 'joinByShareLink',
        tags: ['invitations'],
        summary: 'Join the reservation with its share link (guest or user holding the key)',
        description:
          '404 SHARE_LINK_OFF (the key was turned off, renewed or never was); 409 RESERVATION_FULL (the members ' +
          'fill the party size); 409 RESERVATION_CLOSED. A member joining again gets the reservation unchanged.',
        params: reservationParamsSchema,
        body: joinByShareLinkInputSchema,
        response: { 200: reservationSchema, ...memberErrors },
      },
    },
    async (request) =>
      joinByShareLink(requestContext(request), await requireDiner(request), request.params.id, request.body),
  );

  app.post(
    '/api/reservations/:id/invitations',
    {
      config: { idempotent: true },
      schema: {
        operationId: 'createInvitation',
        tags: ['invitations'],
        summary: 'Invite someone by e-mail (creator)',
        description:
          'An existing user or a not-yet-registered e-mail. 409 ALREADY_INVITED (pending one exists), ' +
          'ALREADY_MEMBER, RESERVATION_CLOSED. Sends the invitation e-mail with the public link.',
        params: reservationParamsSchema,
        body: createInvitationInputSchema,
        response: { 201: invitationSchema, ...memberErrors },
      },
    },
    async (request, reply) => {
      const diner = await requireDiner(request);
      const invitation = await createInvitation(
        requestContext(request),
        diner,
        request.params.id,
        request.body,
      );
      return reply.status(201).send(invitation);
    },
  );

  app.get(
    '/api/reservations/:id/invitations',
    {
      schema: {
        operationId: 'listPendingInvitations',
        tags: ['invitations'],
        summary: 'Invitations nobody answered yet (creator)',
        description: 'Oldest first; withdrawn ones left out. A companion invited by id shows no address.',
        params: reservationParamsSchema,
        response: { 200: pendingInvitationListSchema, ...memberErrors },
      },
    },
    async (request) =>
      listPendingInvitations(requestContext(request), await requireDiner(request), request.params.id),
  );

  app.post(
    '/api/invitations/:id/resend',
    {
      config: { idempotent: true },
      schema: {
        operationId: 'resendInvitation',
        tags: ['invitations'],
        summary: 'Send a pending invitation again (creator)',
        description:
          'Withdraws it and makes a new one for the same address, under the same limits as a first invitation ' +
          '(429 INVITATION_DAILY_LIMIT, 409 CONFLICT INVITATION_LIMIT); mails the link again. 409 ' +
          'INVITATION_ANSWERED, RESERVATION_CLOSED.',
        params: invitationParamsSchema,
        response: { 201: pendingInvitationSchema, ...memberErrors, 429: e },
      },
    },
    async (request, reply) => {
      const invitation = await resendInvitation(
        requestContext(request),
        await requireDiner(request),
        request.params.id,
      );
      return reply.status(201).send(invitation);
    },
  );

  app.delete(
    '/api/invitations/:id',
    {
      schema: {
        operationId: 'revokeInvitation',
        tags: ['invitations'],
        summary: 'Withdraw a pending invitation (creator; idempotent)',
        description: 'The invitee no longer sees or answers it. 409 INVITATION_ANSWERED once answered.',
        params: invitationParamsSchema,
        response: { 204: z.null(), ...memberErrors },
      },
    },
    async (request, reply) => {
      await revokeInvitation(requestContext(request), await requireDiner(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/invitations',
    {
      schema: {
        operationId: 'listInvitations',
        tags: ['invitations'],
        summary: "The diner's invitations, newest first",
        description: 'current: pending on a reservation neither cancelled nor over; history: the rest.',
        querystring: listInvitationsQuerySchema,
        response: { 200: invitationListSchema, 400: e, 401: e },
      },
    },
    async (request) => listInvitations(requestContext(request), await requireDiner(request), request.query),
  );

  app.post(
    '/api/invitations/:id/accept',
    {
      schema: {
        operationId: 'acceptInvitation',
        tags: ['invitations'],
        summary: 'Accept an invitation (the invitee): join the reservation',
        params: invitationParamsSchema,
        response: { 200: invitationSchema, ...memberErrors },
      },
    },
    async (request) =>
      acceptInvitation(requestContext(request), await requireDiner(request), request.params.id),
  );

  app.post(
    '/api/invitations/:id/reject',
    {
      schema: {
        operationId: 'rejectInvitation',
        tags: ['invitations'],
        summary: 'Reject an invitation (the invitee)',
        params: invitationParamsSchema,
        response: { 200: invitationSchema, ...memberErrors },
      },
    },
    async (request) =>
      rejectInvitation(requestContext(request), await requireDiner(request), request.params.id),
  );

  // Table links (docs/product.md#table-links): join the table's current reservation, or walk in.

  app.get(
    '/api/restaurants/:id/tables/lookup',
    {
      schema: {
        operationId: 'lookupTable',
        tags: ['table links'],
        summary: "What a table's QR link opens: its current reservation, or a walk-in",
        description:
          '`table`: the number or id of the table; `room`: the room id (without it, the first room with that ' +
          'table). The reservation that holds the table now (not cancelled, now within [start − 15 min, end)) ' +
          'with `isMember` and the caller’s latest join request — never its members; and whether a walk-in can ' +
          'start now (`reason` TAKEN, CLOSED or CLOSING otherwise) with the durations that fit.',
        params: restaurantParams,
        querystring: tableLookupQuerySchema,
        response: { 200: tableLookupSchema, 400: e, 401: e, 404: e },
      },
    },
    async (request) =>
      lookupTable(requestContext(request), await requireDiner(request), request.params.id, request.query),
  );

  app.post(
    '/api/restaurants/:id/walk-ins',
    {
      config: { idempotent: true },
      schema: {
        operationId: 'startWalkIn',
        tags: ['table links'],
        summary: 'Start a table reservation now at a free table (walk-in)',
        description:
          "Starts at the current minute in the restaurant's zone; `duration` defaults to 60 or the longest that " +
          'ends by closing time and by the table’s next reservation. The booking rules apply (400 ' +
          'VALIDATION_FAILED with `details.reason`); 409 TABLE_TAKEN when the table is held (also under a race).',
        params: restaurantParams,
        body: walkInInputSchema,
        response: { 201: reservationSchema, 400: e, 401: e, 404: e, 409: e },
      },
    },
    async (request, reply) => {
      const diner = await requireDiner(request);
      const reservation = await startWalkIn(requestContext(request), diner, request.params.id, request.body);
      return reply.status(201).send(reservation);
    },
  );

  app.post(
    '/api/reservations/:id/join-requests',
    {
      config: { idempotent: true },
      schema: {
        operationId: 'createJoinRequest',
        tags: ['table links'],
        summary: 'Ask the members to let you in (not a member)',
        description:
          '201 a new pending request; 200 the same one while it is pending. 409 ALREADY_MEMBER; 409 ' +
          'RESERVATION_CLOSED (`details.reason` CANCELLED, OVER, NOT_STARTED or NO_TABLE); 409 CONFLICT ' +
          '`JOIN_REQUEST_LIMIT`.',
        params: reservationParamsSchema,
        response: { 200: joinRequestSchema, 201: joinRequestSchema, ...memberErrors },
      },
    },
    async (request, reply) => {
      const diner = await requireDiner(request);
      const { request: joinRequest, created } = await createJoinRequest(
        requestContext(request),
        diner,
        request.params.id,
      );
      return reply.status(created ? 201 : 200).send(joinRequest);
    },
  );

  app.get(
    '/api/reservations/:id/join-requests',
    {
      schema: {
        operationId: 'listJoinRequests',
        tags: ['table links'],
        summary: 'Pending requests to join, oldest first (members)',
        params: reservationParamsSchema,
        response: { 200: joinRequestListSchema, ...memberErrors },
      },
    },
    async (request) =>
      listJoinRequests(requestContext(request), await requireDiner(request), request.params.id),
  );

  app.get(
    '/api/join-requests/:id',
    {
      schema: {
        operationId: 'getJoinRequest',
        tags: ['table links'],
        summary: 'One request to join (the requester, members)',
        params: joinRequestParamsSchema,
        response: { 200: joinRequestSchema, ...memberErrors },
      },
    },
    async (request) =>
      getJoinRequest(requestContext(request), await requireDiner(request), request.params.id),
  );

  app.post(
    '/api/join-requests/:id/accept',
    {
      schema: {
        operationId: 'acceptJoinRequest',
        tags: ['table links'],
        summary: 'Let the requester in (members)',
        description:
          'The requester becomes a member. 409 JOIN_REQUEST_ANSWERED when it is no longer pending; 409 ' +
          'RESERVATION_CLOSED once the reservation is cancelled or over.',
        params: joinRequestParamsSchema,
        response: { 200: joinRequestSchema, ...memberErrors },
      },
    },
    async (request) =>
      acceptJoinRequest(requestContext(request), await requireDiner(request), request.params.id),
  );

  app.post(
    '/api/join-requests/:id/reject',
    {
      schema: {
        operationId: 'rejectJoinRequest',
        tags: ['table links'],
        summary: 'Turn the request down (members)',
        description: '409 JOIN_REQUEST_ANSWERED when it is no longer pending.',
        params: joinRequestParamsSchema,
        response: { 200: joinRequestSchema, ...memberErrors },
      },
    },
    async (request) =>
      rejectJoinRequest(requestContext(request), await requireDiner(request), request.params.id),
  );

  app.delete(
    '/api/join-requests/:id',
    {
      schema: {
        operationId: 'cancelJoinRequest',
        tags: ['table links'],
        summary: 'Withdraw your request (the requester; idempotent)',
        description: '409 JOIN_REQUEST_ANSWERED once a member answered it.',
        params: joinRequestParamsSchema,
        response: { 200: joinRequestSchema, ...memberErrors },
      },
    },
    async (request) =>
      cancelJoinRequest(requestContext(request), await requireDiner(request), request.params.id),
  );
}
