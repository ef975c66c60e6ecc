import { createHash } from 'node:crypto';
import { PHOTO_SIZE, type Me } from '@comensal/contracts';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from '../../lib/app-error.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { getMe, userMissing, type MeContext } from './get-me.ts';
import { findProfile, updateProfile } from './me-repository.ts';

/** What a photo may be, judged by its bytes (never by its name or declared type). */
const ACCEPTED_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
/** A decompression bomb (a small file that decodes to a huge picture) is refused before decoding. */
const MAX_INPUT_PIXELS = 40_000_000;

async function reencode(data: Buffer): Promise<Buffer> {
  try {
    return await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate() // apply the EXIF orientation; the metadata itself (GPS…) is dropped
      .resize(PHOTO_SIZE, PHOTO_SIZE, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new AppError('PAYLOAD_TOO_LARGE', `The picture may have at most ${MAX_INPUT_PIXELS} pixels`);
    }
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The photo could not be read as a picture');
  }
}

/**
 * POST /api/me/photo: a JPEG, PNG or WebP (checked by content) becomes a 512×512 WebP stored at
 * users/<id>/photo-<hash>.webp, and the profile's photoURL points at it. A refused file changes
 * nothing.
 */
export async function uploadPhoto(
  ctx: MeContext,
  storage: FileStorage,
  userId: string,
  data: Buffer,
): Promise<Me> {
  const type = await fileTypeFromBuffer(data);
  if (!type || !ACCEPTED_TYPES.has(type.mime)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The photo must be a JPEG, PNG or WebP picture');
  }
  const webp = await reencode(data);
  if (!(await findProfile(ctx.db, userId))) throw userMissing(ctx, userId);
  const hash = createHash('sha256').update(webp).digest('hex').slice(0, 16);
  const { url } = await storage.put(`users/${userId}/photo-${hash}.webp`, webp);
  if (!(await updateProfile(ctx.db, userId, { image: url }))) throw userMissing(ctx, userId);
  return getMe(ctx, userId);
}
