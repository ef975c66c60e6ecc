import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { localFileStorage, type FileStorage } from './file-storage.ts';

const RECEIPT_KEY = 'restaurants/r1/pagos movil/tx-1.pdf';
const PDF = Buffer.from(
  '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n',
  'latin1',
);

/** Every file under `dir`, as slash paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

describe('private files', () => {
  /** A folder around DATA_DIR, to see that nothing is written beside it. */
  let outer: string;
  let dataDir: string;
  let storage: FileStorage;

  beforeAll(async () => {
    outer = await mkdtemp(path.join(os.tmpdir(), 'comensal-storage-'));
    dataDir = path.join(outer, 'data');
    storage = localFileStorage(dataDir);
  });
  afterAll(() => rm(outer, { recursive: true, force: true }));

  it('stores a file under DATA_DIR/private and reads back its bytes, type and size (key with a space)', async () => {
    expect(await storage.putPrivate(RECEIPT_KEY, PDF, { contentType: 'application/pdf' })).toEqual({
      key: RECEIPT_KEY,
    });
    const file = await storage.getPrivate(RECEIPT_KEY);
    expect(file).not.toBeNull();
    expect(file!.contentType).toBe('application/pdf');
    expect(file!.size).toBe(PDF.length);
    expect(Buffer.compare(await buffer(file!.body), PDF)).toBe(0);

    expect(await filesUnder(path.join(dataDir, 'private'))).toEqual([RECEIPT_KEY]);
    expect(await filesUnder(path.join(dataDir, 'files'))).toEqual([]);
  });

  it('replaces a file stored again at the same key, leaving no temporary file behind', async () => {
    const key = 'restaurants/r1/pagos movil/tx-2.jpg';
    await storage.putPrivate(key, Buffer.from('first'), { contentType: 'image/jpeg' });
    await storage.putPrivate(key, Buffer.from('second!'), { contentType: 'image/webp' });
    const file = await storage.getPrivate(key);
    expect(file).toMatchObject({ contentType: 'image/webp', size: 7 });
    expect((await buffer(file!.body)).toString()).toBe('second!');
    expect((await filesUnder(path.join(dataDir, 'private'))).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('answers null for a key with no file, and deletes idempotently', async () => {
    expect(await storage.getPrivate('restaurants/r1/pagos movil/none.pdf')).toBeNull();
    expect(await storage.getPrivate(`${RECEIPT_KEY}/deeper`)).toBeNull(); // a file where a folder would be
    expect(await storage.getPrivate('restaurants/r1/pagos movil')).toBeNull(); // a folder
    const key = 'restaurants/r1/pagos movil/tx-3.png';
    await storage.putPrivate(key, Buffer.from('x'), { contentType: 'image/png' });
    await storage.deletePrivate(key);
    await storage.deletePrivate(key);
    expect(await storage.getPrivate(key)).toBeNull();
  });

  it('keeps an empty file as an empty file', async () => {
    await storage.putPrivate('empty/e.bin', new Uint8Array(), { contentType: 'application/octet-stream' });
    const file = await storage.getPrivate('empty/e.bin');
    expect(file?.size).toBe(0);
    expect((await buffer(file!.body)).length).toBe(0);
  });

  it.each([
    '../outside.pdf',
    'restaurants/../../outside.pdf',
    '/etc/passwd',
    'restaurants//tx.pdf',
    'restaurants/./tx.pdf',
    'restaurants/..',
    'restaurants\\..\\tx.pdf',
    'restaurants/tx.pdf\u0000.png',
    'restaurants/tx\n.pdf',
    '',
    'a/'.repeat(300),
  ])('refuses the key %j for every operation, writing nothing', async (key) => {
    const before = await filesUnder(outer);
    await expect(storage.putPrivate(key, PDF, { contentType: 'application/pdf' })).rejects.toThrow(
      /invalid storage key/,
    );
    await expect(storage.getPrivate(key)).rejects.toThrow(/invalid storage key/);
    await expect(storage.deletePrivate(key)).rejects.toThrow(/invalid storage key/);
    await expect(storage.put(key, 'x')).rejects.toThrow(/invalid storage key/);
    expect(() => storage.url(key)).toThrow(/invalid storage key/);
    expect(await filesUnder(outer)).toEqual(before);
  });

  it('refuses a content type that is not one header value', async () => {
    for (const contentType of ['', 'pdf', 'text/html\r\nx-evil: 1', 'image/png; a="b"']) {
      await expect(storage.putPrivate('t/x.bin', PDF, { contentType })).rejects.toThrow(
        /invalid content type/,
      );
    }
    expect(await storage.getPrivate('t/x.bin')).toBeNull();
  });

  it('refuses to read a file whose metadata line is missing', async () => {
    await mkdir(path.join(dataDir, 'private', 'broken'), { recursive: true });
    await writeFile(path.join(dataDir, 'private', 'broken', 'f.pdf'), Buffer.alloc(2048, 0x41));
    await expect(storage.getPrivate('broken/f.pdf')).rejects.toThrow(/no metadata line/);
  });
});

describe('a private file over HTTP', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
    const storage = localFileStorage(t.config.dataDir);
    await storage.putPrivate(RECEIPT_KEY, PDF, { contentType: 'application/pdf' });
    await storage.put('restaurants/r1/cover 1.svg', '<svg/>');
  });
  afterAll(() => t?.close());

  it('is served at no URL under /files/*, while a public file is', async () => {
    const publicFile = await t.app.inject({ method: 'GET', url: '/files/restaurants/r1/cover%201.svg' });
    expect(publicFile.statusCode).toBe(200);

    const encoded = RECEIPT_KEY.split('/').map(encodeURIComponent).join('/');
    for (const url of [
      `/files/${encoded}`,
      `/files/../private/${encoded}`,
      `/files/%2e%2e/private/${encoded}`,
      `/files/..%2fprivate/${encoded}`,
      `/private/${encoded}`,
      `/files/private/${encoded}`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('%PDF');
    }
    // the file is there all the same
    expect(await readFile(path.join(t.config.dataDir, 'private', ...RECEIPT_KEY.split('/')))).toBeTruthy();
  });
});
