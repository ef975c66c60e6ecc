import { DomainError } from '../errors.ts';

/** Webpay Plus field limits (REST v1.2): buy_order ≤ 26, session_id ≤ 61, token ≤ 64 characters. */
export const WEBPAY_BUY_ORDER_MAX_LENGTH = 26;
export const WEBPAY_SESSION_ID_MAX_LENGTH = 61;
export const WEBPAY_TOKEN_MAX_LENGTH = 64;
/** Every character Webpay accepts in a buy_order: digits, letters and `|_=&%.,~:/?[+!@()>-`. */
export const WEBPAY_BUY_ORDER_CHARACTERS =
  '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz|_=&%.,~:/?[+!@()>-';

const BUY_ORDER_CHARACTERS = new Set(WEBPAY_BUY_ORDER_CHARACTERS);
const TOKEN_PATTERN = /^[0-9A-Za-z]+$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BUY_ORDER_FROM_UUID_PATTERN = /^[0-9a-z]{25}$/;
/** A 128-bit uuid written in base 36 needs 25 digits (36^25 > 2^128). */
const BASE36_UUID_LENGTH = 25;
const MAX_UUID = (1n << 128n) - 1n;

/** What reached the return URL, as the four cases of Webpay Plus §1.4, plus anything else. */
export type WebpayReturn =
  | { kind: 'commit'; token: string }
  | { kind: 'aborted'; token: string; buyOrder?: string; sessionId?: string }
  | { kind: 'timed_out'; buyOrder: string; sessionId?: string }
  | { kind: 'invalid' };

/** Whether `value` is a buy_order Webpay accepts: 1 to 26 characters of {@link WEBPAY_BUY_ORDER_CHARACTERS}. */
export function isWebpayBuyOrder(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length >= 1 &&
    value.length <= WEBPAY_BUY_ORDER_MAX_LENGTH &&
    [...value].every((character) => BUY_ORDER_CHARACTERS.has(character))
  );
}

const isToken = (value: string): boolean =>
  value.length <= WEBPAY_TOKEN_MAX_LENGTH && TOKEN_PATTERN.test(value);
const isSessionId = (value: string): boolean => value.length <= WEBPAY_SESSION_ID_MAX_LENGTH;

/**
 * Classifies the parameters that reached the Webpay return URL (query string or form body):
 * 1. `TBK_TOKEN` present → `aborted` (the payer cancelled; also the error-page return that
 *    brings `token_ws` too): never commit, the token may be queried for its status;
 * 2. else `token_ws` present → `commit` (approved or rejected: commit tells);
 * 3. else `TBK_ORDEN_COMPRA` present → `timed_out` (the payment form expired);
 * 4. else → `invalid`.
 * An empty value counts as absent. A present value out of Webpay's limits (token: 1–64 letters
 * or digits; buy order: see {@link isWebpayBuyOrder}; session id: ≤ 61 characters) makes the
 * whole return `invalid`.
 */
export function classifyWebpayReturn(params: Readonly<Record<string, string | undefined>>): WebpayReturn {
  const read = (name: string): string | undefined => {
    const value = params[name];
    return typeof value === 'string' && value.length > 0 ? value : undefined;
  };
  const tbkToken = read('TBK_TOKEN');
  const tokenWs = read('token_ws');
  const buyOrder = read('TBK_ORDEN_COMPRA');
  const sessionId = read('TBK_ID_SESION');

  const malformed =
    (tbkToken !== undefined && !isToken(tbkToken)) ||
    (tokenWs !== undefined && !isToken(tokenWs)) ||
    (buyOrder !== undefined && !isWebpayBuyOrder(buyOrder)) ||
    (sessionId !== undefined && !isSessionId(sessionId));
  if (malformed) return { kind: 'invalid' };

  const extras = {
    ...(buyOrder === undefined ? {} : { buyOrder }),
    ...(sessionId === undefined ? {} : { sessionId }),
  };
  if (tbkToken !== undefined) return { kind: 'aborted', token: tbkToken, ...extras };
  if (tokenWs !== undefined) return { kind: 'commit', token: tokenWs };
  if (buyOrder !== undefined) return { kind: 'timed_out', ...extras, buyOrder };
  return { kind: 'invalid' };
}

/** The commit (or status) response fields that decide approval; raw JSON is welcome. */
export interface WebpayOutcome {
  response_code?: unknown;
  status?: unknown;
}

/** Webpay approved the payment only when `response_code === 0` AND `status === 'AUTHORIZED'`. */
export function isWebpayApproved(outcome: WebpayOutcome): boolean {
  return outcome.response_code === 0 && outcome.status === 'AUTHORIZED';
}

/**
 * A Webpay buy_order made from a uuid (e.g. the transaction's id, the uniqueness source): its 128
 * bits written in base 36, 25 characters of [0-9a-z]. Distinct uuids give distinct buy orders
 * (letter case of the uuid does not matter), and {@link uuidFromWebpayBuyOrder} reverses it.
 * @throws DomainError `INVALID_BUY_ORDER` — `uuid` is not a uuid (8-4-4-4-12 hex digits).
 */
export function webpayBuyOrder(uuid: string): string {
  if (typeof uuid !== 'string' || !UUID_PATTERN.test(uuid)) {
    throw new DomainError('INVALID_BUY_ORDER', `a buy order is made from a uuid, got "${String(uuid)}"`);
  }
  const value = BigInt(`0x${uuid.replaceAll('-', '')}`);
  return value.toString(36).padStart(BASE36_UUID_LENGTH, '0');
}

/** The uuid (lower case) a {@link webpayBuyOrder} was made from; null when `buyOrder` is not one. */
export function uuidFromWebpayBuyOrder(buyOrder: string): string | null {
  if (typeof buyOrder !== 'string' || !BUY_ORDER_FROM_UUID_PATTERN.test(buyOrder)) return null;
  let value = 0n;
  for (const digit of buyOrder) value = value * 36n + BigInt(Number.parseInt(digit, 36));
  if (value > MAX_UUID) return null;
  const hex = value.toString(16).padStart(32, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
