/**
 * An S3-compatible server on loopback for tests (s3rver, objects in a temporary folder), with the
 * `S3_*` configuration that points the app at it and a client to look inside the bucket:
 *
 *   let s3: TestS3Server;
 *   beforeAll(async () => { s3 = await startTestS3Server(); });
 *   afterAll(() => s3?.close());
 *   t = await buildTestApp({ config: { s3: s3.config } });   // the app stores files in the bucket
 *   expect(await s3.keys('private/')).toEqual(['private/restaurants/r1/pagos movil/tx.pdf']);
 *   // several instances: S3_ENDPOINT=${s3.endpoint} S3_BUCKET=${s3.bucket} … (s3.env)
 *
 * The app talks to s3rver through a loopback proxy that records each request (`requests`: method
 * and URL, e.g. to see a multipart upload's parts). `{ readOnly: true }` makes the proxy answer
 * every write (PUT, POST, DELETE) 403 AccessDenied and let reads through, as a bucket whose policy
 * refuses writes would. It also keeps writes and deletes from overlapping (s3rver's race,
 * `writeTurns` below). `close()` stops both servers and removes the folder.
 */
import { once } from 'node:events';
import { access, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { Config } from '../config.ts';

/** s3rver accepts signed requests made with these credentials only. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export type S3Config = NonNullable<Config['s3']>;

export interface TestS3Server {
  /** http://127.0.0.1:<port> (the proxy's). */
  endpoint: string;
  bucket: string;
  /** The app's configuration for this bucket (`testConfig({ s3: server.config })`). */
  config: S3Config;
  /** The same as environment variables, for a server started as a process. */
  env: Record<
    'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_REGION',
    string
  >;
  /** A client of the bucket itself (not through the proxy). */
  client: S3Client;
  /** Every request the app's clients made (through the proxy), in order. */
  requests: { method: string; url: string }[];
  /** Every key in the bucket that starts with `prefix`, sorted. */
  keys(prefix?: string): Promise<string[]>;
  /** The object at `key`: its bytes and stored Content-Type; null when there is none. */
  object(key: string): Promise<{ data: Buffer; contentType: string | undefined } | null>;
  close(): Promise<void>;
}

export interface TestS3ServerOptions {
  /** Default "comensal-test". */
  bucket?: string;
  /** Writes are refused with 403 AccessDenied (reads go through). */
  readOnly?: boolean;
}

const ACCESS_DENIED =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>';

/** How long a write waits at most for the other kind in flight (see below). */
const WRITTEN_WAIT_MS = 2_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * s3rver answers a PUT of a small body before its file is even opened (it ends a write stream on
 * the object's path and resolves at once, with no error listener), and its DELETE removes every
 * folder the key leaves empty. A DELETE of one key can therefore remove the folder another key's
 * PUT has just made and is about to open its file in; the open then fails with ENOENT as an
 * uncaught exception in the test process. Two instances starting together each write and delete
 * a probe object in private/.probe/ (instances.test.ts, on CI). The proxy therefore never lets the
 * two kinds overlap: a delete waits until every write in flight is answered and its object's file
 * exists, and a write waits until every delete in flight is answered (each for at most
 * WRITTEN_WAIT_MS × 2). Writes among themselves, and deletes, still go at once.
 */
type WriteKind = 'write' | 'delete';

function writeKindOf(method: string | undefined, url: URL): WriteKind | null {
  if (method === 'PUT') return 'write';
  if (method === 'DELETE') return 'delete';
  if (method === 'POST') return url.searchParams.has('delete') ? 'delete' : 'write';
  return null;
}

/** The request ends with s3rver opening the object's file after its answer (a whole object). */
function opensObjectFile(method: string | undefined, url: URL): boolean {
  const part = url.searchParams.has('uploadId');
  return (method === 'PUT' && !part) || (method === 'POST' && part); // PutObject, CompleteMultipartUpload
}

async function untilWritten(file: string): Promise<void> {
  const start = Date.now();
  while (Date.now() - start < WRITTEN_WAIT_MS) {
    try {
      await access(file);
      return;
    } catch {
      await sleep(5);
    }
  }
}

/** Writes and deletes in flight, each a promise that settles (never fails) once it is done. */
function writeTurns() {
  const inFlight: Record<WriteKind, Set<Promise<void>>> = { write: new Set(), delete: new Set() };
  /** Waits until no request of the other kind is in flight, then counts this one in; call the
   * answer once it is done. */
  return async (kind: WriteKind): Promise<() => void> => {
    const other = inFlight[kind === 'write' ? 'delete' : 'write'];
    const deadline = Date.now() + WRITTEN_WAIT_MS * 2;
    while (other.size > 0 && Date.now() < deadline) {
      await Promise.race([Promise.all(other), sleep(deadline - Date.now())]);
    }
    let finish!: () => void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    inFlight[kind].add(done);
    void done.then(() => inFlight[kind].delete(done));
    return finish;
  };
}

/** A recording proxy to `target` (refusing every write when `readOnly`), on its own port. */
async function startProxy(
  target: AddressInfo,
  readOnly: boolean,
  requests: { method: string; url: string }[],
  directory: string,
): Promise<http.Server> {
  const takeTurn = writeTurns();
  const proxy = http.createServer(async (request, response) => {
    requests.push({ method: request.method ?? '', url: request.url ?? '' });
    if (readOnly && request.method !== 'GET' && request.method !== 'HEAD') {
      request.resume();
      response.writeHead(403, { 'content-type': 'application/xml' }).end(ACCESS_DENIED);
      return;
    }
    const url = new URL(request.url ?? '/', 'http://s3.invalid');
    const kind = writeKindOf(request.method, url);
    const finish = kind ? await takeTurn(kind) : undefined;
    const upstream = http.request(
      {
        host: target.address,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
        if (!finish) return;
        const file = path.join(directory, `${decodeURIComponent(url.pathname)}._S3rver_object`);
        const ok = (answer.statusCode ?? 500) < 300;
        if (ok && opensObjectFile(request.method, url)) void untilWritten(file).then(finish);
        else finish();
      },
    );
    upstream.on('error', () => {
      finish?.();
      response.destroy();
    });
    request.pipe(upstream);
  });
  proxy.listen(0, '127.0.0.1');
  await once(proxy, 'listening');
  return proxy;
}

export async function startTestS3Server(options: TestS3ServerOptions = {}): Promise<TestS3Server> {
  const bucket = options.bucket ?? 'comensal-test';
  const directory = await mkdtemp(path.join(os.tmpdir(), 'comensal-s3-'));
  const s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = await s3rver.run();
  const requests: { method: string; url: string }[] = [];
  const proxy = await startProxy(address, options.readOnly ?? false, requests, directory);
  const endpoint = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  const config: S3Config = {
    endpoint,
    bucket,
    ...S3RVER_CREDENTIALS,
    region: 'us-east-1',
  };
  const client = new S3Client({
    endpoint: `http://127.0.0.1:${address.port}`,
    region: config.region,
    credentials: S3RVER_CREDENTIALS,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    endpoint,
    bucket,
    config,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: config.accessKeyId,
      S3_SECRET_ACCESS_KEY: config.secretAccessKey,
      S3_REGION: config.region,
    },
    client,
    requests,
    async keys(prefix = '') {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async object(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const data = Buffer.from(await answer.Body!.transformToByteArray());
        return { data, contentType: answer.ContentType };
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async close() {
      client.destroy();
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
      await s3rver.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
