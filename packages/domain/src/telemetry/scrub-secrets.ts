/**
 * Removes what must never be stored in an error record (docs/telemetry.md#error-records):
 * e-mail addresses, bearer and session tokens, JWTs, Idempotency-Keys, the values of query-string
 * parameters that carry secrets, and long hex or base64 strings (keys, signatures). Ids the app
 * shows in its own URLs (UUIDs) and ordinary words stay, so a record still says where it broke.
 */

/** What replaces each kind of secret (the kind stays readable, the value is gone). */
export const SCRUBBED = {
  email: '[email]',
  token: '[token]',
  jwt: '[jwt]',
  secret: '[secret]',
} as const;

/** Parameter names whose value is a secret wherever they appear as `name=value`. */
const SECRET_PARAM =
  /([?&#;\s"'{,]|^)([\w.-]*(?:token|secret|passw(?:or)?d|pwd|api[_-]?key|apikey|auth|session|signature|sig|code|credential|key)[\w.-]*)=([^&#\s"';,})]*)/gi;
/** The same names as JSON fields: `"token": "value"`. */
const SECRET_FIELD =
  /("[\w.-]*(?:token|secret|passw(?:or)?d|pwd|api[_-]?key|apikey|auth|session|signature|sig|code|credential|key)[\w.-]*"\s*:\s*")([^"]*)"/gi;
/** `Bearer <token>`, `Basic <token>` (an Authorization header pasted into a message). */
const AUTH_SCHEME = /\b(bearer|basic)\s+[\w\-.~+/]+=*/gi;
/** A JSON Web Token: three base64url parts, the first one starting like `{"`. */
const JWT = /\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*/g;
/** An Idempotency-Key header or field, in any of the shapes it takes in a log line. */
const IDEMPOTENCY_KEY = /(idempotency[-_ ]?key["']?\s*[:=]\s*["']?)[^\s"',;}]+/gi;
/**
 * An e-mail address, also percent-encoded (`%40`). The local part leaves out `/`, `=`, `?` and
 * `%`, which e-mail allows but which would swallow the URL around an address.
 */
const EMAIL =
  /[\w.!#$&'*+^`{|}~-]*(?:@|%40)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+/gi;
/** A long run of base64, base64url or hex characters: a candidate secret. */
const LONG_RUN = /[A-Za-z0-9+_=-]{32,}/g;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A long run is a secret unless it is a UUID or reads like words (no digit, or no letter). */
function scrubLongRun(run: string): string {
  if (UUID.test(run)) return run;
  if (!/\d/.test(run) || !/[a-z]/i.test(run)) return run;
  // words joined by hyphens or underscores (a CSS class, a route name) are not secrets
  if (/^[a-z]+(?:[-_][a-z0-9]+)+$/i.test(run) && !/[A-Z].*[0-9]|[0-9].*[A-Z]/.test(run)) return run;
  return SCRUBBED.secret;
}

/**
 * `text` with every secret replaced by a marker ({@link SCRUBBED}). Pure and idempotent:
 * scrubbing twice gives the same text.
 */
export function scrubSecrets(text: string): string {
  return text
    .replace(JWT, SCRUBBED.jwt)
    .replace(AUTH_SCHEME, (_match, scheme: string) => `${scheme} ${SCRUBBED.token}`)
    .replace(IDEMPOTENCY_KEY, (_match, name: string) => `${name}${SCRUBBED.token}`)
    .replace(SECRET_PARAM, (match, lead: string, name: string, value: string) =>
      value === '' || value.startsWith('[') ? match : `${lead}${name}=${SCRUBBED.token}`,
    )
    .replace(SECRET_FIELD, (match, name: string, value: string) =>
      value === '' || value.startsWith('[') ? match : `${name}${SCRUBBED.token}"`,
    )
    .replace(EMAIL, SCRUBBED.email)
    .replace(LONG_RUN, scrubLongRun);
}
