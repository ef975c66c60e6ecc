/**
 * Configuration from environment variables (`.env.example` lists every one of them).
 * `loadConfig` validates everything at once and answers one clear line per problem, e.g.
 *   config: PORT must be an integer between 1 and 65535 (got "abc")
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_ANALYTICS_APP } from '@comensal/contracts';
import { z } from 'zod';
import type { BucketRule } from './db/rate-limit-repository.ts';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const WEBPAY_ENVS = ['sandbox', 'integration', 'production'] as const;
export type WebpayEnv = (typeof WEBPAY_ENVS)[number];

/** Public Webpay Plus integration credentials (Transbank docs; the same for every developer). */
export const WEBPAY_INTEGRATION_COMMERCE_CODE = '597055555532';
export const WEBPAY_INTEGRATION_API_KEY = '579B532A7440BB0C9079DED94D31EA1615BACEB56610332264630D42D0A36B1C';

/** Webpay Plus (src/payments/webpay). */
export interface WebpayConfig {
  env: WebpayEnv;
  /** Transbank's public integration credentials unless set (production requires both). */
  commerceCode: string;
  apiKey: string;
  /**
   * WEBPAY_BASE_URL: replaces Transbank's host (a test fake, a proxy); no trailing slash.
   * null = Transbank's host for the env, or the app itself for 'sandbox'.
   */
  baseUrl: string | null;
  /** Per-request timeout of the Webpay adapter. */
  timeoutMs: number;
}

export const DEFAULT_WEBPAY_TIMEOUT_SECONDS = 30;

/** What loadConfig gives with no WEBPAY_* set: the built-in sandbox, public test credentials. */
export const DEFAULT_WEBPAY_CONFIG: Readonly<WebpayConfig> = {
  env: 'sandbox',
  commerceCode: WEBPAY_INTEGRATION_COMMERCE_CODE,
  apiKey: WEBPAY_INTEGRATION_API_KEY,
  baseUrl: null,
  timeoutMs: DEFAULT_WEBPAY_TIMEOUT_SECONDS * 1000,
};

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
}

/**
 * Sign-in/sign-up throttling (applied in src/auth/auth.ts): fixed windows, counters in PostgreSQL
 * (src/db/rate-limit-repository.ts).
 */
export interface AuthRateLimit {
  /** Window length in seconds. */
  windowSeconds: number;
  /** Attempts per window and client IP on each sign-in/sign-up endpoint (all accounts together). */
  perIp: number;
  /**
   * Sign-in attempts per window on one account from one client IP, or from one known device (a
   * browser that signed in to it before). Success forgets them. Never per account alone: strangers
   * must not be able to lock its owner out.
   */
  perAccount: number;
}

export const DEFAULT_AUTH_RATE_LIMIT: AuthRateLimit = { windowSeconds: 600, perIp: 100, perAccount: 10 };

/** Caps on live sockets, per instance (src/live/live-hub.ts); over one the socket closes with 4029. */
export interface LiveLimits {
  /** Open sockets per session (a diner with many tabs). */
  maxSocketsPerSession: number;
  /** Open sockets per client address (a restaurant's Wi-Fi puts a dining room behind one). */
  maxSocketsPerAddress: number;
}

export const DEFAULT_LIVE_LIMITS: LiveLimits = { maxSocketsPerSession: 10, maxSocketsPerAddress: 200 };

/**
 * The limits against hoarding and spam (docs/product.md#booking-limits): token buckets, a burst
 * then a steady rate. Per address they are generous (a restaurant's Wi-Fi puts a full dining room
 * behind one address), per diner they are tight.
 */
export interface AbuseLimits {
  /** Guest ("continue as guest") sign-ins per client address. */
  guestSignInsPerAddress: BucketRule;
  /** Bookings (reservations and walk-ins, refused ones included) per client address. */
  bookingsPerAddress: BucketRule;
  /** Bookings per guest. */
  bookingsPerGuest: BucketRule;
  /** Bookings per signed-in diner. */
  bookingsPerUser: BucketRule;
  /** E-mail invitations one diner may send in 24 hours. */
  invitationsPerDay: number;
  /** Account e-mails (verification, password reset, sign-in link, sign-up attempt) to one address. */
  accountMailsPerAddress: BucketRule;
  /** Error records (POST /api/errors) per session (docs/telemetry.md#caps-and-rate-limits). */
  errorReportsPerSession: BucketRule;
  /** Error records per client address, sessions or not. */
  errorReportsPerAddress: BucketRule;
  /** Analytics event batches per client address (docs/telemetry.md#events). */
  analyticsBatchesPerAddress: BucketRule;
}

