import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { MAX_PHOTO_BYTES } from '@comensal/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWith, signInGuest, signUpUser, TEST_ORIGIN, type TestSession } from '../../test/sessions.ts';
import { userPoints, users } from '../../db/schema.ts';
import { buildSeedRestaurant, insertRestaurant } from '../../db/seed/insert-restaurant.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { badMultipartRequests, multipartBody } from '../../test/multipart.ts';

let t: TestApp;
let user: TestSession;
let guest: TestSession;

beforeAll(async () => {
  t = await buildTestApp();
  user = await signUpUser(t.app, { name: 'Ana Morales', locale: 'es-ES' });
  guest = await signInGuest(t.app);
});
afterAll(() => t?.close());

const patchMe = (body: unknown, cookie?: string, origin: string | null = TEST_ORIGIN) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/me',
    headers: {
      'content-type': 'application/json',
      ...(cookie ? { cookie } : {}),
      ...(origin ? { origin } : {}),
    },
    payload: JSON.stringify(body),
  });

const uploadPhoto = (
  cookie: string | undefined,
  file: { filename: string; contentType: string; data: Buffer },
) => {
  const body = multipartBody([{ name: 'photo', ...file }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/me/photo',
    headers: { 'content-type': body.contentType, origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    payload: body.payload,
  });
};

const photoOf = async (userId: string) =>
  (await t.db.db.select({ image: users.image }).from(users).where(eq(users.id, userId)))[0]?.image ?? null;

describe('GET /api/me', () => {
  it('answers the signed-in user, with points per restaurant', async () => {
    const { restaurant } = await insertRestaurant(t.db.db, buildSeedRestaurant({ name: 'Donde Ana' }));
    await t.db.db
      .insert(userPoints)
      .values({ userId: user.userId, restaurantId: restaurant.id, balance: 120 });
    const response = await getWith(t.app, '/api/me', user.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: user.userId,
      email: user.email,
      displayName: 'Ana Morales',
      phoneNumber: null,
      photoURL: null,
      locale: 'es-ES',
      isGuest: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      points: [{ restaurantId: restaurant.id, restaurantName: 'Donde Ana', balance: 120 }],
    });
  });

  it('answers a guest as a guest', async () => {
    const response = await getWith(t.app, '/api/me', guest.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: guest.userId,
      isGuest: true,
      displayName: expect.stringMatching(/^Invitado \d+$/),
      points: [],
    });
  });

  it('refuses anonymous callers and stale cookies', async () => {
    const none = await getWith(t.app, '/api/me');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: expect.any(String) } });
    expect((await getWith(t.app, '/api/me', 'better-auth.session_token=forged.value')).statusCode).toBe(401);
  });
});

