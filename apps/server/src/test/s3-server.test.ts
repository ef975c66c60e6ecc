/**
 * The test bucket's proxy (s3-server.ts) never lets a write and a delete overlap: s3rver's DELETE
 * removes the folders a key leaves empty, and a PUT of another key in the same folder whose file
 * was not yet open then failed with an uncaught ENOENT (two instances probing at start-up, on CI).
 */
import { PassThrough } from 'node:stream';
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3FileStorage } from '../storage/s3-storage.ts';
import { startTestS3Server, type TestS3Server } from './s3-server.ts';

let s3: TestS3Server;
let client: S3Client;

beforeAll(async () => {
  s3 = await startTestS3Server();
  client = new S3Client({
    endpoint: s3.endpoint,
    region: s3.config.region,
    credentials: { accessKeyId: s3.config.accessKeyId, secretAccessKey: s3.config.secretAccessKey },
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
});

afterAll(async () => {
  client?.destroy();
  await s3?.close();
});

describe('the test bucket proxy', () => {
  it('answers a DELETE only once a PUT of another key in the same folder has its file', async () => {
    const put = (key: string, body: Buffer | PassThrough, length: number) =>
      client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: body, ContentLength: length }));
    await put('private/.probe/first', Buffer.from('one'), 3);

    const body = new PassThrough();
    body.write('tw');
    const order: string[] = [];
    const second = put('private/.probe/second', body, 3).then(() => order.push('put second'));
    // the PUT has reached the proxy (it records each request as it arrives)
    await expect
      .poll(() => s3.requests.some((r) => r.method === 'PUT' && r.url.includes('second')))
      .toBe(true);
    const deleted = client
      .send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: 'private/.probe/first' }))
      .then(() => order.push('delete first'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(order).toEqual([]);

    body.end('o');
    await Promise.all([second, deleted]);
    expect(order).toEqual(['put second', 'delete first']);
    expect(await s3.keys('private/')).toEqual(['private/.probe/second']);
    expect((await s3.object('private/.probe/second'))?.data.toString()).toBe('two');
    // an empty folder again (the next test needs s3rver to remove it)
    await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: 'private/.probe/second' }));
  });

  it('lets two instances probe the bucket at once, again and again, with no uncaught error', async () => {
    // Without the proxy's turns this failed within a few dozen rounds: one instance's DELETE
    // removed private/.probe/ while the other's PUT was about to open its file there.
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', record);
    const instances = [s3FileStorage(s3.config), s3FileStorage(s3.config)];
    try {
      for (let round = 0; round < 300 && uncaught.length === 0; round += 1) {
        await Promise.all(
          instances.map(async (instance) => {
            // instances never start in step: each round, each waits 0–15 ms before its probe
            await new Promise((resolve) => setTimeout(resolve, Math.random() * 15));
            await instance.probe();
          }),
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      process.off('uncaughtException', record);
      for (const instance of instances) await instance.close();
    }
    expect(uncaught).toEqual([]);
    expect(await s3.keys('private/')).toEqual([]);
  }, 60_000);
});
