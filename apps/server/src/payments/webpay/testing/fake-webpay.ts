/**
 * A Transbank-compatible Webpay Plus on loopback for tests: the same protocol code as the app's
 * sandbox (../server/http.ts) on node:http at 127.0.0.1 and a random port, plus fault injection
 * and a card-form driver (no browser). Point the real adapter (and so the real SDK) at it:
 *
 *   await using fake = await startFakeWebpay({ now: clock.now });   // stops when the scope ends
 *   const webpay = createWebpayClient(fake.clientConfig);
 *   const back = await fake.pay((await webpay.create('o-1', 's-1', 5000, returnUrl)).token, 'approve');
 *
 * For a whole file: `beforeAll(async () => { fake = await startFakeWebpay(); return () => fake.stop(); })`.
 * The server is unref'd, so a forgotten one never keeps the test process alive.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBPAY_INTEGRATION_API_KEY, WEBPAY_INTEGRATION_COMMERCE_CODE } from '../../../config.ts';
import type { WebpayClient, WebpayClientConfig } from '../client.ts';
import { isWebpayError, type WebpayError } from '../errors.ts';
import { WEBPAY_FORM_PATH } from '../rules.ts';
import {
  WebpayCore,
  type CardOutcome,
  type RepeatedCommit,
  type ReturnMethod,
  type WebpayCoreOptions,
} from '../server/core.ts';
import { handleWebpayRequest, isWebpayPath, type WebpayHttpResponse } from '../server/http.ts';

export interface FakeWebpayOptions {
  /** Defaults to Transbank's public integration credentials. */
  commerceCode?: string;
  apiKey?: string;
  /** The fake's clock (5-minute token, 7-day status, 3-hour reversal). Defaults to the real one. */
  now?: () => Date;
  repeatedCommit?: RepeatedCommit;
  returnMethods?: WebpayCoreOptions['returnMethods'];
}

/** The request the browser makes to return_url when the card form ends. */
export interface ReturnRequest {
  method: ReturnMethod;
  /** GET: return_url with the parameters in its query. POST: return_url (the form's action). */
  url: string;
  /** Every parameter the shop receives (query for GET, form fields for POST). */
  params: Record<string, string>;
}

/** The card form refused the token (404 unknown, 409 finished, 410 expired, 400 bad outcome). */
export class CardFormError extends Error {
  readonly status: number;
  constructor(status: number, body: string) {
    super(
      `card form answered ${status}: ${/<p role="alert">([^<]*)</.exec(body)?.[1] ?? body.slice(0, 200)}`,
    );
    this.status = status;
  }
}

export interface FailOptions {
  /** HTTP status of the failed answers. Default 500. */
  status?: number;
  /** Their `error_message`. Default 'Unexpected error'. */
  message?: string;
  /**
   * Do the work, then answer the failure (a commit that happened but whose answer was lost).
   * Default false: fail before anything happens.
   */
  afterProcessing?: boolean;
}

export interface FakeWebpay extends AsyncDisposable {
  /** e.g. "http://127.0.0.1:41234" */
  readonly url: string;
  /** The state machine itself (e.g. `fake.core.repeatedCommit = 'same-body'`). */
  readonly core: WebpayCore;
  /** For createWebpayClient: this fake's host and credentials. */
  readonly clientConfig: WebpayClientConfig;
  /** API requests received, oldest first, e.g. "PUT /rswebpaytransaction/api/webpay/v1.2/transactions/ab…". */
  readonly calls: string[];
  /** The next `count` API answers fail (see FailOptions). */
  failNext(count: number, options?: FailOptions): void;
  /** Every API answer from now on leaves `ms` late (0: on time again). The work is done at once. */
  delay(ms: number): void;
  /** Drives the card form like a browser: posts `token_ws` + `outcome`, answers where it sends the browser. */
  pay(token: string, outcome: CardOutcome, options?: { acceptLanguage?: string }): Promise<ReturnRequest>;
  stop(): Promise<void>;
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
const unescapeHtml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_m, name: string) => ENTITIES[name] ?? '');

function attribute(tag: string, name: string): string | null {
  const value = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  return value === undefined ? null : unescapeHtml(value);
}

/**
 * Posts the card form at `formUrl` (what create answered) with `token_ws` and `outcome`, and reads
 * the answer: a 303 to return_url (GET mode) or the self-submitting form (POST mode). Works against
 * the fake and against the app's sandbox alike.
 */
export async function submitCardForm(
  formUrl: string,
  token: string,
  outcome: CardOutcome,
  options: { acceptLanguage?: string } = {},
): Promise<ReturnRequest> {
  const response = await fetch(formUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(options.acceptLanguage ? { 'accept-language': options.acceptLanguage } : {}),
    },
    body: new URLSearchParams({ token_ws: token, outcome }).toString(),
  });
  const body = await response.text();
  return readReturn(response.status, response.headers.get('location'), body);
}

