import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodePdfName, inspectPdf, type PdfVerdict } from './pdf-active-content.ts';
import {
  badReceipts,
  buildPdf,
  compressedReceiptPdf,
  flateStream,
  goodReceipts,
  noiseBytes as noise,
  pdfStream,
  receiptPdf,
} from './testing/fixtures.ts';

const latin1 = (text: string) => Buffer.from(text, 'latin1');
const JS_ACTION = '<< /S /JavaScript /JS (app.alert\\(1\\)) >>';
const verdictOf = (pdf: Buffer) => inspectPdf(pdf);
/** `pdf` with `text` written in at byte `at`. */
const insertedInto = (pdf: Buffer, at: number, text: string) =>
  Buffer.concat([pdf.subarray(0, at), latin1(text), pdf.subarray(at)]);
const reasonOf = (verdict: PdfVerdict) => (verdict.ok ? 'OK' : verdict.reason);

describe('decodePdfName', () => {
  it.each([
    ['JavaScript', 'JavaScript'],
    ['Java#53cript', 'JavaScript'],
    ['#4aava#53cript', 'JavaScript'],
    ['#4Aava#53cript', 'JavaScript'],
    ['J#53', 'JS'],
    ['#4a#53', 'JS'],
    ['Open#41ction', 'OpenAction'],
    ['A#23B', 'A#B'],
    ['Not#zzHex', 'Not#zzHex'],
    ['Trailing#4', 'Trailing#4'],
  ])('%s → %s', (raw, decoded) => {
    expect(decodePdfName(raw)).toBe(decoded);
  });
});

describe('inspectPdf on the receipt fixtures', () => {
  it('passes every good PDF', async () => {
    const pdfs = (await goodReceipts()).filter((f) => f.storedAs === 'application/pdf');
    expect(pdfs.length).toBeGreaterThanOrEqual(3);
    for (const fixture of pdfs) expect(verdictOf(fixture.data), fixture.name).toEqual({ ok: true });
  });

  it('refuses every bad PDF for its reason', async () => {
    const reasons = {
      PDF_ACTIVE_CONTENT: 'ACTIVE_CONTENT',
      PDF_ENCRYPTED: 'ENCRYPTED',
      PDF_UNCHECKABLE: 'UNCHECKABLE',
    };
    const pdfs = (await badReceipts()).filter((f) => f.data.subarray(0, 5).toString() === '%PDF-');
    expect(pdfs.length).toBeGreaterThanOrEqual(18);
    for (const fixture of pdfs) {
      expect(reasonOf(verdictOf(fixture.data)), fixture.name).toBe(
        reasons[fixture.reason as keyof typeof reasons],
      );
    }
  });
});

