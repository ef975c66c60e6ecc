import type { Me } from '@comensal/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { RequestContext } from '../../lib/context.ts';
import { toMe } from './mappers.ts';
import { findProfile, listPoints } from './me-repository.ts';

/** What the profile use cases need of the request context. */
export type MeContext = Pick<RequestContext, 'db' | 'log'>;

/**
 * A session whose user row is gone: logged (docs/product.md#product-log-messages), answered as
 * signed out.
 */
export function userMissing(ctx: MeContext, userId: string): AppError {
  ctx.log.warn({ userId }, 'El usuario no existe');
  return new AppError('UNAUTHENTICATED', 'Sign in again');
}

/** The caller's profile with points per restaurant. */
export async function getMe(ctx: MeContext, userId: string): Promise<Me> {
  const profile = await findProfile(ctx.db, userId);
  if (!profile) throw userMissing(ctx, userId);
  return toMe(profile, await listPoints(ctx.db, userId));
}
