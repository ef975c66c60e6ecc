/**
 * The hostile-input suite (docs/security.md#hostile-input): requests generated with fast-check
 * from the published OpenAPI document — every operation, as an anonymous caller, a guest and a
 * user — with path ids that exist, that do not and that are garbage; query strings and bodies
 * shaped like the schema with hostile values (NUL, lone surrogates, huge numbers, long strings,
 * SQL and markup, wrong types, unknown keys), malformed JSON, wrong content types, missing or
 * foreign Origin, odd Idempotency-Keys. It checks that
 *
 * - no answer is a 5xx;
 * - every refusal (4xx) is `{ error: { code, message } }` with a known code and that code's status;
 * - a refused write changes nothing: every table's row count and checksum are the same before
 *   and after it (reads are checked as a whole: no read changes anything).
 *
 * The seed is fixed (HOSTILE_SEED to vary it); HOSTILE_REQUESTS sets the total (default 10,000).
 */
import { ERROR_CODES } from '@comensal/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS } from './lib/app-error.ts';
import { insertOrdersRestaurant, type OrdersRestaurant } from './modules/orders/testing.ts';
import { NOW, reservationInput, reserve } from './modules/reservations/testing.ts';
import { buildTestApp, type TestApp } from './test/app.ts';
import { callApi, signInGuest, signUpUser, type TestSession } from './test/sessions.ts';

const TOTAL = Number(process.env.HOSTILE_REQUESTS ?? 10_000);
const SEED = Number(process.env.HOSTILE_SEED ?? 20_261_124);
/** Reads run this many at a time (writes one by one, each between two checksums). */
const READ_CONCURRENCY = 8;
/** Counters that a refused attempt may move by design (a rate limit counts refusals too). */
const BOOKKEEPING_TABLES = new Set(['rate_limits', 'rate_buckets']);

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
};
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  schema: JsonSchema;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
interface Target {
  method: string;
  path: string;
  operation: Operation;
}
type Caller = 'anonymous' | 'guest' | 'user';
interface HostileRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

let t: TestApp;
let restaurant: OrdersRestaurant;
let sessions: Record<Caller, TestSession | null>;
let targets: Target[];
/** Ids that exist: a path parameter or a uuid field often names one of these. */
let knownIds: string[];

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  restaurant = await insertOrdersRestaurant(t.db);
  const user = await signUpUser(t.app, { name: 'Ana' });
  const guest = await signInGuest(t.app);
  sessions = { anonymous: null, guest, user };
  const reservation = await reserve(t.app, user, reservationInput(restaurant));
  const guestReservation = await reserve(t.app, guest, reservationInput(restaurant, { table: undefined }));
  const order = await callApi(t.app, 'POST', `/api/reservations/${reservation.id}/orders`, {
    as: user,
    body: { productId: restaurant.product('plain'), quantity: 1 },
  });
  const invitation = await callApi(t.app, 'POST', `/api/reservations/${reservation.id}/invitations`, {
    as: user,
    body: { email: 'bea@example.com' },
  });
  expect([order.statusCode, invitation.statusCode]).toEqual([201, 201]);
  knownIds = [
    restaurant.restaurant.id,
    reservation.id,
    guestReservation.id,
    (order.json() as { id: string }).id,
    (invitation.json() as { id: string }).id,
    ...restaurant.products.slice(0, 3).map((product) => product.id),
    user.userId,
    guest.userId,
  ];
  const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  targets = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
}, 60_000);
afterAll(() => t?.close());

// ---------------------------------------------------------------------------------------------
// Values

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '%00',
  '%zz',
  '../../etc/passwd',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '${7*7}',
  '__proto__',
  'constructor',
  'null',
  'NaN',
  '-1',
  '1e309',
  '9999-12-31',
  '0000-00-00',
  '24:00',
  '23:59',
  'x'.repeat(10_000),
  '🍣'.repeat(300),
  'Banco: verifique su cuenta en https://evil.example',
];
const HOSTILE_NUMBERS = [0, -1, 1, 0.5, -0, 15, 120, 121, 2 ** 31, -(2 ** 31), 2 ** 53 + 1, 1e308, -1e308];

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 300 }) },
);
const someId = () =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...knownIds) },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: hostileString },
  );
