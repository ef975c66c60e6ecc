/**
 * Multipart uploads, read one way by every route that takes a file (the profile photo, Pago Móvil
 * receipts). The parser is registered in a scope holding the upload routes only (a multipart
 * body sent anywhere else stays a 415), and each route reads its request with `readMultipart`,
 * which answers the checked text fields and the file's bytes:
 *
 *   await app.register(async (uploads) => {
 *     await registerMultipart(uploads);
 *     uploads.post('/api/…', { schema }, async (request) => { … });
 *   });
 *   const { fields, file } = await readMultipart(request, {
 *     fileField: 'receipt',
 *     maxFileBytes: MAX_RECEIPT_BYTES,
 *     fields: z.object({ pendingPaymentId: z.uuid(), reference: z.string().regex(/^\d{4,12}$/) }),
 *   });
 *   // file.data: Buffer (≤ maxFileBytes); fields: the schema's output
 *
 * Every malformed request is a 4xx in the API's error shape, never a 500, read no further than
 * its limits, and nothing has been written when it is refused:
 * - not multipart/form-data → 415 UNSUPPORTED_MEDIA_TYPE;
 * - no boundary, a truncated or otherwise unreadable body, a part header busboy cannot read, an
 *   unknown, repeated or truncated-name field, a text field where the file goes (a part with no
 *   filename), a file in a text field, no file, an empty file, fields the schema refuses
 *   → 400 VALIDATION_FAILED (zod issues in `details`, as for a JSON body);
 * - the file over `maxFileBytes` (busboy stops keeping its bytes there), a text field over
 *   `maxFieldBytes`, more files, fields or parts than the form has → 413 PAYLOAD_TOO_LARGE.
 *
 * Read a multipart body with nothing else: `request.file()`, `parts()`, `files()` and
 * `saveRequestFiles()` would let busboy's own errors through as 500s (eslint refuses them).
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, isAppError } from '../lib/app-error.ts';

export interface MultipartSpec<Fields extends z.ZodObject> {
  /** The name of the one file part. */
  fileField: string;
  /** The largest file accepted, in bytes. */
  maxFileBytes: number;
  /** The text fields (strings on the wire) and their rules; omit when the form has none. */
  fields?: Fields;
  /** The largest text field, in bytes (default 1 KiB). */
  maxFieldBytes?: number;
}

export interface MultipartUpload<FieldValues> {
  fields: FieldValues;
  file: {
    /** The bytes, at most `maxFileBytes` and never empty. */
    data: Buffer;
    /** The client's name for it (base name only): to show, never to trust or store under. */
    filename: string;
    /** The client's declared media type: never trust it, judge the bytes. */
    declaredType: string;
  };
}

const DEFAULT_MAX_FIELD_BYTES = 1024;
/** The most header lines a part may have, and their total size. */
const PART_HEADER_LIMITS = { headerPairs: 8, headerSize: 8 * 1024, fieldNameSize: 100 };

/**
 * Registers the multipart parser in `app`, a scope that holds the upload routes and nothing else
 * (routes outside it keep answering 415 to a multipart body). Its defaults are strict;
 * `readMultipart` sets each form's limits.
 */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: true,
    isPartAFile: (_name, _type, filename) => filename !== undefined,
    limits: { ...PART_HEADER_LIMITS, parts: 2, files: 1, fields: 1, fieldSize: DEFAULT_MAX_FIELD_BYTES },
  });
}

const invalid = (message: string, details?: unknown) => new AppError('VALIDATION_FAILED', message, details);

/** What a failure of the multipart parser (or of busboy under it) means for the client. */
function parserError(error: unknown, spec: { fileField: string; maxFileBytes: number }): AppError {
  if (isAppError(error)) return error;
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(
        'PAYLOAD_TOO_LARGE',
        `The file "${spec.fileField}" may have at most ${spec.maxFileBytes} bytes`,
      );
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('PAYLOAD_TOO_LARGE', 'The form has more parts than it takes');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the form as multipart/form-data');
    default: {
      const reason = error instanceof Error ? error.message : String(error);
      return invalid(`The multipart body could not be read: ${reason}`);
    }
  }
}