export const DEFAULT_ABUSE_LIMITS: AbuseLimits = {
  guestSignInsPerAddress: { capacity: 60, perMinute: 3 },
  bookingsPerAddress: { capacity: 60, perMinute: 6 },
  bookingsPerGuest: { capacity: 5, perMinute: 0.5 },
  bookingsPerUser: { capacity: 10, perMinute: 1 },
  invitationsPerDay: 20,
  accountMailsPerAddress: { capacity: 3, perMinute: 0.1 },
  errorReportsPerSession: { capacity: 20, perMinute: 6 },
  errorReportsPerAddress: { capacity: 60, perMinute: 30 },
  // a dining room of 40 behind one Wi-Fi, each browser sending a batch every few seconds at most
  analyticsBatchesPerAddress: { capacity: 300, perMinute: 300 },
};

/**
 * The limits with another burst per client address: bookings, guest sign-ins and error records
 * (a place where many people share one address).
 */
export const withBurstPerAddress = (limits: AbuseLimits, capacity: number): AbuseLimits => ({
  ...limits,
  bookingsPerAddress: { ...limits.bookingsPerAddress, capacity },
  guestSignInsPerAddress: { ...limits.guestSignInsPerAddress, capacity },
  errorReportsPerAddress: { ...limits.errorReportsPerAddress, capacity },
});

/** The one app whose analytics configuration GET /api/analytics/config answers (docs/telemetry.md). */
export interface AnalyticsAppConfig {
  appId: string;
  /** Compared with the request's x-api-key header. */
  apiKey: string;
  measurementId: string;
}

/** The demo app: the web build's defaults match. */
export const DEFAULT_ANALYTICS_CONFIG: Readonly<AnalyticsAppConfig> = { ...DEFAULT_ANALYTICS_APP };

/**
 * Stopping an instance (server.ts, docs/deploy.md#stopping-an-instance): how long it keeps
 * answering while `/readyz` says 503 (so the balancer takes it out first), then how long requests
 * under way may take to finish before their connections are cut.
 */
export interface ShutdownConfig {
  /** DRAIN_DELAY_SECONDS: 0 = close at once (one instance, no balancer). */
  drainDelayMs: number;
  /** DRAIN_TIMEOUT_SECONDS. */
  drainTimeoutMs: number;
}

export const DEFAULT_SHUTDOWN: Readonly<ShutdownConfig> = { drainDelayMs: 0, drainTimeoutMs: 10_000 };

/** DATABASE_POOL_SIZE: connections each instance may hold (plus one for live updates). */
export const DEFAULT_DATABASE_POOL_SIZE = 10;

export interface Config {
  port: number;
  host: string;
  /** Absolute path. Holds pg/ (embedded PostgreSQL), files/, outbox/, secret. */
  dataDir: string;
  /** null = embedded PostgreSQL in `dataDir/pg`. */
  databaseUrl: string | null;
  seedDemo: boolean;
  /** Origin the browser uses, without trailing slash, e.g. "http://localhost:3000". */
  publicUrl: string;
  authSecret: string;
  logLevel: LogLevel;
  smtpUrl: string | null;
  /**
   * The bucket for pictures and receipts (src/storage/s3-storage.ts); null = DATA_DIR/files and
   * DATA_DIR/private. `endpoint`: an S3-compatible store's origin, null = AWS S3 in `region`.
   */
  s3: {
    endpoint: string | null;
    bucket: string;
    accessKeyId: string;
    secretAccessKey: string;
    region: string;
  } | null;
  webpay: WebpayConfig;
  google: OAuthClient | null;
  facebook: OAuthClient | null;
  trustProxy: boolean | number | string[];
  /**
   * Tests only (OAUTH_MOCK_ISSUER, refused under NODE_ENV=production): the configured Google /
   * Facebook clients talk to this local OIDC issuer instead of the real providers.
   */
  oauthMockIssuer?: string | null;
  /** Defaults to {@link DEFAULT_AUTH_RATE_LIMIT}. */
  authRateLimit?: AuthRateLimit;
  /** Defaults to {@link DEFAULT_LIVE_LIMITS}. */
  liveLimits?: LiveLimits;
  /** Defaults to {@link DEFAULT_ABUSE_LIMITS}. */
  abuseLimits?: AbuseLimits;
  /** Defaults to {@link DEFAULT_ANALYTICS_CONFIG}. */
  analytics?: AnalyticsAppConfig;
  /** Defaults to {@link DEFAULT_SHUTDOWN}. */
  shutdown?: ShutdownConfig;
  /** Defaults to {@link DEFAULT_DATABASE_POOL_SIZE}. */
  databasePoolSize?: number;
}

