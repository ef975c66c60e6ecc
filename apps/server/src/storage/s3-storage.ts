/**
 * The S3 driver of the storage layer (./file-storage.ts), for any S3-compatible bucket (AWS S3,
 * MinIO, Ceph, R2, Garage…), used when `S3_*` is set. The bucket mirrors DATA_DIR:
 *
 *   files/<key>     public files (pictures), served by the app at /files/<key>
 *   private/<key>   private files (Pago Móvil receipts), served only by routes that checked the caller
 *
 * Nothing is read straight from the bucket by a browser: the app answers every file, so the bucket
 * stays private (no public ACL, no listing), the page's CSP needs no other origin, and public files
 * keep the headers the local driver gives (Content-Type from the name, ETag, Cache-Control).
 *
 * Writes go through `Upload` (@aws-sdk/lib-storage): one PutObject up to `partSize`, a multipart
 * upload above it (parts sent `queueSize` at a time, the upload aborted on failure). Reads stream
 * the object's body. Request checksums are computed only where S3 requires them, which every
 * S3-compatible store accepts (the SDK's newer default trailers are not understood by all).
 */
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  S3Client,
  S3ServiceException,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Config } from '../config.ts';
import {
  checkContentType,
  checkStorageKey,
  etagMatches,
  publicContentType,
  publicKeyOf,
  StorageUnavailableError,
  type FileStorage,
  type PublicFile,
} from './file-storage.ts';

export type S3Config = NonNullable<Config['s3']>;

/** The smallest part S3 accepts in a multipart upload (but the last). */
export const MIN_PART_SIZE = 5 * 1024 * 1024;

export interface S3StorageOptions {
  /** Above this many bytes a file goes up in parts of this size; default and minimum 5 MiB. */
  partSize?: number;
  /** Parts sent at once; default 4. */
  queueSize?: number;
  /** Default '/files/'. */
  urlPrefix?: string;
}

export interface S3FileStorage extends FileStorage {
  readonly bucket: string;
  /**
   * Writes then deletes a small object (private/.probe/<time>-<random>): proves the endpoint
   * answers, the credentials are good, the bucket exists and takes writes. Throws a
   * {@link StorageUnavailableError} saying which, in one line.
   */
  probe(): Promise<void>;
}

const PUBLIC_PREFIX = 'files/';
const PRIVATE_PREFIX = 'private/';

/** The SDK's error name (`NoSuchKey`, `AccessDenied`…) or a Node network code (`ECONNREFUSED`). */
function errorCode(error: unknown): string | undefined {
  if (error instanceof S3ServiceException) return error.name;
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  if (typeof code === 'string') return code;
  return typeof name === 'string' ? name : undefined;
}

