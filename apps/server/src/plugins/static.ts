/**
 * The built web app (apps/web/dist) with an SPA fallback, uploaded/generated files under
 * /files/* (the public files of `app.storage`: DATA_DIR/files as static files, or read from the
 * S3 bucket with the same headers), and the 404 handler of everything else.
 *
 * Fallback rule: a GET/HEAD outside /api and /files, without a file extension, that accepts HTML
 * gets index.html (with the page's first screen written into it where first-screen.ts can);
 * anything else unknown gets the JSON 404.
 *
 * apps/web/dist is a link that `npm run build` switches to each new build
 * (scripts/web-build.ts, docs/decisions/0015-web-build-on-change.md). The server follows it
 * once, at start, and serves that build folder until it stops — a later build never changes the
 * files under a running server — and leases the folder (`<build>/.leases/<pid>-<random>`, removed
 * on close) so that the build script does not delete it meanwhile.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { acceptsEncoding } from '../lib/cached-body.ts';
import { checkStorageKey } from '../storage/file-storage.ts';
import { sendNotFound } from './errors.ts';
import { loadFirstScreen } from './first-screen.ts';
import { globalPlugin } from './plugin.ts';

export const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../../web/dist', import.meta.url));
export const FILES_PREFIX = '/files/';
const FILES_CACHE_CONTROL = 'public, max-age=3600';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const WEB_NOT_BUILT =
  'The Comensal web app is not built yet. Run `npm run build` in the project folder, then start the server again.\n';

/** `dir` with every link resolved (what the pointer names now), or `dir` itself if it does not exist. */
function resolveBuild(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return dir;
  }
}

/** Marks `buildDir` as served by this process; the returned function takes the mark away. */
function leaseBuild(buildDir: string): () => void {
  const lease = path.join(buildDir, '.leases', `${process.pid}-${randomBytes(6).toString('hex')}`);
  mkdirSync(path.dirname(lease), { recursive: true });
  writeFileSync(lease, '');
  return () => rmSync(lease, { force: true });
}

function wantsSpaPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  if (pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith(FILES_PREFIX)) return false;
  if (path.posix.extname(pathname) !== '') return false; // a missing asset, not a page
  const accept = request.headers.accept;
  return accept === undefined || accept.includes('text/html') || accept.includes('*/*');
}

/**
 * GET /files/<key> from the storage's `getPublic` (a bucket): the stored type, ETag, Last-Modified
 * and the cache policy of the local folder; 304 for a matching If-None-Match; the JSON 404 for a
 * key that names no file (or could not be a key).
 */
function registerStoredFiles(app: FastifyInstance): void {
  app.get(`${FILES_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const wildcard = (request.params as { '*'?: string })['*'] ?? '';
    let key: string;
    try {
      key = checkStorageKey(wildcard).join('/');
    } catch {
      return sendNotFound(request, reply);
    }
    const ifNoneMatch = request.headers['if-none-match'];
    const file = await app.storage.getPublic(key, { ...(ifNoneMatch ? { ifNoneMatch } : {}) });
    if (file === null) return sendNotFound(request, reply);
    reply.header('cache-control', FILES_CACHE_CONTROL);
    if (file === 'not-modified') {
      // the one tag asked about is the current one
      if (ifNoneMatch && !ifNoneMatch.includes(',') && ifNoneMatch.trim() !== '*') {
        reply.header('etag', ifNoneMatch.trim());
      }
      return reply.status(304).send();
    }
    return reply
      .header('content-type', file.contentType)
      .header('content-length', String(file.size))
      .header('etag', file.etag)
      .header('last-modified', file.lastModified.toUTCString())
      .send(file.body);
  });
}

export const staticPlugin = globalPlugin<{ webDistDir?: string }>('static', async (app, options) => {
  const webDistDir = resolveBuild(options.webDistDir ?? DEFAULT_WEB_DIST_DIR);
  const hasWeb = existsSync(path.join(webDistDir, 'index.html'));
  if (hasWeb) {
    try {
      const release = leaseBuild(webDistDir);
      app.addHook('onClose', async () => release());
    } catch (error) {
      // a read-only install: nothing builds there either, so nothing would remove the folder
      app.log.debug({ err: error, webDistDir }, 'could not lease the web build folder');
    }
  }
  const filesDir = app.storage.publicFolder;
  if (filesDir !== null) {
    mkdirSync(filesDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: filesDir,
      prefix: FILES_PREFIX,
      decorateReply: !hasWeb,
      index: false,
      cacheControl: false,
      setHeaders: (reply) => void reply.header('cache-control', FILES_CACHE_CONTROL),
    });
  } else {
    registerStoredFiles(app);
  }

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      decorateReply: true,
      // the build writes .br/.gz beside each file (apps/web/vite.config.ts)
      preCompressed: true,
      // `/` is a page like any other (below): its first screen may be written
      index: false,
      // .vite/manifest.json (for bench/) and .leases/ are not the app's
      dotfiles: 'ignore',
      cacheControl: false,
      // hashed build output never changes; everything else (index.html, the service worker sw.js
      // and manifest.webmanifest, docs/decisions/0026-offline-pwa.md) is revalidated
      setHeaders: (reply, filePath) =>
        void reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : 'no-cache',
        ),
    });
  } else {
    app.log.warn({ webDistDir }, 'web app not built: / answers 503 until `npm run build`');
    app.get('/', { schema: { hide: true } }, async (_request, reply) =>
      reply.status(503).type('text/plain; charset=utf-8').send(WEB_NOT_BUILT),
    );
  }

  // a page's first screen written by the server (first-screen.ts), where the build can
  const firstScreen = hasWeb ? await loadFirstScreen(app, webDistDir) : null;

  /** A page of the app: index.html, with its first screen written where first-screen.ts can. */
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    const written = firstScreen ? await firstScreen(request) : null;
    if (written !== null) {
      // written for this language, and for this visitor or any visitor without a session;
      // compressed like the build's files
      reply.header('vary', 'Accept-Encoding, Accept-Language, Cookie');
      if (written.personal) reply.header('cache-control', 'private, no-cache');
      if (written.setCookies.length > 0) reply.header('set-cookie', written.setCookies);
      const accepts = request.headers['accept-encoding'];
      const encoding = acceptsEncoding(accepts, 'br')
        ? 'br'
        : acceptsEncoding(accepts, 'gzip')
          ? 'gzip'
          : null;
      if (encoding === null) return reply.send(written.html);
      return reply.header('content-encoding', encoding).send(await written.encoded(encoding));
    }
    return reply.sendFile('index.html', webDistDir);
  };
  // `/` is a page like any other (the static files' `index` is off): home's first screen is written too
  if (hasWeb) app.get('/', { schema: { hide: true } }, sendPage);

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (!wantsSpaPage(request)) return sendNotFound(request, reply);
    if (!hasWeb) return reply.status(503).type('text/plain; charset=utf-8').send(WEB_NOT_BUILT);
    return sendPage(request, reply);
  });
});