/** The boundary parameter of a multipart Content-Type, or null. */
function boundaryOf(contentType: string | undefined): string | null {
  const match = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/**
 * Reads a multipart/form-data request: exactly one file in `fileField` and the text fields of
 * `spec.fields`, each at most once. Throws an AppError (4xx) for anything else.
 */
export async function readMultipart<Fields extends z.ZodObject = z.ZodObject<Record<string, never>>>(
  request: FastifyRequest,
  spec: MultipartSpec<Fields>,
): Promise<MultipartUpload<z.output<Fields>>> {
  if (typeof request.isMultipart !== 'function') {
    throw new Error('readMultipart: call registerMultipart(app) in the routes plugin first');
  }
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the form as multipart/form-data`);
  }
  if (boundaryOf(request.headers['content-type']) === null) {
    throw invalid('A multipart/form-data body needs a boundary parameter in its Content-Type');
  }
  const names = new Set(Object.keys(spec.fields?.shape ?? {}));
  const maxFieldBytes = spec.maxFieldBytes ?? DEFAULT_MAX_FIELD_BYTES;
  // one spare field and part: an unknown field is answered as such rather than as a count
  const limits = {
    ...PART_HEADER_LIMITS,
    fileSize: spec.maxFileBytes,
    files: 1,
    fields: names.size + 1,
    parts: names.size + 2,
    fieldSize: maxFieldBytes,
  };
  const parts = request.parts({ limits })[Symbol.asyncIterator]();
  const parsing = async <T>(step: () => Promise<T>): Promise<T> => {
    try {
      return await step();
    } catch (error) {
      throw parserError(error, spec);
    }
  };

  const values: Record<string, string> = {};
  let file: MultipartUpload<unknown>['file'] | null = null;
  try {
    for (;;) {
      const next = await parsing(() => parts.next());
      if (next.done) break;
      const part = next.value;
      if (part.type === 'file') {
        if (part.fieldname !== spec.fileField) {
          throw invalid(`Unexpected file in the field "${part.fieldname}"; send it as "${spec.fileField}"`);
        }
        const data = await parsing(() => part.toBuffer());
        if (data.length === 0 && part.filename === '') continue; // a file input left empty
        if (file) throw invalid(`Send one file in the field "${spec.fileField}"`);
        file = { data, filename: part.filename, declaredType: part.mimetype };
        continue;
      }
      if (part.fieldname === spec.fileField) {
        throw invalid(`The field "${spec.fileField}" must be a file (a part with a filename)`);
      }
      if (part.fieldnameTruncated || !names.has(part.fieldname)) {
        throw invalid(`Unexpected field "${part.fieldname}"`);
      }
      if (part.valueTruncated) {
        throw new AppError(
          'PAYLOAD_TOO_LARGE',
          `The field "${part.fieldname}" may have at most ${maxFieldBytes} bytes`,
        );
      }
      if (Object.hasOwn(values, part.fieldname)) throw invalid(`The field "${part.fieldname}" is repeated`);
      if (typeof part.value !== 'string') throw invalid(`The field "${part.fieldname}" must be text`);
      values[part.fieldname] = part.value;
    }
  } catch (error) {
    // nothing more is read for this request: stop the parser, let the rest of the body go
    request.raw.unpipe();
    request.raw.resume();
    throw error;
  }

  if (!file) throw invalid(`Send the file in the field "${spec.fileField}"`);
  if (file.data.length === 0) throw invalid(`The file "${spec.fileField}" is empty`);
  const checked = (spec.fields ?? null)?.safeParse(values);
  if (checked && !checked.success) {
    const details = checked.error.issues.map((issue) => ({
      in: 'body',
      path: issue.path.join('.'),
      code: issue.code,
      message: issue.message,
    }));
    const first = details[0];
    throw invalid(`Invalid body${first?.path ? ` field "${first.path}"` : ''}: ${first?.message}`, details);
  }
  return { fields: (checked ? checked.data : {}) as z.output<Fields>, file };
}
