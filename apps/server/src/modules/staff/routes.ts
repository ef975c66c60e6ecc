/**
 * The HTTP face of the staff console (packages/contracts staff.ts; who may in staff-access.ts):
 * each route checks the request against its schema, finds the caller and calls one use case.
 */
import {
  addStaffMemberInputSchema,
  apiErrorSchema,
  DISH_PICTURE_FIELD,
  errorReportListSchema,
  MAX_DISH_PICTURE_BYTES,
  errorReportsQuerySchema,
  rejectTransactionInputSchema,
  staffAuditListSchema,
  staffAuditQuerySchema,
  staffBoardQuerySchema,
  staffBoardReservationSchema,
  staffBoardSchema,
  staffFunnelQuerySchema,
  staffFunnelSchema,
  staffMemberListSchema,
  staffMemberParamsSchema,
  staffMemberSchema,
  staffProductListSchema,
  staffProductParamsSchema,
  staffProductSchema,
  staffReservationParamsSchema,
  staffRestaurantListSchema,
  staffRestaurantParamsSchema,
  staffTableQrListSchema,
  staffTransactionListSchema,
  staffTransactionParamsSchema,
  staffTransactionSchema,
  staffTransactionsQuerySchema,
  updateStaffProductInputSchema,
  updateStaffReservationInputSchema,
} from '@comensal/contracts';
import { PICTURE_WIDTHS } from '@comensal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readMultipart, registerMultipart } from '../../http/multipart.ts';
import { appContext, requestContext, requireDiner } from '../../http/request.ts';
import { getBoard } from './get-board.ts';
import { getFunnel } from './get-funnel.ts';
import { listAudit } from './list-audit.ts';
import { listStaffErrorReports } from './staff-error-reports.ts';
import { listMyRestaurants } from './list-my-restaurants.ts';
import { registerStaffTopic } from './live-topic.ts';
import { actOnReservation } from './reservation-actions.ts';
import { addStaffMember, listStaffMembers, removeStaffMember } from './staff-members.ts';
import { editStaffProduct, listStaffProducts, uploadStaffProductPicture } from './staff-products.ts';
import { confirmAsStaff, listStaffTransactions, rejectAsStaff } from './staff-transactions.ts';
import { listTableQrCodes } from './table-qr.ts';

const e = apiErrorSchema;
/** A restaurant route: 403 for anyone who does not work there. */
const restaurantErrors = { 400: e, 401: e, 403: e, 404: e };
/** A route on a thing of a restaurant: 404 for anyone who does not work there; 409 a state conflict. */
const thingErrors = { 400: e, 401: e, 404: e, 409: e };
const tags = ['staff'];

