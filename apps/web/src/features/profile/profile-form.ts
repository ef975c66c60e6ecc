import {
  DISPLAY_NAME_MAX,
  displayNameSchema,
  MAX_PHOTO_BYTES,
  PHONE_NUMBER_MAX,
  phoneNumberSchema,
} from '@comensal/contracts';
import { isApiError } from '@/lib/api-client';
import type { MessageId } from '@/lib/i18n';

/** Values of the placeholders in profile messages. */
export const PROFILE_MESSAGE_VALUES = {
  maxName: DISPLAY_NAME_MAX,
  maxPhone: PHONE_NUMBER_MAX,
  maxPhotoMb: MAX_PHOTO_BYTES / (1024 * 1024),
} as const;

export type DetailsField = 'displayName' | 'phoneNumber';
export type DetailsErrors = Partial<Record<DetailsField, MessageId>>;

export interface DetailsInput {
  displayName: string;
  /** null clears the number. */
  phoneNumber: string | null;
}

type Parsed = { ok: true; data: DetailsInput } | { ok: false; errors: DetailsErrors };

function checkDisplayName(value: string): MessageId | null {
  const trimmed = value.trim();
  if (!trimmed) return 'profile.field.displayName.required';
  if (trimmed.length > DISPLAY_NAME_MAX) return 'profile.field.displayName.tooLong';
  return displayNameSchema.safeParse(trimmed).success ? null : 'profile.field.displayName.invalid';
}

function checkPhoneNumber(value: string): MessageId | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  if (trimmed.length > PHONE_NUMBER_MAX) return 'profile.field.phoneNumber.tooLong';
  return phoneNumberSchema.safeParse(trimmed).success ? null : 'profile.field.phoneNumber.invalid';
}

/** Name and phone as typed → what PATCH /api/me takes, or a translated error per field (same rules as the server). */
export function parseDetails(values: { displayName: string; phoneNumber: string }): Parsed {
  const errors: DetailsErrors = {};
  const nameError = checkDisplayName(values.displayName);
  if (nameError) errors.displayName = nameError;
  const phoneError = checkPhoneNumber(values.phoneNumber);
  if (phoneError) errors.phoneNumber = phoneError;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const phoneNumber = values.phoneNumber.trim();
  return { ok: true, data: { displayName: values.displayName.trim(), phoneNumber: phoneNumber || null } };
}

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The file input's `accept`. */
export const PHOTO_ACCEPT = PHOTO_TYPES.join(',');

/** A picked photo checked before sending it: the server checks again, by content. */
export function checkPhotoFile(file: Pick<File, 'size' | 'type'>): MessageId | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return 'profile.photo.error.type';
  if (file.size > MAX_PHOTO_BYTES) return 'profile.photo.error.tooLarge';
  if (file.size === 0) return 'profile.photo.error.empty';
  return null;
}

function errorCode(error: unknown): string {
  return isApiError(error) ? error.code : 'UNKNOWN';
}

/** A failed save → what the diner reads. */
export function saveErrorMessageId(error: unknown): MessageId {
  switch (errorCode(error)) {
    case 'VALIDATION_FAILED':
      return 'profile.error.invalid';
    case 'RATE_LIMITED':
      return 'profile.error.rateLimited';
    case 'UNAUTHENTICATED':
      return 'profile.error.signedOut';
    case 'NETWORK_ERROR':
      return 'profile.error.network';
    default:
      return 'profile.error.save';
  }
}

/** A failed photo upload → what the diner reads. */
export function photoErrorMessageId(error: unknown): MessageId {
  switch (errorCode(error)) {
    case 'PAYLOAD_TOO_LARGE':
      return 'profile.photo.error.tooLarge';
    case 'UNSUPPORTED_MEDIA_TYPE':
      return 'profile.photo.error.type';
    case 'VALIDATION_FAILED':
      return 'profile.photo.error.unreadable';
    default:
      return saveErrorMessageId(error) === 'profile.error.save'
        ? 'profile.photo.error.upload'
        : saveErrorMessageId(error);
  }
}
