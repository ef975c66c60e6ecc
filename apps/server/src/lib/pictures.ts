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

/** The error a failed decode answers: 413 over the pixel limit, else 415 with `unreadable`. */
function pictureError(error: unknown, unreadable: { message: string; details?: unknown }): AppError {
  if (error instanceof Error && /pixel limit/i.test(error.message)) {
    return new AppError('PAYLOAD_TOO_LARGE', `The picture may have at most ${MAX_INPUT_PIXELS} pixels`);
  }
  return new AppError('UNSUPPORTED_MEDIA_TYPE', unreadable.message, unreadable.details);
}

const decoder = (data: Uint8Array): Sharp =>
  sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();

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
    return await encode(decoder(data)).toBuffer();
  } catch (error) {
    throw pictureError(error, unreadable);
  }
}

/**
 * The size of the picture in `data` as it is seen (EXIF orientation applied), read from its
 * header without decoding it: over MAX_INPUT_PIXELS is 413 at once (a bomb is never decoded);
 * errors as {@link reencodePicture}'s.
 */
export async function pictureSize(
  data: Uint8Array,
  unreadable: { message: string; details?: unknown },
): Promise<{ width: number; height: number }> {
  let size: { width: number; height: number };
  try {
    const { width, height, orientation } = await sharp(data, { failOn: 'error' }).metadata();
    if (!width || !height) throw new Error('no size');
    size = (orientation ?? 1) >= 5 ? { width: height, height: width } : { width, height };
  } catch (error) {
    throw pictureError(error, unreadable);
  }
  if (size.width * size.height > MAX_INPUT_PIXELS) throw pictureError(new Error('pixel limit'), unreadable);
  return size;
}