describe('PATCH /api/me', () => {
  it('changes display name, phone number and language', async () => {
    const response = await patchMe(
      { displayName: '  Ana M.  ', phoneNumber: '+56 9 8765 4321', locale: 'en-US' },
      user.cookie,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      displayName: 'Ana M.',
      phoneNumber: '+56 9 8765 4321',
      locale: 'en-US',
    });
    const cleared = await patchMe({ phoneNumber: null }, user.cookie);
    expect(cleared.json()).toMatchObject({ displayName: 'Ana M.', phoneNumber: null });
  });

  it('lets a guest rename itself', async () => {
    const response = await patchMe({ displayName: 'Invitado 12' }, guest.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ displayName: 'Invitado 12', isGuest: true });
  });

  it.each([
    [{}],
    [{ displayName: '' }],
    [{ displayName: 'x'.repeat(201) }],
    [{ displayName: 'Ana\u0000' }],
    [{ phoneNumber: 'call me' }],
    [{ phoneNumber: '12' }],
    [{ locale: 'fr-FR' }],
    [{ email: 'other@example.com' }],
    [{ photoURL: 'javascript:alert(1)' }],
    [{ displayName: 'Ok', isGuest: false }],
  ])('refuses %j with 400 and changes nothing', async (body) => {
    const before = await getWith(t.app, '/api/me', user.cookie);
    const response = await patchMe(body, user.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect((await getWith(t.app, '/api/me', user.cookie)).json()).toEqual(before.json());
  });

  it('refuses anonymous callers with 401', async () => {
    const response = await patchMe({ displayName: 'Nobody' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });
});

describe('POST /api/me/photo', () => {
  it('re-encodes a PNG to a 512×512 WebP under users/<id>/ and points photoURL at it', async () => {
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c0392b' } })
      .png()
      .toBuffer();
    const response = await uploadPhoto(user.cookie, {
      filename: 'me.png',
      contentType: 'image/png',
      data: png,
    });
    expect(response.statusCode).toBe(200);
    const photoURL: string = response.json().photoURL;
    expect(photoURL).toMatch(new RegExp(`^/files/users/${user.userId}/photo-[0-9a-f]{16}\\.webp$`));
    expect(await photoOf(user.userId)).toBe(photoURL);

    const served = await t.app.inject({ method: 'GET', url: photoURL });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
  });

  it('accepts JPEG and WebP, judged by content', async () => {
    for (const format of ['jpeg', 'webp'] as const) {
      const data = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2980b9' } })
        .toFormat(format)
        .toBuffer();
      const response = await uploadPhoto(guest.cookie, {
        filename: 'picture.bin',
        contentType: 'application/octet-stream',
        data,
      });
      expect(response.statusCode, format).toBe(200);
      expect(response.json().photoURL).toMatch(/\.webp$/);
    }
  });

  it('refuses a text file renamed .png with 415, changing nothing', async () => {
    const fresh = await signUpUser(t.app);
    const response = await uploadPhoto(fresh.cookie, {
      filename: 'photo.png',
      contentType: 'image/png',
      data: Buffer.from('this is not a picture at all\n'.repeat(20)),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(await photoOf(fresh.userId)).toBeNull();
    expect(
      await readdir(path.join(t.config.dataDir, 'files', 'users', fresh.userId)).catch(() => []),
    ).toEqual([]);
  });

  it('refuses a GIF and a broken PNG with 415', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect(
      (await uploadPhoto(user.cookie, { filename: 'a.gif', contentType: 'image/gif', data: gif })).statusCode,
    ).toBe(415);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const broken = png.subarray(0, 60);
    const response = await uploadPhoto(user.cookie, {
      filename: 'b.png',
      contentType: 'image/png',
      data: broken,
    });
    expect(response.statusCode).toBe(415);
  });

  it('refuses a file over 5 MB with 413, changing nothing', async () => {
    const fresh = await signUpUser(t.app);
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const big = Buffer.concat([png, Buffer.alloc(MAX_PHOTO_BYTES + 1 - png.length, 7)]);
    const response = await uploadPhoto(fresh.cookie, {
      filename: 'big.png',
      contentType: 'image/png',
      data: big,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await photoOf(fresh.userId)).toBeNull();
  });

  it('refuses anonymous callers (401), a missing file (400) and a JSON body (415)', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(
      (await uploadPhoto(undefined, { filename: 'a.png', contentType: 'image/png', data: png })).statusCode,
    ).toBe(401);
    const wrongField = multipartBody([
      { name: 'avatar', filename: 'a.png', contentType: 'image/png', data: png },
    ]);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/me/photo',
      headers: { 'content-type': wrongField.contentType, origin: TEST_ORIGIN, cookie: user.cookie },
      payload: wrongField.payload,
    });
    expect(missing.statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/me/photo',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie: user.cookie },
      payload: '{"photo":"x"}',
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('POST /api/me/photo with a malformed multipart body', () => {
  let fresh: TestSession;
  let png: Buffer;
  beforeAll(async () => {
    fresh = await signUpUser(t.app);
    png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
  });

  it('answers every kind with its 4xx in the API error shape, changing nothing', async () => {
    const cases = badMultipartRequests({
      fileField: 'photo',
      file: { filename: 'me.png', contentType: 'image/png', data: png },
      maxFileBytes: MAX_PHOTO_BYTES,
    });
    expect(cases.length).toBeGreaterThanOrEqual(18);
    for (const bad of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/me/photo',
        headers: { 'content-type': bad.contentType, origin: TEST_ORIGIN, cookie: fresh.cookie },
        payload: bad.payload,
      });
      expect(response.statusCode, `${bad.name}: ${response.body}`).toBe(bad.status);
      expect(response.json(), bad.name).toEqual({ error: { code: bad.code, message: expect.any(String) } });
    }
    expect(await photoOf(fresh.userId)).toBeNull();
    expect(
      await readdir(path.join(t.config.dataDir, 'files', 'users', fresh.userId)).catch(() => []),
    ).toEqual([]);
  });
});

describe('multipart outside the upload route', () => {
  it('is a 415 on PATCH /api/me, changing nothing', async () => {
    const body = multipartBody([{ name: 'displayName', data: 'Multipart Name' }]);
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { 'content-type': body.contentType, origin: TEST_ORIGIN, cookie: user.cookie },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect((await getWith(t.app, '/api/me', user.cookie)).json().displayName).not.toBe('Multipart Name');
  });
});

describe('the OpenAPI document', () => {
  it('describes the profile and companions endpoints', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/me', '/api/me/photo', '/api/companions', '/api/auth-providers']),
    );
  });
});

describe('GET /api/auth-providers', () => {
  it('lists none when no provider is configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth-providers' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ providers: [] });
  });
});
