/**
 * An answer prepared once and sent many times: JSON bytes with their ETag (and a gzip form made on
 * first demand), with the header checks that go with them. Modules keep these in their answer
 * caches (e.g. modules/restaurants menu and list caches); routes send them with
 * src/http/send-cached.ts (304 when the client has it, gzip when accepted).
 */
import { hash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';

const gzipAsync = promisify(gzipCallback);
/** Below this, compressing costs more than it saves. */
const MIN_GZIP_BYTES = 1024;

export interface CachedBody {
  body: Buffer;
  etag: string;
  /** The gzip form, made on first demand and kept with the entry. */
  gzip?: Promise<Buffer>;
  /** The value the body was serialised from (not for RawJson), read-only. */
  value?: unknown;
}

/** The gzip representation of a cached answer (and its own ETag), or null when not worth it. */
export async function gzipped(cached: CachedBody): Promise<{ body: Buffer; etag: string } | null> {
  if (cached.body.length < MIN_GZIP_BYTES) return null;
  cached.gzip ??= gzipAsync(cached.body);
  return { body: await cached.gzip, etag: `${cached.etag.slice(0, -1)}-gz"` };
}

/** Whether `Accept-Encoding` takes `coding` (or `*`) and does not refuse it with q=0. */
export function acceptsEncoding(acceptEncoding: string | undefined, coding: 'gzip' | 'br'): boolean {
  if (!acceptEncoding) return false;
  return acceptEncoding.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== coding && name !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** Whether `Accept-Encoding` takes gzip (and does not refuse it with q=0). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  return acceptsEncoding(acceptEncoding, 'gzip');
}

/** An answer already serialised as JSON text, or as its UTF-8 bytes (sent as is). */
export class RawJson {
  readonly text: string | Buffer;
  constructor(text: string | Buffer) {
    this.text = text;
  }
}

export function toCachedBody(value: unknown): CachedBody {
  const raw = value instanceof RawJson;
  const text = raw ? value.text : JSON.stringify(value);
  const body = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  const etag = `"${hash('sha1', body, 'base64url').slice(0, 22)}"`;
  return raw ? { body, etag } : { body, etag, value };
}

/** `If-None-Match` (a list, possibly weak validators, or `*`) matches `etag`. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}
