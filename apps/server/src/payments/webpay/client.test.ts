/**
 * The adapter, through the real transbank-sdk and real HTTP, against the fake Webpay on loopback.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createWebpayClient, fromSdkError, type WebpayClient } from './client.ts';
import type { WebpayError } from './errors.ts';
import { WEBPAY_MESSAGES } from './server/core.ts';
import { createTransaction, startFakeWebpay, webpayFailure, type FakeWebpay } from './testing/fake-webpay.ts';

const START = new Date('2026-03-02T15:00:00Z');
const RETURN_URL = 'https://shop.example/api/payments/webpay/return?p=7';
const minutes = (n: number) => n * 60_000;
const hours = (n: number) => n * 60 * 60_000;

let now = START;
let fake: FakeWebpay;
let webpay: WebpayClient;

beforeAll(async () => {
  fake = await startFakeWebpay({ now: () => now });
  webpay = createWebpayClient({ ...fake.clientConfig, timeoutMs: 5_000 });
  return () => fake.stop();
});

beforeEach(() => {
  now = START;
  fake.delay(0);
  fake.core.repeatedCommit = 'locked';
});

const created = (amount = 15_000) => createTransaction(webpay, amount, RETURN_URL);
const failure = webpayFailure;

describe('create and the card form', () => {
  it('answers a 64-hex token and the form URL', async () => {
    const { token, url } = await created();
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(url).toBe(`${fake.url}/webpayserver/initTransaction`);
  });

  it('approve: back with token_ws only (GET), commit AUTHORIZED with response code 0', async () => {
    const { token, buyOrder, sessionId } = await created(15_000);
    now = new Date(START.getTime() + minutes(2));
    const back = await fake.pay(token, 'approve');
    expect(back.method).toBe('GET');
    expect(back.params).toEqual({ p: '7', token_ws: token });
    expect(back.url.startsWith('https://shop.example/api/payments/webpay/return?')).toBe(true);

    const tx = await webpay.commit(token);
    expect(tx).toEqual({
      status: 'AUTHORIZED',
      approved: true,
      amountMinor: 15_000,
      buyOrder,
      sessionId,
      responseCode: 0,
      authorizationCode: '1213',
      paymentTypeCode: 'VN',
      cardNumber: '6623',
      vci: 'TSY',
      accountingDate: '0302',
      transactionDate: new Date(START.getTime() + minutes(2)),
      installmentsNumber: 0,
      installmentsAmountMinor: null,
      balanceMinor: null,
    });
  });

  it('reject: back with token_ws, commit FAILED with response code -1 (not approved)', async () => {
    const { token } = await created();
    const back = await fake.pay(token, 'reject');
    expect(back.params).toEqual({ p: '7', token_ws: token });
    const tx = await webpay.commit(token);
    expect(tx).toMatchObject({ status: 'FAILED', responseCode: -1, approved: false });
  });

  it('abort: back by POST with TBK_TOKEN, TBK_ORDEN_COMPRA, TBK_ID_SESION; commit is 422 aborted', async () => {
    const { token, buyOrder, sessionId } = await created();
    const back = await fake.pay(token, 'abort');
    expect(back).toEqual({
      method: 'POST',
      url: RETURN_URL,
      params: { TBK_TOKEN: token, TBK_ORDEN_COMPRA: buyOrder, TBK_ID_SESION: sessionId },
    });
    const error = await failure(webpay.commit(token));
    expect(error).toMatchObject({
      kind: 'rejected',
      rejection: 'aborted',
      httpStatus: 422,
      transbankMessage: WEBPAY_MESSAGES.aborted,
    });
    expect(await webpay.status(token)).toMatchObject({ status: 'INITIALIZED', approved: false });
  });

  it('time-out: back with TBK_ORDEN_COMPRA and TBK_ID_SESION only; commit is 422 aborted', async () => {
    const { token, buyOrder, sessionId } = await created();
    const back = await fake.pay(token, 'timeout');
    expect(back.params).toEqual({ TBK_ORDEN_COMPRA: buyOrder, TBK_ID_SESION: sessionId });
    expect((await failure(webpay.commit(token))).rejection).toBe('aborted');
  });

  it('error page then back to the shop: all four parameters; commit is 422 aborted', async () => {
    const { token, buyOrder, sessionId } = await created();
    const back = await fake.pay(token, 'error');
    expect(back.params).toEqual({
      token_ws: token,
      TBK_TOKEN: token,
      TBK_ORDEN_COMPRA: buyOrder,
      TBK_ID_SESION: sessionId,
    });
    expect((await failure(webpay.commit(token))).rejection).toBe('aborted');
  });

  it('the abort can come back by GET when configured so', async () => {
    await using getFake = await startFakeWebpay({ returnMethods: { abort: 'GET' } });
    const client = createWebpayClient(getFake.clientConfig);
    const { token } = await client.create('get-abort', 's', 1000, RETURN_URL);
    const back = await getFake.pay(token, 'abort');
    expect(back.method).toBe('GET');
    expect(back.params).toMatchObject({
      TBK_TOKEN: token,
      TBK_ORDEN_COMPRA: 'get-abort',
      TBK_ID_SESION: 's',
    });
  });

  it('refuses the form once the token is older than 5 minutes; commit then says aborted', async () => {
    const { token } = await created();
    now = new Date(START.getTime() + minutes(5) + 1000);
    await expect(fake.pay(token, 'approve')).rejects.toMatchObject({ status: 410 });
    expect((await failure(webpay.commit(token))).rejection).toBe('aborted');
  });

  it('refuses a second answer on the same form, and an unknown token', async () => {
    const { token } = await created();
    await fake.pay(token, 'approve');
    await expect(fake.pay(token, 'reject')).rejects.toMatchObject({ status: 409 });
    await expect(fake.pay('f'.repeat(64), 'approve')).rejects.toMatchObject({ status: 404 });
  });

  it('refuses a reused buy order (422)', async () => {
    await webpay.create('reused-order', 's', 1000, RETURN_URL);
    const error = await failure(webpay.create('reused-order', 's', 1000, RETURN_URL));
    expect(error).toMatchObject({ kind: 'rejected', transbankMessage: WEBPAY_MESSAGES.buyOrderUsed });
  });
});

describe('commit', () => {
  it('of an unknown token is 422 invalid token', async () => {
    const error = await failure(webpay.commit('0'.repeat(64)));
    expect(error).toMatchObject({ kind: 'rejected', rejection: 'invalid-token', httpStatus: 422 });
  });

  it('before the card holder finished the form is refused (422), and works once they have', async () => {
    const { token } = await created();
    expect(await failure(webpay.commit(token))).toMatchObject({ kind: 'rejected', rejection: 'other' });
    await fake.pay(token, 'approve');
    expect((await webpay.commit(token)).approved).toBe(true);
  });

  it('twenty at once of one token: exactly one 200, nineteen 422 locked', async () => {
    const { token } = await created();
    await fake.pay(token, 'approve');
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => webpay.commit(token)));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as WebpayError] : []));
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const error of refused) {
      expect(error).toMatchObject({
        kind: 'rejected',
        rejection: 'locked',
        transbankMessage: WEBPAY_MESSAGES.locked,
      });
    }
    expect(await webpay.status(token)).toMatchObject({ status: 'AUTHORIZED', approved: true });
  });

  it('twenty at once with "same body" switched on: twenty identical approvals', async () => {
    fake.core.repeatedCommit = 'same-body';
    const { token } = await created();
    await fake.pay(token, 'approve');
    const results = await Promise.all(Array.from({ length: 20 }, () => webpay.commit(token)));
    expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
    expect(results[0]).toMatchObject({ status: 'AUTHORIZED', approved: true });
  });
});

describe('failures', () => {
  it.each([
    [500, 'unavailable'],
    [503, 'unavailable'],
    [404, 'http'],
    [400, 'http'],
  ] as const)('an HTTP %i is a typed %s error; the next call works', async (status, kind) => {
    const { token } = await created();
    fake.failNext(1, { status, message: 'Something broke' });
    const error = await failure(webpay.status(token));
    expect(error).toMatchObject({
      kind,
      httpStatus: status,
      transbankMessage: 'Something broke',
      operation: 'status',
    });
    expect(error.outcomeUnknown).toBe(kind === 'unavailable');
    expect((await webpay.status(token)).status).toBe('INITIALIZED');
  });

  it('a 500 after the commit happened: outcome unknown, status tells the truth', async () => {
    const { token } = await created();
    await fake.pay(token, 'approve');
    fake.failNext(1, { afterProcessing: true });
    const error = await failure(webpay.commit(token));
    expect(error).toMatchObject({ kind: 'unavailable', httpStatus: 500, transbankMessage: null });
    expect(error.outcomeUnknown).toBe(true);
    expect(await webpay.status(token)).toMatchObject({ status: 'AUTHORIZED', approved: true });
  });

  it('a slow answer is a typed timeout (the adapter’s own timeout, not the SDK’s 10 minutes)', async () => {
    const { token } = await created();
    const impatient = createWebpayClient({ ...fake.clientConfig, timeoutMs: 200 });
    fake.delay(2_000);
    const error = await failure(impatient.status(token));
    expect(error).toMatchObject({ kind: 'timeout', httpStatus: null, operation: 'status' });
    expect(error.outcomeUnknown).toBe(true);
  });

  it('wrong credentials: 401 unauthorized with "Not Authorized"', async () => {
    const stranger = createWebpayClient({ ...fake.clientConfig, apiKey: 'not-the-key' });
    const error = await failure(stranger.create('auth-test', 's', 1000, RETURN_URL));
    expect(error).toMatchObject({
      kind: 'unauthorized',
      httpStatus: 401,
      transbankMessage: 'Not Authorized',
    });
  });

  it('no server at all: a typed network error', async () => {
    const gone = await startFakeWebpay();
    await gone.stop();
    const error = await failure(createWebpayClient(gone.clientConfig).status('a'.repeat(64)));
    expect(error).toMatchObject({ kind: 'network', httpStatus: null });
  });
});

describe('fromSdkError, for what the SDK throws besides TransbankError', () => {
  it.each([
    [new Error("'token' can't be null or white space"), 'invalid-input', false],
    [new TypeError('Cannot read properties of undefined'), 'network', true],
  ] as const)('%s → %s', (error, kind, outcomeUnknown) => {
    const mapped = fromSdkError(error, 'commit');
    expect(mapped).toMatchObject({ kind, operation: 'commit', httpStatus: null, transbankMessage: null });
    expect(mapped.outcomeUnknown).toBe(outcomeUnknown);
    expect(mapped.cause).toBe(error);
  });
});

describe('arguments refused before any call', () => {
  it.each([
    ['amount 0', () => webpay.create('o', 's', 0, RETURN_URL), 'amountMinor'],
    ['amount 1.5', () => webpay.create('o', 's', 1.5, RETURN_URL), 'amountMinor'],
    ['amount -100', () => webpay.create('o', 's', -100, RETURN_URL), 'amountMinor'],
    ['amount NaN', () => webpay.create('o', 's', Number.NaN, RETURN_URL), 'amountMinor'],
    ['buy order of 27 characters', () => webpay.create('x'.repeat(27), 's', 1000, RETURN_URL), 'buyOrder'],
    ['buy order with a space', () => webpay.create('order 1', 's', 1000, RETURN_URL), 'buyOrder'],
    ['blank buy order', () => webpay.create('  ', 's', 1000, RETURN_URL), 'buyOrder'],
    ['session id of 62 characters', () => webpay.create('o', 's'.repeat(62), 1000, RETURN_URL), 'sessionId'],
    [
      'return URL of 256 characters',
      () => webpay.create('o', 's', 1000, `https://shop.example/${'r'.repeat(235)}`),
      'returnUrl',
    ],
    ['relative return URL', () => webpay.create('o', 's', 1000, '/return'), 'returnUrl'],
    ['token of 65 characters', () => webpay.commit('a'.repeat(65)), 'token'],
    ['token with a slash', () => webpay.status('../transactions'), 'token'],
    ['empty token', () => webpay.commit(''), 'token'],
    ['refund of 1.5', () => webpay.refund('a'.repeat(64), 1.5), 'amountMinor'],
  ])('%s', async (_name, run, field) => {
    const calls = fake.calls.length;
    const error = await failure(run());
    expect(error).toMatchObject({ kind: 'invalid-input', field });
    expect(fake.calls).toHaveLength(calls);
  });

  it('accepts the longest values Transbank allows', async () => {
    const buyOrder = `${'A'.repeat(6)}|_=&%.,~:/?[+!@()>-`.padEnd(26, '9');
    const returnUrl = `https://shop.example/${'r'.repeat(234)}`;
    expect(buyOrder).toHaveLength(26);
    expect(returnUrl).toHaveLength(255);
    const { token } = await webpay.create(buyOrder, 's'.repeat(61), 1, returnUrl);
    expect(await webpay.status(token)).toMatchObject({ buyOrder, amountMinor: 1, status: 'INITIALIZED' });
  });
});

describe('status', () => {
  it('is INITIALIZED before commit and AUTHORIZED after; gone after 7 days', async () => {
    const { token, buyOrder } = await created(9_990);
    const before = await webpay.status(token);
    expect(before).toMatchObject({
      status: 'INITIALIZED',
      approved: false,
      amountMinor: 9_990,
      buyOrder,
      responseCode: null,
      authorizationCode: null,
      cardNumber: null,
    });
    await fake.pay(token, 'approve');
    await webpay.commit(token);
    expect(await webpay.status(token)).toMatchObject({
      status: 'AUTHORIZED',
      approved: true,
      responseCode: 0,
    });

    now = new Date(START.getTime() + hours(7 * 24) + 1000);
    expect(await failure(webpay.status(token))).toMatchObject({
      kind: 'rejected',
      rejection: 'status-expired',
      transbankMessage: WEBPAY_MESSAGES.statusExpired,
    });
  });
});

describe('refund', () => {
  async function committed(amount: number) {
    const tx = await created(amount);
    await fake.pay(tx.token, 'approve');
    await webpay.commit(tx.token);
    return tx.token;
  }

  it('the whole amount within 3 hours is a reversal', async () => {
    const token = await committed(20_000);
    now = new Date(START.getTime() + hours(3));
    expect(await webpay.refund(token, 20_000)).toEqual({ type: 'REVERSED' });
    expect(await webpay.status(token)).toMatchObject({
      status: 'REVERSED',
      approved: false,
      balanceMinor: 0,
    });
    expect(await failure(webpay.refund(token, 1))).toMatchObject({
      kind: 'rejected',
      transbankMessage: WEBPAY_MESSAGES.refundFinished,
    });
  });

  it('after 3 hours it is a nullification, partial ones leave a balance', async () => {
    const token = await committed(20_000);
    now = new Date(START.getTime() + hours(3) + 1000);
    expect(await webpay.refund(token, 5_000)).toEqual({
      type: 'NULLIFIED',
      authorizationCode: '123456',
      authorizationDate: now,
      nullifiedAmountMinor: 5_000,
      balanceMinor: 15_000,
      responseCode: 0,
    });
    expect(await webpay.status(token)).toMatchObject({ status: 'PARTIALLY_NULLIFIED', balanceMinor: 15_000 });
    expect(await failure(webpay.refund(token, 15_001))).toMatchObject({
      kind: 'rejected',
      httpStatus: 422,
      transbankMessage: WEBPAY_MESSAGES.refundTooBig,
    });
    expect(await webpay.refund(token, 15_000)).toMatchObject({ type: 'NULLIFIED', balanceMinor: 0 });
    expect(await webpay.status(token)).toMatchObject({ status: 'NULLIFIED', balanceMinor: 0 });
  });

  it('part of the amount within 3 hours is a nullification too', async () => {
    const token = await committed(20_000);
    expect(await webpay.refund(token, 1_000)).toMatchObject({ type: 'NULLIFIED', balanceMinor: 19_000 });
  });

  it('more than was paid, or a transaction never approved, is refused (422)', async () => {
    const token = await committed(20_000);
    expect(await failure(webpay.refund(token, 20_001))).toMatchObject({
      kind: 'rejected',
      transbankMessage: WEBPAY_MESSAGES.refundTooBig,
    });
    const rejectedTx = await created(20_000);
    await fake.pay(rejectedTx.token, 'reject');
    await webpay.commit(rejectedTx.token);
    expect(await failure(webpay.refund(rejectedTx.token, 1_000))).toMatchObject({
      kind: 'rejected',
      transbankMessage: WEBPAY_MESSAGES.refundNotAuthorized,
    });
  });
});
