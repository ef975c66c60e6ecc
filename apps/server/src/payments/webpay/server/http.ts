/**
 * Webpay Plus REST v1.2 over HTTP, framework-free: one request in (method, URL, headers, raw
 * body), one response out. The test fake mounts it on node:http, the sandbox on Fastify, so
 * both answer exactly alike.
 *
 *   POST <api>/transactions                    create
 *   PUT  <api>/transactions/:token             commit
 *   GET  <api>/transactions/:token             status
 *   POST <api>/transactions/:token/refunds     refund
 *   POST /webpayserver/initTransaction         card form: `token_ws` shows it, `token_ws` +
 *                                              `outcome` answers it (GET ?token_ws shows it too)
 *
 * API answers are JSON, errors `{ "error_message": … }`; auth is Tbk-Api-Key-Id/-Secret.
 */
import { inlineHashes, serializeCsp } from '../../../http/csp.ts';
import { WEBPAY_API_PATH, WEBPAY_FORM_PATH } from '../rules.ts';
import { isCardOutcome, type ApiAnswer, type ReturnTrip, type WebpayCore } from './core.ts';
import { pageLocale, renderCardPage, renderProblemPage, renderReturnForm } from './pages.ts';

export interface WebpayHttpRequest {
  method: string;
  /** Path and query, e.g. "/webpayserver/initTransaction?token_ws=…". */
  url: string;
  /** Lower-case names, as node:http gives them. */
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface WebpayHttpResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

/**
 * A page's own policy: its inline style and (the return form) its one-line script, each by hash,
 * nothing else; no framing (Transbank forbids iframes).
 */
function pageCsp(html: string): string {
  const { scripts, styles } = inlineHashes(html);
  return serializeCsp({
    'default-src': ["'none'"],
    'script-src': scripts.length > 0 ? scripts : ["'none'"],
    'style-src': styles.length > 0 ? styles : ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
  });
}

function json({ status, body }: ApiAnswer): WebpayHttpResponse {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    body: JSON.stringify(body),
  };
}

const errorJson = (status: number, message: string) => json({ status, body: { error_message: message } });

function header(request: WebpayHttpRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** True when `path` is one this module answers. */
export function isWebpayPath(path: string): boolean {
  return path === WEBPAY_FORM_PATH || path === WEBPAY_API_PATH || path.startsWith(`${WEBPAY_API_PATH}/`);
}

export function handleWebpayRequest(core: WebpayCore, request: WebpayHttpRequest): WebpayHttpResponse {
  const url = new URL(request.url, 'http://webpay.invalid');
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  if (path === WEBPAY_FORM_PATH) return cardForm(core, request, url);
  if (isWebpayPath(path)) return api(core, request, path.slice(WEBPAY_API_PATH.length));
  return errorJson(404, 'Not Found');
}

function api(core: WebpayCore, request: WebpayHttpRequest, route: string): WebpayHttpResponse {
  if (!core.isAuthorized(header(request, 'tbk-api-key-id'), header(request, 'tbk-api-key-secret'))) {
    return errorJson(401, 'Not Authorized');
  }
  const match = /^\/transactions(?:\/([^/]+)(\/refunds)?)?$/.exec(route);
  if (!match) return errorJson(404, 'Not Found');
  const [, rawToken, refunds] = match;
  let token: string;
  try {
    token = rawToken === undefined ? '' : decodeURIComponent(rawToken);
  } catch {
    return errorJson(422, 'Invalid value for parameter: token');
  }
  const method = request.method.toUpperCase();
  const allowed = rawToken === undefined ? 'POST' : refunds ? 'POST' : 'GET, PUT';
  if (!allowed.split(', ').includes(method)) return errorJson(405, 'Method Not Allowed');

  let body: unknown = undefined;
  if (method !== 'GET' && request.body.trim() !== '') {
    try {
      body = JSON.parse(request.body);
    } catch {
      return errorJson(400, 'Invalid JSON body');
    }
  }
  if (rawToken === undefined) return json(core.create(body));
  if (refunds) return json(core.refund(token, body));
  return json(method === 'PUT' ? core.commit(token) : core.status(token));
}

function cardForm(core: WebpayCore, request: WebpayHttpRequest, url: URL): WebpayHttpResponse {
  const locale = pageLocale(header(request, 'accept-language'));
  // HEAD is a GET without the body (Fastify adds HEAD routes for GET ones)
  const method = request.method.toUpperCase() === 'HEAD' ? 'GET' : request.method.toUpperCase();
  const page = (status: number, body: string): WebpayHttpResponse => ({
    status,
    headers: { ...PAGE_HEADERS, 'content-security-policy': pageCsp(body), 'content-language': locale },
    body,
  });
  if (method !== 'GET' && method !== 'POST') return page(405, renderProblemPage('bad-request', locale));
  const form = method === 'POST' ? new URLSearchParams(request.body) : new URLSearchParams();
  const token = form.get('token_ws') ?? url.searchParams.get('token_ws') ?? undefined;
  const outcome = method === 'POST' ? form.get('outcome') : null;
  const problemStatus = { unknown: 404, expired: 410, finished: 409 } as const;

  if (outcome === null) {
    const open = core.openForm(token);
    return open.ok
      ? page(200, renderCardPage(open.view, locale))
      : page(problemStatus[open.problem], renderProblemPage(open.problem, locale));
  }
  if (!isCardOutcome(outcome)) return page(400, renderProblemPage('bad-request', locale));
  const finished = core.finishForm(token, outcome);
  if (!finished.ok) return page(problemStatus[finished.problem], renderProblemPage(finished.problem, locale));
  const { trip } = finished;
  if (trip.method === 'POST') return page(200, renderReturnForm(trip, locale));
  return { status: 303, headers: { location: returnLocation(trip), 'cache-control': 'no-store' }, body: '' };
}

/** return_url with the trip's parameters in its query (GET mode). */
export function returnLocation(trip: ReturnTrip): string {
  const target = new URL(trip.url);
  for (const [name, value] of Object.entries(trip.params)) target.searchParams.set(name, value);
  return target.toString();
}
