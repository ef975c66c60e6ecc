/**
 * The state machine of a Transbank-compatible Webpay Plus (REST v1.2): create, the card form's
 * outcomes, commit, status and refund, with Transbank's clocks (5-minute token, 7-day status,
 * 3-hour reversal) on an injectable clock. No HTTP here: ./http.ts speaks the protocol and both
 * the test fake (../testing/fake-webpay.ts) and the app's built-in sandbox (../sandbox.ts) serve it.
 *
 * State is in memory (one process, lost on restart): it stands in for Transbank's own records,
 * which the app never keeps either. Every error answer is 422/4xx `{ error_message }`; messages
 * Transbank is known to send are used word for word (./README.md lists which).
 */
import { randomBytes } from 'node:crypto';
import {
  buyOrderProblem,
  clpAmountProblem,
  REVERSAL_WINDOW_MS,
  returnUrlProblem,
  sessionIdProblem,
  STATUS_WINDOW_MS,
  TOKEN_LIFETIME_MS,
  type WebpayStatus,
} from '../rules.ts';

export const WEBPAY_MESSAGES = {
  notAuthorized: 'Not Authorized',
  invalidToken: 'Invalid value for parameter: token',
  aborted: 'Transaction has an invalid finished state: aborted',
  locked: 'Transaction already locked by another process',
  statusExpired: "The transactions's date has passed max time (7 days) to recover the status",
  /** Commit before the card holder finished the form (observed wording for a pending transaction). */
  notFinished:
    "Invalid status '0' for transaction while authorizing. Commerce will be notified by webpay to authorize",
  buyOrderUsed: 'Transaction already exists (21)',
  refundTooBig: 'Amount to refund is bigger than authorized',
  refundNotAuthorized: 'Transaction is not authorized: nothing to refund',
  refundFinished: 'Transaction already reversed or nullified',
} as const;

/** What the card holder does on the card form. 'error' = Webpay's error page, then "back to the shop". */
export const CARD_OUTCOMES = ['approve', 'reject', 'abort', 'timeout', 'error'] as const;
export type CardOutcome = (typeof CARD_OUTCOMES)[number];

export function isCardOutcome(value: unknown): value is CardOutcome {
  return typeof value === 'string' && (CARD_OUTCOMES as readonly string[]).includes(value);
}

/**
 * A commit of a token already committed: real Webpay answers 422 'locked' (observed); 'same-body'
 * answers the first commit's body again, so both client behaviours can be tested.
 */
export type RepeatedCommit = 'locked' | 'same-body';
export type ReturnMethod = 'GET' | 'POST';

/**
 * How each case comes back to return_url. The normal flow is a GET since API 1.1; integration
 * still posts the aborted flow, and Transbank's docs say "always POST" elsewhere.
 */
export const DEFAULT_RETURN_METHODS: Readonly<Record<CardOutcome, ReturnMethod>> = {
  approve: 'GET',
  reject: 'GET',
  abort: 'POST',
  timeout: 'POST',
  error: 'POST',
};

/** An API answer: HTTP status and JSON body. */
export interface ApiAnswer {
  status: number;
  body: unknown;
}

/** Where the browser goes back to, and with which parameters (protocol facts in ../README.md). */
export interface ReturnTrip {
  outcome: CardOutcome;
  method: ReturnMethod;
  /** The transaction's return_url, as the merchant gave it. */
  url: string;
  params: Record<string, string>;
}

export type FormProblem = 'unknown' | 'expired' | 'finished';

/** What the card page shows. */
export interface CardView {
  token: string;
  commerceCode: string;
  buyOrder: string;
  amount: number;
  expiresAt: Date;
}

export interface WebpayCoreOptions {
  commerceCode: string;
  apiKey: string;
  now: () => Date;
  /** The absolute URL of the card form, as create answers it. */
  formUrl: () => string;
  repeatedCommit?: RepeatedCommit;
  returnMethods?: Partial<Record<CardOutcome, ReturnMethod>>;
}

type Phase = 'created' | 'approved' | 'rejected' | 'aborted' | 'committed';

interface StoredTransaction {
  token: string;
  commerceCode: string;
  buyOrder: string;
  sessionId: string;
  amount: number;
  returnUrl: string;
  createdAt: Date;
  phase: Phase;
  /** Set when the card holder approved (true) or was rejected (false) on the form. */
  approved: boolean | null;
  /** When the card holder finished the form (the authorization's date). */
  paidAt: Date | null;
  committedAt: Date | null;
  /** The first commit's body, answered again in 'same-body' mode. */
  commitBody: Record<string, unknown> | null;
  status: WebpayStatus;
  balance: number;
}

/** Dropped from memory this long after create (status answers for 7 days only). */
const FORGET_AFTER_MS = 30 * 24 * 60 * 60_000;

const fail = (status: number, message: string): ApiAnswer => ({ status, body: { error_message: message } });
const rejected = (message: string) => fail(422, message);

