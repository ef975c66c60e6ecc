import {
  apiErrorSchema,
  availabilityQuerySchema,
  availabilitySchema,
  createReservationInputSchema,
  listReservationsQuerySchema,
  reservationListSchema,
  reservationParamsSchema,
  reservationSchema,
  updateReservationInputSchema,
} from '@comensal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cancelReservation } from './cancel-reservation.ts';
import { requireCaller, type Caller } from './caller.ts';
import type { InvitationMailer, ReservationsContext } from './context.ts';
import { createReservation } from './create-reservation.ts';
import { getAvailability } from './get-availability.ts';
import { getReservation } from './get-reservation.ts';
import { getReservationIcs, type IcsLocale } from './get-reservation-ics.ts';
import { leaveReservation } from './leave-reservation.ts';
import { listReservations } from './list-reservations.ts';
import { registerReservationTopics, type LiveTopics } from './live-topics.ts';
import { clearAssistance, clearOrdersReadyNotification, requestAssistance } from './set-reservation-flags.ts';
import { updateReservation } from './update-reservation.ts';

const restaurantParams = z.object({ id: z.string().min(1).max(100) }).strict();
const e = apiErrorSchema;
const memberErrors = { 400: e, 401: e, 403: e, 404: e, 409: e };

/** The use-case context of a request (the mail service only when the mail plugin is there). */
export function reservationsContext(app: FastifyInstance, request: FastifyRequest): ReservationsContext {
  return {
    db: app.db,
    now: app.now,
    log: request.log,
    publicUrl: app.config.publicUrl,
    mailer: app.hasDecorator('mailer') ? (app as unknown as { mailer: InvitationMailer }).mailer : null,
  };
}

function icsLocale(caller: Caller, request: FastifyRequest): IcsLocale {
  if (caller.locale === 'es-ES' || caller.locale === 'en-US') return caller.locale;
  return /^\s*es\b/i.test(request.headers['accept-language'] ?? '') ? 'es-ES' : 'en-US';
}

/** Reservations (DESIGN §4; roles per §5, see access.ts). */
export async function reservationRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: FastifyRequest) => reservationsContext(app, request);
  if (app.hasDecorator('live')) {
    registerReservationTopics((app as unknown as { live: LiveTopics }).live, { db: app.db, now: app.now });
  }

  app.get(
    '/api/restaurants/:id/availability',
    {
      schema: {
        tags: ['reservations'],
        summary: 'Tables free for a slot, and the durations that fit',
        description:
          "`date`/`startAt` in the restaurant's zone; `duration` default 60, `quantity` default 1. Lists the " +
          'tables with seats ≥ quantity, `free` when no active reservation overlaps (the rows the table-clash ' +
          'constraint compares). `durations`: 15–120 in steps of 15 that end by closing time.',
        params: restaurantParams,
        querystring: availabilityQuerySchema,
        response: { 200: availabilitySchema, 400: e, 404: e },
      },
    },
    async (request) => getAvailability(ctx(request), request.params.id, request.query),
  );

  app.post(
    '/api/reservations',
    {
      schema: {
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
      const caller = await requireCaller(request);
      const reservation = await createReservation(ctx(request), caller, request.body);
      return reply.status(201).send(reservation);
    },
  );

  app.get(
    '/api/reservations',
    {
      schema: {
        tags: ['reservations'],
        summary: "The caller's reservations",
        description:
          'current: not over, soonest first; history: over, latest first; cancelled ones are left out.',
        querystring: listReservationsQuerySchema,
        response: { 200: reservationListSchema, 400: e, 401: e },
      },
    },
    async (request) => listReservations(ctx(request), await requireCaller(request), request.query),
  );

  app.get(
    '/api/reservations/:id',
    {
      schema: {
        tags: ['reservations'],
        summary: 'One reservation (members)',
        params: reservationParamsSchema,
        response: { 200: reservationSchema, ...memberErrors },
      },
    },
    async (request) => getReservation(ctx(request), await requireCaller(request), request.params.id),
  );

  app.patch(
    '/api/reservations/:id',
    {
      schema: {
        tags: ['reservations'],
        summary: 'Change a reservation (creator)',
        params: reservationParamsSchema,
        body: updateReservationInputSchema,
        response: { 200: reservationSchema, ...memberErrors },
      },
    },
    async (request) =>
      updateReservation(ctx(request), await requireCaller(request), request.params.id, request.body),
  );

  app.post(
    '/api/reservations/:id/cancel',
    {
      schema: {
        tags: ['reservations'],
        summary: 'Cancel a reservation (creator; idempotent)',
        params: reservationParamsSchema,
        response: { 200: reservationSchema, ...memberErrors },
      },
    },
    async (request) => cancelReservation(ctx(request), await requireCaller(request), request.params.id),
  );

  app.post(
    '/api/reservations/:id/leave',
    {
      schema: {
        tags: ['reservations'],
        summary: 'Leave a reservation (members other than the creator)',
        params: reservationParamsSchema,
        response: { 204: z.null(), ...memberErrors },
      },
    },
    async (request, reply) => {
      await leaveReservation(ctx(request), await requireCaller(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/reservations/:id/assistance',
    {
      schema: {
        tags: ['reservations'],
        summary: 'Call for assistance (members)',
        params: reservationParamsSchema,
        response: { 200: reservationSchema, ...memberErrors },
      },
    },
    async (request) => requestAssistance(ctx(request), await requireCaller(request), request.params.id),
  );

  app.delete(
    '/api/reservations/:id/assistance',
    {
      schema: {
        tags: ['reservations'],
        summary: 'Clear the call for assistance (members)',
        params: reservationParamsSchema,
        response: { 200: reservationSchema, ...memberErrors },
      },
    },
    async (request) => clearAssistance(ctx(request), await requireCaller(request), request.params.id),
  );

  app.delete(
    '/api/reservations/:id/orders-ready-notification',
    {
      schema: {
        tags: ['reservations'],
        summary: 'Clear the "orders ready" notification (members)',
        params: reservationParamsSchema,
        response: { 200: reservationSchema, ...memberErrors },
      },
    },
    async (request) =>
      clearOrdersReadyNotification(ctx(request), await requireCaller(request), request.params.id),
  );

  app.get(
    '/api/reservations/:id/ics',
    {
      schema: {
        tags: ['reservations'],
        summary: 'The reservation as an iCalendar file (members)',
        description: 'text/calendar (RFC 5545), times in UTC, in the caller’s language.',
        params: reservationParamsSchema,
        response: { 200: z.string().describe('text/calendar'), ...memberErrors },
      },
    },
    async (request, reply) => {
      const caller = await requireCaller(request);
      const ics = await getReservationIcs(
        ctx(request),
        caller,
        request.params.id,
        icsLocale(caller, request),
      );
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${ics.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(ics.body);
    },
  );
}
