/**
 * A Pago Móvil transfer receipt as uploaded, checked and made ready to store (rules in
 * README.md and packages/contracts/src/receipts.ts):
 *
 *   const receipt = await checkReceipt(file.data);   // AppError 400 / 413 / 415 otherwise
 *   await storage.putPrivate(`restaurants/${r}/pagos movil/${id}.${receipt.ext}`, receipt.data,
 *     { contentType: receipt.mime });
 */
import { MAX_RECEIPT_BYTES, RECEIPT_MAX_SIDE, type ReceiptRefusalReason } from '@comensal/contracts';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../lib/app-error.ts';
import { PICTURE_TYPES, reencodePicture } from '../../lib/pictures.ts';
import { inspectPdf } from './pdf-active-content.ts';

export interface CheckedReceipt {
  /** The stored type: a picture is always re-encoded as JPEG; a PDF stays a PDF. */
  mime: 'image/jpeg' | 'application/pdf';
  ext: 'jpg' | 'pdf';
  /** The bytes to store. */
  data: Buffer;
}

/** JPEG quality of a re-encoded receipt: small print stays legible. */
const JPEG_QUALITY = 85;

const refused = (reason: ReceiptRefusalReason, message: string, extra: Record<string, unknown> = {}) =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', message, { reason, ...extra });

/**
 * Checks the bytes of a receipt: a JPEG, PNG or WebP becomes a JPEG the server wrote; a PDF is
 * kept when it carries no active content. Throws an AppError (400, 413, 415) otherwise.
 */
export async function checkReceipt(bytes: Uint8Array): Promise<CheckedReceipt> {
  if (bytes.length === 0) throw new AppError('VALIDATION_FAILED', 'The receipt is empty');
  if (bytes.length > MAX_RECEIPT_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', `The receipt may have at most ${MAX_RECEIPT_BYTES} bytes`);
  }
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime === 'application/pdf') {
    const verdict = inspectPdf(bytes);
    if (verdict.ok) return { mime: 'application/pdf', ext: 'pdf', data: Buffer.from(bytes) };
    switch (verdict.reason) {
      case 'ACTIVE_CONTENT':
        throw refused(
          'PDF_ACTIVE_CONTENT',
          `The PDF carries active content (/${verdict.name}); send a picture of the receipt instead`,
          { name: verdict.name },
        );
      case 'ENCRYPTED':
        throw refused('PDF_ENCRYPTED', 'The PDF is encrypted; send a picture of the receipt instead');
      case 'UNCHECKABLE':
        throw refused(
          'PDF_UNCHECKABLE',
          `The PDF could not be checked (${verdict.why}); send a picture of the receipt instead`,
        );
    }
  }
  if (!type || !PICTURE_TYPES.has(type.mime)) {
    throw refused('UNSUPPORTED_TYPE', 'The receipt must be a JPEG, PNG or WebP picture or a PDF');
  }
  const data = await reencodePicture(
    bytes,
    (image) =>
      image
        .resize(RECEIPT_MAX_SIDE, RECEIPT_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: JPEG_QUALITY, chromaSubsampling: '4:4:4' }),
    {
      message: 'The receipt could not be read as a picture',
      details: { reason: 'UNREADABLE_IMAGE' satisfies ReceiptRefusalReason },
    },
  );
  return { mime: 'image/jpeg', ext: 'jpg', data };
}
