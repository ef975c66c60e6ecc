/**
 * The profile photo's file once the photo is no longer the person's, on both storage drivers (the
 * local folder and an S3 bucket on loopback, test/s3-server.ts), through the real routes against
 * PostgreSQL: a deleted account's photo URL answers 404 and its file is gone; a photo replaced by
 * a new upload is removed (the new one stays), also with uploads at once; a storage that fails to remove the file does not
 * undo the deletion nor answer a 5xx — it logs a warning with the key.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localFileStorage } from '../../storage/file-storage.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { multipartBody } from '../../test/multipart.ts';
import { startTestS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { callApi, signUpUser, TEST_ORIGIN, type TestSession } from '../../test/sessions.ts';

const picture = (background: string) =>
  sharp({ create: { width: 64, height: 64, channels: 3, background } })
    .png()
    .toBuffer();

function uploadPhoto(t: TestApp, as: TestSession, data: Buffer) {
  const body = multipartBody([{ name: 'photo', filename: 'me.png', contentType: 'image/png', data }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/me/photo',
    headers: { 'content-type': body.contentType, origin: TEST_ORIGIN, cookie: as.cookie },
    payload: body.payload,
  });
}

/** Uploads a photo for `as`; answers its URL. */
async function photoOf(t: TestApp, as: TestSession, background: string): Promise<string> {
  const response = await uploadPhoto(t, as, await picture(background));
  expect(response.statusCode).toBe(200);
  const url: string = response.json().photoURL;
  expect(url).toMatch(new RegExp(`^/files/users/${as.userId}/photo-[0-9a-f]{16}\\.webp$`));
  return url;
}

const deleteAccount = (t: TestApp, as: TestSession) =>
  callApi(t.app, 'DELETE', '/api/me', { as, body: { confirm: as.email } });

/** Every file under `dir`, as slash paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

interface Setup {
  t: TestApp;
  /** The public keys the store holds under users/<userId>/. */
  photoKeys(userId: string): Promise<string[]>;
  close(): Promise<void>;
}

async function onLocalFolder(): Promise<Setup> {
  const t = await buildTestApp();
  return {
    t,
    photoKeys: async (userId) =>
      (await filesUnder(path.join(t.config.dataDir, 'files'))).filter((key) =>
        key.startsWith(`users/${userId}/`),
      ),
    close: () => t.close(),
  };
}

async function onS3Bucket(): Promise<Setup> {
  const s3: TestS3Server = await startTestS3Server();
  const t = await buildTestApp({ config: { s3: s3.config } });
  return {
    t,
    photoKeys: async (userId) =>
      (await s3.keys(`files/users/${userId}/`)).map((key) => key.slice('files/'.length)),
    async close() {
      await t.close();
      await s3.close();
    },
  };
}

describe.each([
  ['the local folder', onLocalFolder],
  ['an S3 bucket', onS3Bucket],
] as const)('profile photo files in %s', (_name, setUp) => {
  let setup: Setup;
  let t: TestApp;
  beforeAll(async () => {
    setup = await setUp();
    t = setup.t;
  }, 60_000);
  afterAll(() => setup?.close());

  it('DELETE /api/me removes the photo: its URL answers 404 and its file is gone', async () => {
    const ana = await signUpUser(t.app, { name: 'Ana' });
    const url = await photoOf(t, ana, '#16a085');
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);

    expect((await deleteAccount(t, ana)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect(await setup.photoKeys(ana.userId)).toEqual([]);
  });

  it('a new photo removes the one it replaces; the same picture again keeps its file', async () => {
    const tom = await signUpUser(t.app, { name: 'Tom' });
    const first = await photoOf(t, tom, '#c0392b');
    const second = await photoOf(t, tom, '#2980b9');
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
    expect(await setup.photoKeys(tom.userId)).toEqual([second.slice('/files/'.length)]);

    expect(await photoOf(t, tom, '#2980b9')).toBe(second);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
    expect(await setup.photoKeys(tom.userId)).toEqual([second.slice('/files/'.length)]);
  });

  it('uploads at once: each removes the photo it replaced, the profile’s is the one file left', async () => {
    const ivy = await signUpUser(t.app, { name: 'Ivy' });
    await photoOf(t, ivy, '#000000');
    const pictures = await Promise.all(
      ['#ff0000', '#00ff00', '#0000ff', '#ffff00', '#00ffff', '#ff00ff'].map(picture),
    );
    const responses = await Promise.all(pictures.map((data) => uploadPhoto(t, ivy, data)));
    expect(responses.map((response) => response.statusCode)).toEqual(pictures.map(() => 200));
    const current: string = (await callApi(t.app, 'GET', '/api/me', { as: ivy })).json().photoURL;
    expect(await setup.photoKeys(ivy.userId)).toEqual([current.slice('/files/'.length)]);
    expect((await t.app.inject({ method: 'GET', url: current })).statusCode).toBe(200);
  });

  it('leaves other people’s photos alone', async () => {
    const [eva, leo] = await Promise.all([
      signUpUser(t.app, { name: 'Eva' }),
      signUpUser(t.app, { name: 'Leo' }),
    ]);
    const evaPhoto = await photoOf(t, eva, '#8e44ad');
    const leoPhoto = await photoOf(t, leo, '#8e44ad'); // the same picture, each under their own folder
    expect((await deleteAccount(t, eva)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: evaPhoto })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: leoPhoto })).statusCode).toBe(200);
  });
});

describe('a storage that fails to remove the photo', () => {
  let t: TestApp;
  let failures: string[];
  beforeAll(async () => {
    failures = [];
    t = await buildTestApp({
      storage: (dataDir) => {
        const local = localFileStorage(dataDir);
        return {
          ...local,
          async deletePublic(key) {
            failures.push(key);
            throw new Error('injected storage failure');
          },
        };
      },
    });
  });
  afterAll(() => t?.close());

  it('still deletes the account (200, signed out for good) and logs a warning with the key', async () => {
    const zoe = await signUpUser(t.app, { name: 'Zoe' });
    const url = await photoOf(t, zoe, '#f39c12');
    const key = url.slice('/files/'.length);

    const response = await deleteAccount(t, zoe);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ deleted: true });
    expect((await callApi(t.app, 'GET', '/api/me', { as: zoe })).statusCode).toBe(401);
    expect(failures).toEqual([key]);
    expect(t.logs.filter((line) => line.msg === 'profile photo file not removed')).toEqual([
      expect.objectContaining({ level: 40, key, userId: zoe.userId }),
    ]);
    // the orphan the warning names is still there
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('still answers a new photo when the replaced one cannot be removed', async () => {
    const max = await signUpUser(t.app, { name: 'Max' });
    const first = await photoOf(t, max, '#1abc9c');
    const second = await photoOf(t, max, '#34495e');
    expect(failures.at(-1)).toBe(first.slice('/files/'.length));
    expect((await callApi(t.app, 'GET', '/api/me', { as: max })).json()).toMatchObject({ photoURL: second });
  });
});
