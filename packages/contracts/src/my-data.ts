import { z } from 'zod';

/**
 * The diner's own data (docs/privacy.md): take it away, or have the account deleted.
 *
 *   GET    /api/me/export   → MyDataExport, as a JSON download
 *                            (Content-Disposition: attachment; filename="comensal-data-YYYY-MM-DD.json")
 *   DELETE /api/me          DeleteMeInput → DeleteMeResult; the session cookie is cleared.
 *                            400 CONFIRMATION_MISMATCH (confirm is not the account's e-mail),
 *                            409 LAST_OWNER (the only owner of a restaurant), nothing changed then.
 *
 * Users and guests alike; anonymous callers get 401 UNAUTHENTICATED.
 */

/** Version of the export's layout; raised when a section changes shape. */
export const MY_DATA_EXPORT_VERSION = 1;

/** Longest `confirm` accepted (an e-mail address is at most 320 characters). */
export const DELETE_CONFIRM_MAX = 320;

/** `DELETE /api/me`: `confirm` is the account's e-mail as /api/me answers it (case and spaces ignored). */
export const deleteMeInputSchema = z.strictObject({
  confirm: z.string().min(1).max(DELETE_CONFIRM_MAX),
});
export type DeleteMeInput = z.infer<typeof deleteMeInputSchema>;

export const deleteMeResultSchema = z.object({
  deleted: z.literal(true),
  /** Reservations of the diner still to come that the deletion cancelled. */
  cancelledReservations: z.number().int().min(0),
  /** Bill lines and payments kept in the restaurants' books, no longer tied to a person. */
  anonymisedOrders: z.number().int().min(0),
  anonymisedPayments: z.number().int().min(0),
});
export type DeleteMeResult = z.infer<typeof deleteMeResultSchema>;

/** One row of a section: plain JSON values (timestamps as ISO strings, money in minor units). */
const rowSchema = z.record(z.string(), z.unknown());
const section = z.array(rowSchema);

/** Every section of the export; docs/privacy.md says what each holds. */
export const MY_DATA_SECTIONS = [
  'accounts',
  'sessions',
  'points',
  'pointMovements',
  'favoriteRestaurants',
  'favoriteProducts',
  'reservations',
  'invitationsSent',
  'invitationsReceived',
  'joinRequests',
  'orders',
  'pendingPayments',
  'transactions',
  'staffMemberships',
  'staffActions',
  'clientRecords',
  'errorRecords',
] as const;
export type MyDataSection = (typeof MY_DATA_SECTIONS)[number];

export const myDataExportSchema = z.object({
  format: z.literal('comensal-my-data'),
  version: z.literal(MY_DATA_EXPORT_VERSION),
  exportedAt: z.string(),
  profile: rowSchema,
  ...(Object.fromEntries(MY_DATA_SECTIONS.map((name) => [name, section])) as Record<
    MyDataSection,
    typeof section
  >),
});
export type MyDataExport = z.infer<typeof myDataExportSchema>;
