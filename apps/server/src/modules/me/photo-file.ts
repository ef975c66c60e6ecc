/**
 * The files of profile photos that are no longer anyone's: the one a new upload replaced
 * (upload-photo.ts) and the one of a deleted account (my-data's delete-me.ts). Both are removed
 * after the change that dropped them committed, never inside it: a storage failure cannot undo
 * the change, it only leaves the file behind as an orphan, logged at warn with its key
 * (docs/privacy.md#deletion).
 */
import type { RequestContext } from '../../lib/context.ts';
import type { FileStorage } from '../../storage/file-storage.ts';

/**
 * The storage key of the photo `userId` uploaded, from the profile's `image`; null for no photo
 * or anything the upload did not make (a social sign-in's picture URL, another user's file).
 */
export function photoKeyOf(storage: FileStorage, userId: string, image: string | null): string | null {
  const key = image === null ? null : storage.keyOf(image);
  return key?.startsWith(`users/${userId}/photo-`) ? key : null;
}

/** Removes the file of `userId`'s former photo `image`, if the upload made it; never throws. */
export async function removePhotoFile(
  ctx: Pick<RequestContext, 'log'>,
  storage: FileStorage,
  userId: string,
  image: string | null,
  reason: 'account deleted' | 'photo replaced',
): Promise<void> {
  const key = photoKeyOf(storage, userId, image);
  if (key === null) return;
  try {
    await storage.deletePublic(key);
  } catch (error) {
    ctx.log.warn({ userId, key, reason, err: error }, 'profile photo file not removed');
  }
}
