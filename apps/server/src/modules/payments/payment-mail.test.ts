/**
 * The e-mails of a payment over real SMTP on loopback (docs/product.md#e-mail): the receipt after
 * a Webpay approval and after the restaurant confirms cash, the rejection with its reason — each
 * in the payer's language, HTML and text, linking to the bill — and a mail server that is down
 * never undoes a payment.
 */
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appContext } from '../../http/request.ts';
import { expectErrorLog } from '../../test/logs.ts';
import { getWith, signInGuest, signUpUser, type TestSession } from '../../test/sessions.ts';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp.ts';
import { insertOrdersRestaurant, type OrdersRestaurant } from '../orders/testing.ts';
import { confirmTransaction, rejectTransaction } from './index.ts';
import {
  addStaff,
  buildPaymentsApp,
  openTable,
  orderPlain,
  payCashCall,
  prepare,
  sendReturn,
  startCard,
  webpayResult,
  type PaymentsTestApp,
} from './testing.ts';

let smtp: TestSmtpServer;
let t: PaymentsTestApp;
let restaurant: OrdersRestaurant;
let ana: TestSession;
let tom: TestSession;
let guest: TestSession;
let staff: TestSession;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildPaymentsApp({ config: { smtpUrl: smtp.url } });
  restaurant = await insertOrdersRestaurant(t.db);
  [ana, tom, guest, staff] = await Promise.all([
    signUpUser(t.app, { name: 'Ana', locale: 'es-ES' }),
    signUpUser(t.app, { name: 'Tom', locale: 'en-US' }),
    signInGuest(t.app),
    signUpUser(t.app, { name: 'Staff', locale: 'es-ES' }),
  ]);
  await addStaff(t.db.db, restaurant.restaurant.id, staff.userId);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** The messages of one template to `address` received so far. */
async function received(address: string, template: string): Promise<ParsedMail[]> {
  const mails = await smtp.mailsTo(address);
  return mails.filter((mail) => mail.headers.get('x-comensal-template') === template);
}

/** Waits for the `count`-th message of `template` to `address`; answers the newest. */
async function theMail(address: string, template: string, count = 1): Promise<ParsedMail> {
  await vi.waitFor(async () => expect(await received(address, template)).toHaveLength(count), {
    timeout: 5_000,
  });
  return (await received(address, template)).at(-1)!;
}

const html = (mail: ParsedMail) => (typeof mail.html === 'string' ? mail.html : '');
const billUrl = (reservationId: string) =>
  `${t.config.publicUrl}/restaurants/${restaurant.restaurant.id}/reservations/${reservationId}/confirmation`;

/** A table of ana, tom and the guest with ana's two plain dishes (10,000). */
async function table() {
  const reservationId = await openTable(t.app, t.db.db, restaurant, ana, [tom, guest]);
  const order = await orderPlain(t.app, restaurant, ana, reservationId, 2);
  return { reservationId, orderId: order.id };
}

