/**
 * Paying by Pago Móvil (with the transfer's receipt) and in cash, and the restaurant's answer
 * (docs/product.md#pago-movil): the receipt checked by content and stored privately, served to
 * the payer and the staff only; a reused (bank, reference, date) refused by the database — also
 * between two simultaneous uploads — with no row and no file left; every bad receipt and every
 * malformed form refused with nothing written; confirm → paid, points, e-mail; reject → due
 * again; confirm and reject racing → one wins.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { RECEIPT_FIELD, type PendingPayment, type Transaction } from '@comensal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appContext } from '../../http/request.ts';
import { badReceipts, goodReceipts, receiptPicture } from '../../payments/receipts/testing/fixtures.ts';
import { badMultipartRequests, multipartBody, type FormPart } from '../../test/multipart.ts';
import { mailsTo } from '../../test/outbox.ts';
import { signInGuest, signUpUser, type TestSession } from '../../test/sessions.ts';
import { insertOrdersRestaurant, type OrdersRestaurant } from '../orders/testing.ts';
import { confirmTransaction, rejectTransaction } from './index.ts';
import {
  addStaff,
  buildPaymentsApp,
  countersOf,
  expectStatus,
  openTable,
  orderPlain,
  PAGO_MOVIL,
  paymentApi,
  payCashCall,
  pendingPaymentsOf,
  pointsAt,
  prepare,
  readOrders,
  readTotal,
  readTransactions,
  transactionsOf,
  type PaymentsTestApp,
} from './testing.ts';

let t: PaymentsTestApp;
let restaurant: OrdersRestaurant;
let elsewhere: OrdersRestaurant;
let ana: TestSession;
let tom: TestSession;
let guest: TestSession;
let outsider: TestSession;
let staff: TestSession;
let otherStaff: TestSession;
let api: ReturnType<typeof paymentApi>;
let receipt: Buffer;
/** The receipts that are accepted (fixtures made from bytes at load time). */
const GOOD_RECEIPTS = await goodReceipts();

beforeAll(async () => {
  t = await buildPaymentsApp();
  api = paymentApi(t.app);
  restaurant = await insertOrdersRestaurant(t.db, {
    payments: { webpay: true, cash: true, mobileTransfer: { ...PAGO_MOVIL } },
    pointsRate: { points: 1, perMinor: 1_000 },
  });
  elsewhere = await insertOrdersRestaurant(t.db, {
    payments: { webpay: true, cash: true, mobileTransfer: { ...PAGO_MOVIL } },
  });
  [ana, tom, guest, outsider, staff, otherStaff] = await Promise.all([
    signUpUser(t.app, { name: 'Ana', locale: 'es-ES' }),
    signUpUser(t.app, { name: 'Tom', locale: 'en-US' }),
    signInGuest(t.app),
    signUpUser(t.app, { name: 'Outsider' }),
    signUpUser(t.app, { name: 'Staff' }),
    signUpUser(t.app, { name: 'Other staff' }),
  ]);
  await addStaff(t.db.db, restaurant.restaurant.id, staff.userId, 'staff');
  await addStaff(t.db.db, elsewhere.restaurant.id, otherStaff.userId, 'owner');
  receipt = await receiptPicture('png');
}, 60_000);
afterAll(() => t?.close());

const ctx = () => appContext(t.app);
let references = 0;
const freshReference = () => `${Date.now() % 1_000_000}${(references += 1)}`.padStart(8, '0');

interface Table {
  reservationId: string;
  orderId: string;
  payment: PendingPayment;
}

/** A table where `payer` prepares paying ana's 10,000 dish by `paymentType`, 10 % tip. */
async function prepared(payer: TestSession = ana, paymentType = 'mobile_transfer'): Promise<Table> {
  const reservationId = await openTable(t.app, t.db.db, restaurant, ana, [tom, guest]);
  const order = await orderPlain(t.app, restaurant, ana, reservationId, 2);
  const payment = await prepare(t.app, payer, reservationId, {
    paymentType,
    chosenTips: '10',
    orderIds: [order.id],
  });
  return { reservationId, orderId: order.id, payment };
}

