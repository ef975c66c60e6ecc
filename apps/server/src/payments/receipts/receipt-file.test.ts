import { RECEIPT_MAX_SIDE } from '@comensal/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { checkReceipt } from './receipt-file.ts';
import { badReceipts, goodReceipts, receiptPicture } from './testing/fixtures.ts';

const GOOD = await goodReceipts();
const BAD = await badReceipts();

/** The AppError `checkReceipt` throws for `data` (fails the test if it accepts it). */
async function refusalOf(data: Buffer): Promise<AppError> {
  const error = await checkReceipt(data).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('checkReceipt accepts', () => {
  it.each(GOOD.map((f) => [f.name, f] as const))('%s', async (_name, fixture) => {
    const receipt = await checkReceipt(fixture.data);
    expect(receipt.mime).toBe(fixture.storedAs);
    expect(receipt.ext).toBe(fixture.storedAs === 'application/pdf' ? 'pdf' : 'jpg');
    if (fixture.storedAs === 'application/pdf') {
      expect(Buffer.compare(receipt.data, fixture.data)).toBe(0); // kept as it is
    } else {
      const meta = await sharp(receipt.data).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
    }
  });
});

describe('checkReceipt re-encodes pictures', () => {
  it('caps the long side at RECEIPT_MAX_SIDE, keeping the proportions (no crop)', async () => {
    const wide = await checkReceipt(await receiptPicture('png', { width: 4000, height: 3000 }));
    expect(await sharp(wide.data).metadata()).toMatchObject({ width: RECEIPT_MAX_SIDE, height: 1800 });
    const tall = await checkReceipt(await receiptPicture('webp', { width: 1000, height: 5000 }));
    expect(await sharp(tall.data).metadata()).toMatchObject({ width: 480, height: RECEIPT_MAX_SIDE });
  });

  it('never enlarges a small picture', async () => {
    const small = await checkReceipt(await receiptPicture('jpeg', { width: 120, height: 80 }));
    expect(await sharp(small.data).metadata()).toMatchObject({ width: 120, height: 80 });
  });

  it('applies the EXIF orientation and drops the metadata', async () => {
    const rotated = await receiptPicture('jpeg', { width: 240, height: 360, orientation: 6 });
    expect((await sharp(rotated).metadata()).orientation).toBe(6);
    const receipt = await checkReceipt(rotated);
    const meta = await sharp(receipt.data).metadata();
    expect(meta).toMatchObject({ width: 360, height: 240 });
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
  });

  it('puts a transparent picture on white', async () => {
    const receipt = await checkReceipt(await receiptPicture('png', { alpha: true }));
    const { data, info } = await sharp(receipt.data).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(3);
    const corner = [...data.subarray(0, 3)];
    expect(corner.every((value) => value > 245)).toBe(true);
  });

  it('keeps nothing of what came after the picture (a JPEG that is also an HTML page)', async () => {
    const polyglot = Buffer.concat([
      await receiptPicture('jpeg'),
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    ]);
    const receipt = await checkReceipt(polyglot);
    expect(receipt.data.includes('<script')).toBe(false);
    expect(receipt.data.length).toBeGreaterThan(0);
  });
});

describe('checkReceipt refuses', () => {
  it.each(BAD.map((f) => [f.name, f] as const))('%s', async (_name, fixture) => {
    const error = await refusalOf(fixture.data);
    expect(error.statusCode).toBe(fixture.status);
    expect(error.code).toBe(fixture.code);
    if (fixture.reason) expect(error.details).toMatchObject({ reason: fixture.reason });
    expect(error.message).not.toMatch(/undefined/);
  });

  it('names the active content it found', async () => {
    const [withScript] = BAD.filter((f) => f.name === 'a PDF with a document-level script');
    const error = await refusalOf(withScript!.data);
    expect(error.details).toEqual({ reason: 'PDF_ACTIVE_CONTENT', name: 'JavaScript' });
    expect(error.message).toBe(
      'The PDF carries active content (/JavaScript); send a picture of the receipt instead',
    );
  });
});
