import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { startTestS3Server, type TestS3Server } from '../test/s3-server.ts';
import { localFileStorage, type FileStorage, type PublicFile } from './file-storage.ts';
import { s3FileStorage } from './s3-storage.ts';

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

/** One driver under test, and a way to see what it wrote where. */
interface Driver {
  storage: FileStorage;
  /** The keys of the stored private / public files. */
  privateKeys(): Promise<string[]>;
  publicKeys(): Promise<string[]>;
  /** Everything the driver's backing store holds (folder files or bucket objects). */
  everything(): Promise<string[]>;
  /** The app configuration that makes an app use this same store. */
  appConfig(): { dataDir: string } | { s3: TestS3Server['config'] };
  close(): Promise<void>;
}

async function localDriver(): Promise<Driver & { dataDir: string }> {
  /** A folder around DATA_DIR, to see that nothing is written beside it. */
  const outer = await mkdtemp(path.join(os.tmpdir(), 'comensal-storage-'));
  const dataDir = path.join(outer, 'data');
  return {
    dataDir,
    storage: localFileStorage(dataDir),
    privateKeys: () => filesUnder(path.join(dataDir, 'private')),
    publicKeys: () => filesUnder(path.join(dataDir, 'files')),
    everything: () => filesUnder(outer),
    appConfig: () => ({ dataDir }),
    close: () => rm(outer, { recursive: true, force: true }),
  };
}

async function s3Driver(): Promise<Driver> {
  const s3 = await startTestS3Server();
  const storage = s3FileStorage(s3.config);
  const under = async (prefix: string) => (await s3.keys(prefix)).map((key) => key.slice(prefix.length));
  return {
    storage,
    privateKeys: () => under('private/'),
    publicKeys: () => under('files/'),
    everything: () => s3.keys(),
    appConfig: () => ({ s3: s3.config }),
    async close() {
      await storage.close();
      await s3.close();
    },
  };
}

const DRIVERS = [
  ['the local folder', localDriver],
  ['an S3 bucket', s3Driver],
] as const;

/** A fresh driver for the enclosing describe block, closed after it. */
function useDriver(makeDriver: () => Promise<Driver>, use: (driver: Driver) => void): void {
  let made: Driver | undefined;
  beforeAll(async () => {
    made = await makeDriver();
    use(made);
  });
  afterAll(() => made?.close());
}

describe.each(DRIVERS)('private files in %s', (_name, makeDriver) => {
  let driver: Driver;
  let storage: FileStorage;
  useDriver(makeDriver, (made) => {
    driver = made;
    storage = made.storage;
  });

  it('stores a file apart from the public ones and reads back its bytes, type and size (key with a space)', async () => {
    expect(await storage.putPrivate(RECEIPT_KEY, PDF, { contentType: 'application/pdf' })).toEqual({
      key: RECEIPT_KEY,
    });
    const file = await storage.getPrivate(RECEIPT_KEY);
    expect(file).not.toBeNull();
    expect(file!.contentType).toBe('application/pdf');
    expect(file!.size).toBe(PDF.length);
    expect(Buffer.compare(await buffer(file!.body), PDF)).toBe(0);

    expect(await driver.privateKeys()).toEqual([RECEIPT_KEY]);
    expect(await driver.publicKeys()).toEqual([]);
  });

  it('replaces a file stored again at the same key, leaving no temporary file behind', async () => {
    const key = 'restaurants/r1/pagos movil/tx-2.jpg';
    await storage.putPrivate(key, Buffer.from('first'), { contentType: 'image/jpeg' });
    await storage.putPrivate(key, Buffer.from('second!'), { contentType: 'image/webp' });
    const file = await storage.getPrivate(key);
    expect(file).toMatchObject({ contentType: 'image/webp', size: 7 });
    expect((await buffer(file!.body)).toString()).toBe('second!');
    expect((await driver.privateKeys()).filter((f) => f.endsWith('.tmp'))).toEqual([]);
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
    const before = await driver.everything();
    await expect(storage.putPrivate(key, PDF, { contentType: 'application/pdf' })).rejects.toThrow(
      /invalid storage key/,
    );
    await expect(storage.getPrivate(key)).rejects.toThrow(/invalid storage key/);
    await expect(storage.deletePrivate(key)).rejects.toThrow(/invalid storage key/);
    await expect(storage.put(key, 'x')).rejects.toThrow(/invalid storage key/);
    await expect(storage.getPublic(key)).rejects.toThrow(/invalid storage key/);
    expect(() => storage.url(key)).toThrow(/invalid storage key/);
    expect(await driver.everything()).toEqual(before);
  });

  it('refuses a content type that is not one header value', async () => {
    for (const contentType of ['', 'pdf', 'text/html\r\nx-evil: 1', 'image/png; a="b"']) {
      await expect(storage.putPrivate('t/x.bin', PDF, { contentType })).rejects.toThrow(
        /invalid content type/,
      );
    }
    expect(await storage.getPrivate('t/x.bin')).toBeNull();
  });
});