interface TransferForm {
  pendingPaymentId: string;
  bankCode?: string;
  reference?: string;
  transferDate?: string;
  file?: { filename: string; contentType: string; data: Buffer };
}

const fields = (form: TransferForm) => ({
  pendingPaymentId: form.pendingPaymentId,
  bankCode: form.bankCode ?? '0102',
  reference: form.reference ?? freshReference(),
  transferDate: form.transferDate ?? '2026-03-02',
});

function upload(as: TestSession | null, reservationId: string, form: TransferForm) {
  const parts: FormPart[] = [
    ...Object.entries(fields(form)).map(([name, data]) => ({ name, data })),
    {
      name: RECEIPT_FIELD,
      ...(form.file ?? { filename: 'recibo.png', contentType: 'image/png', data: receipt }),
    },
  ];
  const body = multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url: `/api/reservations/${reservationId}/transactions`,
    headers: {
      'content-type': body.contentType,
      origin: t.config.publicUrl,
      ...(as ? { cookie: as.cookie } : {}),
    },
    payload: body.payload,
  });
}

/** Every private file stored so far (relative paths). */
async function privateFiles(): Promise<string[]> {
  const root = path.join(t.config.dataDir, 'private');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe('Pago Móvil: the transfer and its receipt', () => {
  it('201 a pending transaction; the orders await confirmation; the receipt is private', async () => {
    const { reservationId, orderId, payment } = await prepared();
    const reference = freshReference();
    const response = await upload(ana, reservationId, {
      pendingPaymentId: payment.id,
      reference,
      bankCode: '0134',
    });
    const transaction = expectStatus<Transaction>(response, 201);
    expect(transaction).toMatchObject({
      reservationId,
      restaurantId: restaurant.restaurant.id,
      payer: { id: ana.userId, displayName: 'Ana' },
      paymentType: 'mobile_transfer',
      status: 'pending',
      amountMinor: 10_000,
      tipsMinor: 1_000,
      orderIds: [orderId],
      report: {
        file: `/api/transactions/${transaction.id}/receipt`,
        bankCode: '0134',
        reference,
        transferDate: '2026-03-02',
        rejectionReason: null,
      },
      card: null,
      pointsEarned: 0,
    });
    expect(await privateFiles()).toContain(
      path.join('restaurants', restaurant.restaurant.id, 'pagos movil', `${transaction.id}.jpg`),
    );
    expect(await countersOf(t.db.db, orderId)).toEqual({
      allocatedMinor: 10_000,
      pendingMinor: 10_000,
      paidMinor: 0,
      paidBy: ana.userId,
      paymentType: 'mobile_transfer',
      pendingToConfirmed: true,
    });
    const [line] = await readOrders(t.app, tom, reservationId);
    expect(line).toMatchObject({
      payer: { userId: ana.userId, paymentType: 'mobile_transfer', pendingToConfirmed: true },
      payment: { status: 'pending', pendingMinor: 10_000, dueMinor: 0, heldMinor: 0 },
    });
    expect(await readTotal(t.app, tom, reservationId)).toMatchObject({ pendingMinor: 10_000, dueMinor: 0 });
    expect((await pendingPaymentsOf(t.db.db, reservationId))[0]).toMatchObject({ status: 'processing' });
    expect((await readTransactions(t.app, guest, reservationId)).map((row) => row.id)).toEqual([
      transaction.id,
    ]);

    // the receipt: a download for the payer and the restaurant's staff, nobody else
    for (const allowed of [ana, staff]) {
      const file = await api.receipt(allowed, transaction.id);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
      expect(file.headers['content-disposition']).toMatch(/^attachment; filename="receipt-/);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    }
    expect((await api.receipt(tom, transaction.id)).statusCode).toBe(403);
    expect((await api.receipt(guest, transaction.id)).statusCode).toBe(403);
    for (const stranger of [outsider, otherStaff]) {
      expect((await api.receipt(stranger, transaction.id)).statusCode).toBe(404);
    }
    expect((await api.receipt(null, transaction.id)).statusCode).toBe(401);
    expect((await api.receipt(ana, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await api.receipt(ana, 'not-an-id')).statusCode).toBe(404);
  });

  it.each(GOOD_RECEIPTS.map((good) => [good.name, good] as const))(
    'accepts %s and stores it as what it is',
    async (_name, good) => {
      const { reservationId, payment } = await prepared();
      const response = await upload(ana, reservationId, {
        pendingPaymentId: payment.id,
        file: { filename: good.filename, contentType: good.declaredType, data: good.data },
      });
      const transaction = expectStatus<Transaction>(response, 201);
      const file = await api.receipt(ana, transaction.id);
      expect(file.headers['content-type']).toBe(good.storedAs);
    },
  );

  it('refuses every bad receipt with its answer, writing nothing', async () => {
    const { reservationId, orderId, payment } = await prepared();
    const before = await privateFiles();
    const bad = await badReceipts();
    expect(bad.length).toBeGreaterThan(10);
    for (const fixture of bad) {
      const response = await upload(ana, reservationId, {
        pendingPaymentId: payment.id,
        file: { filename: fixture.filename, contentType: fixture.declaredType, data: fixture.data },
      });
      expect([fixture.name, response.statusCode]).toEqual([fixture.name, fixture.status]);
      expect(response.json().error.code).toBe(fixture.code);
      if (fixture.reason) expect(response.json().error.details?.reason).toBe(fixture.reason);
    }
    expect(await transactionsOf(t.db.db, reservationId)).toEqual([]);
    expect(await privateFiles()).toEqual(before);
    expect((await pendingPaymentsOf(t.db.db, reservationId))[0]).toMatchObject({ status: 'open' });
    expect(await countersOf(t.db.db, orderId)).toMatchObject({ pendingMinor: 0, paidBy: null });
  }, 60_000);

  it('refuses every malformed form with a 4xx, writing nothing', async () => {
    const { reservationId, payment } = await prepared();
    const before = await privateFiles();
    const cases = badMultipartRequests({
      fileField: RECEIPT_FIELD,
      file: { filename: 'recibo.png', contentType: 'image/png', data: receipt },
      maxFileBytes: 10 * 1024 * 1024,
      fields: fields({ pendingPaymentId: payment.id }),
    });
    for (const bad of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/reservations/${reservationId}/transactions`,
        headers: { 'content-type': bad.contentType, origin: t.config.publicUrl, cookie: ana.cookie },
        payload: bad.payload,
      });
      expect([bad.name, response.statusCode]).toEqual([bad.name, bad.status]);
    }
    expect(await transactionsOf(t.db.db, reservationId)).toEqual([]);
    expect(await privateFiles()).toEqual(before);
  }, 60_000);

  it.each([
    ['a bank code that is not 4 digits', { bankCode: '102' }],
    ['a reference with spaces', { reference: '12 34' }],
    ['a date that does not exist', { transferDate: '2026-02-30' }],
    ['a date in the future (the restaurant’s today is 2026-03-02)', { transferDate: '2026-03-03' }],
    ['a date more than 30 days ago', { transferDate: '2026-01-30' }],
    ['a malformed date', { transferDate: '02/03/2026' }],
  ])('refuses %s (400), writing nothing', async (_label, form) => {
    const { reservationId, payment } = await prepared();
    const before = await privateFiles();
    const response = await upload(ana, reservationId, { pendingPaymentId: payment.id, ...form });
    expect(response.statusCode).toBe(400);
    expect(await transactionsOf(t.db.db, reservationId)).toEqual([]);
    expect(await privateFiles()).toEqual(before);
  });

  it('refuses another member’s payment (403), a stranger (403 before the file is read), a closed or cash payment', async () => {
    const { reservationId, orderId, payment } = await prepared();
    expect((await upload(tom, reservationId, { pendingPaymentId: payment.id })).statusCode).toBe(403);
    expect((await upload(outsider, reservationId, { pendingPaymentId: payment.id })).statusCode).toBe(403);
    expect((await upload(null, reservationId, { pendingPaymentId: payment.id })).statusCode).toBe(401);
    expectStatus(await api.cancel(ana, reservationId, payment.id), 204);
    expect((await upload(ana, reservationId, { pendingPaymentId: payment.id })).json().error.code).toBe(
      'PENDING_PAYMENT_CLOSED',
    );
    const cash = await prepare(t.app, ana, reservationId, {
      paymentType: 'cash',
      chosenTips: '0',
      orderIds: [orderId],
    });
    const wrong = await upload(ana, reservationId, { pendingPaymentId: cash.id });
    expect(wrong.json().error.details).toMatchObject({ reason: 'PAYMENT_TYPE_MISMATCH' });
    expect(await transactionsOf(t.db.db, reservationId)).toEqual([]);
  });
});

describe('TRANSFER_DUPLICATE: a (bank, reference, date) is used once', () => {
  it('a reused triple is 409, at any table, leaving no row and no file', async () => {
    const first = await prepared();
    const reference = freshReference();
    expectStatus(
      await upload(ana, first.reservationId, { pendingPaymentId: first.payment.id, reference }),
      201,
    );
    const second = await prepared(tom);
    const files = await privateFiles();
    const again = await upload(tom, second.reservationId, { pendingPaymentId: second.payment.id, reference });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('TRANSFER_DUPLICATE');
    expect(await transactionsOf(t.db.db, second.reservationId)).toEqual([]);
    expect(await privateFiles()).toEqual(files);
    expect((await pendingPaymentsOf(t.db.db, second.reservationId))[0]).toMatchObject({ status: 'open' });
    // another date or bank is another transfer
    expectStatus(
      await upload(tom, second.reservationId, {
        pendingPaymentId: second.payment.id,
        reference,
        bankCode: '0105',
      }),
      201,
    );
  });

  it('two simultaneous uploads of one triple: one wins, one 409, one file (5 rounds)', async () => {
    for (let round = 0; round < 5; round += 1) {
      const [a, b] = [await prepared(ana), await prepared(tom)];
      const reference = freshReference();
      const files = await privateFiles();
      const responses = await Promise.all([
        upload(ana, a.reservationId, { pendingPaymentId: a.payment.id, reference }),
        upload(tom, b.reservationId, { pendingPaymentId: b.payment.id, reference }),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
      expect((await privateFiles()).length).toBe(files.length + 1);
      const rows = [
        ...(await transactionsOf(t.db.db, a.reservationId)),
        ...(await transactionsOf(t.db.db, b.reservationId)),
      ];
      expect(rows).toHaveLength(1);
    }
  });
});

describe('the restaurant confirms or rejects', () => {
  it('confirm: paid, points earned, the payer told live and by e-mail; a second confirm changes nothing', async () => {
    const { reservationId, orderId, payment } = await prepared(tom);
    const transaction = expectStatus<Transaction>(
      await upload(tom, reservationId, { pendingPaymentId: payment.id }),
      201,
    );
    const before = await pointsAt(t.db.db, tom.userId, restaurant.restaurant.id);

    const confirmed = await confirmTransaction(ctx(), transaction.id, staff.userId);
    expect(confirmed).toMatchObject({ changed: true, transaction: { status: 'approved', pointsEarned: 10 } });
    expect(await countersOf(t.db.db, orderId)).toEqual({
      allocatedMinor: 10_000,
      pendingMinor: 0,
      paidMinor: 10_000,
      paidBy: tom.userId,
      paymentType: 'mobile_transfer',
      pendingToConfirmed: false,
    });
    expect(await readTotal(t.app, ana, reservationId)).toMatchObject({
      paidMinor: 10_000,
      pendingMinor: 0,
      dueMinor: 0,
    });
    expect(await pointsAt(t.db.db, tom.userId, restaurant.restaurant.id)).toBe(before + 10);
    expect((await pendingPaymentsOf(t.db.db, reservationId))[0]).toMatchObject({ status: 'paid' });
    const mails = (await mailsTo(t.config.dataDir, tom.email)).filter((m) =>
      m.subject?.startsWith('Your payment'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Paid by: Pago Móvil, reference');
    expect(mails[0]!.text).toContain('You earned 10 points');

    const again = await confirmTransaction(ctx(), transaction.id, staff.userId);
    expect(again).toMatchObject({ changed: false, transaction: { status: 'approved' } });
    const rejectLate = await rejectTransaction(ctx(), transaction.id, staff.userId, 'too late');
    expect(rejectLate).toMatchObject({ changed: false, transaction: { status: 'approved' } });
    expect(await pointsAt(t.db.db, tom.userId, restaurant.restaurant.id)).toBe(before + 10);
  });

  it('reject: the orders are due again, the payment cancelled, the payer told why', async () => {
    const { reservationId, orderId, payment } = await prepared(ana);
    const transaction = expectStatus<Transaction>(
      await upload(ana, reservationId, { pendingPaymentId: payment.id }),
      201,
    );
    const rejected = await rejectTransaction(
      ctx(),
      transaction.id,
      staff.userId,
      '  No llegó la transferencia ',
    );
    expect(rejected).toMatchObject({
      changed: true,
      transaction: { status: 'rejected', report: { rejectionReason: 'No llegó la transferencia' } },
    });
    expect(await countersOf(t.db.db, orderId)).toEqual({
      allocatedMinor: 0,
      pendingMinor: 0,
      paidMinor: 0,
      paidBy: null,
      paymentType: null,
      pendingToConfirmed: false,
    });
    expect(await readTotal(t.app, tom, reservationId)).toMatchObject({
      dueMinor: 10_000,
      pendingMinor: 0,
      heldMinor: 0,
    });
    expect((await pendingPaymentsOf(t.db.db, reservationId))[0]).toMatchObject({ status: 'cancelled' });
    const [mail] = (await mailsTo(t.config.dataDir, ana.email)).filter(
      (m) => m.subject === 'No se pudo confirmar tu pago',
    );
    expect(mail?.text).toContain('Motivo: No llegó la transferencia');
    expect((await confirmTransaction(ctx(), transaction.id, staff.userId)).changed).toBe(false);
    // due again: anyone can pay it now
    await prepare(t.app, tom, reservationId, { paymentType: 'cash', chosenTips: '0', orderIds: [orderId] });
  });

  it('confirm and reject racing: one wins, the other changes nothing (10 rounds)', async () => {
    for (let round = 0; round < 10; round += 1) {
      const { reservationId, orderId, payment } = await prepared(ana, 'cash');
      const transaction = await payCashCall(t.app, ana, reservationId, payment.id);
      const [confirm, reject] = await Promise.all([
        confirmTransaction(ctx(), transaction.id, staff.userId),
        rejectTransaction(ctx(), transaction.id, staff.userId, 'not received'),
      ]);
      expect([confirm.changed, reject.changed].filter(Boolean)).toHaveLength(1);
      const counters = await countersOf(t.db.db, orderId);
      if (confirm.changed) {
        expect(reject.transaction.status).toBe('approved');
        expect(counters).toMatchObject({ paidMinor: 10_000, pendingMinor: 0, allocatedMinor: 10_000 });
      } else {
        expect(confirm.transaction.status).toBe('rejected');
        expect(counters).toMatchObject({ paidMinor: 0, pendingMinor: 0, allocatedMinor: 0 });
      }
    }
  });

  it('only the restaurant’s staff decide (404 to anyone else); a card payment is not theirs to decide', async () => {
    const { reservationId, payment } = await prepared(ana, 'cash');
    const transaction = await payCashCall(t.app, ana, reservationId, payment.id);
    for (const who of [otherStaff, ana, outsider]) {
      await expect(confirmTransaction(ctx(), transaction.id, who.userId)).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
      await expect(rejectTransaction(ctx(), transaction.id, who.userId, 'x')).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
    }
    await expect(confirmTransaction(ctx(), 'nope', staff.userId)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(rejectTransaction(ctx(), transaction.id, staff.userId, '   ')).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect((await transactionsOf(t.db.db, reservationId))[0]).toMatchObject({ status: 'pending' });
  });
});

describe('cash: "I’ll pay the waiter"', () => {
  it('a pending cash transaction the restaurant confirms; a guest payer earns points but gets no e-mail', async () => {
    const { reservationId, orderId, payment } = await prepared(guest, 'cash');
    const transaction = await payCashCall(t.app, guest, reservationId, payment.id);
    expect(transaction).toMatchObject({
      paymentType: 'cash',
      status: 'pending',
      amountMinor: 10_000,
      tipsMinor: 1_000,
      report: { file: null, bankCode: null, reference: null, transferDate: null, rejectionReason: null },
    });
    expect(await countersOf(t.db.db, orderId)).toMatchObject({
      pendingMinor: 10_000,
      pendingToConfirmed: true,
      paymentType: 'cash',
    });
    // the same payment twice: closed
    expect((await api.cash(guest, reservationId, payment.id)).json().error.code).toBe(
      'PENDING_PAYMENT_CLOSED',
    );

    expect((await confirmTransaction(ctx(), transaction.id, staff.userId)).changed).toBe(true);
    expect(await pointsAt(t.db.db, guest.userId, restaurant.restaurant.id)).toBe(10);
    expect(await mailsTo(t.config.dataDir, guest.email)).toEqual([]);
    expect(await countersOf(t.db.db, orderId)).toMatchObject({
      paidMinor: 10_000,
      pendingToConfirmed: false,
    });
  });

  it('refuses a body that is neither JSON nor a form, another member’s payment, a Webpay one', async () => {
    const { reservationId, orderId, payment } = await prepared(ana, 'cash');
    expect((await api.cash(tom, reservationId, payment.id)).statusCode).toBe(403);
    expect((await api.cash(outsider, reservationId, payment.id)).statusCode).toBe(403);
    const junk = await t.app.inject({
      method: 'POST',
      url: `/api/reservations/${reservationId}/transactions`,
      headers: { 'content-type': 'application/json', origin: t.config.publicUrl, cookie: ana.cookie },
      payload: '{"pendingPaymentId": 1, "amountMinor": 1}',
    });
    expect(junk.statusCode).toBe(400);
    const text = await t.app.inject({
      method: 'POST',
      url: `/api/reservations/${reservationId}/transactions`,
      headers: { 'content-type': 'text/plain', origin: t.config.publicUrl, cookie: ana.cookie },
      payload: 'pay',
    });
    expect(text.statusCode).toBe(415);
    expectStatus(await api.cancel(ana, reservationId, payment.id), 204);
    const card = await prepare(t.app, ana, reservationId, {
      paymentType: 'webpay',
      chosenTips: '0',
      orderIds: [orderId],
    });
    expect((await api.cash(ana, reservationId, card.id)).statusCode).toBe(400);
    expect(await transactionsOf(t.db.db, reservationId)).toEqual([]);
  });
});

describe('what each transaction covered (the receipt page reads it)', () => {
  it('a share of a dish shows as that part of the order: while pending, once paid, none once rejected', async () => {
    const reservationId = await openTable(t.app, t.db.db, restaurant, ana, [tom, guest]);
    const order = await orderPlain(t.app, restaurant, ana, reservationId, 2); // 10,000
    const third = (as: TestSession) =>
      prepare(t.app, as, reservationId, {
        paymentType: 'cash',
        chosenTips: '0',
        split: { mode: 'dish', orderId: order.id, parts: 3 },
      });
    const tomsThird = await payCashCall(t.app, tom, reservationId, (await third(tom)).id);
    expect(tomsThird.allocations).toEqual([{ orderId: order.id, amountMinor: 3_333 }]);
    const anasThird = await payCashCall(t.app, ana, reservationId, (await third(ana)).id);

    const confirmed = await confirmTransaction(ctx(), tomsThird.id, staff.userId);
    expect(confirmed.transaction).toMatchObject({
      status: 'approved',
      allocations: [{ orderId: order.id, amountMinor: 3_333 }],
    });
    const rejected = await rejectTransaction(ctx(), anasThird.id, staff.userId, 'Not received');
    expect(rejected.transaction).toMatchObject({ status: 'rejected', allocations: [] });

    const listed = new Map((await readTransactions(t.app, guest, reservationId)).map((x) => [x.id, x]));
    expect(listed.get(tomsThird.id)?.allocations).toEqual([{ orderId: order.id, amountMinor: 3_333 }]);
    expect(listed.get(anasThird.id)?.allocations).toEqual([]);
  });
});
