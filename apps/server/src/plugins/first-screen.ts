/**
 * The server-written first screen (docs/decisions/0039-server-written-first-screen.md): for a page
 * the web app marks `serverRendered` (a restaurant's page, its menu, a dish; a diner's home,
 * reservation form, table order and bill), index.html goes out with the page's markup in `#root`,
 * drawn by the web build's own server bundle (`<web build>/.server/server-render.js`) from the
 * API's answers, read in-process (`app.inject`: the same routes, checks and caching as over HTTP)
 * with the visitor's cookies — or none, for a visitor without a session, whose page may then be
 * kept for the next ones. The visitor reads the page before the app's code has arrived; the app
 * then takes those same elements over (hydration).
 *
 * Nothing here is needed for the app to work: without the bundle, for any other page, or when
 * drawing fails or takes longer than {@link RENDER_TIMEOUT_MS}, index.html goes out as built and
 * the app draws the page itself.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip as gzipCallback } from 'node:zlib';
import { pickLocale, type SupportedLocale } from '@comensal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cookiePairs } from '../lib/cookie-header.ts';

/** Where the web build keeps its server bundle (scripts/web-build.ts `SERVER_RENDER_DIR`). */
export const SERVER_RENDER_MODULE = path.join('.server', 'server-render.js');
/** A page not drawn by then goes out as index.html (the app draws it). */
export const RENDER_TIMEOUT_MS = 1500;
/** The cookie that mirrors the diner's chosen language (the web app's lib/i18n.tsx writes it). */
export const LOCALE_COOKIE = 'locale';

/** The API in-process, with the visitor's `Cookie` header (undefined: none). */
type VisitorFetch = (
  input: string,
  init: RequestInit | undefined,
  cookie: string | undefined,
) => Promise<Response>;
interface ServerState {
  locale: SupportedLocale;
  queries: unknown;
}
interface ServerRenderer {
  render(
    url: string,
    locale: SupportedLocale,
    cookie?: string,
  ): Promise<{ html: string; title: string; state: ServerState; setCookies: string[] } | null>;
}
interface ServerRenderModule {
  createServerRenderer(fetchFn: VisitorFetch): ServerRenderer;
  serializeServerState(state: ServerState): string;
}

/** index.html split around what `#root` holds, to put a page's markup and answers there. */
interface Template {
  /** Up to and including `<div id="root">`, with `<html lang="…">` to replace, without the app's modules. */
  head: string;
  /** From the `</div>` that closes `#root` (before the early-requests script) to the end. */
  tail: string;
  /** The app's entry module and the modules it preloads, which the early-requests script asks for after the first paint. */
  entry: string;
  preloads: string[];
}

const ROOT_OPEN = '<div id="root">';
const ENTRY_TAG = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const PRELOAD_TAG = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

export function splitTemplate(indexHtml: string): Template | null {
  const open = indexHtml.indexOf(ROOT_OPEN);
  // #root holds the static splash; the first script after it (the early requests) follows its end
  const script = indexHtml.indexOf('<script', open);
  const close = indexHtml.lastIndexOf('</div>', script);
  const entry = ENTRY_TAG.exec(indexHtml)?.[1];
  if (open < 0 || script < 0 || close < open || entry === undefined) return null;
  const head = indexHtml.slice(0, open + ROOT_OPEN.length);
  return {
    head: head.replace(ENTRY_TAG, '').replace(PRELOAD_TAG, ''),
    tail: indexHtml.slice(close),
    entry,
    preloads: [...head.matchAll(PRELOAD_TAG)].map((match) => match[1] ?? '').filter(Boolean),
  };
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const text = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * The whole page: index.html with the markup in `#root` and, before the early-requests script, the
 * answers it was drawn from and (as the element's data) the app's modules. Those are no longer in
 * the head: the early-requests script asks for them once the page has painted, so that the markup
 * and the styles have the connection to themselves until then.
 */
export function writePage(
  page: Template,
  drawn: { locale: SupportedLocale; html: string; title: string },
  serializedState: string,
): string {
  const head = page.head
    .replace(/<html lang="[^"]*"/, `<html lang="${drawn.locale.split('-')[0]}"`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${text(drawn.title)}</title>`);
  const state =
    `<script type="application/json" id="server-state" data-entry="${attribute(page.entry)}"` +
    ` data-preload="${attribute(page.preloads.join(' '))}">${serializedState}</script>\n    `;
  return `${head}${drawn.html}${page.tail.replace('<script', `${state}<script`)}`;
}

/**
 * A session cookie (better-auth's `…session_token`, with or without its `__Secure-` prefix): the page
 * would show who is signed in, and the server writes only what every visitor sees.
 */
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return cookiePairs(cookieHeader).some(([name]) => /(^|\.)session_token$/.test(name));
}

/** The language to write the page in: the diner's saved choice (its cookie), else the browser's. */
export function localeOf(request: Pick<FastifyRequest, 'headers'>): SupportedLocale {
  const saved = cookiePairs(request.headers.cookie).find(([name]) => name === LOCALE_COOKIE)?.[1] ?? null;
  const browserLanguage = request.headers['accept-language']?.split(',')[0];
  return pickLocale(saved, browserLanguage);
}

/**
 * `fetch` for the server bundle: the API answers in-process, as to the visitor (their cookies: the
 * session among them) or to a visitor without cookies.
 */
function injectFetch(app: FastifyInstance): VisitorFetch {
  return async (input, init, cookie) => {
    const response = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: input,
      headers: { accept: 'application/json', ...(cookie !== undefined && { cookie }) },
    });
    const empty = response.statusCode === 204 || response.statusCode === 304;
    const headers = new Headers();
    const type = response.headers['content-type'];
    if (typeof type === 'string') headers.set('content-type', type);
    const setCookie = response.headers['set-cookie'];
    for (const value of typeof setCookie === 'string' ? [setCookie] : (setCookie ?? [])) {
      headers.append('set-cookie', value);
    }
    return new Response(empty ? null : response.rawPayload, { status: response.statusCode, headers });
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A page written for one address and language: its HTML, and its compressed bytes (made once). */
export interface WrittenPage {
  html: string;
  /** Written for one visitor (with their session): not to be kept by any cache but theirs. */
  personal: boolean;
  /**
   * What the API set for that visitor while the page was drawn (better-auth refreshing or ending
   * their session): sent with the page, as the browser would have had it from the API itself.
   */
  setCookies: string[];
  encoded(encoding: 'br' | 'gzip'): Promise<Buffer>;
}

export type FirstScreen = (request: FastifyRequest) => Promise<WrittenPage | null>;

/**
 * How long a written page (or "not one to write") is reused for the same address and language.
 * Drawing a menu of 200 dishes costs the server ≈ 9–12 ms of CPU; reused, a page costs less than
 * index.html does (`npm run bench -- first-screen`). A menu changed meanwhile reaches the diner anyway: the app asks for the menu
 * again as soon as its live updates start (features/menu/use-live-menu.ts).
 */
export const PAGE_REUSE_MS = 5_000;
/** At most this many pages are kept (the oldest go first): addresses are the visitors' to choose. */
export const PAGES_KEPT = 200;
/**
 * At most this many pages are drawn at once; a request beyond them gets index.html (the app draws
 * its page). A new address on every request (any query) would otherwise make the server draw on
 * every one: this keeps that cost to a few renders at a time, whatever the traffic.
 */
export const DRAWINGS_AT_ONCE = 4;

/** A quick level (a few ms for a large page), not the build's best: made once per kept page. */
const BROTLI_FAST = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } };
const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

