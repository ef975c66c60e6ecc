import {
  apiErrorSchema,
  createInvitationInputSchema,
  invitationListSchema,
  invitationParamsSchema,
  invitationSchema,
  listInvitationsQuerySchema,
  reservationInvitationSummarySchema,
  reservationParamsSchema,
} from '@comensal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { findCaller, requireCaller } from '../reservations/caller.ts';
import { registerInvitationTopics, type LiveTopics } from '../reservations/live-topics.ts';
import { reservationsContext } from '../reservations/routes.ts';
import { acceptInvitation, rejectInvitation } from './answer-invitation.ts';
import { createInvitation } from './create-invitation.ts';
import { getInvitationSummary } from './get-invitation-summary.ts';
import { listInvitations } from './list-invitations.ts';

const e = apiErrorSchema;
const errors = { 400: e, 401: e, 403: e, 404: e, 409: e };

/** Invitations (DESIGN §4): the creator invites; the invitee answers. */
export async function invitationRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: FastifyRequest) => reservationsContext(app, request);
  if (app.hasDecorator('live')) registerInvitationTopics((app as unknown as { live: LiveTopics }).live);

  app.get(
    '/api/reservations/:id/invitation',
    {
      schema: {
        tags: ['invitations'],
        summary: 'The public invitation summary of a reservation',
        description:
          'Anyone with the link: restaurant, date and time, party size, who invites (never members or e-mails). ' +
          'A signed-in caller also gets `viewer` (member? their invitation id to accept or reject).',
        params: reservationParamsSchema,
        response: { 200: reservationInvitationSummarySchema, 400: e, 404: e },
      },
    },
    async (request) => getInvitationSummary(ctx(request), await findCaller(request), request.params.id),
  );

  app.post(
    '/api/reservations/:id/invitations',
    {
      schema: {
        tags: ['invitations'],
        summary: 'Invite someone by e-mail (creator)',
        description:
          'An existing user or a not-yet-registered e-mail. 409 ALREADY_INVITED (pending one exists), ' +
          'ALREADY_MEMBER, RESERVATION_CLOSED. Sends the invitation e-mail with the public link.',
        params: reservationParamsSchema,
        body: createInvitationInputSchema,
        response: { 201: invitationSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = await requireCaller(request);
      const invitation = await createInvitation(ctx(request), caller, request.params.id, request.body);
      return reply.status(201).send(invitation);
    },
  );

  app.get(
    '/api/invitations',
    {
      schema: {
        tags: ['invitations'],
        summary: "The caller's invitations, newest first",
        description: 'current: pending on a reservation neither cancelled nor over; history: the rest.',
        querystring: listInvitationsQuerySchema,
        response: { 200: invitationListSchema, 400: e, 401: e },
      },
    },
    async (request) => listInvitations(ctx(request), await requireCaller(request), request.query),
  );

  app.post(
    '/api/invitations/:id/accept',
    {
      schema: {
        tags: ['invitations'],
        summary: 'Accept an invitation (the invitee): join the reservation',
        params: invitationParamsSchema,
        response: { 200: invitationSchema, ...errors },
      },
    },
    async (request) => acceptInvitation(ctx(request), await requireCaller(request), request.params.id),
  );

  app.post(
    '/api/invitations/:id/reject',
    {
      schema: {
        tags: ['invitations'],
        summary: 'Reject an invitation (the invitee)',
        params: invitationParamsSchema,
        response: { 200: invitationSchema, ...errors },
      },
    },
    async (request) => rejectInvitation(ctx(request), await requireCaller(request), request.params.id),
  );
}