export async function staffRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  registerStaffTopic(app.live, appContext(app));

  app.get(
    '/api/staff/restaurants',
    {
      schema: {
        operationId: 'listStaffRestaurants',
        tags,
        summary: 'The restaurants the caller works at, with the role (empty for a diner)',
        response: { 200: staffRestaurantListSchema, 401: e },
      },
    },
    async (request) => listMyRestaurants(requestContext(request), await requireDiner(request)),
  );

  app.get(
    '/api/staff/errors',
    {
      schema: {
        operationId: 'listStaffErrorReports',
        tags,
        summary: 'What broke for diners at the restaurants the caller works at, newest first',
        description:
          'Error records (scrubbed) of every restaurant the caller works at, or of `restaurantId`; ' +
          '`kind`, `from` (inclusive) and `to` (exclusive) narrow them. Records tied to no restaurant are not listed. ' +
          '403 for guests, diners who work nowhere and a restaurant the caller does not work at.',
        querystring: errorReportsQuerySchema,
        response: { 200: errorReportListSchema, 400: e, 401: e, 403: e },
      },
    },
    async (request) =>
      listStaffErrorReports(requestContext(request), await requireDiner(request), request.query),
  );

  app.get(
    '/api/staff/restaurants/:id/board',
    {
      schema: {
        operationId: 'getStaffBoard',
        tags,
        summary: "A day's reservations by room, table and time, with members, flags, orders and what is owed",
        description:
          '`date` is restaurant-local (YYYY-MM-DD), today by default. Staff and owners of the restaurant.',
        params: staffRestaurantParamsSchema,
        querystring: staffBoardQuerySchema,
        response: { 200: staffBoardSchema, ...restaurantErrors },
      },
    },
    async (request) =>
      getBoard(requestContext(request), await requireDiner(request), request.params.id, request.query.date),
  );

  app.get(
    '/api/staff/restaurants/:id/funnel',
    {
      schema: {
        operationId: 'getStaffFunnel',
        tags,
        summary: 'How many distinct visitors reached each step of a visit on a day (first-party analytics)',
        description:
          '`date` is restaurant-local (YYYY-MM-DD), today by default. Staff and owners of the restaurant.',
        params: staffRestaurantParamsSchema,
        querystring: staffFunnelQuerySchema,
        response: { 200: staffFunnelSchema, ...restaurantErrors },
      },
    },
    async (request) =>
      getFunnel(requestContext(request), await requireDiner(request), request.params.id, request.query.date),
  );

  app.get(
    '/api/staff/restaurants/:id/transactions',
    {
      schema: {
        operationId: 'listStaffTransactions',
        tags,
        summary: "The restaurant's payments, newest first, with the receipt to show in place",
        params: staffRestaurantParamsSchema,
        querystring: staffTransactionsQuerySchema,
        response: { 200: staffTransactionListSchema, ...restaurantErrors },
      },
    },
    async (request) =>
      listStaffTransactions(
        requestContext(request),
        await requireDiner(request),
        request.params.id,
        request.query,
      ),
  );

  app.post(
    '/api/staff/transactions/:id/confirm',
    {
      schema: {
        operationId: 'confirmTransaction',
        tags,
        summary:
          'Confirm a Pago Móvil transfer or a cash payment: its orders are paid, the payer earns points',
        description:
          '409 CONFLICT `details.reason` TRANSACTION_DECIDED when it is no longer pending (nothing changes); ' +
          '400 PAYMENT_TYPE_MISMATCH for a card payment; 404 to anyone but the restaurant’s staff.',
        params: staffTransactionParamsSchema,
        response: { 200: staffTransactionSchema, ...thingErrors },
      },
    },
    async (request) =>
      confirmAsStaff(requestContext(request), await requireDiner(request), request.params.id),
  );

  app.post(
    '/api/staff/transactions/:id/reject',
    {
      schema: {
        operationId: 'rejectTransaction',
        tags,
        summary:
          'Reject a transfer or cash payment with a reason: its orders are due again, the payer is told why',
        description: '409 CONFLICT `details.reason` TRANSACTION_DECIDED when it is no longer pending.',
        params: staffTransactionParamsSchema,
        body: rejectTransactionInputSchema,
        response: { 200: staffTransactionSchema, ...thingErrors },
      },
    },
    async (request) =>
      rejectAsStaff(
        requestContext(request),
        await requireDiner(request),
        request.params.id,
        request.body.reason,
      ),
  );

  app.post(
    '/api/staff/reservations/:id/orders-ready',
    {
      schema: {
        operationId: 'markOrdersReady',
        tags,
        summary: 'Tell the table its orders are ready (every member sees it until one clears it)',
        description: '409 CONFLICT `details.reason` RESERVATION_CANCELLED for a cancelled reservation.',
        params: staffReservationParamsSchema,
        response: { 200: staffBoardReservationSchema, ...thingErrors },
      },
    },
    async (request) =>
      actOnReservation(requestContext(request), await requireDiner(request), request.params.id, {
        kind: 'ordersReady',
      }),
  );

  app.delete(
    '/api/staff/reservations/:id/assistance',
    {
      schema: {
        operationId: 'answerAssistance',
        tags,
        summary: "Answer a table's call for assistance (clears it for the diners)",
        params: staffReservationParamsSchema,
        response: { 200: staffBoardReservationSchema, ...thingErrors },
      },
    },
    async (request) =>
      actOnReservation(requestContext(request), await requireDiner(request), request.params.id, {
        kind: 'clearAssistance',
      }),
  );

  app.patch(
    '/api/staff/reservations/:id',
    {
      schema: {
        operationId: 'setReservationStatus',
        tags,
        summary: 'Move a reservation: confirmed → seated → completed',
        description:
          '409 CONFLICT `details.reason` INVALID_STATUS_TRANSITION (with `from`, `to`) for any other move.',
        params: staffReservationParamsSchema,
        body: updateStaffReservationInputSchema,
        response: { 200: staffBoardReservationSchema, ...thingErrors },
      },
    },
    async (request) =>
      actOnReservation(requestContext(request), await requireDiner(request), request.params.id, {
        kind: 'status',
        status: request.body.status,
      }),
  );

  app.get(
    '/api/staff/restaurants/:id/products',
    {
      schema: {
        operationId: 'listStaffProducts',
        tags,
        summary: 'Every dish of the restaurant, hidden ones too',
        params: staffRestaurantParamsSchema,
        response: { 200: staffProductListSchema, ...restaurantErrors },
      },
    },
    async (request) =>
      listStaffProducts(requestContext(request), await requireDiner(request), request.params.id),
  );

  app.patch(
    '/api/staff/restaurants/:id/products/:productId',
    {
      schema: {
        operationId: 'updateStaffProduct',
        tags,
        summary: "Change a dish's price, discount, stock, visibility or schedule; open menus follow at once",
        description:
          '400 VALIDATION_FAILED with `details.reason` DISCOUNT_EXCEEDS_PRICE, SCHEDULE_INCOMPLETE or SCHEDULE_EMPTY ' +
          '(and `details.field`) when the dish would break a rule; nothing is written.',
        params: staffProductParamsSchema,
        body: updateStaffProductInputSchema,
        response: { 200: staffProductSchema, ...restaurantErrors },
      },
    },
    async (request) =>
      editStaffProduct(
        requestContext(request),
        await requireDiner(request),
        request.params.id,
        request.params.productId,
        request.body,
      ),
  );

  // multipart is taken by the upload route only: a multipart body elsewhere stays a 415
  await app.register(async (scope) => {
    const uploads = scope.withTypeProvider<ZodTypeProvider>();
    await registerMultipart(uploads);
    uploads.post(
      '/api/staff/restaurants/:id/products/:productId/picture',
      {
        schema: {
          operationId: 'uploadStaffProductPicture',
          tags,
          summary: "Upload a dish's picture (replacing the one it had); open menus follow at once",
          description:
            `multipart/form-data with one file field "${DISH_PICTURE_FIELD}": a JPEG, PNG or WebP picture (checked ` +
            `by its content) of at most ${MAX_DISH_PICTURE_BYTES} bytes. It is cut to 4:3 and stored as WebP at ` +
            `${PICTURE_WIDTHS.join(', ')} px wide (never wider than it is); \`imageUrl\` names the widest, ` +
            '`…/<name>.<width>w.webp`, and the narrower ones have the same name with their width ' +
            '(docs/decisions/0038-responsive-pictures.md). 400 VALIDATION_FAILED `details.reason` PICTURE_TOO_SMALL; ' +
            '413 PAYLOAD_TOO_LARGE; 415 UNSUPPORTED_MEDIA_TYPE; nothing is changed then.',
          consumes: ['multipart/form-data'],
          params: staffProductParamsSchema,
          response: { 200: staffProductSchema, ...restaurantErrors, 413: e, 415: e },
        },
      },
      async (request) => {
        const diner = await requireDiner(request);
        const { file } = await readMultipart(request, {
          fileField: DISH_PICTURE_FIELD,
          maxFileBytes: MAX_DISH_PICTURE_BYTES,
        });
        return uploadStaffProductPicture(
          requestContext(request),
          app.storage,
          diner,
          request.params.id,
          request.params.productId,
          file.data,
        );
      },
    );
  });

  app.get(
    '/api/staff/restaurants/:id/tables/qr',
    {
      schema: {
        operationId: 'listTableQrCodes',
        tags,
        summary: "Each table's link for its QR code (the restaurant with `table` and `room`)",
        params: staffRestaurantParamsSchema,
        response: { 200: staffTableQrListSchema, ...restaurantErrors },
      },
    },
    async (request) =>
      listTableQrCodes(requestContext(request), await requireDiner(request), request.params.id),
  );

  app.get(
    '/api/staff/restaurants/:id/staff',
    {
      schema: {
        operationId: 'listStaffMembers',
        tags,
        summary: 'Who works at the restaurant (owners only)',
        params: staffRestaurantParamsSchema,
        response: { 200: staffMemberListSchema, ...restaurantErrors },
      },
    },
    async (request) =>
      listStaffMembers(requestContext(request), await requireDiner(request), request.params.id),
  );

  app.post(
    '/api/staff/restaurants/:id/staff',
    {
      config: { idempotent: true },
      schema: {
        operationId: 'addStaffMember',
        tags,
        summary: 'Add someone to the staff by the e-mail of their account (owners only)',
        description:
          '404 NOT_FOUND `details.reason` USER_NOT_FOUND when no account has the e-mail; 409 CONFLICT ALREADY_STAFF.',
        params: staffRestaurantParamsSchema,
        body: addStaffMemberInputSchema,
        response: { 201: staffMemberSchema, ...restaurantErrors, 409: e },
      },
    },
    async (request, reply) => {
      const member = await addStaffMember(
        requestContext(request),
        await requireDiner(request),
        request.params.id,
        request.body,
      );
      return reply.status(201).send(member);
    },
  );

  app.delete(
    '/api/staff/restaurants/:id/staff/:userId',
    {
      schema: {
        operationId: 'removeStaffMember',
        tags,
        summary: 'Remove someone from the staff (owners only; never the last owner)',
        description: '409 CONFLICT `details.reason` LAST_OWNER.',
        params: staffMemberParamsSchema,
        response: { 204: z.null(), ...restaurantErrors, 409: e },
      },
    },
    async (request, reply) => {
      await removeStaffMember(
        requestContext(request),
        await requireDiner(request),
        request.params.id,
        request.params.userId,
      );
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/staff/restaurants/:id/audit',
    {
      schema: {
        operationId: 'listStaffAudit',
        tags,
        summary: 'Every staff action at the restaurant: who, what, before → after, when (newest first)',
        params: staffRestaurantParamsSchema,
        querystring: staffAuditQuerySchema,
        response: { 200: staffAuditListSchema, ...restaurantErrors },
      },
    },
    async (request) =>
      listAudit(requestContext(request), await requireDiner(request), request.params.id, request.query),
  );
}
