/**
 * Where pictures and receipts go. Keys are relative slash paths ("restaurants/<id>/cover-1.svg",
 * "restaurants/<id>/pagos movil/<id>.pdf"); segments may hold spaces, never `.`, `..`, `\`, an
 * empty segment or a control character.
 *
 * Two kinds of file, one interface for every driver (this local folder, the default, and an
 * S3-compatible bucket in ./s3-storage.ts when `S3_*` is set; `storageFor` picks):
 * - **public** (`put` / `deletePublic`): pictures anyone may see; `put` answers the URL the API
 *   stores and returns, always /files/<key> on the app itself (`keyOf` reads the key back from it). Locally DATA_DIR/files, which @fastify/static serves
 *   (`publicFolder`); in a bucket, the route of plugins/static.ts reads them with `getPublic`.
 * - **private** (`putPrivate` / `getPrivate` / `deletePrivate`): files only some callers may read
 *   (payment receipts). They have no URL: a route that checked the caller reads one with
 *   `getPrivate` and answers it (src/http/private-file.ts). Locally DATA_DIR/private, outside the
 *   folder /files/* serves, each stored as one file: a first line of JSON (`{"contentType":…}`)
 *   then the bytes, written under a temporary name and renamed, so a reader never sees half a file.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import send from '@fastify/send';

/**
 * A private file as read back: its bytes as a stream (consume it, or destroy it, to release the
 * file), its media type and its size in bytes.
 */
export interface PrivateFile {
  body: Readable;
  contentType: string;
  size: number;
}

/** A public file as read back, with what a cache needs to revalidate it. */
export interface PublicFile extends PrivateFile {
  etag: string;
  lastModified: Date;
}

export interface FileStorage {
  /** Stores a public file; answers the URL that serves it. */
  put(key: string, data: string | Uint8Array): Promise<{ key: string; url: string }>;
  url(key: string): string;
  /** The key of a URL `url` answers (/files/<key>), or null when the URL is not one of them. */
  keyOf(url: string): string | null;
  /** Removes the public file at `key` (its URL answers 404 after); nothing happens when there is none. */
  deletePublic(key: string): Promise<void>;
  /**
   * The public file at `key`, or null when there is none; 'not-modified' when `ifNoneMatch` (a
   * request's If-None-Match) names its current ETag.
   */
  getPublic(key: string, conditions?: { ifNoneMatch?: string }): Promise<PublicFile | 'not-modified' | null>;
  /**
   * The folder that holds the public files when they are on this machine (GET /files/* serves it
   * as static files), or null when `getPublic` is the only way to them.
   */
  readonly publicFolder: string | null;
  /** Stores a file that no URL serves (replacing one at the same key). */
  putPrivate(key: string, data: Uint8Array, options: { contentType: string }): Promise<{ key: string }>;
  /** The private file at `key`, or null when there is none. */
  getPrivate(key: string): Promise<PrivateFile | null>;
  /** Removes the private file at `key`; nothing happens when there is none. */
  deletePrivate(key: string): Promise<void>;
  /** Releases what the driver holds (connections); the storage is not used after. */
  close(): Promise<void>;
}

/** Whether an If-None-Match header value names `etag` (`*`, a list, weak or strong). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => bare(tag) === bare(etag));
}

/**
 * The Content-Type of a public file, from its name's extension: what @fastify/static answers for
 * the local folder (UTF-8 text types with `charset=utf-8`), so both drivers answer the same.
 */
export function publicContentType(key: string): string {
  const type = send.mime.getType(key) ?? 'application/octet-stream';
  return send.isUtf8MimeType(type) ? `${type}; charset=utf-8` : type;
}

/** The inverse of a driver's `url`: the key of `url` under `urlPrefix`, or null. */
export function publicKeyOf(urlPrefix: string, url: string): string | null {
  if (!url.startsWith(urlPrefix)) return null;
  try {
    const key = url.slice(urlPrefix.length).split('/').map(decodeURIComponent).join('/');
    checkStorageKey(key);
    // one spelling per key: the URL must be exactly the one `url(key)` gives
    return urlPrefix + key.split('/').map(encodeURIComponent).join('/') === url ? key : null;
  } catch {
    return null; // a malformed escape or a refused key
  }
}

/** Throws unless `contentType` is one header value of a media type (and parameters). */
export function checkContentType(contentType: string): void {
  if (!/^[\w.+-]+\/[\w.+-]+(?:; ?[\w-]+=[\w.-]+)*$/.test(contentType)) {
    throw new Error(`invalid content type ${JSON.stringify(contentType)}`);
  }
}

