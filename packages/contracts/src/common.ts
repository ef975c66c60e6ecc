import { z } from 'zod';

/** Every error the API answers: `{ error: { code, message } }` with a 4xx/5xx status. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Stable error codes; the web app maps each one to a translated message. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'NOT_FOUND',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'RATE_LIMITED',
  'CONFLICT',
  'TABLE_TAKEN',
  'DELIVERY_OUT_OF_RANGE',
  'RESERVATION_CLOSED',
  'CREATOR_CANNOT_LEAVE',
  'ALREADY_INVITED',
  'ALREADY_MEMBER',
  'INVITATION_ANSWERED',
  'JOIN_REQUEST_ANSWERED',
  'PRODUCT_UNAVAILABLE',
  'OUT_OF_STOCK',
  'NOT_ENOUGH_POINTS',
  'POINTS_NOT_ACCEPTED',
  'ORDER_PAID',
  'NOTHING_DUE',
  'ORDER_ALREADY_PAID',
  'PAYMENT_TYPE_NOT_OFFERED',
  'PENDING_PAYMENT_CLOSED',
  'TRANSFER_DUPLICATE',
  'PAYMENT_PROVIDER_UNAVAILABLE',
  'IDEMPOTENCY_KEY_IN_USE',
  'IDEMPOTENCY_KEY_REUSED',
  'REQUEST_TIMEOUT',
  'BOOKING_TOO_FAR_AHEAD',
  'PARTY_TOO_LARGE',
  'RESERVATION_LIMIT',
  'RESERVATION_OVERLAP',
  'EMAIL_NOT_VERIFIED',
  'INVITATION_DAILY_LIMIT',
  'SHARE_LINK_OFF',
  'RESERVATION_FULL',
  'ASSISTANCE_NOT_YET',
  'DISPLAY_NAME_INVALID',
  'PAYLOAD_TOO_LARGE',
  'URI_TOO_LONG',
  'UNSUPPORTED_MEDIA_TYPE',
  'HEADERS_TOO_LARGE',
  'CONFIRMATION_MISMATCH',
  'LAST_OWNER',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const localizedSchema = z.object({ es: z.string(), en: z.string() });
export type Localized = z.infer<typeof localizedSchema>;

export const hhmmSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
export const uuidSchema = z.uuid();

/** Lists answer `{ items, nextCursor }`. */
export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });
