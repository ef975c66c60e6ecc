import {
  DISPLAY_NAME_MAX,
  displayNameSchema,
  MAX_PHOTO_BYTES,
  PHONE_NUMBER_MAX,
  phoneNumberSchema,
} from '@comensal/contracts';
import { displayNameProblem } from '@comensal/domain';
import { isApiError } from '@/lib/api-client';
import { type ErrorTable, fromErrorTable } from '@/lib/api-errors';
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
  if ([...trimmed].length > DISPLAY_NAME_MAX) return 'profile.field.displayName.tooLong';
  if (!displayNameSchema.safeParse(trimmed).success) return 'profile.field.displayName.invalid';
  // the server's rule too (400 DISPLAY_NAME_INVALID): no links or web addresses
  return displayNameProblem(trimmed, DISPLAY_NAME_MAX) ? 'profile.field.displayName.noLinks' : null;
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

/** A failed save → what the diner reads. */
const SAVE_ERRORS: ErrorTable<MessageId> = {
  VALIDATION_FAILED: 'profile.error.invalid',
  NOT_FOUND: 'profile.error.save',
  UNAUTHENTICATED: 'profile.error.signedOut',
  FORBIDDEN: 'profile.error.save',
  RATE_LIMITED: 'profile.error.rateLimited',
  CONFLICT: 'profile.error.save',
  TABLE_TAKEN: 'profile.error.save',
  DELIVERY_OUT_OF_RANGE: 'profile.error.save',
  RESERVATION_CLOSED: 'profile.error.save',
  CREATOR_CANNOT_LEAVE: 'profile.error.save',
  ALREADY_INVITED: 'profile.error.save',
  ALREADY_MEMBER: 'profile.error.save',
  INVITATION_ANSWERED: 'profile.error.save',
  PRODUCT_UNAVAILABLE: 'profile.error.save',
  OUT_OF_STOCK: 'profile.error.save',
  NOT_ENOUGH_POINTS: 'profile.error.save',
  POINTS_NOT_ACCEPTED: 'profile.error.save',
  ORDER_PAID: 'profile.error.save',
  NOTHING_DUE: 'profile.error.save',
  ORDER_ALREADY_PAID: 'profile.error.save',
  PAYMENT_TYPE_NOT_OFFERED: 'profile.error.save',
  PENDING_PAYMENT_CLOSED: 'profile.error.save',
  TRANSFER_DUPLICATE: 'profile.error.save',
  PAYMENT_PROVIDER_UNAVAILABLE: 'profile.error.save',
  BOOKING_TOO_FAR_AHEAD: 'profile.error.save',
  PARTY_TOO_LARGE: 'profile.error.save',
  RESERVATION_LIMIT: 'profile.error.save',
  RESERVATION_OVERLAP: 'profile.error.save',
  EMAIL_NOT_VERIFIED: 'profile.error.save',
  INVITATION_DAILY_LIMIT: 'profile.error.save',
  SHARE_LINK_OFF: 'profile.error.save',
  RESERVATION_FULL: 'profile.error.save',
  ASSISTANCE_NOT_YET: 'profile.error.save',
  DISPLAY_NAME_INVALID: 'profile.error.DISPLAY_NAME_INVALID',
  JOIN_REQUEST_ANSWERED: 'profile.error.save',
  PAYLOAD_TOO_LARGE: 'profile.error.save',
  UNSUPPORTED_MEDIA_TYPE: 'profile.error.save',
  IDEMPOTENCY_KEY_IN_USE: 'profile.error.save',
  IDEMPOTENCY_KEY_REUSED: 'profile.error.save',
  REQUEST_TIMEOUT: 'profile.error.network',
  URI_TOO_LONG: 'profile.error.save',
  HEADERS_TOO_LARGE: 'profile.error.save',
  CONFIRMATION_MISMATCH: 'profile.error.save',
  LAST_OWNER: 'profile.error.save',
  INTERNAL: 'profile.error.save',
  NETWORK_ERROR: 'profile.error.network',
  INVALID_RESPONSE: 'profile.error.save',
  HTTP_ERROR: 'profile.error.save',
};

/** A failed photo upload → what the diner reads: the photo's own problems, else as a save. */
const PHOTO_ERRORS: ErrorTable<MessageId> = {
  ...SAVE_ERRORS,
  VALIDATION_FAILED: 'profile.photo.error.unreadable',
  PAYLOAD_TOO_LARGE: 'profile.photo.error.tooLarge',
  UNSUPPORTED_MEDIA_TYPE: 'profile.photo.error.type',
};

export function saveErrorMessageId(error: unknown): MessageId {
  return fromErrorTable(SAVE_ERRORS, error, 'profile.error.save');
}

export function photoErrorMessageId(error: unknown): MessageId {
  // A proxy in front may answer 413 without our error body.
  if (isApiError(error) && error.status === 413) return 'profile.photo.error.tooLarge';
  const id = fromErrorTable(PHOTO_ERRORS, error, 'profile.error.save');
  return id === 'profile.error.save' ? 'profile.photo.error.upload' : id;
}
