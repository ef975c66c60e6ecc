import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error.ts';
import { errorsPlugin } from '../plugins/errors.ts';
import { localFileStorage } from '../storage/file-storage.ts';
import { createTestLogger } from '../test/logs.ts';
import { attachmentDisposition, sendPrivateFile } from './private-file.ts';

/** A PDF that is also an HTML page: what a browser must never render in the app's origin. */
const POLYGLOT = Buffer.from('%PDF-1.4\n<html><script>alert(document.cookie)</script></html>\n%%EOF\n');

let dataDir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'comensal-private-file-'));
  const storage = localFileStorage(dataDir);
  await storage.putPrivate('restaurants/r1/pagos movil/tx-1.pdf', POLYGLOT, {
    contentType: 'application/pdf',
  });
  app = Fastify({ loggerInstance: createTestLogger().logger as FastifyBaseLogger });
  await app.register(errorsPlugin);
  // the throwaway route: what the payments module's receipt route does after its access check
  app.get<{ Params: { id: string }; Querystring: { name?: string } }>(
    '/receipts/:id',
    async (request, reply) => {
      const file = await storage.getPrivate(`restaurants/r1/pagos movil/${request.params.id}.pdf`);
      if (!file) throw AppError.notFound('Receipt');
      return sendPrivateFile(reply, file, request.query.name ?? `receipt-${request.params.id}.pdf`);
    },
  );
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('sendPrivateFile', () => {
  it('answers the stored bytes as a download that is never sniffed, run, cached or embedded', async () => {
    const response = await app.inject({ method: 'GET', url: '/receipts/tx-1' });
    expect(response.statusCode).toBe(200);
    expect(Buffer.compare(response.rawPayload, POLYGLOT)).toBe(0);
    expect(response.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(POLYGLOT.length),
      'content-disposition': `attachment; filename="receipt-tx-1.pdf"; filename*=UTF-8''receipt-tx-1.pdf`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'cache-control': 'private, no-store',
    });
  });

  it('answers 404 in the API shape when there is no such file', async () => {
    const response = await app.inject({ method: 'GET', url: '/receipts/none' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Receipt not found' } });
  });

  it('keeps a hostile file name out of the header (quotes, line breaks, paths)', async () => {
    const name = 'evil"\r\nSet-Cookie: a=b; x=../../etc/passwd.pdf';
    const response = await app.inject({
      method: 'GET',
      url: `/receipts/tx-1?name=${encodeURIComponent(name)}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    const disposition = String(response.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="[A-Za-z0-9._ ()-]+"; filename\*=UTF-8''[\w.%-]+$/);
    expect(disposition).not.toMatch(/[\r\n/\\]|\.\.\//);
  });
});

describe('attachmentDisposition', () => {
  it.each([
    ['receipt.pdf', `attachment; filename="receipt.pdf"; filename*=UTF-8''receipt.pdf`],
    [
      'recibo pago móvil.jpg',
      `attachment; filename="recibo pago m_vil.jpg"; filename*=UTF-8''recibo%20pago%20m%C3%B3vil.jpg`,
    ],
    ['../../x.pdf', `attachment; filename="_.._x.pdf"; filename*=UTF-8''_.._x.pdf`],
    ['a"b\\c.pdf', `attachment; filename="a_b_c.pdf"; filename*=UTF-8''a_b_c.pdf`],
    ["it's (1).pdf", `attachment; filename="it_s (1).pdf"; filename*=UTF-8''it%27s%20%281%29.pdf`],
    ['', `attachment; filename="file"; filename*=UTF-8''file`],
    ['...', `attachment; filename="file"; filename*=UTF-8''file`],
  ])('%j → %s', (name, expected) => {
    expect(attachmentDisposition(name)).toBe(expected);
  });

  it('caps the name at 100 characters, keeping its extension', () => {
    const capped = `${'a'.repeat(96)}.pdf`;
    expect(attachmentDisposition(`${'a'.repeat(300)}.pdf`)).toBe(
      `attachment; filename="${capped}"; filename*=UTF-8''${capped}`,
    );
  });
});
