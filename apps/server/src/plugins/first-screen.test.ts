import { existsSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild } from '../../../../scripts/web-build.ts';
import { buildSeedProduct, buildSeedRestaurant, insertRestaurant } from '../db/seed/insert-restaurant.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { signInGuest } from '../test/sessions.ts';
import { menuTopic } from '@comensal/contracts';
import { appContext } from '../http/request.ts';
import { updateProduct } from '../modules/restaurants/index.ts';
import { nextLiveEvent } from '../test/live.ts';
import {
  DRAWINGS_AT_ONCE,
  hasSessionCookie,
  localeOf,
  PAGE_REUSE_MS,
  splitTemplate,
  writePage,
} from './first-screen.ts';
import { DEFAULT_WEB_DIST_DIR } from './static.ts';
import { sessions } from '../db/schema.ts';
import {
  distinctSlot,
  insertTestRestaurant,
  NOW,
  reservationInput,
  reserve,
} from '../modules/reservations/testing.ts';

/** The `guest` cookie the web app keeps beside the guest's profile (apps/web/src/lib/storage.ts). */
const guestProfileCookie = (displayName: string) =>
  encodeURIComponent(
    JSON.stringify({
      displayName,
      email: `guest-${displayName.length}`,
      photoURL: null,
      orders: [],
      guessUser: true,
      restaurantId: null,
      reservationId: null,
    }),
  );

const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const SPANISH = { ...HTML, 'accept-language': 'es-CL,es;q=0.9,en;q=0.8' };
const ENGLISH = { ...HTML, 'accept-language': 'en-US,en;q=0.9' };
const SNEAKY = '</script><script>alert(1)</script><!--';

/** What `#root` holds: the page as drawn (the answers after it hold both languages' names). */
const markupOf = (html: string) => html.slice(0, html.indexOf('id="server-state"'));

/** The answers a written page carries, parsed as the app parses them (lib/server-state.ts). */
function stateOf(html: string): { locale: string; queries: { queries: { queryKey: unknown[] }[] } } | null {
  const match = /<script type="application\/json" id="server-state"[^>]*>([^<]*)<\/script>/.exec(html);
  return match?.[1] ? (JSON.parse(match[1]) as never) : null;
}

describe('pure parts', () => {
  it('tells a session cookie (with or without the secure prefix) from other cookies', () => {
    expect(hasSessionCookie(undefined)).toBe(false);
    expect(hasSessionCookie('locale=es-ES')).toBe(false);
    expect(hasSessionCookie('locale=es-ES; better-auth.session_token=abc.def')).toBe(true);
    expect(hasSessionCookie('__Secure-better-auth.session_token=abc')).toBe(true);
    expect(hasSessionCookie('my_session_tokens=1')).toBe(false);
  });

  it("writes the page in the saved language, else the browser's first one", () => {
    const headers = (cookie?: string, language?: string) => ({
      headers: { ...(cookie ? { cookie } : {}), ...(language ? { 'accept-language': language } : {}) },
    });
    expect(localeOf(headers(undefined, 'es-AR,en;q=0.5'))).toBe('es-ES');
    expect(localeOf(headers(undefined, 'en-GB,es;q=0.5'))).toBe('en-US');
    expect(localeOf(headers('locale=en-US', 'es-ES'))).toBe('en-US');
    expect(localeOf(headers('locale=es-ES', 'en-US'))).toBe('es-ES');
    // not a language the app has: the browser's decides
    expect(localeOf(headers('locale=fr-FR', 'es'))).toBe('es-ES');
    expect(localeOf(headers())).toBe('en-US');
  });

  it('takes the modules out of the head and names them on the answers, markup in #root', () => {
    const built =
      '<!doctype html><html lang="en"><head><title>Comensal</title><script type="module" crossorigin src="/assets/index-1.js"></script>\n' +
      '<link rel="modulepreload" crossorigin href="/assets/a-1.js">\n<link rel="stylesheet" href="/assets/s.css">' +
      '</head><body><div id="root"><div class="splash"><svg></svg></div></div>\n<script src="/assets/early-requests-1.js"></script></body></html>';
    const template = splitTemplate(built);
    expect(template).not.toBeNull();
    const page = writePage(
      template!,
      { locale: 'es-ES', html: '<main>Carta</main>', title: 'Carta de <Casa> & $1 · Comensal' },
      '{"x":1}',
    );
    expect(page).toBe(
      '<!doctype html><html lang="es"><head><title>Carta de &lt;Casa> &amp; $1 · Comensal</title>' +
        '<link rel="stylesheet" href="/assets/s.css"></head><body>' +
        '<div id="root"><main>Carta</main></div>\n<script type="application/json" id="server-state" ' +
        'data-entry="/assets/index-1.js" data-preload="/assets/a-1.js">{"x":1}</script>\n    ' +
        '<script src="/assets/early-requests-1.js"></script></body></html>',
    );
    // an index.html without the app's entry or #root cannot take a page
    expect(splitTemplate('<!doctype html><div id="root"></div><script src="/e.js"></script>')).toBeNull();
  });
});

