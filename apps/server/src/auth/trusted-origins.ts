/**
 * The origins allowed to make cookie-carrying writes (better-auth's origin check, our CSRF check
 * on /api, the live WebSocket): PUBLIC_URL, and when PUBLIC_URL is on loopback both spellings of
 * it, so that http://127.0.0.1:3000 works as well as http://localhost:3000.
 */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1'];

export function isLoopbackUrl(url: string): boolean {
  const { hostname } = new URL(url);
  return LOOPBACK_HOSTS.includes(hostname) || hostname === '[::1]';
}

export function trustedOriginsFor(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  const origins = new Set([url.origin]);
  if (LOOPBACK_HOSTS.includes(url.hostname)) {
    for (const host of LOOPBACK_HOSTS) {
      const alternative = new URL(url.origin);
      alternative.hostname = host;
      origins.add(alternative.origin);
    }
  }
  return [...origins];
}

/** The origin a request comes from: its Origin header, else the origin of its Referer; null if neither. */
export function requestOrigin(headers: {
  origin?: string | undefined;
  referer?: string | undefined;
}): string | null {
  const origin = headers.origin?.trim();
  if (origin && origin !== 'null') return origin;
  const referer = headers.referer?.trim();
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

export function isTrustedOrigin(origin: string | null, trusted: readonly string[]): boolean {
  if (origin === null) return false;
  let normalized: string;
  try {
    normalized = new URL(origin).origin;
  } catch {
    return false;
  }
  return trusted.includes(normalized);
}
