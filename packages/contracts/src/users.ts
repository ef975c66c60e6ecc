import { z } from 'zod';
import { listOf } from './common.ts';

/**
 * The user list, for signed-in users (docs/product.md#permissions), e.g. to find whom to invite.
 *
 *   GET /api/users?q=&cursor=&limit=  → UserList, ordered by display name
 *
 * Signed-in non-guests only: anonymous → 401 UNAUTHENTICATED, guest → 403 FORBIDDEN. Guests
 * (anonymous accounts) are never listed. `q` is looked for anywhere in the display name or the
 * e-mail, ignoring case and accents.
 */

export const USER_SEARCH_MAX = 100;

export const listUsersQuerySchema = z
  .object({
    q: z.string().trim().max(USER_SEARCH_MAX).optional(),
    cursor: z.string().max(500).optional(),
    limit: z.coerce.number().int().min(1).max(50).optional(),
  })
  .strict();
export type ListUsersQuery = z.infer<typeof listUsersQuerySchema>;

/** Only these three fields of another diner are ever shown. */
export const userSummarySchema = z
  .object({
    displayName: z.string(),
    email: z.string(),
    photoURL: z.string().nullable(),
  })
  .strict();
export type UserSummary = z.infer<typeof userSummarySchema>;

export const userListSchema = listOf(userSummarySchema);
export type UserList = z.infer<typeof userListSchema>;
