/**
 * Hostile requests answer the error shape with a 4xx, never a 5xx (docs/security.md#errors-and-hostile-input):
 * NUL characters anywhere in the input, and the refusals Fastify and Node's HTTP parser make
 * before any route runs.
 */
import os from 'node:os';
import path from 'node:path';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor } from '../lib/cursor.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { callApi, postJson, signUpUser, type TestSession } from '../test/sessions.ts';

let t: TestApp;
let user: TestSession;
let port: number;

beforeAll(async () => {
  // no web build: with one, its catch-all route takes an over-long path instead (404, error shape)
  t = await buildTestApp({ webDistDir: path.join(os.tmpdir(), 'comensal-no-web-build') });
  user = await signUpUser(t.app);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t?.close());

const errorShape = { error: { code: expect.any(String), message: expect.any(String) } };

describe('a NUL character anywhere in the input is 400 VALIDATION_FAILED, never a 500', () => {
  it.each([
    ['a search', '/api/restaurants?q=pizza%00'],
    ['a query key', '/api/restaurants?q%00=1'],
    [
      'a cursor that decodes to a NUL',
      `/api/restaurants?cursor=${encodeCursor({ name: 'a\u0000', id: 'x' })}`,
    ],
    ['a reservations query', '/api/reservations?scope=%00'],
  ])('in %s', async (_what, url) => {
    const response = await callApi(t.app, 'GET', url, { as: user });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });

  it('in a path id (the router keeps %00 encoded: no such restaurant)', async () => {
    const response = await callApi(t.app, 'GET', '/api/restaurants/abc%00def/menu', { as: user });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it.each([
    ['a comment', { comments: 'hola\u0000' }],
    ['a nested value', { delivery: { address: { line: 'Calle\u0000 1' } } }],
    ['an array item', { tags: ['a', 'b\u0000'] }],
    ['a key', { 'comm\u0000ents': 'x' }],
  ])('in %s of a JSON body (before validation, nothing written)', async (_what, body) => {
    const response = await callApi(t.app, 'POST', '/api/reservations', { as: user, body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', details: [{ code: 'nul_character' }] },
    });
  });

  it('in a display name sent to PATCH /api/me (a string the route would store)', async () => {
    const response = await callApi(t.app, 'PATCH', '/api/me', {
      as: user,
      body: { displayName: 'Ana\u0000' },
    });
    expect(response.statusCode).toBe(400);
    const me = await callApi(t.app, 'GET', '/api/me', { as: user });
    expect(me.json().displayName).toBe('Diner');
  });

  it('in the raw body of a better-auth request', async () => {
    const response = await postJson(t.app, '/api/auth/sign-in/email', {
      email: 'x@example.com',
      password: 'pass\u0000word',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });
});

/** Sends `text` on a fresh socket and answers everything the server wrote before closing. */
function rawExchange(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    socket.setTimeout(5_000, () => socket.destroy());
  });
}

function parseAnswer(raw: string): { status: number; headers: string; body: unknown } {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  return {
    status: Number(head.split(' ')[1]),
    headers: head.toLowerCase(),
    body: JSON.parse(rest.join('\r\n\r\n')) as unknown,
  };
}

describe('refusals made before any route runs answer the error shape with a stable code', () => {
  it.each([
    ['a bad percent-encoding in the path', '/api/restaurants/%zz', 400, 'VALIDATION_FAILED'],
    ['a path parameter over 200 characters', `/api/restaurants/${'a'.repeat(300)}`, 414, 'URI_TOO_LONG'],
  ])('%s', async (_what, url, status, code) => {
    for (const response of [
      await t.app.inject({ method: 'GET', url }),
      parseAnswer(await rawExchange(`GET ${url} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`)),
    ]) {
      const body = 'json' in response ? response.json() : response.body;
      const answered = 'statusCode' in response ? response.statusCode : response.status;
      expect(answered).toBe(status);
      expect(body).toEqual({ error: { code, message: expect.any(String) } });
    }
  });

  it('headers over 16 KiB (or a request line that long) are 431 HEADERS_TOO_LARGE', async () => {
    for (const request of [
      `GET /api/restaurants HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      `GET /api/restaurants/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    ]) {
      const answer = parseAnswer(await rawExchange(request));
      expect(answer.status).toBe(431);
      expect(answer.body).toEqual({ error: { code: 'HEADERS_TOO_LARGE', message: expect.any(String) } });
    }
  });

  it('a request that is not HTTP is 400 VALIDATION_FAILED', async () => {
    const answer = parseAnswer(await rawExchange('HELLO THERE\r\n\r\n'));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: { code: 'VALIDATION_FAILED', message: expect.any(String) } });
  });

  it.each([
    ['a body that is not JSON', 'application/json', '{"a":', 400],
    ['an empty JSON body', 'application/json', '', 400],
    ['a content type the route does not take', 'text/csv', 'a,b', 415],
    ['a body over 1 MiB', 'application/json', JSON.stringify({ comments: 'x'.repeat(1_100_000) }), 413],
  ])('%s', async (_what, contentType, payload, status) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: { 'content-type': contentType, cookie: user.cookie, origin: 'http://localhost:3000' },
      payload,
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error: expect.objectContaining(errorShape.error) });
  });
});
