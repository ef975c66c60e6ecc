/**
 * Security headers on every answer (docs/security.md#security-headers), through @fastify/helmet:
 *
 * - Content-Security-Policy of the web app: scripts only from files of this origin, no inline
 *   script at all (index.html has none: its early requests are a file, apps/web/early-requests.js),
 *   no eval; no plugins, no `<base>`, forms posted only here and to Webpay's card page, never framed.
 *   Styles allow inline (React style attributes, the toasts' injected sheet): CSS cannot run code.
 *   /api/docs (Swagger UI) sends its own relaxed policy (plugins/openapi.ts); the Webpay sandbox
 *   pages send theirs with their inline script's hash (payments/webpay/server/pages.ts).
 * - X-Frame-Options DENY and `frame-ancestors 'none'`, `nosniff`, `Referrer-Policy: same-origin`
 *   (URLs carry ids and payment tokens), Cross-Origin-Opener/Resource-Policy, a Permissions-Policy
 *   that lets the app itself ask for the position and nothing else, and HSTS only on answers
 *   sent over https (directly or by a proxy the app trusts, TRUST_PROXY); a PUBLIC_URL on https
 *   also adds `upgrade-insecure-requests`.
 * - `Cache-Control: no-store` on every /api answer that does not set its own: answers that depend
 *   on the session must never sit in a shared or back-button cache; the public cached answers
 *   (restaurant lists, menus: `public, no-cache` with an ETag, http/send-cached.ts) keep theirs.
 */
import fastifyHelmet from '@fastify/helmet';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { WEBPAY_INTEGRATION_HOST, WEBPAY_PRODUCTION_HOST } from '../payments/webpay/rules.ts';
import { globalPlugin } from './plugin.ts';

/** Powerful features nobody may use, and the position, which only the app itself may ask for. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=(self)',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');

/** The origin of the Webpay card page the browser posts `token_ws` to, when it is not this app. */
export function webpayFormOrigin(webpay: Config['webpay']): string | null {
  if (webpay.baseUrl) return new URL(webpay.baseUrl).origin;
  if (webpay.env === 'integration') return WEBPAY_INTEGRATION_HOST;
  if (webpay.env === 'production') return WEBPAY_PRODUCTION_HOST;
  return null; // the sandbox is served by the app itself
}

/** The web app's CSP directives (helmet's form: kebab-case names, lists of sources). */
export function appCspDirectives(config: Pick<Config, 'publicUrl' | 'webpay'>) {
  const https = config.publicUrl.startsWith('https:');
  const webpay = webpayFormOrigin(config.webpay);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'frame-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'", ...(webpay ? [webpay] : [])],
    'frame-ancestors': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

function isApiRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  const target = route ?? new URL(request.url, 'http://x').pathname;
  return target === '/api' || target.startsWith('/api/');
}

/** HSTS: a year, this host only (other hosts of the domain are not ours to pin). */
export const HSTS = 'max-age=31536000';

export const securityHeadersPlugin = globalPlugin('security-headers', async (app) => {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: appCspDirectives(app.config),
    },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-site' },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // per request below: only an answer that went out over https may pin browsers to it
    strictTransportSecurity: false,
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // https here, or at a proxy the app trusts (TRUST_PROXY: X-Forwarded-Proto); never on http
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiRequest(request) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
});
