/**
 * The HTTP face of split and pay (packages/contracts payments.ts; roles in payment-access.ts):
 * each route checks the request against its schema, finds the diner and calls one use case.
 * Webpay's return URL lives in a scope of its own: it takes form bodies, and cross-site posts
 * (Transbank's page sends the browser back) — it acts on the token only, never on the session.
 */
import {
  apiErrorSchema,
  cashPaymentInputSchema,
  createPendingPaymentInputSchema,
  MAX_RECEIPT_BYTES,
  pendingPaymentListSchema,
  pendingPaymentParamsSchema,
  pendingPaymentSchema,
  RECEIPT_FIELD,
  reservationParamsSchema,
  startWebpayInputSchema,
  transactionListSchema,
  transactionSchema,
  transferReportInputSchema,
  webpayResultSchema,
  webpayStartSchema,
} from '@comensal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readMultipart, registerMultipart } from '../../http/multipart.ts';
import { sendPrivateFile } from '../../http/private-file.ts';
import { requestContext, requireDiner } from '../../http/request.ts';
import { AppError } from '../../lib/app-error.ts';
import { cancelPendingPayment } from './cancel-pending-payment.ts';
import { createPendingPayment } from './create-pending-payment.ts';
import { getWebpayResult } from './get-webpay-result.ts';
import { listPendingPayments } from './list-pending-payments.ts';
import { listTransactions } from './list-transactions.ts';
import type { PaymentContext, ReceiptFiles } from './payment-context.ts';
import { startWebpay, WEBPAY_RETURN_PATH } from './start-webpay.ts';
import { getReceipt } from './get-receipt.ts';
import { payCash, submitTransfer } from './submit-transaction.ts';
import { handleWebpayReturn } from './webpay-return.ts';

export interface PaymentRoutesOptions {
  /** Where receipts go (private files); the app's storage (`app.storage`) by default. */
  files?: ReceiptFiles;
}

const e = apiErrorSchema;
const errors = { 400: e, 401: e, 403: e, 404: e, 409: e };
/** The most a Webpay return's form may weigh (four short fields). */
const RETURN_BODY_LIMIT = 4096;
const WEBPAY_RETURN_FIELDS = ['token_ws', 'TBK_TOKEN', 'TBK_ORDEN_COMPRA', 'TBK_ID_SESION'] as const;

/**
 * The four fields of a Webpay return, from the query string and the form body (Webpay uses both
 * methods); a field given twice (or as anything but text) is refused.
 */
function webpayReturnParams(request: FastifyRequest): Record<string, string | undefined> {
  const sources = [request.query, request.body].filter(
    (source): source is Record<string, unknown> => typeof source === 'object' && source !== null,
  );
  const params: Record<string, string | undefined> = {};
  for (const field of WEBPAY_RETURN_FIELDS) {
    const values = sources.map((source) => source[field]).filter((value) => value !== undefined);
    if (values.length > 1 || (values.length === 1 && typeof values[0] !== 'string')) {
      throw new AppError('VALIDATION_FAILED', `${field} must be given once`, {
        reason: 'INVALID_WEBPAY_RETURN',
      });
    }
    params[field] = values[0] as string | undefined;
  }
  return params;
}

