/**
 * The app with `S3_*` set, through its real routes: a profile photo and a Pago Móvil receipt land
 * in the bucket under their keys (files/… and private/…), nothing lands in DATA_DIR, and they are
 * served back with today's access rules — the photo to anyone at its /files/ URL, the receipt to
 * its payer and the restaurant's staff only, at no /files/ URL. A refused duplicate transfer leaves
 * no object behind. A dish picture lands in every width, and a new one removes the old objects. Against s3rver on loopback (test/s3-server.ts).
 */
import { readdir } from 'node:fs/promises';
import { DISH_PICTURE_FIELD, RECEIPT_FIELD, type Transaction } from '@comensal/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiptPicture } from '../payments/receipts/testing/fixtures.ts';
import { insertOrdersRestaurant, type OrdersRestaurant } from '../modules/orders/testing.ts';
import {
  addStaff,
  buildPaymentsApp,
  expectStatus,
  openTable,
  orderPlain,
  PAGO_MOVIL,
  paymentApi,
  prepare,
  type PaymentsTestApp,
} from '../modules/payments/testing.ts';
import { multipartBody } from '../test/multipart.ts';
import { startTestS3Server, type TestS3Server } from '../test/s3-server.ts';
import { signInGuest, signUpUser, type TestSession } from '../test/sessions.ts';

let s3: TestS3Server;
let t: PaymentsTestApp;
let restaurant: OrdersRestaurant;
let ana: TestSession;
let tom: TestSession;
let guest: TestSession;
let outsider: TestSession;
let staff: TestSession;
let otherStaff: TestSession;
let api: ReturnType<typeof paymentApi>;
let receipt: Buffer;

beforeAll(async () => {
  s3 = await startTestS3Server();
  t = await buildPaymentsApp({ config: { s3: s3.config } });
  api = paymentApi(t.app);
  restaurant = await insertOrdersRestaurant(t.db, {
    payments: { webpay: true, cash: true, mobileTransfer: { ...PAGO_MOVIL } },
  });
  const elsewhere = await insertOrdersRestaurant(t.db);
  [ana, tom, guest, outsider, staff, otherStaff] = await Promise.all([
    signUpUser(t.app, { name: 'Ana' }),
    signUpUser(t.app, { name: 'Tom' }),
    signInGuest(t.app),
    signUpUser(t.app, { name: 'Outsider' }),
    signUpUser(t.app, { name: 'Staff' }),
    signUpUser(t.app, { name: 'Other staff' }),
  ]);
  await addStaff(t.db.db, restaurant.restaurant.id, staff.userId, 'staff');
  await addStaff(t.db.db, elsewhere.restaurant.id, otherStaff.userId, 'owner');
  receipt = await receiptPicture('png');
}, 60_000);
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

/** Nothing the app stores goes to DATA_DIR/files or DATA_DIR/private. */
async function localFiles(): Promise<string[]> {
  const found: string[] = [];
  for (const folder of ['files', 'private']) {
    const entries = await readdir(`${t.config.dataDir}/${folder}`, {
      recursive: true,
      withFileTypes: true,
    }).catch(() => []);
    found.push(...entries.filter((entry) => entry.isFile()).map((entry) => entry.name));
  }
  return found;
}

function send(as: TestSession, url: string, parts: Parameters<typeof multipartBody>[0]) {
  const body = multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': body.contentType, origin: t.config.publicUrl, cookie: as.cookie },
    payload: body.payload,
  });
}