/** The return request out of a card-form answer (status, Location header, HTML body). */
export function readReturn(status: number, location: string | null, body: string): ReturnRequest {
  if (status === 303 && location) {
    return { method: 'GET', url: location, params: Object.fromEntries(new URL(location).searchParams) };
  }
  const form = status === 200 ? /<form\b[^>]*\bid="return"[^>]*>/.exec(body)?.[0] : undefined;
  const action = form ? attribute(form, 'action') : null;
  if (action === null) throw new CardFormError(status, body);
  const params: Record<string, string> = {};
  for (const [input] of body.matchAll(/<input\b[^>]*>/g)) {
    const name = attribute(input, 'name');
    if (attribute(input, 'type') === 'hidden' && name !== null)
      params[name] = attribute(input, 'value') ?? '';
  }
  return { method: 'POST', url: action, params };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeWebpay(options: FakeWebpayOptions = {}): Promise<FakeWebpay> {
  const commerceCode = options.commerceCode ?? WEBPAY_INTEGRATION_COMMERCE_CODE;
  const apiKey = options.apiKey ?? WEBPAY_INTEGRATION_API_KEY;
  let origin = '';
  const core = new WebpayCore({
    commerceCode,
    apiKey,
    now: options.now ?? (() => new Date()),
    formUrl: () => `${origin}${WEBPAY_FORM_PATH}`,
    ...(options.repeatedCommit ? { repeatedCommit: options.repeatedCommit } : {}),
    ...(options.returnMethods ? { returnMethods: options.returnMethods } : {}),
  });
  const calls: string[] = [];
  const failures: Required<FailOptions>[] = [];
  let delayMs = 0;
  const timers = new Set<NodeJS.Timeout>();

  const send = (response: ServerResponse, answer: WebpayHttpResponse) => {
    if (response.destroyed) return;
    response.writeHead(answer.status, answer.headers).end(answer.body);
  };

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const body = await readBody(request);
    const url = request.url ?? '/';
    const path = url.split('?')[0] ?? '/';
    const isApi = isWebpayPath(path) && path !== WEBPAY_FORM_PATH;
    if (isApi) calls.push(`${request.method} ${path}`);
    const failure = isApi ? failures.shift() : undefined;
    const failed = (f: Required<FailOptions>): WebpayHttpResponse => ({
      status: f.status,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ error_message: f.message }),
    });
    let answer: WebpayHttpResponse;
    if (failure && !failure.afterProcessing) {
      answer = failed(failure);
    } else {
      answer = handleWebpayRequest(core, {
        method: request.method ?? 'GET',
        url,
        headers: request.headers,
        body,
      });
      if (failure) answer = failed(failure);
    }
    if (isApi && delayMs > 0) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        send(response, answer);
      }, delayMs);
      timers.add(timer);
      return;
    }
    send(response, answer);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      send(response, {
        status: 500,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify({ error_message: `fake webpay: ${String(error)}` }),
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  server.unref();
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  let stopped: Promise<void> | null = null;
  const stop = () => {
    stopped ??= new Promise<void>((resolve) => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.close(() => resolve());
      server.closeAllConnections();
    });
    return stopped;
  };

  return {
    url: origin,
    core,
    clientConfig: { env: 'integration', commerceCode, apiKey, baseUrl: origin },
    calls,
    failNext(count, fail = {}) {
      for (let i = 0; i < count; i += 1) {
        failures.push({
          status: fail.status ?? 500,
          message: fail.message ?? 'Unexpected error',
          afterProcessing: fail.afterProcessing ?? false,
        });
      }
    },
    delay(ms) {
      delayMs = ms;
    },
    pay: (token, outcome, payOptions) =>
      submitCardForm(`${origin}${WEBPAY_FORM_PATH}`, token, outcome, payOptions),
    stop,
    [Symbol.asyncDispose]: stop,
  };
}

let transactionNumber = 0;

/** Creates a transaction of `amount` pesos with a fresh buy order ("<prefix>-<n>") and session id. */
export async function createTransaction(
  client: WebpayClient,
  amount: number,
  returnUrl: string,
  prefix = 'order',
): Promise<{ token: string; url: string; buyOrder: string; sessionId: string }> {
  transactionNumber += 1;
  const buyOrder = `${prefix}-${transactionNumber}`;
  const sessionId = `session-${transactionNumber}`;
  const { token, url } = await client.create(buyOrder, sessionId, amount, returnUrl);
  return { token, url, buyOrder, sessionId };
}

/** The WebpayError `promise` rejects with (throws when it resolves or fails otherwise). */
export async function webpayFailure(promise: Promise<unknown>): Promise<WebpayError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isWebpayError(error)) throw new Error(`expected a WebpayError, got ${String(error)}`);
  return error;
}
