import { z } from 'zod';
import { LOCALES } from './vocabulary.ts';

export { LOCALES };

/**
 * The signed-in diner's own profile (users and guests; anonymous callers get 401 UNAUTHENTICATED).
 *
 *   GET   /api/me          → Me
 *   PATCH /api/me          UpdateMeInput → Me            (displayName, phoneNumber, locale; strict)
 *   POST  /api/me/photo    multipart, one file field "photo" → Me
 *                          JPEG/PNG/WebP by content, ≤ MAX_PHOTO_BYTES; stored as a 512×512 WebP;
 *                          413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE, nothing changed then.
 *   GET   /api/auth-providers (public) → AuthProviders  (only the configured social providers)
 *
 * Sign-up, sign-in, guest ("continue as guest"), Google/Facebook and sign-out are better-auth's
 * own endpoints under /api/auth/* (see apps/server/src/auth/auth.ts). Sign-up takes an extra
 * `locale` field (one of LOCALES), the language of the welcome e-mail.
 */

export const localeSchema = z.enum(LOCALES);
export type Locale = z.infer<typeof localeSchema>;

export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const;
export const socialProviderSchema = z.enum(SOCIAL_PROVIDERS);
export type SocialProvider = z.infer<typeof socialProviderSchema>;

/** Largest profile photo accepted, in bytes (5 MB). */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
/** The multipart field name of the photo. */
export const PHOTO_FIELD = 'photo';
/** Stored photos are square WebP pictures of this side, in pixels. */
export const PHOTO_SIZE = 512;

/**
 * The longest display name, in characters (docs/product.md#display-names); the server also refuses
 * links in it (`displayNameProblem` of @comensal/domain) with 400 DISPLAY_NAME_INVALID.
 */
export const DISPLAY_NAME_MAX = 40;
/** What the request schema takes before that rule answers DISPLAY_NAME_INVALID. */
export const DISPLAY_NAME_INPUT_MAX = 200;
export const PHONE_NUMBER_MAX = 32;

/** A display name as sent: trimmed, 1–200 characters, no control characters. */
export const displayNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(DISPLAY_NAME_INPUT_MAX)
  .regex(/^\P{Cc}+$/u, { error: 'must not contain control characters' });

/** A phone number as people write it: digits, spaces and + ( ) - . ; at least 6 digits. */
export const phoneNumberSchema = z
  .string()
  .trim()
  .max(PHONE_NUMBER_MAX)
  .regex(/^\+?[0-9 ()\-.]+$/, { error: 'must contain only digits, spaces and + ( ) - .' })
  .refine((value) => value.replace(/\D/g, '').length >= 6, { error: 'must have at least 6 digits' });

/** Points of the diner at one restaurant. */
export const restaurantPointsSchema = z.object({
  restaurantId: z.uuid(),
  restaurantName: z.string(),
  balance: z.number().int().min(0),
});
export type RestaurantPoints = z.infer<typeof restaurantPointsSchema>;

export const meSchema = z.object({
  id: z.uuid(),
  /** A guest's e-mail is a generated placeholder, never shown to other diners. */
  email: z.string(),
  displayName: z.string(),
  phoneNumber: z.string().nullable(),
  /** Absolute path or URL of the profile picture, or null. */
  photoURL: z.string().nullable(),
  locale: localeSchema.nullable(),
  isGuest: z.boolean(),
  /** ISO timestamp (UTC). */
  createdAt: z.string(),
  /** One entry per restaurant where the diner has a points balance, by restaurant name. */
  points: z.array(restaurantPointsSchema),
});
export type Me = z.infer<typeof meSchema>;

/** `PATCH /api/me`: at least one field; `phoneNumber: null` clears it. Unknown fields → 400. */
export const updateMeInputSchema = z
  .object({
    displayName: displayNameSchema.optional(),
    phoneNumber: z.union([phoneNumberSchema, z.null()]).optional(),
    locale: localeSchema.optional(),
  })
  .strict()
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    error: 'give at least one of displayName, phoneNumber, locale',
  });
export type UpdateMeInput = z.infer<typeof updateMeInputSchema>;

/** `GET /api/auth-providers`: the social sign-in buttons to show. */
export const authProvidersSchema = z.object({ providers: z.array(socialProviderSchema) });
export type AuthProviders = z.infer<typeof authProvidersSchema>;