describe('with the web build', () => {
  let t: TestApp;
  let restaurantId: string;
  let dishId: string;

  beforeAll(async () => {
    // the real build (apps/web/dist, built only if its sources changed), with its server bundle
    await ensureWebBuild({ log: () => undefined });
    // the production build (a build under vitest's NODE_ENV=test would have no service worker)
    expect(existsSync(path.join(DEFAULT_WEB_DIST_DIR, 'sw.js'))).toBe(true);
    t = await buildTestApp();
    const restaurant = await insertRestaurant(
      t.db.db,
      buildSeedRestaurant({
        name: 'Casa Ñandú',
        products: [
          buildSeedProduct({
            section: 'starters',
            name: { es: 'Croquetas de jamón', en: 'Ham croquettes' },
            priceMinor: 4_500,
          }),
          buildSeedProduct({ section: 'mains', name: { es: SNEAKY, en: SNEAKY } }),
        ],
      }),
    );
    restaurantId = restaurant.restaurant.id;
    dishId = restaurant.products[0]!.id;
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  const open = (url: string, headers: Record<string, string> = SPANISH) =>
    t.app.inject({ method: 'GET', url, headers });

  it("writes a restaurant's menu into the page in Spanish, with the answers it was drawn from", async () => {
    const res = await open(`/restaurants/${restaurantId}/menu`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toBe('Accept-Encoding, Accept-Language, Cookie');
    const html = res.body;
    expect(html).toContain('<html lang="es"');
    expect(markupOf(html)).toMatch(/<h1[^>]*>Carta<\/h1>/);
    expect(html).toContain('<title>Carta de Casa Ñandú · Comensal</title>');
    expect(markupOf(html)).toContain('Casa Ñandú');
    expect(markupOf(html)).toContain('Croquetas de jamón');
    expect(markupOf(html)).not.toContain('Ham croquettes');
    // drawn as the app draws it online: the server has no browser to say it is offline
    expect(markupOf(html)).not.toContain('Estás sin conexión');
    expect(markupOf(html)).toContain('data-testid="offline-notice" class="empty:hidden"></div>');
    // the app's modules come after the first paint (the early-requests script asks for them)
    expect(html).not.toContain('<script type="module"');
    expect(html).toMatch(/data-entry="\/assets\/index-[\w-]+\.js"/);
    const state = stateOf(html);
    expect(state?.locale).toBe('es-ES');
    expect(state?.queries.queries.map((query) => query.queryKey[0])).toEqual(
      expect.arrayContaining(['menu', 'restaurants']),
    );
  });

  it('writes it in English for an English browser, and in the saved language over the browser', async () => {
    const english = (await open(`/restaurants/${restaurantId}/menu`, ENGLISH)).body;
    expect(english).toContain('<html lang="en"');
    expect(markupOf(english)).toMatch(/<h1[^>]*>Menu<\/h1>/);
    expect(markupOf(english)).toContain('Ham croquettes');
    expect(markupOf(english)).not.toContain('Croquetas de jamón');
    expect(stateOf(english)?.locale).toBe('en-US');

    const saved = (await open(`/restaurants/${restaurantId}/menu`, { ...SPANISH, cookie: 'locale=en-US' }))
      .body;
    expect(markupOf(saved)).toContain('Ham croquettes');
    expect(stateOf(saved)?.locale).toBe('en-US');
  });

  it("writes the restaurant's own page", async () => {
    const html = (await open(`/restaurants/${restaurantId}`)).body;
    expect(html).toContain('<title>Casa Ñandú · Comensal</title>');
    expect(markupOf(html)).toMatch(/<h1[^>]*>Casa Ñandú<\/h1>/);
    expect(stateOf(html)?.queries.queries.map((query) => query.queryKey[0])).toEqual(['restaurants']);
  });

  it("writes a dish's page", async () => {
    const html = (await open(`/restaurants/${restaurantId}/articles/${dishId}`)).body;
    expect(markupOf(html)).toContain('Croquetas de jamón');
    expect(markupOf(html)).toContain('$4.500');
    expect(stateOf(html)?.queries.queries.length).toBeGreaterThan(0);
  });

  it('keeps text out of the markup and the answers: a dish named like a script is only text', async () => {
    const html = (await open(`/restaurants/${restaurantId}/menu`)).body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;/script>&lt;script>alert(1)&lt;/script>&lt;!--');
    // the answers still parse whole, with the name as it is
    const state = JSON.stringify(stateOf(html));
    expect(state).toContain(SNEAKY);
  });

  it('sends it compressed to a browser that takes brotli', async () => {
    const res = await open(`/restaurants/${restaurantId}/menu`, {
      ...SPANISH,
      'accept-encoding': 'gzip, br',
    });
    expect(res.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(html).toContain('Croquetas de jamón');
    expect(res.rawPayload.length).toBeLessThan(html.length / 3);
  });

  it('reuses a written page for a few seconds per address and language, then draws it again', async () => {
    const start = new Date();
    t.clock.set(start);
    try {
      const page = `/restaurants/${restaurantId}/articles/${dishId}?from=reuse`;
      expect(markupOf((await open(page)).body)).toContain('Croquetas de jamón');
      const event = nextLiveEvent(t.app, menuTopic(restaurantId));
      await updateProduct(appContext(t.app), restaurantId, dishId, {
        name: { es: 'Croquetas de la casa', en: 'House croquettes' },
      });
      await event; // the API's own cached answers are gone
      // the same page, kept: the app asks for the dish again once its live updates start
      expect(markupOf((await open(page)).body)).toContain('Croquetas de jamón');
      // another language is another page
      expect(markupOf((await open(page, ENGLISH)).body)).toContain('House croquettes');
      t.clock.set(new Date(start.getTime() + PAGE_REUSE_MS + 1));
      expect(markupOf((await open(page)).body)).toContain('Croquetas de la casa');
    } finally {
      t.clock.reset();
    }
  });

  it('draws only a few pages at once: the rest of a burst of new addresses gets index.html, never an error', async () => {
    const burst = await Promise.all(
      Array.from({ length: 24 }, (_, index) => open(`/restaurants/${restaurantId}/menu?burst=${index}`)),
    );
    expect(burst.map((res) => res.statusCode)).toEqual(burst.map(() => 200));
    const written = burst.filter((res) => stateOf(res.body) !== null).length;
    expect(written).toBeGreaterThanOrEqual(1);
    expect(written).toBeLessThanOrEqual(DRAWINGS_AT_ONCE);
    for (const res of burst) expect(res.body).toContain('<div id="root">');
    // once they are done, the next new address is written again
    expect(stateOf((await open(`/restaurants/${restaurantId}/menu?burst=after`)).body)).not.toBeNull();
  });

  it('draws a new address once for simultaneous visitors: every one of them gets the written page', async () => {
    // more visitors than drawings allowed at once: only a shared drawing can write all their pages
    const visitors = await Promise.all(
      Array.from({ length: DRAWINGS_AT_ONCE * 3 }, () => open(`/restaurants/${restaurantId}/menu?same=1`)),
    );
    expect(visitors.map((res) => stateOf(res.body) !== null)).toEqual(visitors.map(() => true));
    expect(new Set(visitors.map((res) => res.body)).size).toBe(1);
  });

  it('sends gzip to a browser that refuses brotli with q=0', async () => {
    const res = await open(`/restaurants/${restaurantId}/menu`, {
      ...SPANISH,
      'accept-encoding': 'br;q=0, gzip',
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString('utf8')).toContain('Croquetas de jamón');
  });

  it("writes a page for a guest with their name (their profile's cookie), for them alone", async () => {
    const guest = await signInGuest(t.app);
    const cookie = `${guest.cookie}; guest=${guestProfileCookie('Invitado 42')}`;
    const res = await open('/', { ...SPANISH, cookie });
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toBe('Accept-Encoding, Accept-Language, Cookie');
    expect(markupOf(res.body)).toContain('Hola, Invitado 42');
    expect(markupOf(res.body)).toContain('Casa Ñandú');
    expect(stateOf(res.body)?.queries.queries.map((query) => query.queryKey[0])).toContain('restaurants');

    // the menu too, with the guest in its header; never kept for the visitors after them
    const menu = `/restaurants/${restaurantId}/menu?for=guest`;
    const theirs = await open(menu, { ...SPANISH, cookie });
    expect(theirs.headers['cache-control']).toBe('private, no-cache');
    expect(markupOf(theirs.body)).toContain('Invitado 42');
    const anyone = await open(menu);
    expect(anyone.headers['cache-control']).toBe('no-cache');
    expect(markupOf(anyone.body)).toMatch(/<h1[^>]*>Carta<\/h1>/);
    expect(anyone.body).not.toContain('Invitado 42');
  });

  it('sends the cookies the API set while drawing: a session due for renewal is renewed with the page', async () => {
    const guest = await signInGuest(t.app);
    // better-auth renews a session a day after its last renewal (7 days left → 6)
    await t.db.db.execute(
      sql`UPDATE sessions SET expires_at = now() + interval '5 days' WHERE user_id = ${guest.userId}`,
    );
    const res = await open('/', {
      ...SPANISH,
      cookie: `${guest.cookie}; guest=${guestProfileCookie('Invitado 8')}`,
    });
    expect(markupOf(res.body)).toContain('Invitado 8');
    const setCookies = [res.headers['set-cookie'] ?? []].flat();
    expect(setCookies.some((value) => /session_token=.+Max-Age=\d+/i.test(value))).toBe(true);
    const [session] = await t.db.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.userId, guest.userId));
    expect(session!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);
  });

  it("draws only a few diners' pages at once: the rest of a burst gets index.html, never an error", async () => {
    const guest = await signInGuest(t.app);
    const cookie = `${guest.cookie}; guest=${guestProfileCookie('Invitado 9')}`;
    const burst = await Promise.all(
      Array.from({ length: DRAWINGS_AT_ONCE * 3 }, () => open('/', { ...SPANISH, cookie })),
    );
    expect(burst.map((res) => res.statusCode)).toEqual(burst.map(() => 200));
    const written = burst.filter((res) => stateOf(res.body) !== null);
    expect(written.length).toBeGreaterThanOrEqual(1);
    expect(written.length).toBeLessThanOrEqual(DRAWINGS_AT_ONCE);
    for (const res of written) expect(markupOf(res.body)).toContain('Invitado 9');
    for (const res of burst) expect(res.body).toContain('<div id="root">');
    // once they are done, the diner's next page is written again
    expect(stateOf((await open('/', { ...SPANISH, cookie })).body)).not.toBeNull();
  });

  it('sends index.html to a guest whose profile it cannot see: the app would show another name', async () => {
    const guest = await signInGuest(t.app);
    for (const cookie of [guest.cookie, `${guest.cookie}; guest=%7Bnot-json`]) {
      const html = (await open('/', { ...SPANISH, cookie })).body;
      expect(stateOf(html)).toBeNull();
      expect(html).toContain('<script type="module"');
    }
  });

  it('home shows the remembered restaurant alone when its cookie says so', async () => {
    const guest = await signInGuest(t.app);
    const cookie = `${guest.cookie}; guest=${guestProfileCookie('Invitado 5')}; restaurantId=${restaurantId}`;
    const html = markupOf((await open('/', { ...SPANISH, cookie })).body);
    expect(html).toContain('Casa Ñandú');
    expect(html).toContain('Ver todos los restaurantes');
  });

  it("writes each diner's own table order and bill, at once, and never another's", async () => {
    const restaurant = await insertTestRestaurant(t.db);
    const diners = await Promise.all(
      Array.from({ length: DRAWINGS_AT_ONCE }, async (_, index) => {
        const session = await signInGuest(t.app);
        return { session, name: `Invitado ${100 + index}` };
      }),
    );
    t.clock.set(NOW);
    try {
      const reservations = await Promise.all(
        diners.map(({ session }, index) =>
          reserve(
            t.app,
            session,
            reservationInput(restaurant, { ...distinctSlot(index), table: restaurant.ref(1) }),
          ),
        ),
      );
      const cookieOf = (index: number) =>
        `${diners[index]!.session.cookie}; guest=${guestProfileCookie(diners[index]!.name)}`;
      const pageOf = (index: number, screen: string) =>
        `/restaurants/${restaurant.restaurant.id}/reservations/${reservations[index]!.id}/${screen}`;
      for (const screen of ['order', 'confirmation']) {
        // all at once: each render reads with its own visitor's session (nothing shared between them)
        const pages = await Promise.all(
          diners.map((_, index) => open(pageOf(index, screen), { ...SPANISH, cookie: cookieOf(index) })),
        );
        pages.forEach((res, index) => {
          expect(stateOf(res.body), `${screen} ${index}`).not.toBeNull();
          expect(res.headers['cache-control']).toBe('private, no-cache');
          const markup = markupOf(res.body);
          expect(markup).toContain(diners[index]!.name);
          for (const other of diners.filter((_, at) => at !== index))
            expect(markup).not.toContain(other.name);
          expect(JSON.stringify(stateOf(res.body))).toContain(reservations[index]!.id);
        });
      }
      // another diner's reservation: the API refuses it, so nothing of it is written
      const intruder = await open(pageOf(0, 'confirmation'), { ...SPANISH, cookie: cookieOf(1) });
      expect(stateOf(intruder.body)).toBeNull();
      expect(intruder.body).not.toContain(diners[0]!.name);
      expect(intruder.body).toContain('<script type="module"');
      // the form's address with a reservation's id sends the diner to its summary: nothing written
      const toSummary = await open(pageOf(0, '').replace(/\/$/, ''), { ...SPANISH, cookie: cookieOf(0) });
      expect(stateOf(toSummary.body)).toBeNull();
      expect(toSummary.body).toContain('<script type="module"');
      // the reservation form, for the diner at the restaurant
      const form = await open(`/restaurants/${restaurant.restaurant.id}/reservations`, {
        ...SPANISH,
        cookie: cookieOf(2),
      });
      expect(stateOf(form.body)).not.toBeNull();
      expect(markupOf(form.body)).toMatch(/<h1[^>]*>Reservar mesa<\/h1>/);
    } finally {
      t.clock.reset();
    }
  });

  it('sends index.html as built where it writes nothing: pages of a session to a visitor without one, other pages, "not found"', async () => {
    for (const url of [
      '/',
      `/restaurants/${restaurantId}/reservations`,
      `/restaurants/${crypto.randomUUID()}/menu`,
      `/restaurants/${restaurantId}/articles/${crypto.randomUUID()}`,
      '/staff',
    ]) {
      const html = (await open(url)).body;
      expect(stateOf(html), url).toBeNull();
      expect(html, url).toContain('<script type="module"');
    }
  });
});
