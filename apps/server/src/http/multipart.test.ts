import { createHash } from 'node:crypto';
import net from 'node:net';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorsPlugin } from '../plugins/errors.ts';
import { createTestLogger, type LogLine } from '../test/logs.ts';
import { badMultipartRequests, multipartBody, type FormPart } from '../test/multipart.ts';
import { readMultipart, registerMultipart } from './multipart.ts';

/** The receipt form of the payments module, as the helper is meant to be called. */
const receiptFields = z.strictObject({
  pendingPaymentId: z.uuid(),
  bankCode: z.string().regex(/^\d{4}$/),
  reference: z.string().regex(/^\d{4,12}$/),
  transferDate: z.iso.date(),
});
const MAX_FILE_BYTES = 4096;
const FIELDS = {
  pendingPaymentId: '0b8a1c8e-4c1e-4a57-9d0e-3f1f2f6b7a10',
  bankCode: '0134',
  reference: '00123456',
  transferDate: '2026-03-02',
};
const FILE = { filename: 'receipt.png', contentType: 'image/png', data: Buffer.from('pretend-png-bytes') };

let app: FastifyInstance;
let logs: LogLine[];
/** How many requests reached the route's work after readMultipart (what a refusal must not do). */
let accepted = 0;

beforeAll(async () => {
  const test = createTestLogger();
  logs = test.logs;
  app = Fastify({ loggerInstance: test.logger as FastifyBaseLogger, bodyLimit: 1024 * 1024 });
  await app.register(errorsPlugin);
  await app.register(async (scope) => {
    await registerMultipart(scope);
    scope.post('/upload', async (request) => {
      const { fields, file } = await readMultipart(request, {
        fileField: 'receipt',
        maxFileBytes: MAX_FILE_BYTES,
        fields: receiptFields,
        maxFieldBytes: 64,
      });
      accepted += 1;
      return {
        fields,
        filename: file.filename,
        declaredType: file.declaredType,
        size: file.data.length,
        sha256: createHash('sha256').update(file.data).digest('hex'),
      };
    });
    scope.post('/photo', async (request) => {
      const { fields, file } = await readMultipart(request, {
        fileField: 'photo',
        maxFileBytes: MAX_FILE_BYTES,
      });
      accepted += 1;
      return { fields, size: file.data.length };
    });
  });
  // a route outside the scope that registered the parser: multipart stays foreign to it
  app.post('/json', async (request) => ({ body: request.body }));
  await app.ready();
});
afterAll(() => app?.close());

const post = (url: string, body: { contentType: string; payload: Buffer }) =>
  app.inject({ method: 'POST', url, headers: { 'content-type': body.contentType }, payload: body.payload });

const fieldParts = (values: Record<string, string> = FIELDS): FormPart[] =>
  Object.entries(values).map(([name, data]) => ({ name, data }));

