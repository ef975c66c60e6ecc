/**
 * The Webpay Plus adapter: Transbank's official SDK (`transbank-sdk`, pinned) behind a small typed
 * interface. It checks every argument before any call (whole positive CLP amounts, Transbank's
 * field limits), gives each call its own timeout (30 s unless told, not the SDK's 10 minutes),
 * maps Transbank's snake_case answers to typed objects and every failure to a WebpayError.
 *
 *   const webpay = createWebpayClient({ env: 'integration', commerceCode, apiKey });
 *   const { token, url } = await webpay.create('order-42', 'session-7', 15_000, returnUrl);
 *   const tx = await webpay.commit(token);   // tx.approved: response_code 0 and AUTHORIZED
 */
import transbank from 'transbank-sdk';
import { z } from 'zod';
import { DEFAULT_WEBPAY_TIMEOUT_SECONDS, type WebpayEnv } from '../../config.ts';
import { isWebpayError, WebpayError, type WebpayOperation } from './errors.ts';
import {
  buyOrderProblem,
  clpAmountProblem,
  returnUrlProblem,
  sessionIdProblem,
  tokenProblem,
  WEBPAY_INTEGRATION_HOST,
  WEBPAY_PRODUCTION_HOST,
  WEBPAY_STATUSES,
  type FieldProblem,
  type WebpayStatus,
} from './rules.ts';

export const DEFAULT_WEBPAY_TIMEOUT_MS = DEFAULT_WEBPAY_TIMEOUT_SECONDS * 1000;

export interface WebpayClientConfig {
  env: WebpayEnv;
  commerceCode: string;
  apiKey: string;
  /**
   * Replaces Transbank's host: an origin, optionally with a path prefix (a test fake, a proxy).
   * Required for 'sandbox'. A function is asked at every call (the sandbox's own loopback address
   * is known only once the server listens).
   */
  baseUrl?: string | (() => string) | null;
  /** Per-request timeout in milliseconds. */
  timeoutMs?: number;
}

export interface WebpayCreated {
  token: string;
  /** Where the browser goes: POST a form with `token_ws` to this URL. */
  url: string;
}

/** A transaction as commit and status describe it. Amounts in minor units (CLP: pesos). */
export interface WebpayTransaction {
  status: WebpayStatus;
  /** Transbank's approval rule: `response_code === 0` and `status === 'AUTHORIZED'`. */
  approved: boolean;
  amountMinor: number;
  buyOrder: string;
  sessionId: string;
  /** 0 approved; −1…−11 rejection codes; null before commit. */
  responseCode: number | null;
  authorizationCode: string | null;
  /** VD debit, VN credit, VC instalments, SI, S2, NC, VP prepaid. */
  paymentTypeCode: string | null;
  /** The card's last four digits. */
  cardNumber: string | null;
  /** 3-D Secure result; informative only (Transbank: never validate it). */
  vci: string | null;
  /** MMDD. */
  accountingDate: string | null;
  transactionDate: Date | null;
  installmentsNumber: number | null;
  installmentsAmountMinor: number | null;
  /** What is left after nullifications, when Transbank tells it. */
  balanceMinor: number | null;
}

export type WebpayRefund =
  /** The whole amount within 3 hours of the commit: as if it never happened. */
  | { type: 'REVERSED' }
  | {
      type: 'NULLIFIED';
      authorizationCode: string | null;
      authorizationDate: Date | null;
      nullifiedAmountMinor: number;
      balanceMinor: number;
      responseCode: number;
    };

export interface WebpayClient {
  readonly env: WebpayEnv;
  /** @throws WebpayError 'invalid-input' before any call for a bad argument. */
  create(buyOrder: string, sessionId: string, amountMinor: number, returnUrl: string): Promise<WebpayCreated>;
  commit(token: string): Promise<WebpayTransaction>;
  status(token: string): Promise<WebpayTransaction>;
  refund(token: string, amountMinor: number): Promise<WebpayRefund>;
}