function writtenPage(html: string, personal: boolean, setCookies: string[]): WrittenPage {
  const made = new Map<'br' | 'gzip', Promise<Buffer>>();
  return {
    html,
    personal,
    setCookies,
    encoded(encoding) {
      const bytes = made.get(encoding) ?? (encoding === 'br' ? brotli(html, BROTLI_FAST) : gzip(html));
      made.set(encoding, bytes);
      return bytes;
    },
  };
}

/**
 * Loads the web build's server bundle, if it has one; the function it returns gives the page with
 * its first screen written, or null (send index.html as built).
 */
export async function loadFirstScreen(app: FastifyInstance, webDistDir: string): Promise<FirstScreen | null> {
  let bundle: ServerRenderModule;
  let template: Template | null;
  try {
    template = splitTemplate(readFileSync(path.join(webDistDir, 'index.html'), 'utf8'));
    bundle = (await import(
      pathToFileURL(path.join(webDistDir, SERVER_RENDER_MODULE)).href
    )) as ServerRenderModule;
  } catch (error) {
    app.log.info(
      { err: error, webDistDir },
      'web build without a server bundle: every page is drawn by the app',
    );
    return null;
  }
  if (!template) {
    app.log.warn({ webDistDir }, 'index.html has no #root to write pages into');
    return null;
  }
  const page = template;
  const renderer = bundle.createServerRenderer(injectFetch(app));
  /** One drawing per address and language at a time, kept for PAGE_REUSE_MS. */
  const kept = new Map<string, { at: number; page: Promise<WrittenPage | null> }>();
  let drawing = 0;

  const draw = async (url: string, locale: SupportedLocale, cookie?: string): Promise<WrittenPage | null> => {
    try {
      const rendered = await renderer.render(url, locale, cookie);
      if (!rendered) return null;
      const personal = cookie !== undefined;
      return writtenPage(
        writePage(page, { locale, ...rendered }, bundle.serializeServerState(rendered.state)),
        personal,
        // a page kept for every visitor never carries one visitor's cookies
        personal ? rendered.setCookies : [],
      );
    } catch (error) {
      app.log.warn({ err: error, url }, 'could not write the first screen; the app draws it');
      return null;
    }
  };

  /** A drawing, counted among those under way; null when DRAWINGS_AT_ONCE already are. */
  const startDrawing = (url: string, locale: SupportedLocale, cookie?: string) => {
    if (drawing >= DRAWINGS_AT_ONCE) return null;
    drawing += 1;
    return draw(url, locale, cookie).finally(() => (drawing -= 1));
  };

  return async (request) => {
    const locale = localeOf(request);
    const url = new URL(request.url, 'http://comensal.invalid').href;
    const { cookie } = request.headers;
    if (hasSessionCookie(cookie)) {
      // the visitor's own page (their session, their name): drawn for them alone, never kept
      const own = startDrawing(url, locale, cookie);
      return own && withTimeout(own, RENDER_TIMEOUT_MS);
    }
    const key = `${locale} ${url}`;
    const now = app.now().getTime();
    let entry = kept.get(key);
    if (!entry || now - entry.at > PAGE_REUSE_MS) {
      const drawn = startDrawing(url, locale);
      if (!drawn) return null;
      kept.delete(key);
      entry = { at: now, page: drawn };
      kept.set(key, entry);
      if (kept.size > PAGES_KEPT) kept.delete(kept.keys().next().value!);
    }
    return withTimeout(entry.page, RENDER_TIMEOUT_MS);
  };
}
