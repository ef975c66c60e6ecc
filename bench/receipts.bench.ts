// What checking a Pago Móvil receipt costs (apps/server/src/payments/receipts): the PDF scanner on
// real-shaped receipts and on 10 MB files built to make it work hardest, and the picture
// re-encoding. Each figure is the median of a few runs, in milliseconds, on this process (one
// core). Prints; never fails on a figure. Budget: every 10 MB input checked in under 1 s.
import { deflateSync } from 'node:zlib';
import { MAX_RECEIPT_BYTES } from '@comensal/contracts';
import { inspectPdf } from '../apps/server/src/payments/receipts/pdf-active-content.ts';
import { checkReceipt } from '../apps/server/src/payments/receipts/receipt-file.ts';
import {
  buildPdf,
  compressedReceiptPdf,
  noiseBytes as noise,
  pdfStream,
  receiptPdf,
  receiptPicture,
} from '../apps/server/src/payments/receipts/testing/fixtures.ts';
import { describeMachine } from './lib/harness.ts';

const BUDGET_MS = 1000;
const latin1 = (text: string) => Buffer.from(text, 'latin1');
/** `unit` repeated to just under MAX_RECEIPT_BYTES, after a PDF header. */
const filled = (unit: string) =>
  Buffer.concat([
    latin1('%PDF-1.7\n'),
    latin1(unit.repeat(Math.floor((MAX_RECEIPT_BYTES - 9) / unit.length))),
  ]);

async function median(run: () => unknown, times = 5): Promise<number> {
  const figures: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const started = performance.now();
    await run();
    figures.push(performance.now() - started);
  }
  return figures.sort((a, b) => a - b)[Math.floor(times / 2)]!;
}

const pdfs: [string, Buffer][] = [
  ['a one-page receipt', receiptPdf()],
  ['a receipt in an object stream', compressedReceiptPdf()],
  [
    '9.5 MB of scanned image (noise)',
    receiptPdf({ more: [pdfStream('/Subtype /Image /Filter /DCTDecode', noise(9_500_000))] }),
  ],
  ['10 MB of "/" (a name at every byte)', filled('/')],
  ['10 MB of "/J " (names that start like one)', filled('/J ')],
  ['10 MB of "/#4a" (escaped names)', filled('/#4a')],
  ['10 MB of "/JS " outside streams', filled('/JS ')],
  ['10 MB of object headers with streams', filled('1 0 obj<</Length 0>>stream\nendstream\n')],
  ['10 MB of the same integer object', filled('7 0 obj 12 endobj\n')],
  ['10 MB of "<<" (nesting)', filled('<<')],
  ['10 MB of "(" (an endless string)', filled('1 0 obj<</A (')],
  [
    'an object stream inflating to the 64 MB bound',
    buildPdf([
      '<< /Type /Catalog >>',
      pdfStream(
        '/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode',
        deflateSync(Buffer.alloc(63 * 1024 * 1024, 0x20)),
      ),
    ]),
  ],
];

console.info(`${describeMachine()}; median of 5 runs; budget ${BUDGET_MS} ms per file`);
console.info('\ninspectPdf (the scanner alone)');
for (const [name, pdf] of pdfs) {
  const ms = await median(() => inspectPdf(pdf));
  const verdict = inspectPdf(pdf);
  const label = verdict.ok ? 'ok' : verdict.reason;
  console.info(
    `  ${name.padEnd(48)} ${(pdf.length / 1e6).toFixed(2).padStart(6)} MB ${ms.toFixed(1).padStart(8)} ms  ${label}${ms > BUDGET_MS ? '  OVER BUDGET' : ''}`,
  );
}

console.info('\ncheckReceipt (type by content, then re-encoding or the scanner)');
const pictures: [string, Buffer][] = [
  ['a 240×360 PNG screenshot', await receiptPicture('png')],
  ['a 1170×2532 PNG (phone screenshot)', await receiptPicture('png', { width: 1170, height: 2532 })],
  [
    'a 4000×3000 JPEG (photo of a paper receipt)',
    await receiptPicture('jpeg', { width: 4000, height: 3000 }),
  ],
  ['a 4000×3000 WebP', await receiptPicture('webp', { width: 4000, height: 3000 })],
];
for (const [name, data] of pictures) {
  const ms = await median(() => checkReceipt(data));
  const out = await checkReceipt(data);
  console.info(
    `  ${name.padEnd(48)} ${(data.length / 1e6).toFixed(2).padStart(6)} MB ${ms.toFixed(1).padStart(8)} ms  → ${(out.data.length / 1e3).toFixed(0)} kB JPEG${ms > BUDGET_MS ? '  OVER BUDGET' : ''}`,
  );
}
