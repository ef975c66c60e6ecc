import { createHash } from 'node:crypto';
import { PHOTO_SIZE, type Me } from '@comensal/contracts';
import { fileTypeFromBuffer } from 'file-type';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { PICTURE_TYPES, reencodePicture } from '../../lib/pictures.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { getMe, userMissing, type MeContext } from './get-me.ts';
import { findProfile, replaceImage } from './me-repository.ts';
import { removePhotoFile } from './photo-file.ts';

/**
 * POST /api/me/photo: a JPEG, PNG or WebP (checked by content) becomes a 512×512 WebP stored at
 * users/<id>/photo-<hash>.webp, and the profile's photoURL points at it. A refused file changes
 * nothing. Once the new URL is committed, the file of the photo it replaced is removed
 * (./photo-file.ts): a failure there is logged, the upload still succeeds.
 */
export async function uploadPhoto(
  ctx: MeContext,
  storage: FileStorage,
  userId: string,
  data: Buffer,
): Promise<Me> {
  const type = await fileTypeFromBuffer(data);
  if (!type || !PICTURE_TYPES.has(type.mime)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The photo must be a JPEG, PNG or WebP picture');
  }
  const webp = await reencodePicture(
    data,
    // the metadata (GPS…) is dropped: sharp writes none unless told to
    (image) =>
      image.resize(PHOTO_SIZE, PHOTO_SIZE, { fit: 'cover', position: 'centre' }).webp({ quality: 82 }),
    { message: 'The photo could not be read as a picture' },
  );
  if (!(await findProfile(ctx.db, userId))) throw userMissing(ctx, userId);
  const hash = createHash('sha256').update(webp).digest('hex').slice(0, 16);
  const { url } = await storage.put(`users/${userId}/photo-${hash}.webp`, webp);
  const replaced = await inTransaction(ctx.db, (tx) => replaceImage(tx, userId, url));
  if (!replaced) throw userMissing(ctx, userId);
  // the same picture again has the same key: its file is the new photo's
  if (replaced.previous !== url) {
    await removePhotoFile(ctx, storage, userId, replaced.previous, 'photo replaced');
  }
  return getMe(ctx, userId);
}
