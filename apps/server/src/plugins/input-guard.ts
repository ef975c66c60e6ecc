/**
 * Input PostgreSQL cannot store is refused at the door, for every route (docs/security.md#errors-and-hostile-input):
 * a NUL character (U+0000) anywhere in the path parameters, the query string or the body — a
 * string value or a key, at any depth; a raw text body (better-auth's) as text and, when it is
 * JSON, as its decoded values — answers 400 VALIDATION_FAILED before validation and before any
 * route runs. PostgreSQL would otherwise fail the query (SQLSTATE 22021) and the caller would
 * get a 500; the error handler still maps that SQLSTATE to 400 as a last line (plugins/errors.ts).
 */
import type { FastifyRequest } from 'fastify';
import { nulPath } from '../lib/nul.ts';
import { declareRefusal, sendError } from './errors.ts';
import { globalPlugin } from './plugin.ts';

type Where = 'params' | 'querystring' | 'body';

/** The decoded values of a raw text body: its JSON when it is JSON, else the text itself. */
function rawBodyValues(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function firstNul(request: FastifyRequest): { in: Where; path: string } | null {
  const params = nulPath(request.params);
  if (params !== null) return { in: 'params', path: params };
  const query = nulPath(request.query);
  if (query !== null) return { in: 'querystring', path: query };
  const { body } = request;
  if (typeof body === 'string') {
    return body.includes('\u0000') || nulPath(rawBodyValues(body)) !== null ? { in: 'body', path: '' } : null;
  }
  const path = nulPath(body);
  return path === null ? null : { in: 'body', path };
}

export const inputGuardPlugin = globalPlugin('input-guard', async (app) => {
  // every route can answer this 400: the OpenAPI document says so
  app.addHook('onRoute', (route) => declareRefusal(route, 400));
  app.addHook('preValidation', async (request, reply) => {
    const found = firstNul(request);
    if (!found) return;
    return sendError(reply, 400, 'VALIDATION_FAILED', 'Text may not contain the NUL character (U+0000)', [
      { in: found.in, path: found.path, code: 'nul_character', message: 'NUL character' },
    ]);
  });
});
