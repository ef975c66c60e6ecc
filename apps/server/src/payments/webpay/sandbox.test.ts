/**
 * The built-in sandbox through the real app: `app.webpay` (the adapter, so the real SDK) calls
 * the app's own loopback address; the card form is posted over real HTTP and through app.inject.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_WEBPAY_CONFIG,
  WEBPAY_INTEGRATION_API_KEY,
  WEBPAY_INTEGRATION_COMMERCE_CODE,
} from '../../config.ts';
import { freePort } from '../../db/embedded.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createWebpayClient } from './client.ts';
import { WEBPAY_API_PATH, WEBPAY_FORM_PATH } from './rules.ts';
import { WEBPAY_MESSAGES } from './server/core.ts';
import { createTransaction, startFakeWebpay, submitCardForm, webpayFailure } from './testing/fake-webpay.ts';

const START = new Date('2026-03-02T15:00:00Z');
const RETURN_PATH = '/api/payments/webpay/return';

let t: TestApp;
let origin: string;

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  t = await buildTestApp({ now: START, config: { port, publicUrl: origin } });
  await t.app.listen({ port, host: '127.0.0.1' });
});

afterAll(() => t.close());

beforeEach(() => {
  t.clock.set(START);
  if (t.app.webpaySandbox) t.app.webpaySandbox.repeatedCommit = 'locked';
});

const created = (amount = 12_500) =>
  createTransaction(t.app.webpay, amount, `${origin}${RETURN_PATH}`, 'sbx');
const failure = webpayFailure;

const formPost = (body: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: WEBPAY_FORM_PATH,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: body,
  });

describe('the sandbox through the app', () => {
  it('is on in tests (WEBPAY_ENV=sandbox) and answers create with the card form at PUBLIC_URL', async () => {
    expect(t.app.webpay.env).toBe('sandbox');
    const { token, url } = await created();
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(url).toBe(`${origin}${WEBPAY_FORM_PATH}`);
  });

  it('approve: back to return_url with token_ws, commit AUTHORIZED', async () => {
    const { token, url, buyOrder } = await created(12_500);
    expect(await t.app.webpay.status(token)).toMatchObject({ status: 'INITIALIZED', approved: false });
    const back = await submitCardForm(url, token, 'approve');
    expect(back).toEqual({
      method: 'GET',
      url: `${origin}${RETURN_PATH}?token_ws=${token}`,
      params: { token_ws: token },
    });
    const tx = await t.app.webpay.commit(token);
    expect(tx).toMatchObject({
      approved: true,
      status: 'AUTHORIZED',
      responseCode: 0,
      amountMinor: 12_500,
      buyOrder,
    });
    expect((await failure(t.app.webpay.commit(token))).rejection).toBe('locked');
    expect(await t.app.webpay.status(token)).toMatchObject({ status: 'AUTHORIZED', approved: true });
  });

  it('reject: commit FAILED', async () => {
    const { token, url } = await created();
    expect((await submitCardForm(url, token, 'reject')).params).toEqual({ token_ws: token });
    expect(await t.app.webpay.commit(token)).toMatchObject({
      approved: false,
      status: 'FAILED',
      responseCode: -1,
    });
  });

  it('abort: back by POST with TBK_TOKEN, TBK_ORDEN_COMPRA, TBK_ID_SESION; commit 422 aborted', async () => {
    const { token, url, buyOrder, sessionId } = await created();
    expect(await submitCardForm(url, token, 'abort')).toEqual({
      method: 'POST',
      url: `${origin}${RETURN_PATH}`,
      params: { TBK_TOKEN: token, TBK_ORDEN_COMPRA: buyOrder, TBK_ID_SESION: sessionId },
    });
    expect(await failure(t.app.webpay.commit(token))).toMatchObject({
      kind: 'rejected',
      rejection: 'aborted',
      transbankMessage: WEBPAY_MESSAGES.aborted,
    });
  });

  it('time-out: TBK_ORDEN_COMPRA and TBK_ID_SESION only; commit 422 aborted', async () => {
    const { token, url, buyOrder, sessionId } = await created();
    const back = await submitCardForm(url, token, 'timeout');
    expect(back.params).toEqual({ TBK_ORDEN_COMPRA: buyOrder, TBK_ID_SESION: sessionId });
    expect((await failure(t.app.webpay.commit(token))).rejection).toBe('aborted');
  });

  it('the same-body switch answers a repeated commit with the first body', async () => {
    const { token, url } = await created();
    await submitCardForm(url, token, 'approve');
    const sandbox = t.app.webpaySandbox;
    if (!sandbox) throw new Error('sandbox expected');
    sandbox.repeatedCommit = 'same-body';
    const [first, second] = await Promise.all([t.app.webpay.commit(token), t.app.webpay.commit(token)]);
    expect(second).toEqual(first);
  });

  it('follows the app clock: the form is refused after 5 minutes, the reversal window is 3 hours', async () => {
    const late = await created();
    t.clock.set(new Date(START.getTime() + 5 * 60_000 + 1));
    await expect(submitCardForm(late.url, late.token, 'approve')).rejects.toMatchObject({ status: 410 });

    t.clock.set(START);
    const paid = await created(8_000);
    await submitCardForm(paid.url, paid.token, 'approve');
    await t.app.webpay.commit(paid.token);
    t.clock.set(new Date(START.getTime() + 4 * 60 * 60_000));
    expect(await t.app.webpay.refund(paid.token, 8_000)).toMatchObject({
      type: 'NULLIFIED',
      balanceMinor: 0,
    });
  });
});

describe('the card page', () => {
  it.each([
    [
      'es-CL,es;q=0.9,en;q=0.8',
      'es',
      ['Aprobar el pago', 'Rechazar el pago', 'Anular compra y volver', 'Simular tiempo agotado'],
      '$12.500',
    ],
    [
      'en-US,en;q=0.9',
      'en',
      ['Approve the payment', 'Reject the payment', 'Cancel and return to the shop', 'Simulate a time-out'],
      'CLP\u00a012,500',
    ],
  ])('in %s: lang="%s", the four buttons, the amount', async (acceptLanguage, lang, labels, amount) => {
    const { token } = await created(12_500);
    // what the shop's auto-submitting form sends: a cross-site, form-urlencoded POST
    const response = await formPost(`token_ws=${token}`, {
      'accept-language': acceptLanguage,
      origin: 'https://shop.example',
      referer: 'https://shop.example/checkout',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-language']).toBe(lang === 'es' ? 'es-ES' : 'en-US');
    const page = response.body;
    expect(page).toContain(`<html lang="${lang}">`);
    expect(page).toContain(amount);
    const buttons = [
      ...page.matchAll(
        /<button\s+type="submit"\s+name="outcome"\s+value="(\w+)"[^>]*>\s*([^<]*?)\s*<\/button>/g,
      ),
    ];
    expect(buttons.map((b) => [b[1], b[2]])).toEqual([
      ['approve', labels[0]],
      ['reject', labels[1]],
      ['abort', labels[2]],
      ['timeout', labels[3]],
    ]);
    expect(page).toMatch(/<legend>[^<]+<\/legend>/);
    expect(page).toContain(`name="token_ws" value="${token}"`);
  });

  it('opens with GET ?token_ws too, over real HTTP', async () => {
    const { token } = await created();
    const response = await fetch(`${origin}${WEBPAY_FORM_PATH}?token_ws=${token}`, {
      headers: { 'accept-language': 'es' },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Aprobar el pago');
  });

  it('answers the buttons through app.inject: approve is a 303 to return_url', async () => {
    const { token } = await created();
    const response = await formPost(`token_ws=${token}&outcome=approve`);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${origin}${RETURN_PATH}?token_ws=${token}`);
  });

  it('refuses an unknown token and a bad outcome with a readable page', async () => {
    const unknown = await formPost(`token_ws=${'0'.repeat(64)}`, { 'accept-language': 'en' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('This payment does not exist.');
    const { token } = await created();
    expect((await formPost(`token_ws=${token}&outcome=steal`)).statusCode).toBe(400);
  });
});

describe('the sandbox API', () => {
  const api = (
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    headers: Record<string, string>,
    payload?: string,
  ) =>
    t.app.inject({
      method,
      url: `${WEBPAY_API_PATH}${path}`,
      headers,
      ...(payload === undefined ? {} : { payload }),
    });
  const credentials = {
    'tbk-api-key-id': WEBPAY_INTEGRATION_COMMERCE_CODE,
    'tbk-api-key-secret': WEBPAY_INTEGRATION_API_KEY,
    'content-type': 'application/json',
  };

  it('accepts only the configured credentials: 401 {"error_message":"Not Authorized"}', async () => {
    const response = await api(
      'POST',
      '/transactions',
      { ...credentials, 'tbk-api-key-secret': 'wrong' },
      '{}',
    );
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error_message: 'Not Authorized' });
  });

  it('answers errors as {"error_message"}: bad JSON, unknown route, body too large', async () => {
    const badJson = await api('POST', '/transactions', credentials, '{"buy_order":');
    expect([badJson.statusCode, badJson.json()]).toEqual([400, { error_message: 'Invalid JSON body' }]);
    const unknown = await api('GET', '/nothing', credentials);
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { error_message: 'Not Found' }]);
    const huge = await api(
      'POST',
      '/transactions',
      credentials,
      JSON.stringify({ buy_order: 'x'.repeat(70_000) }),
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ error_message: expect.any(String) });
  });

  it('validates create like Transbank: 422 with the field name', async () => {
    const body = { buy_order: 'ok-1', session_id: 's', amount: 1.5, return_url: `${origin}/r` };
    const response = await api('POST', '/transactions', credentials, JSON.stringify(body));
    expect([response.statusCode, response.json()]).toEqual([
      422,
      { error_message: 'Invalid value for parameter: amount' },
    ]);
  });
});

describe('other environments', () => {
  it('integration with WEBPAY_BASE_URL: app.webpay talks to that host and the app serves no sandbox', async () => {
    await using fake = await startFakeWebpay();
    const other = await buildTestApp({
      database: t.db,
      config: {
        webpay: { ...DEFAULT_WEBPAY_CONFIG, env: 'integration', baseUrl: fake.url, timeoutMs: 5_000 },
      },
    });
    try {
      expect(other.app.webpaySandbox).toBeNull();
      const { url } = await other.app.webpay.create('int-1', 's', 1000, 'https://shop.example/r');
      expect(url).toBe(`${fake.url}${WEBPAY_FORM_PATH}`);
      expect(fake.calls).toEqual([`POST ${WEBPAY_API_PATH}/transactions`]);
      const card = await other.app.inject({
        method: 'GET',
        url: `${WEBPAY_FORM_PATH}?token_ws=x`,
        headers: { accept: 'application/json' },
      });
      expect(card.statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });

  it('the sandbox adapter needs its app to listen', async () => {
    const idle = await buildTestApp({ database: t.db });
    try {
      const error = await failure(idle.app.webpay.status('a'.repeat(64)));
      expect(error).toMatchObject({ kind: 'network', operation: 'status' });
      expect(error.message).toContain('not listening');
    } finally {
      await idle.close();
    }
  });

  it('createWebpayClient refuses a sandbox without a host', () => {
    expect(() =>
      createWebpayClient({ env: 'sandbox', commerceCode: WEBPAY_INTEGRATION_COMMERCE_CODE, apiKey: 'k' }),
    ).toThrow(/baseUrl is required/);
  });
});