const SECRET_VARS = new Set([
  'AUTH_SECRET',
  'DATABASE_URL',
  'SMTP_URL',
  'S3_SECRET_ACCESS_KEY',
  'WEBPAY_API_KEY',
  'GOOGLE_CLIENT_SECRET',
  'FACEBOOK_CLIENT_SECRET',
  'ANALYTICS_API_KEY',
]);

const optional = () => z.string().optional();

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

const urlWithProtocols = (protocols: string[]) => (value: string) => {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

const flag = (name: string, fallback: '0' | '1') =>
  z
    .string()
    .default(fallback)
    .refine((v) => ['0', '1', 'true', 'false'].includes(v.toLowerCase()), {
      error: `${name} must be 0, 1, true or false`,
    })
    .transform((v) => v === '1' || v.toLowerCase() === 'true');

const positiveInteger = (name: string, fallback: number) =>
  z
    .string()
    .default(String(fallback))
    .refine((v) => /^\d{1,9}$/.test(v) && Number(v) >= 1, {
      error: `${name} must be a whole number of at least 1`,
    })
    .transform(Number);

const wholeSeconds = (name: string, fallback: number, max: number) =>
  z
    .string()
    .default(String(fallback))
    .refine((v) => /^\d{1,9}$/.test(v) && Number(v) <= max, {
      error: `${name} must be a whole number of seconds from 0 to ${max}`,
    })
    .transform(Number);

const envSchema = z.object({
  PORT: z
    .string()
    .default('3000')
    .refine((v) => /^\d{1,5}$/.test(v) && Number(v) >= 1 && Number(v) <= 65535, {
      error: 'PORT must be an integer between 1 and 65535',
    })
    .transform(Number),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional().refine(
    (v) => v === undefined || urlWithProtocols(['postgres:', 'postgresql:'])(v),
    {
      error: 'DATABASE_URL must be a postgres:// or postgresql:// URL',
    },
  ),
  SEED_DEMO: flag('SEED_DEMO', '1'),
  DATABASE_POOL_SIZE: positiveInteger('DATABASE_POOL_SIZE', DEFAULT_DATABASE_POOL_SIZE),
  DRAIN_DELAY_SECONDS: wholeSeconds('DRAIN_DELAY_SECONDS', DEFAULT_SHUTDOWN.drainDelayMs / 1000, 300),
  DRAIN_TIMEOUT_SECONDS: wholeSeconds('DRAIN_TIMEOUT_SECONDS', DEFAULT_SHUTDOWN.drainTimeoutMs / 1000, 300),
  PUBLIC_URL: optional().refine(
    (v) => v === undefined || (isHttpUrl(v) && ['', '/'].includes(new URL(v).pathname) && !new URL(v).search),
    { error: 'PUBLIC_URL must be an http(s) origin without a path, e.g. https://comensal.example' },
  ),
  AUTH_SECRET: optional().refine((v) => v === undefined || v.length >= 32, {
    error: 'AUTH_SECRET must be at least 32 characters (e.g. `openssl rand -base64 32`)',
  }),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info'),
  SMTP_URL: optional().refine((v) => v === undefined || urlWithProtocols(['smtp:', 'smtps:'])(v), {
    error: 'SMTP_URL must be an smtp:// or smtps:// URL',
  }),
  S3_ENDPOINT: optional().refine(
    (v) => v === undefined || (isHttpUrl(v) && ['', '/'].includes(new URL(v).pathname) && !new URL(v).search),
    { error: 'S3_ENDPOINT must be an http(s) origin without a path, e.g. https://s3.example:9000' },
  ),
  // S3's naming rules; path-style requests put the name in the URL's path as it is
  S3_BUCKET: optional().refine(
    (v) => v === undefined || (/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v) && !v.includes('..')),
    { error: 'S3_BUCKET must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens' },
  ),
  S3_ACCESS_KEY_ID: optional(),
  S3_SECRET_ACCESS_KEY: optional(),
  S3_REGION: optional(),
  WEBPAY_ENV: z
    .enum(WEBPAY_ENVS, { error: `WEBPAY_ENV must be one of ${WEBPAY_ENVS.join(', ')}` })
    .default('sandbox'),
  WEBPAY_COMMERCE_CODE: optional().refine((v) => v === undefined || /^\d{6,20}$/.test(v), {
    error: 'WEBPAY_COMMERCE_CODE must be digits only',
  }),
  WEBPAY_API_KEY: optional(),
  WEBPAY_BASE_URL: optional().refine(
    (v) =>
      v === undefined ||
      (isHttpUrl(v) &&
        !new URL(v).search &&
        !new URL(v).hash &&
        !new URL(v).username &&
        !new URL(v).password),
    {
      error:
        'WEBPAY_BASE_URL must be an http(s) URL without query or credentials, e.g. http://127.0.0.1:4010',
    },
  ),
  WEBPAY_TIMEOUT_SECONDS: positiveInteger('WEBPAY_TIMEOUT_SECONDS', DEFAULT_WEBPAY_TIMEOUT_SECONDS),
  GOOGLE_CLIENT_ID: optional(),
  GOOGLE_CLIENT_SECRET: optional(),
  FACEBOOK_CLIENT_ID: optional(),
  FACEBOOK_CLIENT_SECRET: optional(),
  OAUTH_MOCK_ISSUER: optional().refine(
    (v) => v === undefined || (isHttpUrl(v) && ['', '/'].includes(new URL(v).pathname) && !new URL(v).search),
    { error: 'OAUTH_MOCK_ISSUER must be an http(s) origin without a path, e.g. http://127.0.0.1:4010' },
  ),
  AUTH_RATE_LIMIT_WINDOW: positiveInteger('AUTH_RATE_LIMIT_WINDOW', DEFAULT_AUTH_RATE_LIMIT.windowSeconds),
  AUTH_RATE_LIMIT_PER_IP: positiveInteger('AUTH_RATE_LIMIT_PER_IP', DEFAULT_AUTH_RATE_LIMIT.perIp),
  AUTH_RATE_LIMIT_PER_ACCOUNT: positiveInteger(
    'AUTH_RATE_LIMIT_PER_ACCOUNT',
    DEFAULT_AUTH_RATE_LIMIT.perAccount,
  ),
  LIVE_MAX_SOCKETS_PER_SESSION: positiveInteger(
    'LIVE_MAX_SOCKETS_PER_SESSION',
    DEFAULT_LIVE_LIMITS.maxSocketsPerSession,
  ),
  LIVE_MAX_SOCKETS_PER_ADDRESS: positiveInteger(
    'LIVE_MAX_SOCKETS_PER_ADDRESS',
    DEFAULT_LIVE_LIMITS.maxSocketsPerAddress,
  ),
  ABUSE_BURST_PER_ADDRESS: positiveInteger(
    'ABUSE_BURST_PER_ADDRESS',
    DEFAULT_ABUSE_LIMITS.bookingsPerAddress.capacity,
  ),
  ANALYTICS_APP_ID: z
    .string()
    .default(DEFAULT_ANALYTICS_CONFIG.appId)
    .refine((v) => /^[\w.:-]{1,100}$/.test(v), {
      error: 'ANALYTICS_APP_ID must be 1 to 100 letters, digits, ".", ":", "_" or "-"',
    }),
  ANALYTICS_API_KEY: z
    .string()
    .default(DEFAULT_ANALYTICS_CONFIG.apiKey)
    .refine((v) => v.length >= 8 && v.length <= 200, {
      error: 'ANALYTICS_API_KEY must be 8 to 200 characters',
    }),
  ANALYTICS_MEASUREMENT_ID: z
    .string()
    .default(DEFAULT_ANALYTICS_CONFIG.measurementId)
    .refine((v) => /^[\w.:-]{1,100}$/.test(v), {
      error: 'ANALYTICS_MEASUREMENT_ID must be 1 to 100 letters, digits, ".", ":", "_" or "-"',
    }),
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine((v) => parseTrustProxy(v) !== null, {
      error:
        'TRUST_PROXY must be true, false, a number of proxy hops, or a comma-separated list of addresses/CIDRs',
    }),
});

