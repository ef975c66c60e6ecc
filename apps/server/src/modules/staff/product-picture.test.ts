/**
 * A dish picture uploaded from the staff console (POST /api/staff/restaurants/:id/products/
 * :productId/picture, docs/decisions/0038-responsive-pictures.md): re-encoded as 4:3 WebP at the
 * widths of `pictureWidths`, never wider than it came, the product (and the diners' menu) naming
 * the widest; the files of the picture it replaced removed; every refusal a 4xx that changes
 * neither the product nor the files. Who may upload is in staff-access.test.ts. The S3 driver's
 * case is in storage/s3-routes.test.ts.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { DISH_PICTURE_FIELD, MAX_DISH_PICTURE_BYTES } from '@comensal/contracts';
import { pictureSources } from '@comensal/domain';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, staffAudit } from '../../db/schema.ts';
import { pngClaiming } from '../../payments/receipts/testing/fixtures.ts';
import { badMultipartRequests } from '../../test/multipart.ts';
import { callApi, signUpUser, type TestSession } from '../../test/sessions.ts';
import { insertOrdersRestaurant, type OrdersRestaurant } from '../orders/testing.ts';
import { addStaff, buildPaymentsApp, type PaymentsTestApp } from '../payments/testing.ts';
import { staffApi } from './testing.ts';

let t: PaymentsTestApp;
let restaurant: OrdersRestaurant;
let elsewhere: OrdersRestaurant;
let owner: TestSession;
let api: ReturnType<typeof staffApi>;

beforeAll(async () => {
  t = await buildPaymentsApp();
  api = staffApi(t.app);
  restaurant = await insertOrdersRestaurant(t.db);
  elsewhere = await insertOrdersRestaurant(t.db);
  owner = await signUpUser(t.app, { name: 'Owner' });
  await addStaff(t.db.db, restaurant.restaurant.id, owner.userId, 'owner');
}, 60_000);
afterAll(() => t?.close());

const rid = () => restaurant.restaurant.id;

/** A picture with some structure (so the encoder does real work), in `format`. */
function picture(width: number, height: number, format: 'jpeg' | 'png' | 'webp' = 'jpeg') {
  const stripes = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect width="100%" height="100%" fill="#c0392b"/>` +
      `<rect x="${width / 4}" y="${height / 4}" width="${width / 2}" height="${height / 2}" fill="#f1c40f"/></svg>`,
  );
  return sharp(stripes).toFormat(format).toBuffer();
}

const imageOf = async (productId: string) =>
  (await t.db.db.select({ imageUrl: products.imageUrl }).from(products).where(eq(products.id, productId)))[0]
    ?.imageUrl ?? null;

/** The files in the product's picture folder. */
const folderFiles = (productId: string) =>
  readdir(path.join(t.config.dataDir, 'files', 'restaurants', rid(), 'products', productId)).then(
    (names) => names.sort(),
    () => [] as string[],
  );

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('uploading a dish picture', () => {
  it('stores it as 4:3 WebP at 320, 640 and 960 px, points the product (and the menu) at the widest, and audits it', async () => {
    const productId = restaurant.product('untracked');
    // EXIF with a position: the stored files must not carry it
    const jpeg = await sharp(await picture(1600, 1000))
      .withExif({ IFD0: { Copyright: 'secret place' } })
      .jpeg()
      .toBuffer();
    const response = await api.uploadPicture(owner, rid(), productId, jpeg);
    expect(response.statusCode, response.body).toBe(200);
    const imageUrl: string = response.json().imageUrl;
    expect(imageUrl).toMatch(
      new RegExp(`^/files/restaurants/${rid()}/products/${productId}/[0-9a-f]{16}\\.960w\\.webp$`),
    );
    expect(await imageOf(productId)).toBe(imageUrl);

    const sources = pictureSources(imageUrl);
    expect(sources).toMatchObject({ width: 960, height: 720 });
    const urls = sources.srcSet!.split(', ').map((entry) => entry.split(' ')[0]!);
    expect(urls).toHaveLength(3);
    for (const [index, width] of [320, 640, 960].entries()) {
      const served = await get(urls[index]!);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height: (width * 3) / 4 });
      expect(meta.exif).toBeUndefined();
    }
    expect(await folderFiles(productId)).toHaveLength(3);

    const menu = await callApi(t.app, 'GET', `/api/restaurants/${rid()}/menu`);
    const dish = menu.json().items.find((item: { id: string }) => item.id === productId);
    expect(dish.imageUrl).toBe(imageUrl);

    const [audit] = await t.db.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.restaurantId, rid()), eq(staffAudit.targetId, productId)));
    expect(audit).toMatchObject({ action: 'product.updated', after: { imageUrl } });
  });

  it('never makes a picture wider than it came: a 700×1000 PNG is cut to 700×525, stored at 320, 640 and 700', async () => {
    const productId = restaurant.product('stocked');
    const response = await api.uploadPicture(
      owner,
      rid(),
      productId,
      await picture(700, 1000, 'png'),
      'image/png',
    );
    expect(response.statusCode, response.body).toBe(200);
    const imageUrl: string = response.json().imageUrl;
    expect(imageUrl).toMatch(/\.700w\.webp$/);
    expect(pictureSources(imageUrl).srcSet).toMatch(
      /\.320w\.webp 320w, .*\.640w\.webp 640w, .*\.700w\.webp 700w$/,
    );
    expect(await sharp((await get(imageUrl)).rawPayload).metadata()).toMatchObject({
      width: 700,
      height: 525,
    });
    expect(await folderFiles(productId)).toHaveLength(3);
  });

  it('replacing it removes the files of the former picture once the new one is committed', async () => {
    const productId = restaurant.product('untracked');
    const first = (await api.uploadPicture(owner, rid(), productId, await picture(1000, 750))).json()
      .imageUrl;
    const firstFiles = pictureSources(first)
      .srcSet!.split(', ')
      .map((entry) => entry.split(' ')[0]!);
    const second = await api.uploadPicture(
      owner,
      rid(),
      productId,
      await picture(500, 400, 'webp'),
      'image/webp',
    );
    expect(second.statusCode).toBe(200);
    const secondUrl: string = second.json().imageUrl;
    expect(secondUrl).not.toBe(first);
    expect(await imageOf(productId)).toBe(secondUrl);
    for (const url of firstFiles) expect((await get(url)).statusCode, url).toBe(404);
    expect((await get(secondUrl)).statusCode).toBe(200);
    // 500×400 cut to 500×375: 320 and 500
    expect(await folderFiles(productId)).toEqual(
      [320, 500].map((width) => secondUrl.split('/').at(-1)!.replace('500w', `${width}w`)).sort(),
    );
  });

  it('leaves a picture the upload did not make (a demo SVG, an address elsewhere) where it is', async () => {
    const productId = restaurant.product('untracked');
    const svg = await t.app.storage.put(
      `restaurants/${rid()}/products/${productId}.svg`,
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    );
    await t.db.db.update(products).set({ imageUrl: svg.url }).where(eq(products.id, productId));
    const response = await api.uploadPicture(owner, rid(), productId, await picture(400, 300));
    expect(response.statusCode).toBe(200);
    expect((await get(svg.url)).statusCode).toBe(200);
  });
});

describe('a refused picture changes nothing', () => {
  let productId: string;
  let before: string | null;
  let filesBefore: string[];
  beforeAll(async () => {
    productId = restaurant.product('untracked');
    before = await imageOf(productId);
    filesBefore = await folderFiles(productId);
  });
  const unchanged = async () => {
    expect(await imageOf(productId)).toBe(before);
    expect(await folderFiles(productId)).toEqual(filesBefore);
  };

  it.each<[string, () => Promise<Buffer>, number, string]>([
    [
      'a text file called .jpg',
      async () => Buffer.from('not a picture at all\n'.repeat(20)),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      'an SVG with a script',
      async () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
        ),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      'a GIF',
      () =>
        sharp({ create: { width: 400, height: 300, channels: 3, background: '#000' } })
          .gif()
          .toBuffer(),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      'a JPEG cut short',
      async () => (await picture(800, 600)).subarray(0, 300),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      'a PNG claiming 2.5 gigapixels (decompression bomb)',
      async () => pngClaiming(50_000, 50_000),
      413,
      'PAYLOAD_TOO_LARGE',
    ],
    [
      'a file one byte over the limit',
      async () => {
        const jpeg = await picture(400, 300);
        return Buffer.concat([jpeg, Buffer.alloc(MAX_DISH_PICTURE_BYTES + 1 - jpeg.length, 7)]);
      },
      413,
      'PAYLOAD_TOO_LARGE',
    ],
    ['a picture under 160 px wide once cut to 4:3', () => picture(150, 600), 400, 'VALIDATION_FAILED'],
  ])('%s is refused', async (_name, data, status, code) => {
    const response = await api.uploadPicture(owner, rid(), productId, await data());
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toEqual({
      error: { code, message: expect.any(String), ...(status === 400 ? { details: expect.anything() } : {}) },
    });
    await unchanged();
  });

  it('says why a small picture is refused', async () => {
    const response = await api.uploadPicture(owner, rid(), productId, await picture(200, 100));
    expect(response.json().error.details).toMatchObject({ reason: 'PICTURE_TOO_SMALL', minWidth: 160 });
    await unchanged();
  });

  it('answers 404 for an unknown product, a product of another restaurant and a malformed id', async () => {
    const jpeg = await picture(400, 300);
    for (const id of ['00000000-0000-4000-8000-000000000000', elsewhere.product('untracked'), 'nope']) {
      const response = await api.uploadPicture(owner, rid(), id, jpeg);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    expect(await imageOf(elsewhere.product('untracked'))).toBeNull();
    // the refused upload's files were removed again
    expect(
      await readdir(
        path.join(
          t.config.dataDir,
          'files',
          'restaurants',
          rid(),
          'products',
          '00000000-0000-4000-8000-000000000000',
        ),
      ).catch(() => []),
    ).toEqual([]);
    await unchanged();
  });

  it.each(
    badMultipartRequests({
      fileField: DISH_PICTURE_FIELD,
      file: { filename: 'plato.jpg', contentType: 'image/jpeg', data: Buffer.from('placeholder') },
      maxFileBytes: MAX_DISH_PICTURE_BYTES,
    }).map((bad) => [bad.name, bad] as const),
  )('a malformed form (%s) is a 4xx', async (_name, bad) => {
    const response = await callApi(
      t.app,
      'POST',
      `/api/staff/restaurants/${rid()}/products/${productId}/picture`,
      {
        as: owner,
        headers: { 'content-type': bad.contentType },
        payload: bad.payload,
      },
    );
    expect(response.statusCode, response.body).toBe(bad.status);
    expect(response.json().error.code).toBe(bad.code);
    await unchanged();
  });
});
