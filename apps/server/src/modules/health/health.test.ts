import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/client.ts';
import { freePort } from '../../db/embedded.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';

describe('health probes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('GET /healthz answers 200 ok', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers 200 when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers 503 when the database is unreachable, and /healthz stays 200', async () => {
    const nobodyListens = await freePort();
    const database = createDatabase(`postgres://nobody:secret@127.0.0.1:${nobodyListens}/comensal`);
    const { app, close } = await buildTestApp({ database });
    try {
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable' });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await close();
      await database.close();
    }
  });
});
