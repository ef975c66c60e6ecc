/**
 * The published API is a contract (docs/security.md#the-api-contract): the OpenAPI document
 * passes `redocly lint` with the recommended rules (redocly.yaml) and no error; every operation
 * has an operationId named like its use case and declares the 4xx answers it can give; the
 * session cookie is a security scheme, required wherever a 401 can come back.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { CROSS_SITE_EXTENSION } from './csrf.ts';
import { ANALYTICS_KEY_SCHEME, SESSION_COOKIE_SCHEME } from './openapi.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const REDOCLY = path.join(ROOT, 'node_modules/.bin/redocly');

interface Operation {
  operationId?: string;
  [CROSS_SITE_EXTENSION]?: boolean;
  responses: Record<string, unknown>;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes?: Record<string, { type: string; in: string; name: string }> };
}

let t: TestApp;
let document: Document;
let dir: string;

beforeAll(async () => {
  t = await buildTestApp();
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json() as Document;
  dir = await mkdtemp(path.join(os.tmpdir(), 'comensal-openapi-'));
});
afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const operations = () =>
  Object.entries(document.paths).flatMap(([url, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      name: `${method.toUpperCase()} ${url}`,
      operation,
    })),
  );

describe('the OpenAPI document', () => {
  it('passes redocly lint with the recommended rules: no error', async () => {
    const file = path.join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(document));
    const run = promisify(execFile);
    const { stdout } = await run(
      REDOCLY,
      [
        'lint',
        file,
        '--config',
        path.join(ROOT, 'redocly.yaml'),
        '--format',
        'json',
        '--max-problems',
        '1000',
      ],
      { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const { problems } = JSON.parse(stdout) as {
      problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
    };
    const describe = (severity: string) =>
      problems
        .filter((problem) => problem.severity === severity)
        .map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`);
    expect(describe('error')).toEqual([]);
    expect(describe('warn')).toEqual([]);
  }, 60_000);

  it('names every operation after its use case, once', () => {
    const ids = operations().map(({ name, operation }) => {
      expect(operation.operationId, name).toMatch(/^[a-z][A-Za-z]+$/);
      return operation.operationId;
    });
    expect(ids.length).toBeGreaterThan(40);
    expect(new Set(ids).size).toBe(ids.length);
    const byName = new Map(operations().map(({ name, operation }) => [name, operation.operationId]));
    expect(byName.get('POST /api/reservations')).toBe('createReservation');
    expect(byName.get('GET /api/reservations/{id}/orders')).toBe('listOrders');
    expect(byName.get('PUT /api/me/favorites/products/{productId}')).toBe('addFavoriteProduct');
  });

  it('declares the 4xx answers of each operation: 400 everywhere, 403 on every write, 401 where a session is needed', () => {
    for (const { name, operation } of operations()) {
      const statuses = Object.keys(operation.responses);
      expect(
        statuses.some((status) => /^4\d\d$/.test(status)),
        name,
      ).toBe(true);
      expect(statuses, name).toContain('400');
      // plugins/csrf.ts refuses a cross-site write with 403, but on a route that takes them (a
      // payment provider's form), which the document marks
      const write = !name.startsWith('GET ') && name.includes(' /api/');
      if (write && !operation[CROSS_SITE_EXTENSION]) expect(statuses, name).toContain('403');
      if (operation[CROSS_SITE_EXTENSION]) expect(statuses, name).not.toContain('403');
    }
    const crossSite = operations().filter(({ operation }) => operation[CROSS_SITE_EXTENSION]);
    expect(crossSite.map(({ name }) => name).sort()).toEqual([
      'GET /api/payments/webpay/return',
      'POST /api/payments/webpay/return',
    ]);
  });

  it('declares a success of each operation: a 2xx, or the 303 of a browser navigation', () => {
    for (const { name, operation } of operations()) {
      const statuses = Object.keys(operation.responses);
      const redirects = statuses.filter((status) => /^3\d\d$/.test(status));
      if (redirects.length > 0) expect([name, redirects]).toEqual([name, ['303']]);
      else
        expect(
          statuses.some((status) => /^2\d\d$/.test(status)),
          name,
        ).toBe(true);
    }
  });

  it('has the session cookie as its security scheme, required where a 401 can come back', () => {
    expect(document.components.securitySchemes?.[SESSION_COOKIE_SCHEME]).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'better-auth.session_token',
    });
    for (const { name, operation } of operations()) {
      const required = '401' in operation.responses;
      // the analytics configuration takes its API key header instead of a session
      if (name === 'GET /api/analytics/config') {
        expect(operation.security, name).toEqual([{ [ANALYTICS_KEY_SCHEME]: [] }]);
        continue;
      }
      expect(operation.security, name).toEqual(
        required ? [{ [SESSION_COOKIE_SCHEME]: [] }] : [{}, { [SESSION_COOKIE_SCHEME]: [] }],
      );
    }
  });
});
