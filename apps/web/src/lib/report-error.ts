/**
 * reportAnError: what broke for the diner goes to `POST /api/errors` as an error record
 * (docs/telemetry.md#error-records). Small on purpose (it is on every page's start-up path):
 * no zod, no React. It never throws, never reports its own failures (no loop), sends one record
 * per identical failure within {@link DEDUPE_MS}, at most {@link MAX_PER_PAGE} per page, and
 * after a 429 nothing until the server's Retry-After has passed.
 */
import type { ErrorReportInput, ErrorReportKind } from '@comensal/contracts';
import { env } from '@/config/env';

/** Identical records (kind, message, route) within this window are sent once. */
export const DEDUPE_MS = 10_000;
/** A page that keeps failing stops reporting after this many records. */
export const MAX_PER_PAGE = 30;

/** The caps of the contracts (packages/contracts ERROR_REPORT_LIMITS), copied to keep zod out. */
const CAPS = { message: 1000, stack: 8000, route: 500 } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ErrorReportContext {
  restaurantId?: string;
  reservationId?: string;
}

const lastSent = new Map<string, number>();
let sentOnPage = 0;
let pausedUntil = 0;

/** Tests start from a clean page. */
export function resetErrorReporter(): void {
  lastSent.clear();
  sentOnPage = 0;
  pausedUntil = 0;
}

const cap = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

function describe(error: unknown, fallback: string): { message: string; stack?: string } {
  if (error instanceof Error) {
    return {
      message: error.message || error.name || fallback,
      ...(error.stack ? { stack: error.stack } : {}),
    };
  }
  if (typeof error === 'string' && error !== '') return { message: error };
  return { message: fallback };
}

/** The restaurant and reservation of the page (`/restaurants/:id/reservations/:id/…`, `/staff/:id`). */
function idsOfPath(path: string): ErrorReportContext {
  const [, first, second, third, fourth] = path.split('/');
  const ids: ErrorReportContext = {};
  if ((first === 'restaurants' || first === 'staff') && second && UUID.test(second))
    ids.restaurantId = second;
  if (first === 'restaurants' && third === 'reservations' && fourth && UUID.test(fourth))
    ids.reservationId = fourth;
  return ids;
}

/**
 * Records a failure of `kind`. `message` is the product's wording of the failure (or, for an
 * uncaught error, the error's own); `error` adds its stack. Never throws.
 */
export function reportAnError(
  kind: ErrorReportKind,
  message: string,
  error?: unknown,
  context: ErrorReportContext = {},
): void {
  try {
    const now = Date.now();
    if (now < pausedUntil || sentOnPage >= MAX_PER_PAGE) return;
    const { pathname, search } = window.location;
    const route = cap(`${pathname}${search}`, CAPS.route);
    const described = describe(error, message);
    const text = cap(message || described.message, CAPS.message);
    const key = `${kind}\n${text}\n${route}`;
    const last = lastSent.get(key);
    if (last !== undefined && now - last < DEDUPE_MS) return;
    lastSent.set(key, now);
    sentOnPage += 1;
    const record: ErrorReportInput = {
      kind,
      message: text,
      route,
      appVersion: String(import.meta.env.VITE_APP_VERSION || 'dev').slice(0, 50),
      locale: document.documentElement.lang || 'en',
      ...idsOfPath(pathname),
      ...context,
    };
    const stack =
      described.message !== text ? `${described.message}\n${described.stack ?? ''}` : described.stack;
    if (stack) record.stack = cap(stack.trim(), CAPS.stack);
    send(record);
  } catch {
    // reporting must never break the page, nor report itself
  }
}

function send(record: ErrorReportInput): void {
  fetch(`${env.apiOrigin}/api/errors`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(record),
    credentials: env.apiOrigin ? 'include' : 'same-origin',
    // the record still leaves when the failure made the diner close the page
    keepalive: true,
  })
    .then((response) => {
      if (response.status === 429) {
        const seconds = Number(response.headers.get('Retry-After'));
        pausedUntil = Date.now() + (Number.isFinite(seconds) && seconds > 0 ? seconds : 60) * 1000;
      }
    })
    .catch(() => {
      // offline or refused: the record is lost, on purpose (no retry, no report of the report)
    });
}

/**
 * The window's own listeners: errors nobody caught and promises nobody handled. Once per page
 * (main.tsx).
 */
export function listenForUncaughtErrors(target: Window = window): void {
  target.addEventListener('error', (event: ErrorEvent) => {
    // a resource that failed to load (an <img>) is not a script error
    if (!(event instanceof ErrorEvent)) return;
    reportAnError('uncaught', event.message || 'Uncaught error', event.error);
  });
  target.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    const reason: unknown = event.reason;
    reportAnError(
      'unhandled_rejection',
      reason instanceof Error ? reason.message : 'Unhandled rejection',
      reason,
    );
  });
}