const junk = fc.oneof(
  hostileString,
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 2 }),
);

/** A value shaped like `schema` most of the time, hostile inside; plain junk now and then. */
function valueOf(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const choices = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (choices && choices.length > 0) return fc.oneof(...choices.map((choice) => valueOf(choice, depth)));
  if (schema.const !== undefined) return fc.oneof(fc.constant(schema.const), junk);
  if (schema.enum) return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...schema.enum) }, junk);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const shaped = ((): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'string':
        if (schema.format === 'uuid') return someId();
        if (schema.format === 'email') return fc.oneof(fc.emailAddress(), hostileString);
        return fc.oneof(
          hostileString,
          fc.constantFrom('2026-03-10', '13:00', '20:30', 'es-ES', 'ana@example.com'),
        );
      case 'integer':
      case 'number':
        return fc.oneof(
          fc.constantFrom(...HOSTILE_NUMBERS),
          fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 }),
        );
      case 'boolean':
        return fc.boolean();
      case 'array':
        return depth > 3
          ? fc.constant([])
          : fc.array(valueOf(schema.items ?? {}, depth + 1), { maxLength: 4 });
      case 'object': {
        if (depth > 3) return fc.constant({});
        const entries = Object.entries(schema.properties ?? {});
        const record = Object.fromEntries(entries.map(([key, value]) => [key, valueOf(value, depth + 1)]));
        return fc
          .tuple(
            fc.record(record, { requiredKeys: schema.required ?? [] }),
            fc.option(
              fc.dictionary(fc.constantFrom('__proto__', 'extra', 'id', 'userId', 'priceMinor'), junk),
              {
                freq: 4,
              },
            ),
          )
          .map(([base, extra]) => (extra ? { ...base, ...extra } : base));
      }
      default:
        return junk;
    }
  })();
  return fc.oneof({ weight: 6, arbitrary: shaped }, { weight: 1, arbitrary: junk });
}