export async function paymentRoutes(instance: FastifyInstance, options: PaymentRoutesOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const files = options.files ?? app.storage;
  const paymentContext = (request: FastifyRequest): PaymentContext => ({
    ...requestContext(request),
    webpay: request.server.webpay,
    files,
  });

  app.get(
    '/api/reservations/:id/pending-payments',
    {
      schema: {
        operationId: 'listPendingPayments',
        tags: ['payments'],
        summary: "The table's payments being prepared or under way (open and processing), every payer's",
        params: reservationParamsSchema,
        response: { 200: pendingPaymentListSchema, ...errors },
      },
    },
    async (request) =>
      listPendingPayments(requestContext(request), await requireDiner(request), request.params.id),
  );

  app.post(
    '/api/reservations/:id/pending-payments',
    {
      config: { idempotent: true },
      schema: {
        operationId: 'createPendingPayment',
        tags: ['payments'],
        summary: 'Choose what to pay: orders, an equal share, an amount or a share of a dish, with a tip',
        description:
          'The server computes the amount, the tip and what each order gets. 201 a new pending payment; ' +
          '200 the payer’s open one of the same tip choice and payment type, with this added. ' +
          '409 ORDER_ALREADY_PAID, NOTHING_DUE, PAYMENT_TYPE_NOT_OFFERED, RESERVATION_CLOSED; ' +
          '400 AMOUNT_EXCEEDS_DUE, INVALID_TIPS…',
        params: reservationParamsSchema,
        body: createPendingPaymentInputSchema,
        response: { 200: pendingPaymentSchema, 201: pendingPaymentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const diner = await requireDiner(request);
      const { payment, created } = await createPendingPayment(
        requestContext(request),
        diner,
        request.params.id,
        request.body,
      );
      return reply.status(created ? 201 : 200).send(payment);
    },
  );

  app.delete(
    '/api/reservations/:id/pending-payments/:pendingPaymentId',
    {
      schema: {
        operationId: 'cancelPendingPayment',
        tags: ['payments'],
        summary: 'Give up your open payment: what it held is free again',
        params: pendingPaymentParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await cancelPendingPayment(
        requestContext(request),
        await requireDiner(request),
        request.params.id,
        request.params.pendingPaymentId,
      );
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/reservations/:id/transactions',
    {
      schema: {
        operationId: 'listTransactions',
        tags: ['payments'],
        summary: "The table's payments: card, Pago Móvil, cash, newest first",
        params: reservationParamsSchema,
        response: { 200: transactionListSchema, ...errors },
      },
    },
    async (request) =>
      listTransactions(requestContext(request), await requireDiner(request), request.params.id),
  );

  // multipart is taken by the transactions route only: a multipart body elsewhere stays a 415
  await app.register(async (scope) => {
    const uploads = scope.withTypeProvider<ZodTypeProvider>();
    await registerMultipart(uploads);
    uploads.post(
      '/api/reservations/:id/transactions',
      {
        config: { idempotent: true },
        schema: {
          operationId: 'submitTransaction',
          tags: ['payments'],
          summary: 'Pay your open cash or Pago Móvil payment: the restaurant confirms it',
          description:
            'Cash ("I will pay the waiter"): JSON `{ pendingPaymentId }`. Pago Móvil: multipart/form-data with ' +
            '`pendingPaymentId`, `bankCode` (4 digits), `reference`, `transferDate` (YYYY-MM-DD) and the file ' +
            `\`${RECEIPT_FIELD}\` (JPEG, PNG, WebP or PDF by content, ≤ ${MAX_RECEIPT_BYTES} bytes). 201 a pending ` +
            'transaction. 409 TRANSFER_DUPLICATE (bank, reference and date already used), PENDING_PAYMENT_CLOSED, ' +
            'PAYMENT_TYPE_NOT_OFFERED; 413 / 415 for the receipt.',
          consumes: ['application/json', 'multipart/form-data'],
          params: reservationParamsSchema,
          response: { 201: transactionSchema, ...errors, 413: e, 415: e },
        },
      },
      async (request, reply) => {
        const diner = await requireDiner(request);
        const ctx = paymentContext(request);
        if (request.isMultipart()) {
          const { fields, file } = await readMultipart(request, {
            fileField: RECEIPT_FIELD,
            maxFileBytes: MAX_RECEIPT_BYTES,
            fields: transferReportInputSchema,
          });
          const transaction = await submitTransfer(ctx, diner, request.params.id, fields, file.data);
          return reply.status(201).send(transaction);
        }
        if (!/^application\/json\b/i.test(request.headers['content-type'] ?? '')) {
          throw new AppError(
            'UNSUPPORTED_MEDIA_TYPE',
            'Send { pendingPaymentId } as JSON, or a Pago Móvil form as multipart/form-data',
          );
        }
        const input = cashPaymentInputSchema.safeParse(request.body);
        if (!input.success) {
          throw new AppError('VALIDATION_FAILED', 'Send { pendingPaymentId } as JSON, or a Pago Móvil form', {
            issues: input.error.issues.map((issue) => ({
              path: issue.path.join('.'),
              message: issue.message,
            })),
          });
        }
        const transaction = await payCash(ctx, diner, request.params.id, input.data.pendingPaymentId);
        return reply.status(201).send(transaction);
      },
    );
  });

  app.get(
    '/api/transactions/:id/receipt',
    {
      schema: {
        operationId: 'getReceipt',
        tags: ['payments'],
        summary: 'The Pago Móvil receipt of a transaction, as a download (the payer and the restaurant only)',
        params: reservationParamsSchema,
        response: {
          200: z.string().describe('The receipt file (JPEG, PNG, WebP or PDF), as an attachment'),
          401: e,
          403: e,
          404: e,
        },
      },
    },
    async (request, reply) => {
      const { file, filename } = await getReceipt(
        paymentContext(request),
        await requireDiner(request),
        request.params.id,
      );
      return sendPrivateFile(reply, file, filename);
    },
  );

  app.post(
    '/api/payments/webpay',
    {
      config: { idempotent: true },
      schema: {
        operationId: 'startWebpay',
        tags: ['payments'],
        summary: 'Start the card payment of your open Webpay payment: where to send the browser',
        description:
          'Answers `{ url, token }`: POST a form with `token_ws` to `url`. 503 PAYMENT_PROVIDER_UNAVAILABLE ' +
          'when Webpay does not answer (nothing changed).',
        body: startWebpayInputSchema,
        response: { 200: webpayStartSchema, ...errors, 503: e },
      },
    },
    async (request) =>
      startWebpay(paymentContext(request), await requireDiner(request), request.body.pendingPaymentId),
  );

  app.get(
    '/api/payments/webpay/:token',
    {
      schema: {
        operationId: 'getWebpayResult',
        tags: ['payments'],
        summary: 'The result of your card payment (404 to anyone else)',
        params: z.object({ token: z.string().min(1).max(200) }).strict(),
        response: { 200: webpayResultSchema, ...errors },
      },
    },
    async (request) =>
      getWebpayResult(paymentContext(request), await requireDiner(request), request.params.token),
  );

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: RETURN_BODY_LIMIT },
      (_request, body, done) => {
        const form: Record<string, string | string[]> = {};
        for (const [name, value] of new URLSearchParams(body as string)) {
          const previous = form[name];
          form[name] = previous === undefined ? value : [...[previous].flat(), value];
        }
        done(null, form);
      },
    );
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const { location } = await handleWebpayReturn(paymentContext(request), webpayReturnParams(request));
      return reply.redirect(location, 303);
    };
    // a browser navigation, not an API call: it answers a redirect, never a 2xx; Webpay's page posts
    // to it cross-site, so it acts on the token only and the CSRF check leaves it alone (no 403)
    const schema = (operationId: string, refusals: Record<number, typeof e> = {}) => ({
      operationId,
      tags: ['payments'],
      summary: 'Where Webpay sends the browser back (GET or a form POST): 303 to the result page',
      description:
        '`token_ws` → commit (once per token); `TBK_TOKEN` → aborted; only `TBK_ORDEN_COMPRA` → timed out. ' +
        '400 for anything else, 404 for an unknown payment.',
      response: {
        303: z.null().describe('To the result page (the Location header)'),
        400: e,
        404: e,
        ...refusals,
      },
    });
    scope.get(
      WEBPAY_RETURN_PATH,
      { schema: schema('returnFromWebpay'), config: { crossSite: true } },
      handler,
    );
    scope.post(
      WEBPAY_RETURN_PATH,
      {
        schema: schema('postReturnFromWebpay', { 413: e, 415: e }),
        config: { crossSite: true },
        bodyLimit: RETURN_BODY_LIMIT,
      },
      handler,
    );
  });
}
