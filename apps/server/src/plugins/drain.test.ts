/**
 * An instance asked to stop (plugins/drain.ts, then app.close): the balancer is told by /readyz,
 * keep-alive ends with each answer, new sockets are refused, open ones close with 1012.
 * The whole process (SIGTERM, the delay, exit 0) is in src/instances.test.ts.
 */
import { request as httpRequest } from 'node:http';
import { LIVE_CLOSE } from '@comensal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { openLiveClient, upgradeStatus } from '../test/live.ts';
import { TEST_ORIGIN } from '../test/sessions.ts';

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await buildTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await t.app.live.ready();
});

afterAll(() => t?.close());

/** Status and Connection header of a GET on a keep-alive agent. */
function get(path: string): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${baseUrl}${path}`, { headers: { connection: 'keep-alive' } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('draining', () => {
  it('says 503 on /readyz, closes each connection after its answer, refuses new sockets, and closes open ones with 1012', async () => {
    expect(await get('/readyz')).toEqual({ status: 200, connection: 'keep-alive' });
    const socket = await openLiveClient(baseUrl, { origin: TEST_ORIGIN });

    t.app.drain.begin();
    expect(t.app.drain.draining).toBe(true);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'draining' });
    // the process is alive, and the API still answers what reaches it meanwhile
    expect(await get('/healthz')).toEqual({ status: 200, connection: 'close' });
    expect(await get('/api/restaurants')).toEqual({ status: 200, connection: 'close' });
    expect(await upgradeStatus(baseUrl, { origin: TEST_ORIGIN })).toBe(503);
    // a socket opened before stays until the app closes
    expect(await socket.request({ op: 'ping' })).toEqual({ op: 'pong' });

    await t.app.close();
    expect(await socket.closed).toBe(LIVE_CLOSE.restart.code);
  });
});