describe('the receipt', () => {
  it('after a Webpay approval: in Spanish, HTML and text, the card, the lines, the points, a link to the bill', async () => {
    const { reservationId, orderId } = await table();
    const payment = await prepare(t.app, ana, reservationId, {
      paymentType: 'webpay',
      chosenTips: '10',
      orderIds: [orderId],
    });
    const start = await startCard(t.app, ana, payment.id);
    const back = await t.fake.pay(start.token, 'approve');
    await sendReturn(t.app, back);
    expect((await webpayResult(t.app, ana, start.token)).status).toBe('approved');

    const mail = await theMail(ana.email, 'payment_receipt');
    const name = restaurant.restaurant.name;
    // a fixed subject: no amount, no restaurant name (docs/product.md#e-mail)
    expect(mail.subject).toBe('Tu pago en Comensal');
    expect(mail.from?.text).toContain('@');
    for (const body of [mail.text ?? '', html(mail)]) {
      expect(body).toContain('Pago recibido');
      expect(body).toContain('Tarjeta (Webpay) ···· 6623');
      expect(body).toContain('2 × Plato de prueba');
      expect(body).toContain('$10.000'); // the amount
      expect(body).toContain('$1.000'); // the tip
      expect(body).toContain(`Ganaste 10 puntos en ${name}`);
      expect(body).toContain(billUrl(reservationId));
    }
    // the points it mentions are in the payer's profile
    const me = (await getWith(t.app, '/api/me', ana.cookie)).json<{
      points: { restaurantId: string; balance: number }[];
    }>();
    expect(me.points).toContainEqual(
      expect.objectContaining({ restaurantId: restaurant.restaurant.id, balance: 10 }),
    );
    // a replayed return sends nothing more
    expect((await sendReturn(t.app, back)).statusCode).toBe(303);
    expect(await received(ana.email, 'payment_receipt')).toHaveLength(1);
  });

  it('after the restaurant confirms cash: in English, a share of a dish marked so, once however often confirmed', async () => {
    const { reservationId, orderId } = await table();
    const payment = await prepare(t.app, tom, reservationId, {
      paymentType: 'cash',
      chosenTips: '0',
      split: { mode: 'dish', orderId, parts: 3 },
    });
    expect(payment).toMatchObject({ amountMinor: 3_333, tipsMinor: 0 });
    const transaction = await payCashCall(t.app, tom, reservationId, payment.id);
    // nothing is sent before the restaurant confirms
    expect(await received(tom.email, 'payment_receipt')).toEqual([]);

    expect((await confirmTransaction(appContext(t.app), transaction.id, staff.userId)).changed).toBe(true);
    const mail = await theMail(tom.email, 'payment_receipt');
    expect(mail.subject).toBe('Your payment on Comensal');
    for (const body of [mail.text ?? '', html(mail)]) {
      expect(body).toContain('Payment received');
      expect(body).toContain('2 × Test dish (a share)');
      expect(body).toContain('Cash');
      expect(body).toContain('You earned 3 points');
      expect(body).toContain(billUrl(reservationId));
    }
    expect((await confirmTransaction(appContext(t.app), transaction.id, staff.userId)).changed).toBe(false);
    expect(await received(tom.email, 'payment_receipt')).toHaveLength(1);
  });

  it('is never sent to a guest (who has no address of their own)', async () => {
    const { reservationId, orderId } = await table();
    const payment = await prepare(t.app, guest, reservationId, {
      paymentType: 'cash',
      chosenTips: '0',
      orderIds: [orderId],
    });
    const transaction = await payCashCall(t.app, guest, reservationId, payment.id);
    const sent = smtp.messages.length;
    // the e-mail is sent before the decision answers: none was, to anyone
    expect((await confirmTransaction(appContext(t.app), transaction.id, staff.userId)).changed).toBe(true);
    expect(smtp.messages).toHaveLength(sent);
    expect(await smtp.mailsTo(guest.email)).toEqual([]);
  });
});

describe('the rejection', () => {
  it('tells the payer in their language why, with the total and a link to the bill, HTML and text', async () => {
    const { reservationId, orderId } = await table();
    const payment = await prepare(t.app, tom, reservationId, {
      paymentType: 'cash',
      chosenTips: '10',
      orderIds: [orderId],
    });
    const transaction = await payCashCall(t.app, tom, reservationId, payment.id);
    const decision = await rejectTransaction(
      appContext(t.app),
      transaction.id,
      staff.userId,
      'We did not receive it',
    );
    expect(decision.changed).toBe(true);
    const mail = await theMail(tom.email, 'payment_rejected');
    expect(mail.subject).toBe('Your payment could not be confirmed');
    for (const body of [mail.text ?? '', html(mail)]) {
      expect(body).toContain('We did not receive it');
      expect(body).toContain('$11.000');
      expect(body).toContain(billUrl(reservationId));
    }
    // and no receipt for it
    expect((await received(tom.email, 'payment_receipt')).filter((m) => m.text?.includes('$11.000'))).toEqual(
      [],
    );
  });
});

describe('a mail server that is down', () => {
  it('does not undo the payment: approved, paid, points earned; the failure is logged', async () => {
    const down = await buildPaymentsApp({ config: { smtpUrl: 'smtp://127.0.0.1:9' } });
    try {
      const place = await insertOrdersRestaurant(down.db);
      const payer = await signUpUser(down.app, { name: 'Eva', locale: 'es-ES' });
      const reservationId = await openTable(down.app, down.db.db, place, payer);
      const order = await orderPlain(down.app, place, payer, reservationId, 2);
      const payment = await prepare(down.app, payer, reservationId, {
        paymentType: 'webpay',
        chosenTips: '0',
        orderIds: [order.id],
      });
      const start = await startCard(down.app, payer, payment.id);
      const back = await sendReturn(down.app, await down.fake.pay(start.token, 'approve'));
      expect(back.statusCode).toBe(303);
      expect(await webpayResult(down.app, payer, start.token)).toMatchObject({
        status: 'approved',
        pointsEarned: 10,
      });
    } finally {
      await down.close();
    }
    expect(expectErrorLog('payment e-mail failed')).toHaveLength(1);
    expect(expectErrorLog(/^could not send "payment_receipt" e-mail/)).toHaveLength(1);
    expectErrorLog('welcome e-mail not sent'); // the payer's sign-up, on the same server that is down
    expectErrorLog(/^could not send "account_created" e-mail/);
    expectErrorLog('account e-mail not sent'); // and its e-mail verification
    expectErrorLog(/^could not send "email_verification" e-mail/);
  });
});
