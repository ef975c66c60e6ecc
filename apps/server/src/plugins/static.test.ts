import { mkdir, mkdtemp, readdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localFileStorage } from '../storage/file-storage.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';

const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe('with a built web app', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'comensal-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Comensal</title><div id="root"></div>',
    );
    await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("hi")');
    await writeFile(path.join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log("hi")'));
    await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    await writeFile(path.join(dist, 'manifest.webmanifest'), '{"name":"Comensal"}');
    await mkdir(path.join(dist, '.vite'));
    await writeFile(path.join(dist, '.vite', 'manifest.json'), '{}');
    t = await buildTestApp({ webDistDir: dist });
    await localFileStorage(t.config.dataDir).put('restaurants/r1/picture 1.svg', '<svg/>');
  });
  afterAll(async () => {
    await t?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves index.html at / without long caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: HTML });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets with a long immutable cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject({ method: 'GET', url: '/favicon.svg' })).headers['cache-control']).toBe(
      'no-cache',
    );
  });

  it('serves the service worker and the web app manifest at the root, revalidated on every load', async () => {
    // a worker at /sw.js controls the whole origin (scope /); no-cache lets an update arrive at once
    const worker = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-security-policy']).toContain("script-src 'self'");
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('sends the pre-compressed file to a client that accepts it, the plain one otherwise', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log("hi")');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("hi")');
  });

  it.each(['/restaurants/123/menu', '/reservations/current', '/auth/login?next=%2Fprofile'])(
    'falls back to index.html for the SPA route %s',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: HTML });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
    },
  );

  it('answers the JSON 404 for unknown /api paths, whatever the Accept header', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['GET', '/api'],
      ['POST', '/api/restaurants'],
      ['DELETE', '/api/restaurants/x'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: HTML });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: `No route ${method} ${url}` } });
    }
  });

  it('does not answer HTML for a missing asset or a non-HTML request', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js', headers: HTML })).statusCode).toBe(
      404,
    );
    const json = await t.app.inject({
      method: 'GET',
      url: '/some/page',
      headers: { accept: 'application/json' },
    });
    expect(json.statusCode).toBe(404);
    expect(json.json().error.code).toBe('NOT_FOUND');
    expect((await t.app.inject({ method: 'POST', url: '/some/page', headers: HTML })).statusCode).toBe(404);
  });

  it("does not serve the build folder's dot-files (the Vite manifest, the leases)", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('serves /files from DATA_DIR/files, and 404 JSON for a missing file or a path escape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/files/restaurants/r1/picture%201.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(
      (await t.app.inject({ method: 'GET', url: '/files/restaurants/r1/nope.svg', headers: HTML }))
        .statusCode,
    ).toBe(404);
    const escape = await t.app.inject({ method: 'GET', url: '/files/..%2F..%2Fsecret' });
    expect([400, 403, 404]).toContain(escape.statusCode);
  });

  it('publishes the OpenAPI document and the docs page', async () => {
    const spec = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(spec.statusCode).toBe(200);
    const doc = spec.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/healthz',
        '/readyz',
        '/api/restaurants',
        '/api/restaurants/{id}',
        '/api/restaurants/{id}/menu',
        '/api/restaurants/{id}/menu/{productId}',
      ]),
    );
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(docs.statusCode);
  });
});

describe('with dist a link to a build folder (scripts/web-build.ts)', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'comensal-builds-'));
    for (const name of ['a', 'b']) {
      await mkdir(path.join(root, 'builds', name, 'assets'), { recursive: true });
      await writeFile(path.join(root, 'builds', name, 'index.html'), `<!doctype html><p>build ${name}</p>`);
      await writeFile(path.join(root, 'builds', name, 'assets', `${name}.js`), `// ${name}`);
    }
    await symlink(path.join('builds', 'a'), path.join(root, 'dist'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('serves the build the link named at start after a new build takes the link, and leases it until closed', async () => {
    const t = await buildTestApp({ webDistDir: path.join(root, 'dist') });
    const leases = path.join(root, 'builds', 'a', '.leases');
    try {
      const [lease, ...others] = await readdir(leases);
      expect(others).toEqual([]);
      expect(lease).toMatch(new RegExp(`^${process.pid}-[0-9a-f]+$`));

      // what the build script does when a new build is complete: a new link renamed over the old
      await symlink(path.join('builds', 'b'), path.join(root, 'dist.next'));
      await rename(path.join(root, 'dist.next'), path.join(root, 'dist'));

      for (const url of ['/', '/restaurants/1/menu']) {
        const page = await t.app.inject({ method: 'GET', url, headers: HTML });
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('build a');
      }
      expect((await t.app.inject({ method: 'GET', url: '/assets/a.js' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/assets/b.js' })).statusCode).toBe(404);
      // the lease is not a file the app serves: its path is just another page
      expect((await t.app.inject({ method: 'GET', url: `/.leases/${lease}` })).body).toContain('build a');
    } finally {
      await t.close();
    }
    expect(await readdir(leases)).toEqual([]);
  });
});

describe('without a built web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ webDistDir: path.join(os.tmpdir(), 'comensal-no-such-dist') });
  });
  afterAll(() => t?.close());

  it('answers / and SPA routes with a clear 503 telling to build', async () => {
    for (const url of ['/', '/restaurants/1']) {
      const res = await t.app.inject({ method: 'GET', url, headers: HTML });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('npm run build');
    }
  });

  it('still answers the API', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/restaurants' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/nope' })).statusCode).toBe(404);
  });
});
