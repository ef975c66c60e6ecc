// Installable and offline (issue 15, item 9; docs/decisions/0026-offline-pwa.md), in Chromium,
// in both languages: the web app manifest and its icons are served and valid, the service worker
// activates; with the connection cut (`context.setOffline(true)`) a menu opened earlier, and its
// restaurant's page, still open, marked as possibly out of date; a dish added to the cart offline and "sent" waits, and
// reaches the table's order exactly once when the connection returns.
import type { APIRequestContext, Browser, BrowserContext } from '@playwright/test';
import {
  bookableSlot,
  createReservationViaApi,
  expect,
  listRestaurants,
  type Locale,
  msg,
  type OpeningRestaurant,
  signUpViaApi,
  test,
  uniqueEmail,
  menuWithDetails,
} from './fixtures/app.ts';

/** A page opened on a busy machine (the e2e run shares two cores) may take longer than expect's default. */
const PAGE_TIMEOUT = 20_000;

interface Dish {
  id: string;
  name: { es: string; en: string };
  preferences: Array<{ required: boolean }>;
  stock: number | null;
  preventSaleWithoutStock: boolean;
}

/** A restaurant with a dish added in one tap (no required choice, not short of stock) and a free slot for two. */
async function pickRestaurant(request: APIRequestContext) {
  for (const summary of await listRestaurants(request)) {
    const menu = (await menuWithDetails(request, summary.id)) as {
      items: Dish[];
    };
    const dish = menu.items.find(
      (item) =>
        !item.preferences.some((preference) => preference.required) &&
        (!item.preventSaleWithoutStock || (item.stock ?? 0) >= 20),
    );
    if (!dish) continue;
    const restaurant = (await (
      await request.get(`/api/restaurants/${summary.id}`)
    ).json()) as OpeningRestaurant & { name: string };
    const slot = await bookableSlot(request, restaurant, 2);
    if (slot) return { restaurant, dish, slot };
  }
  throw new Error('no seeded restaurant with a one-tap dish and a free slot');
}

/** A context whose pages register the service worker (the app skips it under automation unless asked). */
async function offlineReadyContext(browser: Browser, locale: Locale) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale,
    serviceWorkers: 'allow',
  });
  await context.addInitScript(() => window.localStorage.setItem('serviceWorker', 'on'));
  return context;
}

test('the manifest, its icons and the service worker are served as an installable app needs', async ({
  request,
}) => {
  const manifestAnswer = await request.get('/manifest.webmanifest');
  expect(manifestAnswer.status()).toBe(200);
  expect(manifestAnswer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await manifestAnswer.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    scope: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
  };
  expect(manifest).toMatchObject({
    name: 'Comensal',
    short_name: 'Comensal',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#a8361a',
  });
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
  const icons = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort();
  expect(icons).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of [...manifest.icons, { src: '/icons/apple-touch-icon.png', type: 'image/png' }]) {
    const answer = await request.get(icon.src);
    expect(answer.status(), icon.src).toBe(200);
    expect(answer.headers()['content-type']).toBe(icon.type);
    // a PNG's signature
    expect([...(await answer.body()).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  }

  const worker = await request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['content-type']).toMatch(/javascript/);
  expect(worker.headers()['cache-control']).toBe('no-cache');
  // under the app's policy like every other script: no inline code, no eval
  expect(worker.headers()['content-security-policy']).toContain("script-src 'self'");
});

/**
 * Chromium 150 says `navigator.onLine` is true in a document its service worker served while the
 * context is offline: the emulated state is not carried to the new document. A phone without a
 * signal would still say offline, so the state is set again (online for a moment, then offline:
 * setting the same value again does nothing).
 */
async function stillOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(false);
  await context.setOffline(true);
}

