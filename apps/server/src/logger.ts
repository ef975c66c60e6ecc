import pino, { type Logger, type LoggerOptions } from 'pino';
import type { LogLevel } from './config.ts';

export type { Logger };

function prettyAvailable(): boolean {
  try {
    import.meta.resolve('pino-pretty');
    return true;
  } catch {
    return false; // a production install without devDependencies
  }
}

const REDACTED = '[redacted]';

/**
 * Paths pino censors in every line (docs/security.md#logs): credentials in headers, and fields
 * named like a secret at the top level or one level down (`{ session: { token } }`).
 */
export const REDACT_PATHS: readonly string[] = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  ...['cookie', 'authorization', 'token', 'sessionToken', 'password', 'secret', 'apiKey'].flatMap((name) => [
    name,
    `*.${name}`,
  ]),
];

/** Query parameters and route parameters whose values are secrets (tokens, OAuth codes…). */
const SECRET_NAME = /token|code|state|secret|password|passwd|key|signature|otp|ticket|session/i;

/** `url` with the value of every secret-looking query parameter, and of `secretParams`, censored. */
export function redactUrl(url: string, secretParams: readonly string[] = []): string {
  const queryAt = url.indexOf('?');
  let path = queryAt === -1 ? url : url.slice(0, queryAt);
  for (const value of secretParams) {
    if (value) path = path.split(encodeURIComponent(value)).join(REDACTED).split(value).join(REDACTED);
  }
  if (queryAt === -1) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      return SECRET_NAME.test(pair.slice(0, equals)) ? `${pair.slice(0, equals)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

interface LoggableRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  params?: unknown;
  socket?: { remotePort?: number };
}

/** Fastify's request line for logs, with secrets in the URL censored. */
function serializeRequest(request: LoggableRequest) {
  const params = request.params && typeof request.params === 'object' ? request.params : {};
  const secretParams = Object.entries(params)
    .filter(([name, value]) => SECRET_NAME.test(name) && typeof value === 'string')
    .map(([, value]) => value as string);
  return {
    method: request.method,
    url: typeof request.url === 'string' ? redactUrl(request.url, secretParams) : request.url,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Fields of database errors that carry the query's values (session tokens among them). */
const ERROR_VALUE_FIELDS = ['params', 'parameters', 'detail', 'internalQuery'];

/**
 * `DrizzleQueryError`'s message holds `\nparams: <the values>`, and whoever wraps it (better-auth's
 * APIError, its `body.message`) copies it: the values run to the first stack frame
 * (`\n    at …`) or to the end of the text.
 */
const PARAMS_IN_TEXT = /\nparams: [\s\S]*?(?=\n {4}at |$)/g;

/** A serialized error with the fields and text that carry values censored, at any depth. */
function scrubError(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replace(PARAMS_IN_TEXT, () => `\nparams: ${REDACTED}`);
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => scrubError(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      ERROR_VALUE_FIELDS.includes(key) ? REDACTED : scrubError(item, depth + 1),
    ]),
  );
}

/**
 * pino's error serializer without the values a failed query carried: drizzle's `params` (in its
 * field and its message), pg's `detail` (a unique violation names the value), and the same in
 * every `cause`.
 */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  return scrubError(pino.stdSerializers.err(error));
}

/** Serializers and redaction of every log line, the app's and the tests' alike. */
export const LOG_SAFETY: Pick<LoggerOptions, 'serializers' | 'redact'> = {
  serializers: {
    err: serializeError,
    req: serializeRequest,
    /** Extra values a library logs (better-auth's `args`): errors serialized as above. */
    args: (args: unknown) => (Array.isArray(args) ? args.map(serializeError) : serializeError(args)),
  },
  redact: { paths: [...REDACT_PATHS], censor: REDACTED },
};

/** `logger` with {@link LOG_SAFETY} applied (the app wraps whatever logger it is given). */
export function withLogSafety(logger: Logger): Logger {
  return logger.child({}, LOG_SAFETY);
}

/**
 * JSON lines for machines; human-readable lines when stdout is a terminal (and pino-pretty,
 * a devDependency, is installed).
 */
export function createLogger(level: LogLevel, options: { pretty?: boolean } = {}): Logger {
  const pretty = (options.pretty ?? process.stdout.isTTY === true) && prettyAvailable();
  return pino({
    level,
    ...LOG_SAFETY,
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' },
          },
        }
      : {}),
  });
}
