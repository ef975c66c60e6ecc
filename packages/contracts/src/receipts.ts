/**
 * Pago Móvil transfer receipts, as the diner uploads them (the payments module's
 * `POST /api/reservations/:id/transactions`, multipart, file field RECEIPT_FIELD).
 *
 * A receipt is a JPEG, PNG, WebP or PDF judged by its content (never its name or declared type),
 * of 1 byte to MAX_RECEIPT_BYTES. Pictures are re-encoded (as JPEG, long side at most
 * RECEIPT_MAX_SIDE, orientation applied, metadata dropped); a PDF is kept as it is when it
 * carries no active content. Refusals: an empty file 400 VALIDATION_FAILED, a larger one 413
 * PAYLOAD_TOO_LARGE, anything else 415 UNSUPPORTED_MEDIA_TYPE with `details.reason` one of
 * RECEIPT_REFUSAL_REASONS.
 */

/** Largest receipt accepted, in bytes (10 MB). */
export const MAX_RECEIPT_BYTES = 10 * 1024 * 1024;
/** The multipart field name of the receipt. */
export const RECEIPT_FIELD = 'receipt';
/** The longest side of a stored receipt picture, in pixels. */
export const RECEIPT_MAX_SIDE = 2400;
/** What a receipt may be, by content (for the file input's `accept` too). */
export const RECEIPT_MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;

/**
 * `details.reason` of a 415 for a receipt: not one of the four types, a picture that does not
 * decode, a PDF with active content (script, launch, automatic actions, embedded files…), an
 * encrypted PDF, a PDF whose structure could not be checked.
 */
export const RECEIPT_REFUSAL_REASONS = [
  'UNSUPPORTED_TYPE',
  'UNREADABLE_IMAGE',
  'PDF_ACTIVE_CONTENT',
  'PDF_ENCRYPTED',
  'PDF_UNCHECKABLE',
] as const;
export type ReceiptRefusalReason = (typeof RECEIPT_REFUSAL_REASONS)[number];
