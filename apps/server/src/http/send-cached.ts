import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptsGzip, gzipped, matchesEtag, type CachedBody } from '../lib/cached-body.ts';

/**
 * Sends a prepared answer (src/lib/cached-body.ts): gzip when accepted, 304 when the client has
 * it. The answer is the same for everyone and changes live, so clients revalidate every time.
 */
export async function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedBody) {
  const compressed = acceptsGzip(request.headers['accept-encoding']) ? await gzipped(cached) : null;
  const { body, etag } = compressed ?? cached;
  reply.header('etag', etag).header('cache-control', 'public, no-cache').header('vary', 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send(undefined as never);
  if (compressed) reply.header('content-encoding', 'gzip');
  // a Buffer is sent as is: Fastify does not serialise it again
  return reply.type('application/json; charset=utf-8').send(body as never);
}
