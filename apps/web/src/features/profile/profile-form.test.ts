import { MAX_PHOTO_BYTES } from '@comensal/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { checkPhotoFile, parseDetails, photoErrorMessageId, saveErrorMessageId } from './profile-form';

describe('parseDetails', () => {
  it.each([
    [
      { displayName: ' Ana ', phoneNumber: ' +34 600 123 456 ' },
      { displayName: 'Ana', phoneNumber: '+34 600 123 456' },
    ],
    [
      { displayName: 'Ana', phoneNumber: '   ' },
      { displayName: 'Ana', phoneNumber: null },
    ],
    [
      { displayName: 'Ana', phoneNumber: '(02) 123-456.7' },
      { displayName: 'Ana', phoneNumber: '(02) 123-456.7' },
    ],
  ])('accepts %j', (values, data) => {
    expect(parseDetails(values)).toEqual({ ok: true, data });
  });

  it.each([
    [{ displayName: '', phoneNumber: '' }, { displayName: 'profile.field.displayName.required' }],
    [{ displayName: 'x'.repeat(81), phoneNumber: '' }, { displayName: 'profile.field.displayName.tooLong' }],
    [{ displayName: 'Ana\u0007', phoneNumber: '' }, { displayName: 'profile.field.displayName.invalid' }],
    [{ displayName: 'Ana', phoneNumber: '12345' }, { phoneNumber: 'profile.field.phoneNumber.invalid' }],
    [
      { displayName: 'Ana', phoneNumber: '+34 abc 123 456' },
      { phoneNumber: 'profile.field.phoneNumber.invalid' },
    ],
    [
      { displayName: 'Ana', phoneNumber: '1'.repeat(33) },
      { phoneNumber: 'profile.field.phoneNumber.tooLong' },
    ],
  ])('refuses %j', (values, errors) => {
    expect(parseDetails(values)).toEqual({ ok: false, errors });
  });
});

describe('checkPhotoFile', () => {
  it.each([
    [{ type: 'image/jpeg', size: 1 }, null],
    [{ type: 'image/webp', size: MAX_PHOTO_BYTES }, null],
    [{ type: 'image/png', size: MAX_PHOTO_BYTES + 1 }, 'profile.photo.error.tooLarge'],
    [{ type: 'image/gif', size: 10 }, 'profile.photo.error.type'],
    [{ type: '', size: 10 }, 'profile.photo.error.type'],
    [{ type: 'image/png', size: 0 }, 'profile.photo.error.empty'],
  ])('%j → %s', (file, expected) => {
    expect(checkPhotoFile(file)).toBe(expected);
  });
});

describe('server errors', () => {
  it.each([
    ['PAYLOAD_TOO_LARGE', 413, 'profile.photo.error.tooLarge'],
    ['HTTP_ERROR', 413, 'profile.photo.error.tooLarge'],
    ['UNSUPPORTED_MEDIA_TYPE', 415, 'profile.photo.error.type'],
    ['NETWORK_ERROR', 0, 'profile.error.network'],
    ['INTERNAL', 500, 'profile.photo.error.upload'],
  ])('photo %s → %s', (code, status, expected) => {
    expect(photoErrorMessageId(new ApiError(code, status))).toBe(expected);
  });

  it.each([
    ['VALIDATION_FAILED', 400, 'profile.error.invalid'],
    ['UNAUTHENTICATED', 401, 'profile.error.signedOut'],
    ['RATE_LIMITED', 429, 'profile.error.rateLimited'],
    ['INTERNAL', 500, 'profile.error.save'],
  ])('save %s → %s', (code, status, expected) => {
    expect(saveErrorMessageId(new ApiError(code, status))).toBe(expected);
  });
});
