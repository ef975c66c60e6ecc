import { z } from 'zod';
import { listOf } from './common.ts';

/**
 * Error records (docs/telemetry.md#error-records): what broke for a diner, posted by the web app
 * to `POST /api/errors`, read by the restaurant's staff at `GET /api/staff/errors`.
 */

/**
 * The stable kind of a record: one per product failure the app logs, plus what nobody caught.
 * The diner never sees these; the catalogs hold what the diner reads.
 */
export const ERROR_REPORT_KINDS = [
  /** 'Producto no encontrado': a product page's product does not exist or is hidden. */
  'product_not_found',
  /** 'Error al cargar el menú': the menu or a product could not be loaded. */
  'menu_load_failed',
  /** 'Error al cargar restaurantes': the list or a restaurant could not be loaded. */
  'restaurants_load_failed',
  /** 'El usuario no existe': the session's user is gone. */
  'user_not_found',
  /** 'Restaurant ID or Reservation ID is missing.': a reservation screen without its ids. */
  'ids_missing',
  /** 'Geolocation is not supported by this browser'. */
  'geolocation_unsupported',
  /** 'Unable to retrieve your location': refused, timed out, unavailable. */
  'geolocation_failed',
  /** 'Transfer of data went wrong': the guest's data did not move to the account. */
  'guest_transfer_failed',
  /** 'Error al aceptar invitación': accepting or rejecting an invitation failed. */
  'invitation_answer_failed',
  /** An error no code caught: a screen that failed to draw, a window 'error' event. */
  'uncaught',
  /** A promise rejected with nobody to handle it. */
  'unhandled_rejection',
] as const;
export const errorReportKindSchema = z.enum(ERROR_REPORT_KINDS);
export type ErrorReportKind = z.infer<typeof errorReportKindSchema>;

/** Caps of a record's fields (characters); the whole body is capped at {@link ERROR_REPORT_MAX_BYTES}. */
export const ERROR_REPORT_LIMITS = {
  message: 1000,
  stack: 8000,
  route: 500,
  appVersion: 50,
  locale: 35,
  userAgent: 300,
} as const;
/** Records older than this many days are deleted. */
export const ERROR_REPORT_RETENTION_DAYS = 30;
/** Past this many bytes of body, `POST /api/errors` answers 413 PAYLOAD_TOO_LARGE. */
export const ERROR_REPORT_MAX_BYTES = 16 * 1024;

const text = (max: number) => z.string().min(1).max(max);

export const errorReportInputSchema = z
  .object({
    kind: errorReportKindSchema,
    message: text(ERROR_REPORT_LIMITS.message),
    stack: text(ERROR_REPORT_LIMITS.stack).optional(),
    /** The app's path (and query) where it broke, e.g. `/restaurants/<id>/menu`. */
    route: text(ERROR_REPORT_LIMITS.route).regex(/^\//, 'a path starting with /'),
    restaurantId: z.uuid().optional(),
    reservationId: z.uuid().optional(),
    appVersion: text(ERROR_REPORT_LIMITS.appVersion),
    locale: text(ERROR_REPORT_LIMITS.locale).regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'a BCP 47 tag'),
  })
  .strict();
export type ErrorReportInput = z.infer<typeof errorReportInputSchema>;

export const errorReportCreatedSchema = z.object({ id: z.uuid() });
export type ErrorReportCreated = z.infer<typeof errorReportCreatedSchema>;

/** A stored record as staff read it: already scrubbed of e-mails and secrets. */
export const errorReportSchema = z.object({
  id: z.uuid(),
  kind: errorReportKindSchema,
  message: z.string(),
  stack: z.string().nullable(),
  route: z.string(),
  restaurantId: z.uuid().nullable(),
  restaurantName: z.string().nullable(),
  reservationId: z.uuid().nullable(),
  appVersion: z.string(),
  locale: z.string(),
  userAgent: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type ErrorReport = z.infer<typeof errorReportSchema>;
/** Newest first; pass `nextCursor` back as `cursor` for the next page. */
export const errorReportListSchema = listOf(errorReportSchema);
export type ErrorReportList = z.infer<typeof errorReportListSchema>;

export const errorReportsQuerySchema = z
  .object({
    kind: errorReportKindSchema.optional(),
    /** One restaurant the caller works at; without it, all of them. */
    restaurantId: z.uuid().optional(),
    /** Records at or after this instant. */
    from: z.iso.datetime({ offset: true }).optional(),
    /** Records before this instant. */
    to: z.iso.datetime({ offset: true }).optional(),
    cursor: z.string().max(300).optional(),
    limit: z.coerce.number().int().min(1).max(100).optional(),
  })
  .strict();
export type ErrorReportsQuery = z.infer<typeof errorReportsQuerySchema>;