describe('inspectPdf: names', () => {
  it.each([
    ['/OpenAction to a destination array', '/OpenAction [3 0 R /Fit]', 'OK'],
    [
      '/OpenAction to a destination, after a comment',
      '/OpenAction %why not\n [3 0 R /XYZ null null 0]',
      'OK',
    ],
    ['/OpenAction to an action dictionary', '/OpenAction << /S /GoTo /D [3 0 R /Fit] >>', 'OpenAction'],
    ['/OpenAction to an indirect object', '/OpenAction 6 0 R', 'OpenAction'],
    ['/AA', '/AA << >>', 'AA'],
    ['/JS', '/JS (x)', 'JS'],
    ['/JS hex-escaped in lower case', '/#4a#53 (x)', 'JS'],
    ['/Launch', '/L << /S /Launch >>', 'Launch'],
    ['/EmbeddedFiles', '/Names << /EmbeddedFiles << >> >>', 'EmbeddedFiles'],
    ['/GoToR', '/X << /S /GoToR /F (a.pdf) >>', 'GoToR'],
    ['/ImportData', '/X << /S /ImportData >>', 'ImportData'],
    ['/3D', '/X << /Subtype /3D >>', '3D'],
    ['a name that only starts like one', '/JSON (x) /AAA 1 /Launcher 2', 'OK'],
    ['a name in another case', '/javascript (x) /js (y)', 'OK'],
  ])('%s', (_what, catalogEntry, expected) => {
    const verdict = verdictOf(receiptPdf({ catalog: catalogEntry }));
    expect(verdict.ok ? 'OK' : verdict.reason === 'ACTIVE_CONTENT' ? verdict.name : verdict.reason).toBe(
      expected,
    );
  });

  it('finds /Encrypt, escaped or not, as encrypted', () => {
    expect(
      reasonOf(verdictOf(receiptPdf({ trailer: '/Encrypt 6 0 R', more: ['<< /Filter /Standard >>'] }))),
    ).toBe('ENCRYPTED');
    expect(reasonOf(verdictOf(receiptPdf({ trailer: '/#45ncrypt << >>' })))).toBe('ENCRYPTED');
  });

  it('finds a long name even in raw image data, a short one only outside stream data', () => {
    const image = (data: Buffer) =>
      receiptPdf({ more: [pdfStream('/Type /XObject /Subtype /Image /Filter /DCTDecode', data)] });
    // four megabytes of noise with short names planted in it: what compressed bytes can hold by chance
    const planted = Buffer.concat([noise(2_000_000), latin1(' /JS /AA>/EF(/3D '), noise(2_000_000, 7)]);
    expect(verdictOf(image(planted))).toEqual({ ok: true });
    expect(
      reasonOf(
        verdictOf(image(Buffer.concat([noise(1000), latin1(` 9 0 obj << /S /JavaScript >> `), noise(1000)]))),
      ),
    ).toBe('ACTIVE_CONTENT');
    expect(reasonOf(verdictOf(image(latin1('/Launch'))))).toBe('ACTIVE_CONTENT');
  });

  it('finds a short name in a comment or outside every object (viewers repair files)', () => {
    const withJunk = insertedInto(receiptPdf(), 20, '\n<< /AA << /O 9 0 R >> >>\n');
    expect(reasonOf(verdictOf(withJunk))).toBe('ACTIVE_CONTENT');
  });
});

