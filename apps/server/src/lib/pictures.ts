/**
 * Pictures from users (profile photos, receipt pictures) are decoded and encoded anew: what is
 * stored is pixels the server wrote, never the bytes that came in (no metadata, no trailing
 * payload, no polyglot). One decoder setting for all of them.
 */
import sharp, { type Sharp } from 'sharp';
import { AppError } from './app-error.ts';

/** What a picture may be, judged by its bytes (never by its name or declared type). */
export const PICTURE_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/webp']);
/** A decompression bomb (a small file that decodes to a huge picture) is refused before decoding. */
export const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Decodes `data` (orientation from EXIF applied, first frame only) and encodes it with `encode`.
 * Over MAX_INPUT_PIXELS: 413 PAYLOAD_TOO_LARGE; not decodable: 415 UNSUPPORTED_MEDIA_TYPE with
 * `unreadable` as its message and details.
 */
export async function reencodePicture(
  data: Uint8Array,
  encode: (image: Sharp) => Sharp,
  unreadable: { message: string; details?: unknown },
): Promise<Buffer> {
  try {
    return await encode(
      sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate(),
    ).toBuffer();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new AppError('PAYLOAD_TOO_LARGE', `The picture may have at most ${MAX_INPUT_PIXELS} pixels`);
    }
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', unreadable.message, unreadable.details);
  }
}