type Env = Record<string, string | undefined>;

/** Rules that involve several variables; checked on the raw values so every problem shows at once. */
function crossFieldProblems(env: Env): { name: string; message: string }[] {
  const problems: { name: string; message: string }[] = [];
  const fail = (name: string, message: string) => problems.push({ name, message });
  if (env.DATABASE_URL !== undefined && env.AUTH_SECRET === undefined) {
    fail(
      'AUTH_SECRET',
      'AUTH_SECRET is required when DATABASE_URL is set (at least 32 characters, the same on every instance)',
    );
  }
  const s3 = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_REGION'];
  if (s3.some((name) => env[name] !== undefined)) {
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
      if (env[name] === undefined) fail(name, `${name} is required when any S3_* variable is set`);
    }
  }
  if (env.WEBPAY_ENV === 'production') {
    for (const name of ['WEBPAY_COMMERCE_CODE', 'WEBPAY_API_KEY']) {
      if (env[name] === undefined) fail(name, `${name} is required when WEBPAY_ENV is production`);
    }
    if (env.WEBPAY_BASE_URL !== undefined && !env.WEBPAY_BASE_URL.toLowerCase().startsWith('https:')) {
      fail('WEBPAY_BASE_URL', 'WEBPAY_BASE_URL must be https when WEBPAY_ENV is production');
    }
  }
  for (const provider of ['GOOGLE', 'FACEBOOK']) {
    const idName = `${provider}_CLIENT_ID`;
    const secretName = `${provider}_CLIENT_SECRET`;
    if ((env[idName] === undefined) !== (env[secretName] === undefined)) {
      fail(
        env[idName] === undefined ? idName : secretName,
        `${idName} and ${secretName} must be set together`,
      );
    }
  }
  if (env.OAUTH_MOCK_ISSUER !== undefined && env.NODE_ENV === 'production') {
    fail(
      'OAUTH_MOCK_ISSUER',
      'OAUTH_MOCK_ISSUER is for tests only and is refused when NODE_ENV is production',
    );
  }
  return problems;
}

