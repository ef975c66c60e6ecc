import { matchPath } from 'react-router';

/**
 * The network of a test: every request must be answered by a handler registered with
 * {@link mockApi}; anything else is recorded and fails the test (see setup.ts).
 */
export interface MockRequest {
  method: string;
  url: URL;
  params: Readonly<Record<string, string | undefined>>;
  request: Request;
}

export type MockHandler = (request: MockRequest) => Response | Promise<Response>;

interface Route {
  method: string;
  pattern: string;
  handler: MockHandler;
}

let routes: Route[] = [];
let unhandled: string[] = [];
/** Every request seen, for assertions: "GET /api/restaurants?q=x". */
export const seenRequests: string[] = [];

/** Registers handlers: `{ 'GET /api/restaurants/:id': ({ params }) => json(...) }`. Later ones win. */
export function mockApi(handlers: Readonly<Record<string, MockHandler>>): void {
  for (const [key, handler] of Object.entries(handlers)) {
    const [method, pattern] = key.split(' ');
    if (!method || !pattern) throw new Error(`Bad mock key "${key}": use "METHOD /path/:param"`);
    routes.unshift({ method: method.toUpperCase(), pattern, handler });
  }
}

export function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}

/** An API error answer in the `{ error: { code, message } }` shape. */
export function apiError(status: number, code: string, message = code): Response {
  return json({ error: { code, message } }, { status });
}

export function resetFetchMock(): void {
  routes = [];
  unhandled = [];
  seenRequests.length = 0;
}

export function takeUnhandledRequests(): string[] {
  const list = unhandled;
  unhandled = [];
  return list;
}

function toUrl(input: RequestInfo | URL): URL {
  if (input instanceof URL) return input;
  if (typeof input === 'string') return new URL(input, window.location.href);
  return new URL(input.url, window.location.href);
}

export async function mockFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const url = toUrl(input);
  const method = (init.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  const label = `${method} ${url.pathname}${url.search}`;
  seenRequests.push(label);
  if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
  for (const route of routes) {
    if (route.method !== method) continue;
    const match = matchPath({ path: route.pattern, end: true }, url.pathname);
    if (!match) continue;
    const request = new Request(url, {
      method,
      ...(init.headers && { headers: init.headers }),
      ...(init.body != null && method !== 'GET' && { body: init.body }),
    });
    return route.handler({ method, url, params: match.params, request });
  }
  unhandled.push(label);
  throw new TypeError(`Unhandled request in test: ${label}`);
}

globalThis.fetch = mockFetch as typeof fetch;
