/**
 * multipart/form-data bodies for tests, well-formed or broken on purpose, and the catalogue of
 * malformed uploads every multipart route must answer with a 4xx (src/http/multipart.ts).
 *
 *   const body = multipartBody([{ name: 'photo', filename: 'me.png', contentType: 'image/png', data }]);
 *   await app.inject({ method: 'POST', url, headers: { 'content-type': body.contentType }, payload: body.payload });
 *
 *   for (const bad of badMultipartRequests({ fileField: 'receipt', file, maxFileBytes, fields })) …
 */
import { randomBytes } from 'node:crypto';

export interface FormPart {
  /** The field name; omit for a part with no name. */
  name?: string;
  /** Present: a file part. */
  filename?: string;
  contentType?: string;
  data: string | Buffer;
  /** Replaces the part's headers entirely (Content-Disposition included). */
  rawHeaders?: string;
}

export interface MultipartBody {
  payload: Buffer;
  contentType: string;
}

export function multipartBody(
  parts: readonly FormPart[],
  options: { boundary?: string; closing?: boolean } = {},
): MultipartBody {
  const boundary = options.boundary ?? `----comensal${randomBytes(8).toString('hex')}`;
  const chunks = parts.map((part) => {
    const headers =
      part.rawHeaders ??
      `Content-Disposition: form-data${part.name === undefined ? '' : `; name="${part.name}"`}` +
        `${part.filename === undefined ? '' : `; filename="${part.filename}"`}\r\n` +
        (part.contentType ? `Content-Type: ${part.contentType}\r\n` : '');
    return Buffer.concat([
      Buffer.from(`--${boundary}\r\n${headers}\r\n`),
      Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data),
      Buffer.from('\r\n'),
    ]);
  });
  const closing = options.closing === false ? [] : [Buffer.from(`--${boundary}--\r\n`)];
  return {
    payload: Buffer.concat([...chunks, ...closing]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export interface BadMultipartRequest {
  /** What is wrong, for the test's name. */
  name: string;
  contentType: string;
  payload: Buffer;
  status: 400 | 413 | 415;
  code: 'VALIDATION_FAILED' | 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE';
}

export interface BadMultipartOptions {
  fileField: string;
  /** A file the route accepts (the requests around it are what is wrong). */
  file: { filename: string; contentType: string; data: Buffer };
  maxFileBytes: number;
  /** Valid values of the form's text fields (sent with every request). */
  fields?: Record<string, string>;
  /** The route's largest text field (default 1 KiB), when it has fields. */
  maxFieldBytes?: number;
}

/**
 * Every kind of malformed multipart upload (issue 13: "multipart with no boundary or a truncated
 * body" got 500s), each with the 4xx it must get. The good file and fields travel in each, so
 * only the named fault can be the reason.
 */
export function badMultipartRequests(options: BadMultipartOptions): BadMultipartRequest[] {
  const { fileField, file, maxFileBytes } = options;
  const fieldParts: FormPart[] = Object.entries(options.fields ?? {}).map(([name, data]) => ({ name, data }));
  const filePart: FormPart = { name: fileField, ...file };
  const good = multipartBody([...fieldParts, filePart]);
  const bad = (
    name: string,
    body: MultipartBody,
    status: BadMultipartRequest['status'],
  ): BadMultipartRequest => ({
    name,
    ...body,
    status,
    code: ({ 400: 'VALIDATION_FAILED', 413: 'PAYLOAD_TOO_LARGE', 415: 'UNSUPPORTED_MEDIA_TYPE' } as const)[
      status
    ],
  });

  const cases: BadMultipartRequest[] = [
    bad('multipart/form-data with no boundary', { ...good, contentType: 'multipart/form-data' }, 400),
    bad('an empty boundary', { ...good, contentType: 'multipart/form-data; boundary=' }, 400),
    bad(
      'a boundary the body does not use',
      { ...good, contentType: 'multipart/form-data; boundary=other' },
      400,
    ),
    bad(
      'a body cut in the middle of the file',
      {
        ...good,
        payload: good.payload.subarray(
          0,
          good.payload.lastIndexOf(file.data) + Math.floor(file.data.length / 2),
        ),
      },
      400,
    ),
    bad(
      'a body without its closing boundary',
      multipartBody([...fieldParts, filePart], { closing: false }),
      400,
    ),
    bad('a body that is not multipart at all', { ...good, payload: Buffer.from('just some text\r\n') }, 400),
    bad('an empty body', { ...good, payload: Buffer.alloc(0) }, 400),
    bad('no file', multipartBody(fieldParts.length > 0 ? fieldParts : [{ name: 'x', data: 'y' }]), 400),
    bad(
      'a file over the limit',
      multipartBody([
        ...fieldParts,
        {
          ...filePart,
          data: Buffer.concat([file.data, Buffer.alloc(maxFileBytes + 1 - file.data.length, 7)]),
        },
      ]),
      413,
    ),
    bad('a zero-byte file', multipartBody([...fieldParts, { ...filePart, data: Buffer.alloc(0) }]), 400),
    bad('two files in the file field', multipartBody([...fieldParts, filePart, filePart]), 413),
    bad(
      'the file in another field',
      multipartBody([...fieldParts, { ...filePart, name: `${fileField}2` }]),
      400,
    ),
    bad(
      'the file field as a part with no filename',
      multipartBody([...fieldParts, { name: fileField, data: file.data }]),
      400,
    ),
    bad(
      'an unknown text field',
      multipartBody([{ name: 'surprise', data: 'x' }, ...fieldParts, filePart]),
      400,
    ),
    bad(
      'many more fields than the form has',
      multipartBody([
        ...Array.from({ length: 50 }, (_, i) => ({ name: `f${i}`, data: 'x' })),
        ...fieldParts,
        filePart,
      ]),
      400,
    ),
    bad(
      'many parts without headers',
      multipartBody([
        ...Array.from({ length: 50 }, () => ({ rawHeaders: '', data: 'x' })),
        ...fieldParts,
        filePart,
      ]),
      413,
    ),
    bad(
      'a part named __proto__',
      multipartBody([{ name: '__proto__', data: '{}' }, ...fieldParts, filePart]),
      400,
    ),
    bad(
      'a JSON field that is not JSON',
      multipartBody([
        { name: 'surprise', contentType: 'application/json', data: '{nope' },
        ...fieldParts,
        filePart,
      ]),
      400,
    ),
    bad('text/plain', { payload: Buffer.from('hello'), contentType: 'text/plain' }, 415),
    bad('multipart/mixed', { ...good, contentType: good.contentType.replace('form-data', 'mixed') }, 415),
  ];
  const [firstField] = fieldParts;
  if (firstField) {
    const big = 'x'.repeat((options.maxFieldBytes ?? 1024) + 1);
    cases.push(
      bad(
        'a text field over its limit',
        multipartBody([{ ...firstField, data: big }, ...fieldParts.slice(1), filePart]),
        413,
      ),
      bad('a text field twice', multipartBody([firstField, ...fieldParts, filePart]), 400),
      bad(
        'a text field sent as a file',
        multipartBody([{ ...firstField, filename: 'f.txt' }, ...fieldParts.slice(1), filePart]),
        400,
      ),
    );
  }
  return cases;
}