/** The storage cannot be used (found at start-up); `message` is one line for the operator. */
export class StorageUnavailableError extends Error {
  override name = 'StorageUnavailableError';
}

/** The key's segments; throws on a key that could leave its folder or name nothing. */
export function checkStorageKey(key: string): string[] {
  const segments = key.split('/');
  if (
    key.length === 0 ||
    key.length > 500 ||
    // eslint-disable-next-line no-control-regex -- control characters are what is refused
    /[\u0000-\u001f\u007f]/.test(key) ||
    segments.some((s) => s === '' || s === '.' || s === '..' || s.includes('\\'))
  ) {
    throw new Error(`invalid storage key ${JSON.stringify(key)}`);
  }
  return segments;
}

/** `root`/`key`, refused unless it stays inside `root`. */
function fileOf(root: string, key: string): string {
  const target = path.resolve(root, ...checkStorageKey(key));
  if (!target.startsWith(path.resolve(root) + path.sep)) {
    throw new Error(`invalid storage key ${JSON.stringify(key)}`);
  }
  return target;
}

/** Writes `data` to `target` through a temporary file in the same folder, then renames it. */
async function writeWhole(target: string, data: string | Uint8Array | Uint8Array[]): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`,
  );
  try {
    await writeFile(temporary, Array.isArray(data) ? Buffer.concat(data) : data);
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** The longest first line a private file may have (its JSON metadata). */
const MAX_HEADER_BYTES = 1024;

async function readPrivate(file: string): Promise<PrivateFile | null> {
  const handle = await open(file, 'r').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
    throw error;
  });
  if (!handle) return null;
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) {
      await handle.close();
      return null; // a folder: the key names no file
    }
    const head = Buffer.alloc(MAX_HEADER_BYTES);
    const { bytesRead } = await handle.read(head, 0, MAX_HEADER_BYTES, 0);
    const newline = head.subarray(0, bytesRead).indexOf(0x0a);
    if (newline < 0) throw new Error(`private file ${file} has no metadata line`);
    const meta: unknown = JSON.parse(head.subarray(0, newline).toString('utf8'));
    const contentType = (meta as { contentType?: unknown } | null)?.contentType;
    if (typeof contentType !== 'string') throw new Error(`private file ${file} has no content type`);
    const body = handle.createReadStream({ start: newline + 1, autoClose: true });
    return { body, contentType, size: stat.size - newline - 1 };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/**
 * The local driver: public files under DATA_DIR/files (served at `urlPrefix`), private ones
 * under DATA_DIR/private (served by nothing).
 */
export function localFileStorage(dataDir: string, urlPrefix = '/files/'): FileStorage {
  const filesDir = path.join(dataDir, 'files');
  const privateDir = path.join(dataDir, 'private');
  const url = (key: string) => urlPrefix + checkStorageKey(key).map(encodeURIComponent).join('/');
  return {
    url,
    keyOf: (url) => publicKeyOf(urlPrefix, url),
    publicFolder: filesDir,
    async getPublic(key, conditions = {}) {
      const file = fileOf(filesDir, key);
      const stats = await stat(file).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
        throw error;
      });
      if (!stats?.isFile()) return null;
      // the validator @fastify/static (send) gives the same file
      const etag = `W/"${stats.size.toString(16)}-${stats.mtime.getTime().toString(16)}"`;
      if (etagMatches(conditions.ifNoneMatch, etag)) return 'not-modified';
      return {
        body: createReadStream(file),
        contentType: publicContentType(key),
        size: stats.size,
        etag,
        lastModified: stats.mtime,
      };
    },
    async put(key, data) {
      await writeWhole(fileOf(filesDir, key), data);
      return { key, url: url(key) };
    },
    async deletePublic(key) {
      await rm(fileOf(filesDir, key), { force: true });
    },
    async putPrivate(key, data, { contentType }) {
      checkContentType(contentType);
      const header = Buffer.from(`${JSON.stringify({ contentType })}\n`, 'utf8');
      await writeWhole(fileOf(privateDir, key), [header, data]);
      return { key };
    },
    async getPrivate(key) {
      return readPrivate(fileOf(privateDir, key));
    },
    async deletePrivate(key) {
      await rm(fileOf(privateDir, key), { force: true });
    },
    async close() {},
  };
}