describe('a profile photo', () => {
  it('lands at files/users/<id>/photo-<hash>.webp and anyone gets it at its /files/ URL, revalidated by ETag', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#16a085' } })
      .png()
      .toBuffer();
    const response = await send(ana, '/api/me/photo', [
      { name: 'photo', filename: 'me.png', contentType: 'image/png', data: png },
    ]);
    expect(response.statusCode).toBe(200);
    const photoURL: string = response.json().photoURL;
    const match = new RegExp(`^/files/(users/${ana.userId}/photo-[0-9a-f]{16}\\.webp)$`).exec(photoURL);
    expect(match).not.toBeNull();
    const key = `files/${match![1]}`;
    expect(await s3.keys(`files/users/${ana.userId}/`)).toEqual([key]);
    expect((await s3.object(key))?.contentType).toBe('image/webp');
    expect(await localFiles()).toEqual([]);

    const served = await t.app.inject({ method: 'GET', url: photoURL }); // no session
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=3600',
    });
    expect(Buffer.compare(served.rawPayload, (await s3.object(key))!.data)).toBe(0);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 512,
      height: 512,
    });
    const again = await t.app.inject({
      method: 'GET',
      url: photoURL,
      headers: { 'if-none-match': served.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('a Pago Móvil receipt', () => {
  let references = 0;
  const freshReference = () => `${Date.now() % 1_000_000}${(references += 1)}`.padStart(8, '0');

  async function uploadTransfer(as: TestSession, reference: string) {
    const reservationId = await openTable(t.app, t.db.db, restaurant, ana, [tom, guest]);
    const order = await orderPlain(t.app, restaurant, ana, reservationId);
    const payment = await prepare(t.app, as, reservationId, {
      paymentType: 'mobile_transfer',
      chosenTips: '0',
      orderIds: [order.id],
    });
    return send(as, `/api/reservations/${reservationId}/transactions`, [
      { name: 'pendingPaymentId', data: payment.id },
      { name: 'bankCode', data: '0102' },
      { name: 'reference', data: reference },
      { name: 'transferDate', data: '2026-03-02' },
      { name: RECEIPT_FIELD, filename: 'recibo.png', contentType: 'image/png', data: receipt },
    ]);
  }

  it('lands at private/restaurants/<r>/pagos movil/<id>.jpg, served to its payer and the staff only', async () => {
    const transaction = expectStatus<Transaction>(await uploadTransfer(ana, freshReference()), 201);
    const key = `private/restaurants/${restaurant.restaurant.id}/pagos movil/${transaction.id}.jpg`;
    expect(await s3.keys(`private/restaurants/${restaurant.restaurant.id}/`)).toEqual([key]);
    const stored = await s3.object(key);
    expect(stored?.contentType).toBe('image/jpeg');
    expect(await localFiles()).toEqual([]);

    for (const allowed of [ana, staff]) {
      const file = await api.receipt(allowed, transaction.id);
      expect(file.statusCode).toBe(200);
      expect(file.headers).toMatchObject({
        'content-type': 'image/jpeg',
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      });
      expect(file.headers['content-disposition']).toMatch(/^attachment; filename="receipt-/);
      expect(Buffer.compare(file.rawPayload, stored!.data)).toBe(0);
    }
    expect((await api.receipt(tom, transaction.id)).statusCode).toBe(403);
    expect((await api.receipt(guest, transaction.id)).statusCode).toBe(403);
    for (const stranger of [outsider, otherStaff]) {
      expect((await api.receipt(stranger, transaction.id)).statusCode).toBe(404);
    }
    expect((await api.receipt(null, transaction.id)).statusCode).toBe(401);

    // at no public URL, whatever the path
    const encoded = key.slice('private/'.length).split('/').map(encodeURIComponent).join('/');
    for (const url of [
      `/files/${encoded}`,
      `/files/../private/${encoded}`,
      `/files/..%2fprivate/${encoded}`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('a duplicate transfer refused (409) leaves no object in the bucket', async () => {
    const reference = freshReference();
    expectStatus(await uploadTransfer(ana, reference), 201);
    const before = await s3.keys('private/');
    const from = s3.requests.length;
    const again = await uploadTransfer(tom, reference);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('TRANSFER_DUPLICATE');
    expect(await s3.keys('private/')).toEqual(before);
    // a receipt written before the refusal would have been deleted: every PUT has its DELETE
    const sent = s3.requests.slice(from).map(({ method, url }) => `${method} ${url.split('?')[0]}`);
    for (const line of sent.filter((request) => request.startsWith('PUT '))) {
      expect(sent).toContain(`DELETE ${line.slice(4)}`);
    }
  });

  it('two simultaneous uploads of one transfer: one 201, one 409, one object (3 rounds)', async () => {
    for (let round = 0; round < 3; round += 1) {
      const reference = freshReference();
      const before = await s3.keys('private/');
      const responses = await Promise.all([uploadTransfer(ana, reference), uploadTransfer(tom, reference)]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
      const winner = responses.find((response) => response.statusCode === 201)!.json() as Transaction;
      const added = (await s3.keys('private/')).filter((key) => !before.includes(key));
      expect(added).toEqual([`private/restaurants/${restaurant.restaurant.id}/pagos movil/${winner.id}.jpg`]);
    }
  });
});

describe('a dish picture', () => {
  it('lands at files/restaurants/<r>/products/<p>/ in every width, served at its /files/ URLs; a new one removes the old objects', async () => {
    const productId = restaurant.product('untracked');
    const folder = `files/restaurants/${restaurant.restaurant.id}/products/${productId}/`;
    const upload = async (width: number, height: number) => {
      const jpeg = await sharp({ create: { width, height, channels: 3, background: '#8e44ad' } })
        .jpeg()
        .toBuffer();
      const response = await send(
        staff,
        `/api/staff/restaurants/${restaurant.restaurant.id}/products/${productId}/picture`,
        [{ name: DISH_PICTURE_FIELD, filename: 'plato.jpg', contentType: 'image/jpeg', data: jpeg }],
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json().imageUrl as string;
    };
    const first = await upload(1200, 900);
    const firstKeys = [320, 640, 960].map(
      (width) => `files/${first.slice('/files/'.length).replace('960w', `${width}w`)}`,
    );
    expect((await s3.keys(folder)).sort()).toEqual(firstKeys.sort());
    for (const key of firstKeys) expect((await s3.object(key))?.contentType).toBe('image/webp');
    const served = await t.app.inject({ method: 'GET', url: first.replace('960w', '320w') });
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 320,
      height: 240,
    });
    expect(await localFiles()).toEqual([]);

    const second = await upload(640, 480);
    expect((await s3.keys(folder)).sort()).toEqual(
      [320, 640]
        .map((width) => `files/${second.slice('/files/'.length).replace('640w', `${width}w`)}`)
        .sort(),
    );
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
  });
});