function paramText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A path segment: every UTF-8 byte of the text percent-encoded but the unreserved ones (a lone surrogate as U+FFFD). */
function pathSegment(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** The request arbitrary of one operation as one caller. */
function requestsOf(target: Target, caller: Caller): fc.Arbitrary<HostileRequest> {
  const parameters = target.operation.parameters ?? [];
  const pathParams = parameters.filter((parameter) => parameter.in === 'path');
  const queryParams = parameters.filter((parameter) => parameter.in === 'query');
  const bodySchema = target.operation.requestBody?.content['application/json']?.schema;
  const path = fc
    .tuple(...pathParams.map((parameter) => fc.tuple(fc.constant(parameter.name), someId())))
    .map((pairs) =>
      pairs.reduce(
        (url, [name, value]) => url.replace(`{${name}}`, pathSegment(paramText(value))),
        target.path,
      ),
    );
  const query = fc
    .tuple(
      fc
        .subarray(queryParams)
        .chain((chosen) =>
          fc.tuple(
            ...chosen.map((parameter) => fc.tuple(fc.constant(parameter.name), valueOf(parameter.schema))),
          ),
        ),
      fc.option(fc.tuple(hostileString, hostileString), { freq: 5 }),
    )
    .map(([pairs, extra]) => {
      const search = new URLSearchParams();
      for (const [name, value] of pairs) {
        for (const item of Array.isArray(value) ? value : [value]) search.append(name, paramText(item));
      }
      if (extra) search.append(extra[0], extra[1]);
      const text = search.toString();
      return text ? `?${text}` : '';
    });
  const body: fc.Arbitrary<{ payload?: string; contentType?: string }> =
    target.method === 'GET' || target.method === 'DELETE'
      ? fc.constant({})
      : fc.oneof(
          {
            weight: 8,
            arbitrary: valueOf(bodySchema ?? {}).map((value) => ({
              payload: JSON.stringify(value) ?? 'null',
            })),
          },
          {
            weight: 1,
            arbitrary: fc.constantFrom(
              { payload: '{"a":', contentType: 'application/json' },
              { payload: '', contentType: 'application/json' },
              { payload: '{"a":"\\u0000"}', contentType: 'application/json' },
              { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
              { payload: '<xml/>', contentType: 'text/xml' },
              { payload: '--x\r\n', contentType: 'multipart/form-data' },
              { payload: '[]', contentType: 'application/json; charset=latin1' },
            ),
          },
        );
  const origin = fc.constantFrom<string | null>(
    t.config.publicUrl,
    t.config.publicUrl,
    null,
    'https://evil.example',
  );
  const idempotencyKey = fc.option(fc.oneof(fc.constantFrom('k-1', 'k-2'), hostileString), { freq: 3 });
  return fc
    .tuple(path, query, body, origin, idempotencyKey)
    .map(([url, search, { payload, contentType }, from, key]) => {
      const headers: Record<string, string> = {};
      const session = sessions[caller];
      if (session) headers.cookie = session.cookie;
      if (from) headers.origin = from;
      if (payload !== undefined) headers['content-type'] = contentType ?? 'application/json';
      // header values are bytes: a key the client could not even send is left out
      if (key !== null && /^[\t\x20-\x7e]*$/.test(key)) headers['idempotency-key'] = key;
      return {
        method: target.method,
        url: `${url}${search}`,
        headers,
        ...(payload !== undefined ? { payload } : {}),
      };
    });
}

// ---------------------------------------------------------------------------------------------
// The database, table by table

let checksumQuery: ReturnType<typeof sql.join> | null = null;

/** Every table's row count and the sum of its rows' 64-bit hashes (order-free), but the bookkeeping ones. */
async function snapshot(): Promise<Map<string, string>> {
  if (!checksumQuery) {
    const tables = await t.db.db.execute<{ table_name: string }>(
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    const names = tables.rows.map((row) => row.table_name).filter((name) => !BOOKKEEPING_TABLES.has(name));
    expect(names.length).toBeGreaterThan(20);
    checksumQuery = sql.join(
      names.map(
        (name) =>
          sql`SELECT ${name}::text AS name, count(*)::text || ':' || coalesce(sum(hashtextextended(x::text, 0)), 0)::text AS sum FROM ${sql.identifier(name)} x`,
      ),
      sql` UNION ALL `,
    );
  }
  const result = await t.db.db.execute<{ name: string; sum: string }>(checksumQuery);
  return new Map(result.rows.map((row) => [row.name, row.sum]));
}

/**
 * The next transaction id PostgreSQL will hand out: it moves whenever anything writes (in this
 * cluster). While it stands still, no table changed, and the last checksum still holds.
 */
async function nextTransactionId(): Promise<string> {
  const result = await t.db.db.execute<{ xmax: string }>(
    sql`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xmax`,
  );
  return result.rows[0]!.xmax;
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((name) => before.get(name) !== after.get(name));
}

// ---------------------------------------------------------------------------------------------

interface Finding {
  request: HostileRequest;
  status: number;
  problem: string;
  body: string;
}

const KNOWN_CODES = new Set<string>(ERROR_CODES);

/** What is wrong with an answer, or null. */
function problemOf(response: LightMyRequestResponse): string | null {
  if (response.statusCode >= 500) return 'a 5xx';
  if (response.statusCode < 400) return null;
  let body: { error?: { code?: unknown; message?: unknown } } | null;
  try {
    body = response.json();
  } catch {
    return 'a refusal that is not JSON';
  }
  const code = body?.error?.code;
  if (typeof code !== 'string' || typeof body?.error?.message !== 'string' || !body.error.message) {
    return 'a refusal not in the error shape';
  }
  if (!KNOWN_CODES.has(code)) return `an unknown code ${code}`;
  if (ERROR_STATUS[code as keyof typeof ERROR_STATUS] !== response.statusCode) {
    return `${code} with status ${response.statusCode}`;
  }
  return null;
}

const send = (request: HostileRequest) =>
  t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: request.headers,
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  });

describe('hostile input, generated from the OpenAPI document', () => {
  it(`${TOTAL} requests over every operation × anonymous, guest and user: no 5xx, refusals in the error shape, a refused request changes nothing`, async () => {
    const callers: Caller[] = ['anonymous', 'guest', 'user'];
    const cells = targets.flatMap((target) => callers.map((caller) => ({ target, caller })));
    const perCell = Math.ceil(TOTAL / cells.length);
    const generating = performance.now();
    const reads: HostileRequest[] = [];
    const writes: HostileRequest[] = [];
    cells.forEach(({ target, caller }, index) => {
      const generated = fc.sample(requestsOf(target, caller), { numRuns: perCell, seed: SEED + index });
      (target.method === 'GET' ? reads : writes).push(...generated);
    });

    const generationSeconds = (performance.now() - generating) / 1000;
    const findings: Finding[] = [];
    const statuses = new Map<number, number>();
    const record = (request: HostileRequest, response: LightMyRequestResponse) => {
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      const problem = problemOf(response);
      if (problem)
        findings.push({ request, status: response.statusCode, problem, body: response.body.slice(0, 300) });
    };
    const started = performance.now();

    // reads, several at a time: none may change anything
    const beforeReads = await snapshot();
    for (let index = 0; index < reads.length; index += READ_CONCURRENCY) {
      const batch = reads.slice(index, index + READ_CONCURRENCY);
      const responses = await Promise.all(batch.map(send));
      batch.forEach((request, at) => record(request, responses[at]!));
    }
    expect(changedTables(beforeReads, await snapshot()), 'tables changed by reads').toEqual([]);
    const readSeconds = (performance.now() - started) / 1000;

    // writes, one at a time: a refused one must leave every table as it was. The checksum is
    // taken again only when something wrote since the last one (PostgreSQL's next transaction id
    // moved: this request, or another test file on the same server); else the last one holds.
    let before = await snapshot();
    let written = await nextTransactionId();
    let refusedWrites = 0;
    let checksums = 1;
    for (const request of writes) {
      const response = await send(request);
      record(request, response);
      const now = await nextTransactionId();
      if (now === written) {
        if (response.statusCode >= 400) refusedWrites += 1;
        continue;
      }
      const after = await snapshot();
      checksums += 1;
      written = await nextTransactionId();
      if (response.statusCode >= 400) {
        refusedWrites += 1;
        const changed = changedTables(before, after);
        if (changed.length > 0) {
          findings.push({
            request,
            status: response.statusCode,
            problem: `a refusal that changed ${changed.join(', ')}`,
            body: response.body.slice(0, 300),
          });
        }
      }
      before = after;
    }

    const seconds = (performance.now() - started) / 1000;
    const sent = reads.length + writes.length;
    console.info(
      `hostile input: ${sent} requests (${reads.length} reads, ${writes.length} writes, ${refusedWrites} refused ` +
        `writes checked table by table, ${checksums} checksums taken) over ${targets.length} operations × 3 callers in ${seconds.toFixed(1)} s (reads ${readSeconds.toFixed(1)} s; generated in ${generationSeconds.toFixed(1)} s); ` +
        `statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
    );
    expect(sent).toBeGreaterThanOrEqual(TOTAL);
    expect(findings.slice(0, 10)).toEqual([]);
    expect([...statuses.keys()].every((status) => status < 500)).toBe(true);
    expect(refusedWrites).toBeGreaterThan(writes.length / 2);
  }, 300_000);
});
