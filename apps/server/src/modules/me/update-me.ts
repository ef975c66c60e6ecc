import type { Me, UpdateMeInput } from '@comensal/contracts';
import { assertDisplayName } from '../../lib/display-name.ts';
import { getMe, userMissing, type MeContext } from './get-me.ts';
import { updateProfile, type ProfilePatch } from './me-repository.ts';

/** PATCH /api/me: display name, phone number (null clears it) and language. */
export async function updateMe(ctx: MeContext, userId: string, input: UpdateMeInput): Promise<Me> {
  const patch: ProfilePatch = {};
  if (input.displayName !== undefined) {
    assertDisplayName(input.displayName);
    patch.name = input.displayName;
  }
  if (input.phoneNumber !== undefined) patch.phoneNumber = input.phoneNumber;
  if (input.locale !== undefined) patch.locale = input.locale;
  const updated = await updateProfile(ctx.db, userId, patch);
  if (!updated) throw userMissing(ctx, userId);
  return getMe(ctx, userId);
}