/** MMDD in Chile, where Transbank keeps its books. */
const accountingDay = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Santiago',
  month: '2-digit',
  day: '2-digit',
});
function accountingDate(date: Date): string {
  const parts = accountingDay.formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('month')}${part('day')}`;
}

export class WebpayCore {
  repeatedCommit: RepeatedCommit;
  readonly returnMethods: Record<CardOutcome, ReturnMethod>;
  readonly #options: WebpayCoreOptions;
  readonly #transactions = new Map<string, StoredTransaction>();
  readonly #buyOrders = new Set<string>();

  constructor(options: WebpayCoreOptions) {
    this.#options = options;
    this.repeatedCommit = options.repeatedCommit ?? 'locked';
    this.returnMethods = { ...DEFAULT_RETURN_METHODS, ...options.returnMethods };
  }

  get #now(): Date {
    return this.#options.now();
  }

  /** Tbk-Api-Key-Id / Tbk-Api-Key-Secret. */
  isAuthorized(keyId: string | undefined, keySecret: string | undefined): boolean {
    return keyId === this.#options.commerceCode && keySecret === this.#options.apiKey;
  }

  /** POST /transactions `{ buy_order, session_id, amount, return_url }` → `{ token, url }`. */
  create(body: unknown): ApiAnswer {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return fail(400, 'Invalid request body');
    }
    const fields = body as Record<string, unknown>;
    const unexpected = Object.keys(fields).find(
      (key) => !['buy_order', 'session_id', 'amount', 'return_url'].includes(key),
    );
    if (unexpected !== undefined) return fail(400, `Unrecognized field: ${unexpected}`);
    for (const name of ['buy_order', 'session_id', 'amount', 'return_url']) {
      if (fields[name] === undefined || fields[name] === null || fields[name] === '') {
        return rejected(`${name} is required!`);
      }
    }
    const problems: [string, string | null][] = [
      ['buy_order', buyOrderProblem(fields.buy_order)],
      ['session_id', sessionIdProblem(fields.session_id)],
      ['amount', clpAmountProblem(fields.amount)],
      ['return_url', returnUrlProblem(fields.return_url)],
    ];
    const invalid = problems.find(([, problem]) => problem !== null);
    if (invalid) return rejected(`Invalid value for parameter: ${invalid[0]}`);

    const now = this.#now;
    this.#forgetOld(now);
    const buyOrder = fields.buy_order as string;
    const orderKey = `${this.#options.commerceCode}/${buyOrder}`;
    if (this.#buyOrders.has(orderKey)) return rejected(WEBPAY_MESSAGES.buyOrderUsed);

    const token = randomBytes(32).toString('hex');
    this.#buyOrders.add(orderKey);
    this.#transactions.set(token, {
      token,
      commerceCode: this.#options.commerceCode,
      buyOrder,
      sessionId: fields.session_id as string,
      amount: fields.amount as number,
      returnUrl: fields.return_url as string,
      createdAt: now,
      phase: 'created',
      approved: null,
      paidAt: null,
      committedAt: null,
      commitBody: null,
      status: 'INITIALIZED',
      balance: fields.amount as number,
    });
    return { status: 200, body: { token, url: this.#options.formUrl() } };
  }

  /** PUT /transactions/:token. */
  commit(token: string): ApiAnswer {
    const tx = this.#find(token);
    if (!tx) return rejected(WEBPAY_MESSAGES.invalidToken);
    const now = this.#now;
    switch (tx.phase) {
      case 'aborted':
        return rejected(WEBPAY_MESSAGES.aborted);
      case 'created':
        // nobody finished the form: once the token has expired the form timed out
        return rejected(this.#expired(tx, now) ? WEBPAY_MESSAGES.aborted : WEBPAY_MESSAGES.notFinished);
      case 'committed':
        return this.repeatedCommit === 'same-body' && tx.commitBody
          ? { status: 200, body: tx.commitBody }
          : rejected(WEBPAY_MESSAGES.locked);
      case 'approved':
      case 'rejected': {
        tx.status = tx.phase === 'approved' ? 'AUTHORIZED' : 'FAILED';
        tx.phase = 'committed';
        tx.committedAt = now;
        tx.commitBody = this.#view(tx);
        return { status: 200, body: tx.commitBody };
      }
    }
  }

  /** GET /transactions/:token. */
  status(token: string): ApiAnswer {
    const tx = this.#find(token);
    if (!tx) return rejected(WEBPAY_MESSAGES.invalidToken);
    if (this.#now.getTime() - tx.createdAt.getTime() > STATUS_WINDOW_MS) {
      return rejected(WEBPAY_MESSAGES.statusExpired);
    }
    return { status: 200, body: this.#view(tx) };
  }

  /** POST /transactions/:token/refunds `{ amount }`. */
  refund(token: string, body: unknown): ApiAnswer {
    const tx = this.#find(token);
    if (!tx) return rejected(WEBPAY_MESSAGES.invalidToken);
    const amount = (body as { amount?: unknown } | null)?.amount;
    if (amount === undefined || amount === null) return rejected('amount is required!');
    if (clpAmountProblem(amount) !== null) return rejected('Invalid value for parameter: amount');
    const value = amount as number;
    if (tx.status === 'REVERSED' || tx.status === 'NULLIFIED')
      return rejected(WEBPAY_MESSAGES.refundFinished);
    if (tx.status !== 'AUTHORIZED' && tx.status !== 'PARTIALLY_NULLIFIED') {
      return rejected(WEBPAY_MESSAGES.refundNotAuthorized);
    }
    if (value > tx.balance) return rejected(WEBPAY_MESSAGES.refundTooBig);
    const now = this.#now;
    const committedAt = tx.committedAt ?? tx.createdAt;
    const whole = tx.status === 'AUTHORIZED' && value === tx.amount;
    if (whole && now.getTime() - committedAt.getTime() <= REVERSAL_WINDOW_MS) {
      tx.status = 'REVERSED';
      tx.balance = 0;
      return { status: 200, body: { type: 'REVERSED' } };
    }
    tx.balance -= value;
    tx.status = tx.balance === 0 ? 'NULLIFIED' : 'PARTIALLY_NULLIFIED';
    return {
      status: 200,
      body: {
        type: 'NULLIFIED',
        authorization_code: '123456',
        authorization_date: now.toISOString(),
        nullified_amount: value,
        balance: tx.balance,
        response_code: 0,
      },
    };
  }

  /** The card form may be shown (or answered) for this token. */
  openForm(token: string | undefined): { ok: true; view: CardView } | { ok: false; problem: FormProblem } {
    const tx = token ? this.#find(token) : undefined;
    if (!tx) return { ok: false, problem: 'unknown' };
    if (tx.phase !== 'created') return { ok: false, problem: 'finished' };
    if (this.#expired(tx, this.#now)) return { ok: false, problem: 'expired' };
    return {
      ok: true,
      view: {
        token: tx.token,
        commerceCode: tx.commerceCode,
        buyOrder: tx.buyOrder,
        amount: tx.amount,
        expiresAt: new Date(tx.createdAt.getTime() + TOKEN_LIFETIME_MS),
      },
    };
  }

  /** The card holder's choice on the form → where the browser goes back to. */
  finishForm(
    token: string | undefined,
    outcome: CardOutcome,
  ): { ok: true; trip: ReturnTrip } | { ok: false; problem: FormProblem } {
    const open = this.openForm(token);
    if (!open.ok) return open;
    const tx = this.#transactions.get(open.view.token) as StoredTransaction;
    const ids = { TBK_ORDEN_COMPRA: tx.buyOrder, TBK_ID_SESION: tx.sessionId };
    const byOutcome: Record<CardOutcome, [Phase, Record<string, string>]> = {
      approve: ['approved', { token_ws: tx.token }],
      reject: ['rejected', { token_ws: tx.token }],
      abort: ['aborted', { TBK_TOKEN: tx.token, ...ids }],
      timeout: ['aborted', ids],
      error: ['aborted', { token_ws: tx.token, TBK_TOKEN: tx.token, ...ids }],
    };
    const [phase, params] = byOutcome[outcome];
    tx.phase = phase;
    if (phase !== 'aborted') {
      tx.approved = phase === 'approved';
      tx.paidAt = this.#now;
    }
    return { ok: true, trip: { outcome, method: this.returnMethods[outcome], url: tx.returnUrl, params } };
  }

  #find(token: string): StoredTransaction | undefined {
    const tx = this.#transactions.get(token);
    return tx && tx.commerceCode === this.#options.commerceCode ? tx : undefined;
  }

  #expired(tx: StoredTransaction, now: Date): boolean {
    return now.getTime() - tx.createdAt.getTime() > TOKEN_LIFETIME_MS;
  }

  /** Commit and status body (Transbank's snake_case shape). */
  #view(tx: StoredTransaction): Record<string, unknown> {
    const base = {
      amount: tx.amount,
      status: tx.status,
      buy_order: tx.buyOrder,
      session_id: tx.sessionId,
    };
    if (!tx.committedAt) {
      // before commit (aborted ones too, as observed): no card, no authorization yet
      return {
        ...base,
        accounting_date: accountingDate(tx.createdAt),
        transaction_date: tx.createdAt.toISOString(),
        installments_number: 0,
      };
    }
    const approved = tx.approved === true;
    const paidAt = tx.paidAt ?? tx.committedAt;
    return {
      vci: 'TSY',
      ...base,
      card_detail: { card_number: approved ? '6623' : '0568' },
      accounting_date: accountingDate(paidAt),
      transaction_date: paidAt.toISOString(),
      authorization_code: approved ? '1213' : '000000',
      payment_type_code: 'VN',
      response_code: approved ? 0 : -1,
      installments_number: 0,
      ...(tx.balance !== tx.amount ? { balance: tx.balance } : {}),
    };
  }

  /** Creation order is insertion order: drop from the oldest until one is recent enough. */
  #forgetOld(now: Date): void {
    for (const tx of this.#transactions.values()) {
      if (now.getTime() - tx.createdAt.getTime() <= FORGET_AFTER_MS) return;
      this.#transactions.delete(tx.token);
      this.#buyOrders.delete(`${tx.commerceCode}/${tx.buyOrder}`);
    }
  }
}