const httpStatus = (error: unknown): number | undefined =>
  (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;

/** A read of a key with no object: S3 says NoSuchKey (404); a HEAD-like answer says NotFound. */
const isMissing = (error: unknown) =>
  errorCode(error) === 'NoSuchKey' || errorCode(error) === 'NotFound' || httpStatus(error) === 404;

/** The one-line reason a probe failed, with what to check. */
function describeFailure(error: unknown, config: S3Config): string {
  const where = `the S3 bucket "${config.bucket}" at ${config.endpoint ?? `AWS S3 (${config.region})`}`;
  const code = errorCode(error);
  const detail = error instanceof Error && error.message ? error.message.split('\n')[0] : String(error);
  switch (code) {
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'ECONNRESET':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'ETIMEDOUT':
    case 'TimeoutError':
      return `cannot reach ${where} (${code}); check S3_ENDPOINT`;
    case 'NoSuchBucket':
      return `${where} does not exist; create it or check S3_BUCKET`;
    case 'InvalidAccessKeyId':
    case 'SignatureDoesNotMatch':
    case 'InvalidToken':
    case 'ExpiredToken':
      return `${where} refused the credentials (${code}); check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY`;
    case 'AccessDenied':
    case 'Forbidden':
      return `${where} refused a write (${code}); give these credentials PutObject, GetObject and DeleteObject on it`;
    default:
      return `cannot write to ${where} (${code ?? 'error'}: ${detail})`;
  }
}

export function s3FileStorage(config: S3Config, options: S3StorageOptions = {}): S3FileStorage {
  const partSize = Math.max(options.partSize ?? MIN_PART_SIZE, MIN_PART_SIZE);
  const queueSize = options.queueSize ?? 4;
  const urlPrefix = options.urlPrefix ?? '/files/';
  const client = new S3Client({
    region: config.region,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // S3-compatible stores answer at <endpoint>/<bucket>/<key>, not at <bucket>.<endpoint>
    ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // a black-holed endpoint fails in seconds, not at the OS's TCP timeout
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
  const bucket = config.bucket;
  const objectKey = (prefix: string, key: string) => prefix + checkStorageKey(key).join('/');
  const url = (key: string) => urlPrefix + checkStorageKey(key).map(encodeURIComponent).join('/');

  async function upload(key: string, body: Uint8Array, contentType: string): Promise<void> {
    await new Upload({
      client,
      params: { Bucket: bucket, Key: key, Body: body, ContentType: contentType },
      partSize,
      queueSize,
      leavePartsOnError: false,
    }).done();
  }

  /** GetObject at `key`; null when there is none, 'not-modified' for a 304. */
  async function getObject(
    key: string,
    ifNoneMatch?: string,
  ): Promise<GetObjectCommandOutput | 'not-modified' | null> {
    try {
      return await client.send(
        new GetObjectCommand({
          Bucket: bucket,
          Key: key,
          ...(ifNoneMatch ? { IfNoneMatch: ifNoneMatch } : {}),
        }),
      );
    } catch (error) {
      if (httpStatus(error) === 304) return 'not-modified';
      if (isMissing(error)) return null;
      throw error;
    }
  }

  function bodyOf(answer: GetObjectCommandOutput): Readable {
    if (!(answer.Body instanceof Readable))
      throw new Error('the S3 client answered a body that is not a stream');
    return answer.Body;
  }

  return {
    bucket,
    url,
    keyOf: (url) => publicKeyOf(urlPrefix, url),
    publicFolder: null,
    async put(key, data) {
      const body = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
      await upload(objectKey(PUBLIC_PREFIX, key), body, publicContentType(key));
      return { key, url: url(key) };
    },
    async deletePublic(key) {
      // S3 answers a DeleteObject of a missing key 204 as well
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(PUBLIC_PREFIX, key) }));
    },
    async getPublic(key, conditions = {}) {
      const answer = await getObject(objectKey(PUBLIC_PREFIX, key), conditions.ifNoneMatch);
      if (answer === null || answer === 'not-modified') return answer;
      const body = bodyOf(answer);
      const etag = answer.ETag ?? '';
      // a store that ignores If-None-Match still gets a 304 answered
      if (etag && etagMatches(conditions.ifNoneMatch, etag)) {
        body.destroy();
        return 'not-modified';
      }
      const file: PublicFile = {
        body,
        contentType: answer.ContentType ?? publicContentType(key),
        size: answer.ContentLength ?? 0,
        etag,
        lastModified: answer.LastModified ?? new Date(0),
      };
      return file;
    },
    async putPrivate(key, data, { contentType }) {
      checkContentType(contentType);
      await upload(objectKey(PRIVATE_PREFIX, key), data, contentType);
      return { key };
    },
    async getPrivate(key) {
      const answer = await getObject(objectKey(PRIVATE_PREFIX, key));
      if (answer === null || answer === 'not-modified') return null;
      return {
        body: bodyOf(answer),
        contentType: answer.ContentType ?? 'application/octet-stream',
        size: answer.ContentLength ?? 0,
      };
    },
    async deletePrivate(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(PRIVATE_PREFIX, key) }));
    },
    async probe() {
      const key = `${PRIVATE_PREFIX}.probe/${Date.now()}-${Math.random().toString(36).slice(2)}`;
      try {
        await upload(key, Buffer.from('comensal start-up probe\n'), 'text/plain');
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        throw new StorageUnavailableError(describeFailure(error, config), { cause: error });
      }
    },
    async close() {
      client.destroy();
    },
  };
}
