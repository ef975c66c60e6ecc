/**
 * Idempotent creates (docs/security.md#idempotent-creates): a route opts in with
 * `config: { idempotent: true }`, and then a request that carries an `Idempotency-Key` header
 * (1–255 visible ASCII characters; one per user action, kept across the action's retries) runs
 * at most once per diner and key:
 *
 * - the first one claims the key (a `pending` row in `idempotency_keys`), runs, and its success
 *   (2xx) is stored as sent, before the diner gets it;
 * - a retry with the same key and the same request (method, route, parameters, body: their
 *   SHA-256) gets that stored answer again, `Idempotent-Replayed: true`, and writes nothing;
 * - the same key with another request: 422 IDEMPOTENCY_KEY_REUSED;
 * - while the first one still runs, a second waits for its answer (up to {@link WAIT_MS}), then
 *   409 IDEMPOTENCY_KEY_IN_USE;
 * - a refusal or a failure is not stored (the key is released): a refused request changes
 *   nothing, and the retry runs again.
 *
 * Keys belong to the diner (user or guest) who sent them and expire after {@link TTL_MS}. A
 * request without a session is left to the route (401). A claim left `pending` by a process that
 * died is taken over after {@link LEASE_MS}.
 */
import { createHash } from 'node:crypto';
import { apiErrorSchema } from '@comensal/contracts';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import {
  claimIdempotencyKey,
  deleteExpiredIdempotencyKeys,
  findIdempotencyKey,
  releaseIdempotencyKey,
  storeIdempotentAnswer,
  type IdempotencyKeyRef,
} from '../db/idempotency-repository.ts';
import { findDiner } from '../http/request.ts';
import { AppError } from '../lib/app-error.ts';
import { globalPlugin } from './plugin.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route is a create that honours `Idempotency-Key` (plugins/idempotency.ts). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The key this request claimed, whose answer it stores. */
    idempotencyClaim?: IdempotencyKeyRef;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
/** How long a key and its answer are kept. */
export const TTL_MS = 24 * 60 * 60 * 1000;
/** A claim older than this with no answer belongs to a request that died: it may be taken over. */
export const LEASE_MS = 60_000;
/** How long a request waits for the answer of the one that holds its key. */
export const WAIT_MS = 5_000;
const POLL_MS = 25;

/** The header as the route schemas declare it (OpenAPI) and check it. */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/, '1–255 visible ASCII characters')
  .describe(
    'One value per user action, kept across its retries: the same key and request give the stored ' +
      'answer (`Idempotent-Replayed: true`) and one row; the same key with another request is 422 ' +
      'IDEMPOTENCY_KEY_REUSED; while the first runs, 409 IDEMPOTENCY_KEY_IN_USE. Kept 24 h, per diner.',
  );
const headersSchema = z.looseObject({ [IDEMPOTENCY_HEADER]: idempotencyKeySchema.optional() });

/** SHA-256 of what makes two requests the same: method, route, parameters and body. */
export function requestFingerprint(request: FastifyRequest): string {
  const parts = [request.method, request.routeOptions.url, request.params ?? null, request.body ?? null];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

type Claim =
  | { kind: 'claimed' }
  | { kind: 'replay'; status: number; body: string }
  | { kind: 'reused' }
  | { kind: 'busy' };

/** Claims the key, or says what happened to it (waiting while another request holds it). */
async function claim(db: Db, ref: IdempotencyKeyRef, fingerprint: string, now: Date): Promise<Claim> {
  const deadline = Date.now() + WAIT_MS;
  const expiresAt = new Date(now.getTime() + TTL_MS);
  const staleBefore = new Date(now.getTime() - LEASE_MS);
  for (;;) {
    if (await claimIdempotencyKey(db, ref, fingerprint, now, expiresAt, staleBefore))
      return { kind: 'claimed' };
    const row = await findIdempotencyKey(db, ref);
    // released (refused) between the two statements: claim again
    if (!row) continue;
    if (row.fingerprint !== fingerprint) return { kind: 'reused' };
    if (row.status !== null && row.body !== null)
      return { kind: 'replay', status: row.status, body: row.body };
    if (Date.now() >= deadline) return { kind: 'busy' };
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function checkKey(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  const key = request.headers[IDEMPOTENCY_HEADER];
  if (typeof key !== 'string') return undefined;
  const diner = await findDiner(request);
  if (!diner) return undefined; // the route answers 401
  const app = request.server;
  const now = app.now();
  const ref = { userId: diner.userId, key };
  const outcome = await claim(app.db, ref, requestFingerprint(request), now);
  switch (outcome.kind) {
    case 'claimed':
      request.idempotencyClaim = ref;
      await deleteExpiredIdempotencyKeys(app.db, now);
      return undefined;
    case 'replay':
      return reply
        .status(outcome.status)
        .header(REPLAYED_HEADER, 'true')
        .type('application/json; charset=utf-8')
        .send(outcome.body);
    case 'reused':
      throw new AppError(
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was already used for another request: send a new key for a new action',
      );
    case 'busy':
      throw new AppError(
        'IDEMPOTENCY_KEY_IN_USE',
        'A request with this Idempotency-Key is still running: retry in a moment',
      );
  }
}

export const idempotencyPlugin = globalPlugin('idempotency', async (app) => {
  // an opted-in route declares (and checks) the header; the OpenAPI document shows it
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.config?.idempotent) return;
    route.schema ??= {};
    if (route.schema.headers) throw new Error(`${route.url}: idempotent routes declare no other headers`);
    route.schema.headers = headersSchema;
    // the refusals of the key, besides the route's own
    route.schema.response = { 409: apiErrorSchema, 422: apiErrorSchema, ...(route.schema.response ?? {}) };
  });

  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.idempotent) return;
    return checkKey(request, reply);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const held = request.idempotencyClaim;
    if (!held) return payload;
    request.idempotencyClaim = undefined;
    try {
      if (reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === 'string') {
        await storeIdempotentAnswer(app.db, held, reply.statusCode, payload);
      } else {
        await releaseIdempotencyKey(app.db, held);
      }
    } catch (error) {
      // the answer still goes out; a retry then runs again (or waits out the lease)
      request.log.error({ err: error }, 'idempotency: could not store the answer');
    }
    return payload;
  });

  // a request that died before it answered gives its key back
  app.addHook('onResponse', async (request) => {
    const held = request.idempotencyClaim;
    if (!held) return;
    request.idempotencyClaim = undefined;
    await releaseIdempotencyKey(app.db, held).catch(() => undefined);
  });
});