describe.each(DRIVERS)('public files in %s', (_name, makeDriver) => {
  let driver: Driver;
  let storage: FileStorage;
  useDriver(makeDriver, (made) => {
    driver = made;
    storage = made.storage;
  });

  it('stores a file at its key and reads it back with its type (from the name), size and validators', async () => {
    const key = 'restaurants/r1/cover 1.svg';
    expect(await storage.put(key, '<svg/>')).toEqual({ key, url: '/files/restaurants/r1/cover%201.svg' });
    expect(await driver.publicKeys()).toEqual([key]);
    expect(await driver.privateKeys()).toEqual([]);

    const file = (await storage.getPublic(key)) as PublicFile;
    expect(file).toMatchObject({ contentType: 'image/svg+xml', size: 6 });
    expect((await buffer(file.body)).toString()).toBe('<svg/>');
    expect(file.etag).toMatch(/^(W\/)?".+"$/);
    expect(file.lastModified.getTime()).toBeGreaterThan(Date.now() - 60_000);

    expect(await storage.getPublic(key, { ifNoneMatch: file.etag })).toBe('not-modified');
    expect(await storage.getPublic(key, { ifNoneMatch: `"other", ${file.etag}` })).toBe('not-modified');
    const again = await storage.getPublic(key, { ifNoneMatch: '"other"' });
    expect(again).toMatchObject({ etag: file.etag });
    (again as PublicFile).body.destroy();
  });

  it('answers null for a key with no public file, and never a private file as a public one', async () => {
    await storage.putPrivate('restaurants/r1/pagos movil/p.pdf', PDF, { contentType: 'application/pdf' });
    expect(await storage.getPublic('restaurants/r1/pagos movil/p.pdf')).toBeNull();
    expect(await storage.getPublic('restaurants/r1/none.webp')).toBeNull();
    expect(await storage.getPublic('restaurants/r1')).toBeNull();
  });

  it('keeps binary bytes exactly (a WebP photo)', async () => {
    const bytes = Buffer.from([0x52, 0x49, 0x46, 0x46, 0, 1, 2, 0xff, 0xfe, 0x0a, 0x0d]);
    await storage.put('users/u1/photo-abc.webp', bytes);
    const file = (await storage.getPublic('users/u1/photo-abc.webp')) as PublicFile;
    expect(file.contentType).toBe('image/webp');
    expect(Buffer.compare(await buffer(file.body), bytes)).toBe(0);
  });

  it('deletes a public file, leaving its neighbours and the private one of the same key; again, or a missing key, is fine', async () => {
    const key = 'users/u2/photo 1.webp';
    await storage.put(key, 'one');
    await storage.put('users/u2/photo-2.webp', 'two');
    await storage.putPrivate(key, Buffer.from('private'), { contentType: 'image/webp' });

    await storage.deletePublic(key);
    expect(await storage.getPublic(key)).toBeNull();
    expect((await driver.publicKeys()).filter((k) => k.startsWith('users/u2/'))).toEqual([
      'users/u2/photo-2.webp',
    ]);
    const kept = await storage.getPrivate(key);
    expect((await buffer(kept!.body)).toString()).toBe('private');

    await expect(storage.deletePublic(key)).resolves.toBeUndefined();
    await expect(storage.deletePublic('users/nobody/none.webp')).resolves.toBeUndefined();
    await expect(storage.deletePublic('users/../escape.webp')).rejects.toThrow(/invalid storage key/);
  });

  it('reads the key back from the URL it gave, and nothing else', () => {
    const key = 'restaurants/r1/cover 1 ñ.svg';
    expect(storage.keyOf(storage.url(key))).toBe(key);
    for (const url of [
      'https://cdn.example.com/files/users/u1/photo.webp',
      '/files/',
      '/files/users//photo.webp',
      '/files/users/%2E%2E/x.webp',
      '/files/users/%E0%A4%A/x.webp',
      '/files/restaurants/r1/cover 1.svg', // not the spelling url() gives
      '/other/users/u1/photo.webp',
    ]) {
      expect(storage.keyOf(url), url).toBeNull();
    }
  });
});

describe('the local folder', () => {
  let driver: Awaited<ReturnType<typeof localDriver>>;
  beforeAll(async () => {
    driver = await localDriver();
  });
  afterAll(() => driver?.close());

  it('refuses to read a private file whose metadata line is missing', async () => {
    await mkdir(path.join(driver.dataDir, 'private', 'broken'), { recursive: true });
    await writeFile(path.join(driver.dataDir, 'private', 'broken', 'f.pdf'), Buffer.alloc(2048, 0x41));
    await expect(driver.storage.getPrivate('broken/f.pdf')).rejects.toThrow(/no metadata line/);
  });
});

describe.each(DRIVERS)('files over HTTP, stored in %s', (_name, makeDriver) => {
  let driver: Driver;
  let t: TestApp;

  beforeAll(async () => {
    driver = await makeDriver();
    t = await buildTestApp({ config: driver.appConfig() });
    await t.app.storage.putPrivate(RECEIPT_KEY, PDF, { contentType: 'application/pdf' });
    await t.app.storage.put('restaurants/r1/cover 1.svg', '<svg/>');
  });
  afterAll(async () => {
    await t?.close();
    await driver?.close();
  });

  it('serves a public file with its type, validators and cache policy, and 304 when unchanged', async () => {
    const url = '/files/restaurants/r1/cover%201.svg';
    const publicFile = await t.app.inject({ method: 'GET', url });
    expect(publicFile.statusCode).toBe(200);
    expect(publicFile.body).toBe('<svg/>');
    expect(publicFile.headers).toMatchObject({
      'content-type': 'image/svg+xml',
      'content-length': '6',
      'cache-control': 'public, max-age=3600',
      'x-content-type-options': 'nosniff',
    });
    const etag = publicFile.headers.etag as string;
    expect(etag).toMatch(/".+"/);
    expect(publicFile.headers['last-modified']).toBeTruthy();

    const revalidated = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers.etag).toBe(etag);

    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/svg+xml');
  });

  it('answers the JSON 404 for a public file that is not there', async () => {
    for (const url of ['/files/restaurants/r1/none.svg', '/files/restaurants/r1', '/files/']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
    const response = await t.app.inject({ method: 'GET', url: '/files/restaurants/r1/none.svg' });
    expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('serves a private file at no URL under /files/*', async () => {
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
    expect(await driver.privateKeys()).toContain(RECEIPT_KEY);
  });
});