const amount = z.number().int();
const optionalDate = z
  .string()
  .nullish()
  .transform((value, context) => {
    if (value === null || value === undefined) return null;
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) {
      context.addIssue({ code: 'custom', message: `not a date: ${value}` });
      return z.NEVER;
    }
    return date;
  });

const createdSchema = z.object({ token: z.string().min(1), url: z.string().min(1) });

const transactionSchema = z
  .object({
    vci: z.string().nullish(),
    amount,
    status: z.enum(WEBPAY_STATUSES),
    buy_order: z.string(),
    session_id: z.string(),
    card_detail: z.object({ card_number: z.string().nullish() }).nullish(),
    accounting_date: z.string().nullish(),
    transaction_date: optionalDate,
    authorization_code: z.string().nullish(),
    payment_type_code: z.string().nullish(),
    response_code: z.number().int().nullish(),
    installments_amount: amount.nullish(),
    installments_number: z.number().int().nullish(),
    balance: amount.nullish(),
  })
  .transform((t): WebpayTransaction => ({
    status: t.status,
    approved: t.response_code === 0 && t.status === 'AUTHORIZED',
    amountMinor: t.amount,
    buyOrder: t.buy_order,
    sessionId: t.session_id,
    responseCode: t.response_code ?? null,
    authorizationCode: t.authorization_code ?? null,
    paymentTypeCode: t.payment_type_code ?? null,
    cardNumber: t.card_detail?.card_number ?? null,
    vci: t.vci ?? null,
    accountingDate: t.accounting_date ?? null,
    transactionDate: t.transaction_date,
    installmentsNumber: t.installments_number ?? null,
    installmentsAmountMinor: t.installments_amount ?? null,
    balanceMinor: t.balance ?? null,
  }));

const refundSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('REVERSED') }).transform((): WebpayRefund => ({ type: 'REVERSED' })),
  z
    .object({
      type: z.literal('NULLIFIED'),
      authorization_code: z.string().nullish(),
      authorization_date: optionalDate,
      nullified_amount: amount,
      balance: amount,
      response_code: z.number().int(),
    })
    .transform((r): WebpayRefund => ({
      type: 'NULLIFIED',
      authorizationCode: r.authorization_code ?? null,
      authorizationDate: r.authorization_date,
      nullifiedAmountMinor: r.nullified_amount,
      balanceMinor: r.balance,
      responseCode: r.response_code,
    })),
]);

/** Throws WebpayError 'invalid-input' for the first argument at fault. */
function check(operation: WebpayOperation, fields: [name: string, problem: FieldProblem][]): void {
  for (const [field, problem] of fields) {
    if (problem !== null) {
      throw new WebpayError(`Webpay ${operation}: ${field} ${problem}`, {
        kind: 'invalid-input',
        operation,
        field,
      });
    }
  }
}

/**
 * The SDK (6.1.1, request_service.ts) rethrows every axios failure as
 * `TransbankError(\`${axiosError}\n${error_message ?? 'Unexpected error'}\n\`)`, keeping neither
 * the status nor the cause as properties: the message is all there is. Its first line is
 * axios's "AxiosError: Request failed with status code 422", "AxiosError: timeout of 30000ms
 * exceeded" or "AxiosError: connect ECONNREFUSED …". The adapter tests pin each case.
 */
