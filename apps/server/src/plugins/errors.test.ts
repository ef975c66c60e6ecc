import { DomainError, type DomainErrorCode } from '@comensal/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, ERROR_STATUS } from '../lib/app-error.ts';
import { errorsPlugin, sendNotFound } from './errors.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({ logger: false, bodyLimit: 100 });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/echo',
    {
      schema: {
        body: z.object({ quantity: z.number().int().min(1) }).strict(),
        response: { 200: z.object({ quantity: z.number() }) },
      },
    },
    async (request) => request.body,
  );
  typed.get('/app-error/:code', { schema: { params: z.object({ code: z.string() }) } }, async (request) => {
    throw new AppError(request.params.code as keyof typeof ERROR_STATUS, 'It went as expected', { hint: 1 });
  });
  typed.get('/domain-error', async () => {
    throw new DomainError('INVALID_QUANTITY', 'quantity must be at least 1');
  });
  typed.get(
    '/domain-conflict/:code',
    { schema: { params: z.object({ code: z.string() }) } },
    async (request) => {
      throw new DomainError(request.params.code as DomainErrorCode, 'not now');
    },
  );
  typed.get('/nul-in-query', async () => {
    // what pg throws for a NUL in a text parameter, wrapped as drizzle wraps it
    throw Object.assign(new Error('Failed query: select 1\nparams: a\u0000'), {
      cause: Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' }),
    });
  });
  typed.get(
    '/fk/:constraint',
    { schema: { params: z.object({ constraint: z.string() }) } },
    async (request) => {
      // what pg throws for a row referring to a row that is gone, wrapped as drizzle wraps it
      throw Object.assign(new Error('Failed query: insert into "orders"'), {
        cause: Object.assign(new Error('insert or update violates foreign key constraint'), {
          code: '23503',
          constraint: request.params.constraint,
        }),
      });
    },
  );
  typed.get('/not-acceptable', async () => {
    throw Object.assign(new Error('Not acceptable'), { statusCode: 406 });
  });
  typed.get('/boom', async () => {
    throw new Error('connection string postgres://user:secret@db leaked');
  });
  typed.get(
    '/bad-response',
    { schema: { response: { 200: z.object({ ok: z.literal(true) }) } } },
    async () => ({ ok: 'yes' }) as never,
  );
  app.setNotFoundHandler(sendNotFound);
  await app.ready();
});
afterAll(() => app?.close());

const post = (payload: string, contentType = 'application/json') =>
  app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': contentType }, payload });

describe('the error handler', () => {
  it('answers VALIDATION_FAILED with details for a body that breaks the schema (unknown fields included)', async () => {
    const res = await post('{"quantity":0,"extra":true}');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: expect.stringContaining('Invalid body field "quantity"'),
        details: [
          { in: 'body', path: 'quantity', code: 'too_small', message: expect.any(String) },
          { in: 'body', path: '', code: 'unrecognized_keys', message: expect.stringContaining('extra') },
        ],
      },
    });
  });

  it('answers 400 for malformed JSON, 415 for an unknown content type, 413 for a body too large', async () => {
    const bad = await post('{"quantity":');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toEqual({ code: 'VALIDATION_FAILED', message: 'Body is not valid JSON' });
    const type = await post('quantity=1', 'text/csv');
    expect(type.statusCode).toBe(415);
    expect(type.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const large = await post(JSON.stringify({ quantity: 1, pad: 'x'.repeat(200) }));
    expect(large.statusCode).toBe(413);
    expect(large.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it.each(Object.entries(ERROR_STATUS).filter(([code]) => code !== 'INTERNAL'))(
    'maps AppError %s to %i with its message and details',
    async (code, status) => {
      const res = await app.inject({ method: 'GET', url: `/app-error/${code}` });
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ error: { code, message: 'It went as expected', details: { hint: 1 } } });
    },
  );

  it('answers a domain rule violation as 400 with the rule code', async () => {
    const res = await app.inject({ method: 'GET', url: '/domain-error' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'quantity must be at least 1',
        details: { reason: 'INVALID_QUANTITY' },
      },
    });
  });

  it.each([
    ['NOT_ENOUGH_POINTS', 'NOT_ENOUGH_POINTS'],
    ['NOT_PAYABLE_WITH_POINTS', 'POINTS_NOT_ACCEPTED'],
  ])('answers the domain conflict %s as 409 %s, not 400', async (reason, code) => {
    const res = await app.inject({ method: 'GET', url: `/domain-conflict/${reason}` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code, message: 'not now', details: { reason } } });
  });

  it('hides the details of a 5xx', async () => {
    for (const url of ['/boom', '/bad-response']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        error: { code: 'INTERNAL', message: 'Something went wrong on our side' },
      });
      expect(res.body).not.toContain('secret');
    }
  });

  it('answers text PostgreSQL refused as such (SQLSTATE 22021) as 400, not 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/nul-in-query' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: expect.any(String) } });
  });

  it('answers a row referring to a user deleted meanwhile as 409 CONFLICT; any other foreign key stays a 500', async () => {
    const gone = await app.inject({ method: 'GET', url: '/fk/orders_user_id_users_id_fk' });
    expect(gone.statusCode).toBe(409);
    expect(gone.json().error).toEqual({
      code: 'CONFLICT',
      message: 'An account this request refers to was deleted meanwhile',
    });
    const other = await app.inject({ method: 'GET', url: '/fk/orders_product_id_products_id_fk' });
    expect(other.statusCode).toBe(500);
  });

  it('answers a 4xx without a code of its own as 400 VALIDATION_FAILED: a code always has its status', async () => {
    const res = await app.inject({ method: 'GET', url: '/not-acceptable' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('answers 404 JSON for an unknown route', async () => {
    const res = await app.inject({ method: 'PATCH', url: '/nowhere?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No route PATCH /nowhere' } });
  });
});
