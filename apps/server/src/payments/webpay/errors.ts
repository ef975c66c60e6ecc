/**
 * The one error the Webpay adapter throws. `kind` says what happened, so the caller can decide:
 * a 422 'locked' on commit → read the status; 'timeout' / 'unavailable' / 'network' on commit →
 * the outcome is unknown, read the status before anything else; 'unauthorized' → configuration.
 */

export type WebpayOperation = 'create' | 'commit' | 'status' | 'refund';

export type WebpayErrorKind =
  /** Refused by the adapter before any call (amount, buy order, session id, return URL, token). */
  | 'invalid-input'
  /** HTTP 422: Transbank refused the operation; `rejection` tells the known cases apart. */
  | 'rejected'
  /** HTTP 401: wrong commerce code or API key. */
  | 'unauthorized'
  /** HTTP 5xx. */
  | 'unavailable'
  /** No answer within the adapter's timeout. */
  | 'timeout'
  /** No HTTP answer at all: connection refused or reset, unknown host. */
  | 'network'
  /** Any other HTTP status (400 bad JSON, 404, 405, 415…). */
  | 'http'
  /** A 2xx answer whose body is not what Webpay answers. */
  | 'bad-response';

/** The 422 messages callers act upon (protocol facts in ./README.md). */
export type WebpayRejection =
  /** "Transaction already locked by another process": a commit is done or in progress → read status. */
  | 'locked'
  /** "Transaction has an invalid finished state: aborted": aborted or timed out → never paid. */
  | 'aborted'
  /** "Invalid value for parameter: token": Transbank does not know the token. */
  | 'invalid-token'
  /** "…passed max time (7 days) to recover the status". */
  | 'status-expired'
  | 'other';

const REJECTIONS: readonly [RegExp, WebpayRejection][] = [
  [/already locked by another process/i, 'locked'],
  [/invalid finished state/i, 'aborted'],
  [/invalid value for parameter: token/i, 'invalid-token'],
  [/max time \(7 days\)/i, 'status-expired'],
];

export function rejectionOf(message: string | null): WebpayRejection {
  if (message === null) return 'other';
  return REJECTIONS.find(([pattern]) => pattern.test(message))?.[1] ?? 'other';
}

export interface WebpayErrorDetails {
  kind: WebpayErrorKind;
  operation: WebpayOperation;
  /** The HTTP status Transbank answered, null when there was no answer (or no call). */
  httpStatus?: number | null;
  /** Transbank's `error_message`, when it sent one. */
  transbankMessage?: string | null;
  /** For 'invalid-input': the argument at fault. */
  field?: string | null;
  cause?: unknown;
}

export class WebpayError extends Error {
  override readonly name = 'WebpayError';
  readonly kind: WebpayErrorKind;
  readonly operation: WebpayOperation;
  readonly httpStatus: number | null;
  readonly transbankMessage: string | null;
  /** Set for 'rejected' (HTTP 422), null otherwise. */
  readonly rejection: WebpayRejection | null;
  readonly field: string | null;

  constructor(message: string, details: WebpayErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = details.kind;
    this.operation = details.operation;
    this.httpStatus = details.httpStatus ?? null;
    this.transbankMessage = details.transbankMessage ?? null;
    this.rejection = details.kind === 'rejected' ? rejectionOf(this.transbankMessage) : null;
    this.field = details.field ?? null;
  }

  /**
   * True when the operation may or may not have happened at Transbank (no answer, or a 5xx):
   * after a commit, read the status before deciding anything.
   */
  get outcomeUnknown(): boolean {
    return this.kind === 'timeout' || this.kind === 'unavailable' || this.kind === 'network';
  }
}

export function isWebpayError(error: unknown, kind?: WebpayErrorKind): error is WebpayError {
  return error instanceof WebpayError && (kind === undefined || error.kind === kind);
}
