/**
 * What every use case of every module receives: the request context and, when someone is signed
 * in, the diner. Routes make both with src/http/request.ts (`requestContext(request)`,
 * `requireDiner(request)`); work outside a request (background jobs, scripts, tests) makes the
 * context with `appContext(app)` or {@link createContext}.
 *
 *   export async function cancelReservation(ctx: RequestContext, diner: Diner, id: string) { … }
 *
 * A use case that needs less takes `Pick<RequestContext, 'db' | 'now'>`.
 */
import { DEFAULT_ABUSE_LIMITS, type AbuseLimits } from '../config.ts';
import type { Db, DbExecutor } from '../db/client.ts';
import { publishLiveEvent } from '../db/live-notify.ts';
import type { LiveEventMessage } from '../live/live-event.ts';
import type { Mailer } from '../mail/send-email.ts';

/** The log methods use cases call (a pino/Fastify logger fits). */
export interface Log {
  debug(object: object, message: string): void;
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * Live events to every instance (docs/product.md#live-updates; the plugin is src/plugins/live.ts).
 */
export interface LivePublisher {
  /**
   * With `tx`, the event leaves when that transaction commits and never if it rolls back: publish
   * inside the transaction that made the change. Without, at once.
   */
  publish(message: LiveEventMessage, tx?: DbExecutor): Promise<void>;
}

export interface RequestContext {
  /** drizzle on the pool: hand it (or a transaction of it) to repositories only. */
  db: Db;
  /** The clock; tests fix it. Never `new Date()` in a use case. */
  now: () => Date;
  log: Log;
  /** PUBLIC_URL: the origin of links in e-mails and calendar files. */
  publicUrl: string;
  /** The app's mailer (src/mail/send-email.ts): SMTP, or .eml files in DATA_DIR/outbox. */
  mailer: Pick<Mailer, 'sendEmail'>;
  live: LivePublisher;
  /**
   * The client's address (Fastify's `request.ip`, TRUST_PROXY-aware) for the per-address abuse
   * limits; absent outside a request (scripts, background work), where those limits do not apply.
   */
  address?: string;
  /** The abuse limits (config `abuseLimits`); {@link limitsOf} gives the defaults without. */
  limits?: AbuseLimits;
}

/** The context's abuse limits, else the defaults. */
export const limitsOf = (ctx: Pick<RequestContext, 'limits'>): AbuseLimits =>
  ctx.limits ?? DEFAULT_ABUSE_LIMITS;

/**
 * Who is calling: a signed-in user or a guest (a better-auth anonymous user). The one caller type
 * of the server; routes get it from the session with `findDiner` / `requireDiner` / `requireUser`.
 */
export interface Diner {
  userId: string;
  /** A guest: no account yet (its e-mail is a generated placeholder nobody writes to). */
  isGuest: boolean;
  email: string;
  /** The owner proved the address by a link sent to it (docs/security.md#e-mail-verification). */
  emailVerified: boolean;
  displayName: string;
  photoURL: string | null;
  locale: string | null;
}

const silentLog: Log = { debug() {}, info() {}, warn() {}, error() {} };

const noMailer: RequestContext['mailer'] = {
  sendEmail: () => Promise.reject(new Error('this context has no mailer')),
};

/** A context outside the app (scripts, benchmarks): silent log, no mailer, live events by NOTIFY. */
export function createContext(parts: Pick<RequestContext, 'db'> & Partial<RequestContext>): RequestContext {
  return {
    now: () => new Date(),
    log: silentLog,
    publicUrl: 'http://localhost:3000',
    mailer: noMailer,
    live: { publish: (message, tx) => publishLiveEvent(tx ?? parts.db, message) },
    ...parts,
  };
}