describe('inspectPdf: streams', () => {
  it('reads an object stream to its /Length when its data holds the word endstream', () => {
    // a stored (uncompressed) deflate block: the bytes "endstream" appear in the raw data
    const hidden = deflateSync(latin1(`${'x'.repeat(50)} endstream ${JS_ACTION}`), { level: 0 });
    const pdf = buildPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [] /Count 0 >>',
      pdfStream('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', hidden),
    ]);
    expect(reasonOf(verdictOf(pdf))).toBe('ACTIVE_CONTENT');
  });

  it('resolves an indirect /Length', () => {
    const data = deflateSync(latin1(`6 0 ${JS_ACTION}`));
    const pdf = buildPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [] /Count 0 >>',
      Buffer.concat([
        latin1('<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length 4 0 R >>\nstream\n'),
        data,
        latin1('\nendstream'),
      ]),
      String(data.length),
    ]);
    expect(reasonOf(verdictOf(pdf))).toBe('ACTIVE_CONTENT');
  });

  it('decodes an object stream that has /First but no /Type', () => {
    const pdf = compressedReceiptPdf({ objectStreamDict: '/Subtype /Image', more: { 6: '<< /AA << >> >>' } });
    expect(verdictOf(pdf)).toEqual({ ok: false, reason: 'ACTIVE_CONTENT', name: 'AA' });
  });

  it('decodes a stream that has only /N (some viewers take a missing /First for 0)', () => {
    const data = deflateSync(latin1(`6 20 ${' '.repeat(15)}<< /S /Launch >>`));
    const pdf = buildPdf(['<< /Type /Catalog >>', pdfStream('/N 1 /Filter /FlateDecode', data)]);
    expect(verdictOf(pdf)).toEqual({ ok: false, reason: 'ACTIVE_CONTENT', name: 'Launch' });
  });

  it('refuses a stream with more possible lengths than it looks at', () => {
    const lengths = [3, 4, 5, 6, 7].map((n) => `4 0 obj ${n} endobj`).join('\n');
    const pdf = buildPdf([
      '<< /Type /Catalog >>',
      latin1(`<< /Length 4 0 R >>\nstream\nabcdefgh\nendstream`),
    ]);
    const withLengths = Buffer.concat([pdf, latin1(`${lengths}\n`)]);
    expect(reasonOf(verdictOf(withLengths))).toBe('UNCHECKABLE');
  });

  it('reads a file that defines the same small object many times, in one pass', () => {
    const pdf = receiptPdf();
    const repeated = latin1('7 0 obj 12 endobj\n'.repeat(200_000));
    expect(verdictOf(Buffer.concat([pdf, repeated]))).toEqual({ ok: true });
  });

  it('does not decode image, font or content streams (their bytes are not objects)', () => {
    const pdf = receiptPdf({ more: [flateStream('/Type /XObject /Subtype /Image', noise(300_000))] });
    expect(verdictOf(pdf)).toEqual({ ok: true });
  });

  it.each([
    ['an indirect /Filter', '/Type /ObjStm /N 1 /First 4 /Filter 9 0 R', 'UNCHECKABLE'],
    [
      'a predictor',
      '/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 5 >>',
      'UNCHECKABLE',
    ],
    [
      'indirect decode parameters',
      '/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /DecodeParms 9 0 R',
      'UNCHECKABLE',
    ],
    ['ASCIIHexDecode', '/Type /ObjStm /N 1 /First 4 /Filter /ASCIIHexDecode', 'UNCHECKABLE'],
    ['a DCT "image" that holds objects', '/First 4 /N 1 /Filter /DCTDecode', 'UNCHECKABLE'],
    ['a Crypt filter', '/Type /ObjStm /N 1 /First 4 /Filter /Crypt', 'ENCRYPTED'],
  ])('refuses an object stream with %s', (_what, dict, expected) => {
    const pdf = buildPdf(['<< /Type /Catalog >>', pdfStream(dict, deflateSync(latin1('6 0 << >>')))]);
    expect(reasonOf(verdictOf(pdf))).toBe(expected);
  });

  it('refuses a stream keyword that no object header comes before, or a second one after the same header', () => {
    const orphan = insertedInto(receiptPdf(), 15, '\nstream\nxyz\nendstream\n');
    expect(reasonOf(verdictOf(orphan))).toBe('UNCHECKABLE');
    const twice = buildPdf([
      '<< /Type /Catalog >>',
      latin1('<< /Length 3 >>\nstream\nabc\nendstream\nstream\nabc\nendstream'),
    ]);
    expect(reasonOf(verdictOf(twice))).toBe('UNCHECKABLE');
  });

  it('refuses a dictionary too long to be a stream dictionary', () => {
    const pdf = buildPdf(['<< /Type /Catalog >>', pdfStream(`/Pad [${'0 '.repeat(40_000)}]`, 'abc')]);
    expect(reasonOf(verdictOf(pdf))).toBe('UNCHECKABLE');
  });

  it('stops decompressing at the bound it is given', () => {
    const pdf = compressedReceiptPdf({
      encode: (data) => ({
        filter: '/FlateDecode',
        data: deflateSync(Buffer.concat([data, Buffer.alloc(2_000_000)])),
      }),
    });
    expect(inspectPdf(pdf, { maxInflatedBytes: 1_000_000, maxDictionaryBytes: 65536 })).toMatchObject({
      ok: false,
      reason: 'UNCHECKABLE',
      why: 'too much compressed content',
    });
    expect(inspectPdf(pdf, { maxInflatedBytes: 3_000_000, maxDictionaryBytes: 65536 })).toEqual({ ok: true });
  });

  it('refuses a file that does not start with %PDF-', () => {
    expect(reasonOf(verdictOf(Buffer.concat([latin1(' '), receiptPdf()])))).toBe('UNCHECKABLE');
  });

  it('reads through thousands of stream keywords each after its own header, in one pass', () => {
    const objects = Array.from({ length: 20_000 }, () => pdfStream('/Type /XObject /Subtype /Form', 'q Q'));
    expect(verdictOf(buildPdf(['<< /Type /Catalog >>', ...objects]))).toEqual({ ok: true });
  });
});
