/**
 * Webpay Plus REST v1.2 facts shared by the adapter (which checks before calling) and the
 * Transbank-compatible server (which checks what it receives): paths, field limits, clocks.
 * Sources (Transbank's reference and the official SDK 6.1.1) are summarised in ./README.md.
 */

/** Transbank's hosts (the SDK's `Environment`). */
export const WEBPAY_INTEGRATION_HOST = 'https://webpay3gint.transbank.cl';
export const WEBPAY_PRODUCTION_HOST = 'https://webpay3g.transbank.cl';

/** Every API call goes to `<host><WEBPAY_API_PATH>/transactions…` (the SDK's WEBPAY_ENDPOINT). */
export const WEBPAY_API_PATH = '/rswebpaytransaction/api/webpay/v1.2';
/** The card form the browser is sent to with `token_ws`. */
export const WEBPAY_FORM_PATH = '/webpayserver/initTransaction';

export const BUY_ORDER_MAX = 26;
export const SESSION_ID_MAX = 61;
export const RETURN_URL_MAX = 255;
export const TOKEN_MAX = 64;

/** Digits, letters and `|_=&%.,~:/?[+!@()>-` (Transbank's reference table). */
const BUY_ORDER_PATTERN = /^[0-9A-Za-z|_=&%.,~:/?[+!@()>-]+$/;
/**
 * Real tokens are 64 hexadecimal characters. The adapter accepts letters, digits, `_` and `-`
 * (so a token from the browser can never change the path it is put in) and leaves the exact
 * format to Transbank.
 */
const TOKEN_PATTERN = /^[0-9A-Za-z_-]+$/;

/** The token lives 5 minutes after create: the card form refuses it afterwards. */
export const TOKEN_LIFETIME_MS = 5 * 60_000;
/** Status can be read for 7 days after create. */
export const STATUS_WINDOW_MS = 7 * 24 * 60 * 60_000;
/** A refund of the whole amount within 3 hours of the commit is a reversal; later, a nullification. */
export const REVERSAL_WINDOW_MS = 3 * 60 * 60_000;

/** Webpay Plus statuses (commit, status). */
export const WEBPAY_STATUSES = [
  'INITIALIZED',
  'AUTHORIZED',
  'REVERSED',
  'FAILED',
  'NULLIFIED',
  'PARTIALLY_NULLIFIED',
  'CAPTURED',
] as const;
export type WebpayStatus = (typeof WEBPAY_STATUSES)[number];

/** Why a value is refused, or null when it is fine. */
export type FieldProblem = string | null;

const hasText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

export function buyOrderProblem(value: unknown): FieldProblem {
  if (!hasText(value)) return 'is required';
  if (value.length > BUY_ORDER_MAX) return `is longer than ${BUY_ORDER_MAX} characters`;
  if (!BUY_ORDER_PATTERN.test(value)) return 'may only hold digits, letters and |_=&%.,~:/?[+!@()>-';
  return null;
}

export function sessionIdProblem(value: unknown): FieldProblem {
  if (!hasText(value)) return 'is required';
  if (value.length > SESSION_ID_MAX) return `is longer than ${SESSION_ID_MAX} characters`;
  return null;
}

export function returnUrlProblem(value: unknown): FieldProblem {
  if (!hasText(value)) return 'is required';
  if (value.length > RETURN_URL_MAX) return `is longer than ${RETURN_URL_MAX} characters`;
  let protocol: string;
  try {
    protocol = new URL(value).protocol;
  } catch {
    return 'is not an absolute URL';
  }
  return protocol === 'http:' || protocol === 'https:' ? null : 'is not an http(s) URL';
}

export function tokenProblem(value: unknown): FieldProblem {
  if (!hasText(value)) return 'is required';
  if (value.length > TOKEN_MAX) return `is longer than ${TOKEN_MAX} characters`;
  if (!TOKEN_PATTERN.test(value)) return 'may only hold letters, digits, _ and -';
  return null;
}

/** Chilean pesos have no minor unit: an amount is a whole, positive number of pesos. */
export function clpAmountProblem(value: unknown): FieldProblem {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'is not a number';
  if (!Number.isInteger(value)) return 'is not a whole number of pesos';
  if (value <= 0) return 'is not positive';
  if (!Number.isSafeInteger(value)) return 'is too large';
  return null;
}