for (const locale of ['es-ES', 'en-US'] as const) {
  test(`offline in ${locale}: a menu opened earlier still opens, marked as possibly out of date, and a dish sent offline reaches the table once`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await offlineReadyContext(browser, locale);
    const page = await context.newPage();
    await signUpViaApi(page, {
      displayName: locale === 'es-ES' ? 'Lucía Sin Señal' : 'Owen Offline',
      email: uniqueEmail(),
      password: 'correct-horse-battery',
      locale,
    });
    const { restaurant, dish, slot } = await pickRestaurant(page.request);
    const reservationId = await createReservationViaApi(page, {
      restaurantId: restaurant.id,
      ...slot,
      quantity: 2,
    });
    const dishName = locale === 'es-ES' ? dish.name.es : dish.name.en;
    const menuPath = `/restaurants/${restaurant.id}/menu`;

    // First visit online: the page links the manifest and the worker installs and takes the page.
    await page.goto(menuPath);
    await expect(
      page.getByRole('button', { name: msg(locale, 'order.quick.addFor', { name: dishName }) }),
    ).toBeVisible({ timeout: PAGE_TIMEOUT });
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready;
          return { state: registration.active?.state, scope: registration.scope };
        }),
      )
      .toEqual({ state: 'activated', scope: new URL('/', page.url()).href });
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // The worker precaches only the app shell; the page tells it what else it loaded before the
    // worker took it, so every script of this visit is kept (none is missing from the caches).
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const scripts = performance
            .getEntriesByType('resource')
            .map((entry) => new URL(entry.name))
            .filter((url) => url.origin === location.origin && /^\/assets\/[^/]+\.js$/.test(url.pathname));
          const missing: string[] = [];
          for (const url of scripts) if (!(await caches.match(url.pathname))) missing.push(url.pathname);
          return { scripts: scripts.length > 0, missing };
        }),
      )
      .toEqual({ scripts: true, missing: [] });
    // this visit's reads, now under the worker
    await page.reload();
    await expect(
      page.getByRole('button', { name: msg(locale, 'order.quick.addFor', { name: dishName }) }),
    ).toBeVisible({ timeout: PAGE_TIMEOUT });
    await expect(page.getByTestId('offline-notice')).toBeEmpty();

    // The signal goes: the menu opens again from what was kept, and says it may be out of date.
    await context.setOffline(true);
    await page.reload();
    const add = page.getByRole('button', { name: msg(locale, 'order.quick.addFor', { name: dishName }) });
    await expect(add).toBeVisible({ timeout: PAGE_TIMEOUT });
    await stillOffline(context);
    await expect(page.getByTestId('offline-notice')).toHaveText(msg(locale, 'offline.notice.offline'), {
      timeout: PAGE_TIMEOUT,
    });
    // the restaurant's page, whose reads the menu made, opens too; then back to the menu
    await page.goto(`/restaurants/${restaurant.id}`);
    await expect(page.getByRole('heading', { level: 1, name: restaurant.name })).toBeVisible({
      timeout: PAGE_TIMEOUT,
    });
    await stillOffline(context);
    await expect(page.getByTestId('offline-notice')).toHaveText(msg(locale, 'offline.notice.offline'));
    await page.goto(menuPath);
    await expect(add).toBeVisible({ timeout: PAGE_TIMEOUT });
    await stillOffline(context);

    // Still offline: the dish goes into the cart, and "send" makes it wait for the connection.
    await add.click();
    const bar = page.getByRole('region', { name: msg(locale, 'order.cart.region') });
    await bar.getByRole('button', { name: msg(locale, 'order.cart.open') }).click();
    const sheet = page.getByRole('dialog', { name: msg(locale, 'order.cart.title') });
    await expect(sheet.getByText(msg(locale, 'order.send.offlineQueue'))).toBeVisible();
    await sheet
      .getByRole('button', {
        name: new RegExp(
          `^${msg(locale, 'order.send.whenOnline', { total: '' }).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
        ),
      })
      .click();
    await expect(sheet).toBeHidden();
    await expect(bar.getByTestId('queued-orders')).toHaveText(
      locale === 'es-ES'
        ? 'Esperando la conexión: 1 plato llegará a la mesa cuando vuelvas a estar en línea.'
        : 'Waiting for the connection: 1 dish will go to the table once you’re back online.',
    );
    const ordersOf = async () => {
      const answer = await page.request.get(`/api/reservations/${reservationId}/orders`);
      expect(answer.status()).toBe(200);
      return ((await answer.json()) as { items: Array<{ productId: string; quantity: number }> }).items;
    };
    expect(await ordersOf()).toEqual([]);

    // The connection returns: the dish reaches the table's order, once.
    await context.setOffline(false);
    await expect
      .poll(async () => (await ordersOf()).map((order) => [order.productId, order.quantity]))
      .toEqual([[dish.id, 1]]);
    await expect(bar).toBeHidden();
    // back and forth again: nothing is sent twice
    await context.setOffline(true);
    await context.setOffline(false);
    await page.reload();
    await expect(page.getByTestId('offline-notice')).toBeEmpty();
    expect((await ordersOf()).length).toBe(1);
    await context.close();
  });
}
