/**
 * The HTTP face of the table's order (packages/contracts orders.ts; roles in order-access.ts):
 * each route checks the request against its schema, finds the diner and calls one use case.
 */
import {
  apiErrorSchema,
  createOrderInputSchema,
  orderBatchInputSchema,
  orderBatchSchema,
  orderListSchema,
  orderParamsSchema,
  orderSchema,
  orderTotalSchema,
  reservationParamsSchema,
  updateOrderInputSchema,
} from '@comensal/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestContext, requireDiner } from '../../http/request.ts';
import { createOrder, createOrders } from './create-orders.ts';
import { deleteOrder } from './delete-order.ts';
import { getOrderTotal } from './get-order-total.ts';
import { listOrders } from './list-orders.ts';
import { updateOrder } from './update-order.ts';

const e = apiErrorSchema;
const errors = { 400: e, 401: e, 403: e, 404: e, 409: e };
const refusals =
  '400 VALIDATION_FAILED (`details.reason`, `details.index`), 401, 403 (not a member), 404 (also a product ' +
  'of another restaurant), 409 RESERVATION_CLOSED, PRODUCT_UNAVAILABLE, OUT_OF_STOCK, NOT_ENOUGH_POINTS, ' +
  'POINTS_NOT_ACCEPTED.';

export async function orderRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/reservations/:id/orders',
    {
      schema: {
        operationId: 'listOrders',
        tags: ['orders'],
        summary: "The table's order: every member's dishes (and the delivery line), oldest first",
        params: reservationParamsSchema,
        response: { 200: orderListSchema, ...errors },
      },
    },
    async (request) => listOrders(requestContext(request), await requireDiner(request), request.params.id),
  );

  app.post(
    '/api/reservations/:id/orders',
    {
      config: { idempotent: true },
      schema: {
        operationId: 'createOrder',
        tags: ['orders'],
        summary: 'Order one dish (members, while the reservation is open)',
        description: `Priced by the server. ${refusals}`,
        params: reservationParamsSchema,
        body: createOrderInputSchema,
        response: { 201: orderSchema, ...errors },
      },
    },
    async (request, reply) => {
      const diner = await requireDiner(request);
      const order = await createOrder(requestContext(request), diner, request.params.id, request.body);
      return reply.status(201).send(order);
    },
  );

  app.post(
    '/api/reservations/:id/orders/batch',
    {
      config: { idempotent: true },
      schema: {
        operationId: 'createOrders',
        tags: ['orders'],
        summary: 'Send the pending dishes to the table: 1–50 items, all or nothing',
        description: `One transaction; a refused item writes nothing and is named by \`details.index\`. ${refusals}`,
        params: reservationParamsSchema,
        body: orderBatchInputSchema,
        response: { 201: orderBatchSchema, ...errors },
      },
    },
    async (request, reply) => {
      const diner = await requireDiner(request);
      const items = await createOrders(requestContext(request), diner, request.params.id, request.body.items);
      return reply.status(201).send({ items });
    },
  );

  app.patch(
    '/api/reservations/:id/orders/:orderId',
    {
      schema: {
        operationId: 'updateOrder',
        tags: ['orders'],
        summary: 'Change your unpaid dish: quantity, comments, choices (priced again)',
        description: `403 when it is not yours (or it is the delivery line), 409 ORDER_PAID once paid or being paid. ${refusals}`,
        params: orderParamsSchema,
        body: updateOrderInputSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) =>
      updateOrder(
        requestContext(request),
        await requireDiner(request),
        request.params.id,
        request.params.orderId,
        request.body,
      ),
  );

  app.delete(
    '/api/reservations/:id/orders/:orderId',
    {
      schema: {
        operationId: 'deleteOrder',
        tags: ['orders'],
        summary: 'Delete your unpaid dish (its stock and points go back)',
        params: orderParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteOrder(
        requestContext(request),
        await requireDiner(request),
        request.params.id,
        request.params.orderId,
      );
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/reservations/:id/total',
    {
      schema: {
        operationId: 'getOrderTotal',
        tags: ['orders'],
        summary: "The table's total and each diner's part: paid, pending, due",
        params: reservationParamsSchema,
        response: { 200: orderTotalSchema, ...errors },
      },
    },
    async (request) => getOrderTotal(requestContext(request), await requireDiner(request), request.params.id),
  );
}
