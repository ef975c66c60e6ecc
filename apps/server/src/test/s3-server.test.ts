/**
 * The test bucket's proxy (s3-server.ts) holds a DELETE while a PUT is in flight: s3rver's DELETE
 * removes the folders a key leaves empty, and a PUT of another key in the same folder whose file
 * was not yet open then failed with an uncaught ENOENT (two instances probing at start-up).
 */
import { PassThrough } from 'node:stream';
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  });
});