export function fromSdkError(error: unknown, operation: WebpayOperation): WebpayError {
  if (isWebpayError(error)) return error;
  const text = error instanceof Error ? error.message : String(error);
  const isTransbankError = error instanceof Error && error.name === 'TransbankError';
  const lineEnd = text.indexOf('\n');
  const first = lineEnd === -1 ? text : text.slice(0, lineEnd);
  const rest = lineEnd === -1 ? '' : text.slice(lineEnd + 1).replace(/\n$/, '');
  const transbankMessage = isTransbankError && rest !== '' && rest !== 'Unexpected error' ? rest : null;
  const status = isTransbankError ? /status code (\d{3})\b/.exec(first)?.[1] : undefined;
  const fail = (kind: WebpayError['kind'], httpStatus: number | null, what: string) =>
    new WebpayError(`Webpay ${operation}: ${what}`, {
      kind,
      operation,
      httpStatus,
      transbankMessage,
      cause: error,
    });

  if (status !== undefined) {
    const code = Number(status);
    const said = transbankMessage ? `: ${transbankMessage}` : '';
    if (code === 422) return fail('rejected', code, `refused (422)${said}`);
    if (code === 401) return fail('unauthorized', code, `not authorized (401)${said}`);
    if (code >= 500) return fail('unavailable', code, `Transbank failed (${code})${said}`);
    return fail('http', code, `HTTP ${code}${said}`);
  }
  if (/timeout|ETIMEDOUT|ECONNABORTED/i.test(first)) return fail('timeout', null, 'no answer in time');
  // the SDK's own argument checks (plain Error); ours run first, so they should never fire
  if (!isTransbankError && /can't be null|is too long|has spaces/.test(text)) {
    return fail('invalid-input', null, text);
  }
  // no HTTP answer (refused, reset, unknown host) or something unexpected: the outcome is unknown
  return fail('network', null, `no answer (${first.replace(/^AxiosError: /, '')})`);
}

function parse<T>(schema: z.ZodType<T>, body: unknown, operation: WebpayOperation): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new WebpayError(
    `Webpay ${operation}: unexpected answer${issue ? ` (${issue.path.join('.') || 'body'}: ${issue.message})` : ''}`,
    { kind: 'bad-response', operation },
  );
}

function hostOf(config: WebpayClientConfig): () => string {
  const { baseUrl } = config;
  if (typeof baseUrl === 'function') return () => baseUrl().replace(/\/+$/, '');
  if (typeof baseUrl === 'string') {
    const fixed = baseUrl.replace(/\/+$/, '');
    return () => fixed;
  }
  if (config.env === 'integration') return () => WEBPAY_INTEGRATION_HOST;
  if (config.env === 'production') return () => WEBPAY_PRODUCTION_HOST;
  throw new Error('Webpay sandbox: baseUrl is required (the app passes its own loopback address)');
}

export function createWebpayClient(config: WebpayClientConfig): WebpayClient {
  const host = hostOf(config);
  const timeoutMs = config.timeoutMs ?? DEFAULT_WEBPAY_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) {
    throw new Error(`Webpay: timeoutMs must be a positive whole number (got ${timeoutMs})`);
  }

  async function call<T>(
    operation: WebpayOperation,
    schema: z.ZodType<T>,
    run: (transaction: InstanceType<typeof transbank.WebpayPlus.Transaction>) => Promise<unknown>,
  ): Promise<T> {
    let base: string;
    try {
      base = host();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new WebpayError(`Webpay ${operation}: ${reason}`, { kind: 'network', operation, cause: error });
    }
    let body: unknown;
    try {
      const options = new transbank.Options(config.commerceCode, config.apiKey, base, timeoutMs);
      body = await run(new transbank.WebpayPlus.Transaction(options));
    } catch (error) {
      throw fromSdkError(error, operation);
    }
    return parse(schema, body, operation);
  }

  return {
    env: config.env,
    async create(buyOrder, sessionId, amountMinor, returnUrl) {
      check('create', [
        ['amountMinor', clpAmountProblem(amountMinor)],
        ['buyOrder', buyOrderProblem(buyOrder)],
        ['sessionId', sessionIdProblem(sessionId)],
        ['returnUrl', returnUrlProblem(returnUrl)],
      ]);
      return call('create', createdSchema, (t) => t.create(buyOrder, sessionId, amountMinor, returnUrl));
    },
    async commit(token) {
      check('commit', [['token', tokenProblem(token)]]);
      return call('commit', transactionSchema, (t) => t.commit(token));
    },
    async status(token) {
      check('status', [['token', tokenProblem(token)]]);
      return call('status', transactionSchema, (t) => t.status(token));
    },
    async refund(token, amountMinor) {
      check('refund', [
        ['token', tokenProblem(token)],
        ['amountMinor', clpAmountProblem(amountMinor)],
      ]);
      return call('refund', refundSchema, (t) => t.refund(token, amountMinor));
    },
  };
}