/** `true`/`false`, a hop count, or a list of trusted addresses (Fastify's `trustProxy`). */
function parseTrustProxy(value: string): Config['trustProxy'] | null {
  const v = value.trim().toLowerCase();
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0' || v === '') return false;
  if (/^\d+$/.test(v)) return Number(v);
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length > 0 && list.every((s) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(s)) ? list : null;
}

function describeValue(name: string, value: string | undefined): string {
  if (value === undefined) return '';
  if (SECRET_VARS.has(name)) return ` (got ${value.length} characters)`;
  return ` (got ${JSON.stringify(value)})`;
}

export type ConfigResult =
  | { ok: true; config: Omit<Config, 'authSecret'> & { authSecret: string | null } }
  | { ok: false; errors: string[] };

/**
 * Validates the environment. Empty values count as unset. Pure: no I/O. `authSecret` is null
 * when AUTH_SECRET is not set (embedded mode); {@link resolveConfig} fills it from DATA_DIR/secret.
 */
export function loadConfig(rawEnv: Env, cwd: string): ConfigResult {
  const env: Env = {};
  for (const [key, value] of Object.entries(rawEnv)) {
    if (value !== undefined && value.trim() !== '') env[key] = value.trim();
  }
  const parsed = envSchema.safeParse(env);
  const problems = [
    ...(parsed.success
      ? []
      : parsed.error.issues.map((i) => ({ name: String(i.path[0] ?? 'environment'), message: i.message }))),
    ...crossFieldProblems(env),
  ];
  if (!parsed.success || problems.length > 0) {
    const errors = [
      ...new Set(problems.map((p) => `config: ${p.message}${describeValue(p.name, env[p.name])}`)),
    ];
    return { ok: false, errors };
  }
  const e = parsed.data;
  return {
    ok: true,
    config: {
      port: e.PORT,
      host: e.HOST,
      dataDir: path.resolve(cwd, e.DATA_DIR),
      databaseUrl: e.DATABASE_URL ?? null,
      seedDemo: e.SEED_DEMO,
      publicUrl: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : `http://localhost:${e.PORT}`,
      authSecret: e.AUTH_SECRET ?? null,
      logLevel: e.LOG_LEVEL,
      smtpUrl: e.SMTP_URL ?? null,
      s3:
        e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
          ? {
              endpoint: e.S3_ENDPOINT ? new URL(e.S3_ENDPOINT).origin : null,
              bucket: e.S3_BUCKET,
              accessKeyId: e.S3_ACCESS_KEY_ID,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY,
              region: e.S3_REGION ?? 'us-east-1',
            }
          : null,
      webpay: {
        env: e.WEBPAY_ENV,
        // production has both (crossFieldProblems); sandbox and integration default to the public ones
        commerceCode: e.WEBPAY_COMMERCE_CODE ?? WEBPAY_INTEGRATION_COMMERCE_CODE,
        apiKey: e.WEBPAY_API_KEY ?? WEBPAY_INTEGRATION_API_KEY,
        baseUrl: e.WEBPAY_BASE_URL ? e.WEBPAY_BASE_URL.replace(/\/+$/, '') : null,
        timeoutMs: e.WEBPAY_TIMEOUT_SECONDS * 1000,
      },
      google:
        e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
          ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
          : null,
      facebook:
        e.FACEBOOK_CLIENT_ID && e.FACEBOOK_CLIENT_SECRET
          ? { clientId: e.FACEBOOK_CLIENT_ID, clientSecret: e.FACEBOOK_CLIENT_SECRET }
          : null,
      trustProxy: parseTrustProxy(e.TRUST_PROXY) ?? false,
      oauthMockIssuer: e.OAUTH_MOCK_ISSUER ? new URL(e.OAUTH_MOCK_ISSUER).origin : null,
      authRateLimit: {
        windowSeconds: e.AUTH_RATE_LIMIT_WINDOW,
        perIp: e.AUTH_RATE_LIMIT_PER_IP,
        perAccount: e.AUTH_RATE_LIMIT_PER_ACCOUNT,
      },
      liveLimits: {
        maxSocketsPerSession: e.LIVE_MAX_SOCKETS_PER_SESSION,
        maxSocketsPerAddress: e.LIVE_MAX_SOCKETS_PER_ADDRESS,
      },
      analytics: {
        appId: e.ANALYTICS_APP_ID,
        apiKey: e.ANALYTICS_API_KEY,
        measurementId: e.ANALYTICS_MEASUREMENT_ID,
      },
      shutdown: {
        drainDelayMs: e.DRAIN_DELAY_SECONDS * 1000,
        drainTimeoutMs: e.DRAIN_TIMEOUT_SECONDS * 1000,
      },
      databasePoolSize: e.DATABASE_POOL_SIZE,
      ...(e.ABUSE_BURST_PER_ADDRESS === DEFAULT_ABUSE_LIMITS.bookingsPerAddress.capacity
        ? {}
        : { abuseLimits: withBurstPerAddress(DEFAULT_ABUSE_LIMITS, e.ABUSE_BURST_PER_ADDRESS) }),
    },
  };
}

/**
 * The AUTH_SECRET of an embedded install: generated once and kept in `dataDir/secret` (mode 0600),
 * so sessions survive restarts.
 */
export async function readOrCreateSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'secret');
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** {@link loadConfig} plus the generated secret of an embedded install. */
export async function resolveConfig(
  rawEnv: Env,
  cwd: string,
): Promise<{ ok: true; config: Config } | { ok: false; errors: string[] }> {
  const result = loadConfig(rawEnv, cwd);
  if (!result.ok) return result;
  const authSecret = result.config.authSecret ?? (await readOrCreateSecret(result.config.dataDir));
  return { ok: true, config: { ...result.config, authSecret } };
}
