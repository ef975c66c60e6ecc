/**
 * What only the bucket driver does: multipart uploads of large files, streamed reads, and the
 * start-up probe's one-line reasons (the cases both drivers share are in file-storage.test.ts).
 * Against s3rver on loopback (test/s3-server.ts).
 */
import { createHash } from 'node:crypto';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../db/embedded.ts';
import { startTestS3Server, type TestS3Server } from '../test/s3-server.ts';
import { StorageUnavailableError, type PublicFile } from './file-storage.ts';
import { MIN_PART_SIZE, s3FileStorage } from './s3-storage.ts';

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** `size` bytes that differ from part to part (a part sent twice or out of order shows). */
function largeFile(size: number): Buffer {
  const data = Buffer.alloc(size);
  for (let offset = 0; offset < size; offset += 4) data.writeUInt32LE(offset / 4, offset);
  return data;
}

/** Reads `stream` chunk by chunk, hashing, without keeping the bytes. */
async function hashOf(stream: Readable): Promise<{ hash: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { hash: hash.digest('hex'), bytes };
}

describe('the S3 driver', () => {
  let s3: TestS3Server;
  beforeAll(async () => {
    s3 = await startTestS3Server();
  });
  afterAll(() => s3?.close());

  it('sends a file larger than the part size as a multipart upload, and streams it back whole', async () => {
    const storage = s3FileStorage(s3.config, { partSize: MIN_PART_SIZE, queueSize: 2 });
    const data = largeFile(2 * MIN_PART_SIZE + 123_456);
    const key = 'restaurants/r1/pagos movil/large.pdf';
    const from = s3.requests.length;
    await storage.putPrivate(key, data, { contentType: 'application/pdf' });

    // CreateMultipartUpload, three UploadPart, CompleteMultipartUpload
    const path = '/comensal-test/private/restaurants/r1/pagos%20movil/large.pdf';
    const sent = s3.requests
      .slice(from)
      .map(({ method, url }) => `${method} ${url.replace(/uploadId=[^&]+/, 'uploadId=…')}`);
    expect(sent.filter((line) => line.startsWith(`POST ${path}?uploads`))).toHaveLength(1);
    expect(
      sent
        .filter((line) => line.startsWith(`PUT ${path}?`))
        .map((line) => /partNumber=(\d+)/.exec(line)?.[1])
        .sort(),
    ).toEqual(['1', '2', '3']);
    expect(sent.filter((line) => line.startsWith(`POST ${path}?uploadId=`))).toHaveLength(1);
    const head = await s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: `private/${key}` }));
    expect(head.ContentLength).toBe(data.length);
    expect(head.ContentType).toBe('application/pdf');

    const file = await storage.getPrivate(key);
    expect(file).toMatchObject({ contentType: 'application/pdf', size: data.length });
    expect(file!.body).toBeInstanceOf(Readable);
    expect(await hashOf(file!.body)).toEqual({ hash: sha256(data), bytes: data.length });

    await storage.put('restaurants/r1/large.webp', data);
    const publicFile = (await storage.getPublic('restaurants/r1/large.webp')) as PublicFile;
    expect(publicFile).toMatchObject({ contentType: 'image/webp', size: data.length });
    expect(await hashOf(publicFile.body)).toEqual({ hash: sha256(data), bytes: data.length });
    await storage.close();
  }, 60_000);

  it('sends a file up to the part size in one PutObject', async () => {
    const storage = s3FileStorage(s3.config);
    const data = largeFile(MIN_PART_SIZE);
    const from = s3.requests.length;
    await storage.putPrivate('t/exact.bin', data, { contentType: 'application/octet-stream' });
    expect(s3.requests.slice(from)).toEqual([
      { method: 'PUT', url: '/comensal-test/private/t/exact.bin?x-id=PutObject' },
    ]);
    const file = await storage.getPrivate('t/exact.bin');
    expect(await hashOf(file!.body)).toEqual({ hash: sha256(data), bytes: data.length });
    await storage.close();
  });

  it('passes the probe on a writable bucket and leaves nothing behind', async () => {
    const storage = s3FileStorage(s3.config);
    const before = await s3.keys();
    await storage.probe();
    expect(await s3.keys()).toEqual(before);
    await storage.close();
  });
});

describe('the start-up probe says in one line why a bucket cannot be used', () => {
  let s3: TestS3Server;
  let readOnly: TestS3Server;
  beforeAll(async () => {
    s3 = await startTestS3Server();
    readOnly = await startTestS3Server({ readOnly: true });
  });
  afterAll(async () => {
    await s3?.close();
    await readOnly?.close();
  });

  async function probeFailure(config: TestS3Server['config']): Promise<StorageUnavailableError> {
    const storage = s3FileStorage(config);
    try {
      await storage.probe();
    } catch (error) {
      return error as StorageUnavailableError;
    } finally {
      await storage.close();
    }
    throw new Error('the probe passed');
  }

  it.each([
    [
      'an endpoint where nothing listens',
      async () => ({ ...s3.config, endpoint: `http://127.0.0.1:${await freePort()}` }),
      /^cannot reach the S3 bucket "comensal-test" at http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\); check S3_ENDPOINT$/,
    ],
    [
      'a bucket that does not exist',
      async () => ({ ...s3.config, bucket: 'no-such-bucket' }),
      /^the S3 bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+ does not exist; create it or check S3_BUCKET$/,
    ],
    // (s3rver checks the access key, not the signature: a wrong secret gets through this fake)
    [
      'an unknown access key',
      async () => ({ ...s3.config, accessKeyId: 'WRONG' }),
      /refused the credentials \(InvalidAccessKeyId\); check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY$/,
    ],
    [
      'a bucket that refuses writes',
      async () => readOnly.config,
      /^the S3 bucket "comensal-test" at http:\/\/127\.0\.0\.1:\d+ refused a write \(AccessDenied\); give these credentials PutObject, GetObject and DeleteObject on it$/,
    ],
  ])(
    '%s',
    async (_name, makeConfig, message) => {
      const error = await probeFailure(await makeConfig());
      expect(error).toBeInstanceOf(StorageUnavailableError);
      expect(error.message).toMatch(message);
      expect(error.message).not.toContain('\n');
    },
    30_000,
  );
});