describe('readMultipart', () => {
  it('answers the checked fields and the file bytes, whatever the order of the parts', async () => {
    const sha256 = createHash('sha256').update(FILE.data).digest('hex');
    for (const parts of [
      [...fieldParts(), { name: 'receipt', ...FILE }],
      [{ name: 'receipt', ...FILE }, ...fieldParts().reverse()],
    ]) {
      const response = await post('/upload', multipartBody(parts));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        fields: FIELDS,
        filename: 'receipt.png',
        declaredType: 'image/png',
        size: FILE.data.length,
        sha256,
      });
    }
  });

  it('takes a file of exactly the limit, and binary bytes intact', async () => {
    const data = Buffer.from(Array.from({ length: MAX_FILE_BYTES }, (_, i) => (i * 7) % 256));
    const response = await post(
      '/upload',
      multipartBody([...fieldParts(), { name: 'receipt', ...FILE, data }]),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().sha256).toBe(createHash('sha256').update(data).digest('hex'));
  });

  it('refuses fields the schema refuses with 400 and zod details, as for a JSON body', async () => {
    const before = accepted;
    const response = await post(
      '/upload',
      multipartBody([...fieldParts({ ...FIELDS, bankCode: '12' }), { name: 'receipt', ...FILE }]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: expect.stringContaining('field "bankCode"'),
        details: [expect.objectContaining({ in: 'body', path: 'bankCode', code: 'invalid_format' })],
      },
    });
    const missing = await post(
      '/upload',
      multipartBody([
        { name: 'bankCode', data: '0134' },
        { name: 'receipt', ...FILE },
      ]),
    );
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json()
        .error.details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['pendingPaymentId', 'reference', 'transferDate']);
    expect(accepted).toBe(before);
  });

  it('treats a file input left empty (no filename, no bytes) as no file', async () => {
    const response = await post(
      '/upload',
      multipartBody([
        ...fieldParts(),
        { name: 'receipt', filename: '', contentType: 'application/octet-stream', data: '' },
      ]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Send the file in the field "receipt"');
  });

  const cases = [
    ...badMultipartRequests({
      fileField: 'receipt',
      file: FILE,
      maxFileBytes: MAX_FILE_BYTES,
      fields: FIELDS,
      maxFieldBytes: 64,
    }).map((bad) => ['/upload', bad] as const),
    ...badMultipartRequests({ fileField: 'photo', file: FILE, maxFileBytes: MAX_FILE_BYTES }).map(
      (bad) => ['/photo', bad] as const,
    ),
  ];
  it.each(cases.map(([url, bad]) => [url, bad.name, bad] as const))(
    '%s: %s → 4xx, nothing done',
    async (route, _name, bad) => {
      const before = accepted;
      const response = await post(route, bad);
      expect(response.statusCode, response.body).toBe(bad.status);
      expect(response.json()).toEqual({ error: { code: bad.code, message: expect.any(String) } });
      expect(accepted).toBe(before);
    },
  );

  it('leaves multipart foreign to routes outside the scope that registered it (415)', async () => {
    const response = await post('/json', multipartBody([{ name: 'receipt', ...FILE }]));
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('logs no error for any of them', () => {
    expect(logs.filter((line) => line.level >= 50)).toEqual([]);
  });
});

describe('readMultipart over a real connection', () => {
  let port: number;

  beforeAll(async () => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as net.AddressInfo).port;
  });

  /** Writes `head` then `body` on a fresh socket; answers what the server sent back, if anything. */
  function exchange(head: string, body: Buffer, { end }: { end: 'close' | 'half' }): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      socket.setTimeout(10_000, () => {
        socket.destroy();
        reject(new Error(`no answer in 10 s; got ${JSON.stringify(answer)}`));
      });
      socket.on('data', (chunk) => {
        answer += chunk.toString('latin1');
        if (/\r\n\r\n[\s\S]*\}$/.test(answer)) socket.end();
      });
      socket.on('error', () => resolve(answer)); // the server may close while we still write
      socket.on('close', () => resolve(answer));
      socket.write(head);
      socket.write(body, () => {
        if (end === 'close') socket.destroy();
      });
    });
  }

  const headFor = (contentType: string, length: number) =>
    `POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${contentType}\r\n` +
    `Content-Length: ${length}\r\n\r\n`;

  it('survives a client that hangs up in the middle of its body, logging no error', async () => {
    const body = multipartBody([...fieldParts(), { name: 'receipt', ...FILE }]);
    const before = accepted;
    await exchange(headFor(body.contentType, body.payload.length + 5000), body.payload.subarray(0, 60), {
      end: 'close',
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(accepted).toBe(before);
    const next = await post('/upload', body);
    expect(next.statusCode).toBe(200);
    expect(logs.filter((line) => line.level >= 50)).toEqual([]);
  });

  it('answers 400 to a file sent under the wrong name, without waiting for the rest of a large body', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024, 0x61);
    const body = multipartBody([{ name: 'elsewhere', ...FILE, data: big }]);
    const answer = await exchange(headFor(body.contentType, body.payload.length), body.payload, {
      end: 'half',
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('"code":"VALIDATION_FAILED"');
  });

  it('answers 413 to a file over the limit sent over the wire', async () => {
    const body = multipartBody([
      ...fieldParts(),
      { name: 'receipt', ...FILE, data: Buffer.alloc(MAX_FILE_BYTES * 50, 1) },
    ]);
    const answer = await exchange(headFor(body.contentType, body.payload.length), body.payload, {
      end: 'half',
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('"code":"PAYLOAD_TOO_LARGE"');
  });
});
