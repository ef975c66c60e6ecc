import { z } from 'zod';

/**
 * Whom a diner can invite without typing an address (docs/product.md#finding-whom-to-invite).
 * There is no user directory: nobody can list or search other diners.
 *
 *   GET /api/companions  → CompanionList, the most recent shared reservation first
 *
 * A companion is a signed-up diner (never a guest) who is a member of a reservation the caller is
 * also a member of. Only an id, the display name and the photo: never the e-mail. Invite one with
 * `POST /api/reservations/:id/invitations { userId }`. Signed-in non-guests only: anonymous → 401
 * UNAUTHENTICATED, guest → 403 FORBIDDEN.
 */

/** At most this many companions are answered. */
export const COMPANIONS_MAX = 50;

export const companionSchema = z
  .object({
    id: z.uuid(),
    displayName: z.string(),
    photoURL: z.string().nullable(),
  })
  .strict();
export type Companion = z.infer<typeof companionSchema>;

export const companionListSchema = z.object({ items: z.array(companionSchema) }).strict();
export type CompanionList = z.infer<typeof companionListSchema>;
