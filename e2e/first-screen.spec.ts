// The server-written first screen (docs/decisions/0039-server-written-first-screen.md): a visitor
// without a session who opens a restaurant's menu or a dish (a table's QR code, a shared link)
// gets the page drawn in the HTML, in their language, readable before (and without) the app's
// code; the app then takes over those same elements from the answers the page carries.
import type { APIRequestContext, Page } from '@playwright/test';
import { formatMoney } from '../packages/domain/src/index.ts';
import {
  expect,
  expectAccessible,
  listRestaurants,
  type Locale,
  msg,
  msgCount,
  signInAsGuest,
  test,
} from './fixtures/app.ts';

interface MenuAnswer {
  country: string;
  items: Array<{ id: string; name: { es: string; en: string }; price: number; discount?: number }>;
}

/** A demo restaurant whose menu has a dish at its plain price (no discount), and that dish. */
async function restaurantWithDish(request: APIRequestContext) {
  for (const restaurant of await listRestaurants(request)) {
    const menu = (await (await request.get(`/api/restaurants/${restaurant.id}/menu`)).json()) as MenuAnswer;
    const dish = menu.items.find((item) => item.discount === undefined);
    if (dish) return { restaurant, menu, dish };
  }
  throw new Error('no demo restaurant has a dish without a discount');
}

const plain = (text: string) => text.replace(/\s/g, ' ');

type Seen = { splashes: number; writtenHeading?: Element | null };

/**
 * From the next page on: counts the splashes drawn, and keeps the `<h1>` as the server wrote it,
 * before any of the app's code ran.
 */
async function watchTakeover(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = window as unknown as Seen;
    seen.splashes = 0;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof Element && node.querySelector('[role="status"] .animate-pulse'))
            seen.splashes += 1;
        }
      }
    }).observe(document, { childList: true, subtree: true });
    document.addEventListener('DOMContentLoaded', () => {
      seen.writtenHeading = document.querySelector('h1');
    });
  });
}

/** Whether the `<h1>` is still the server's element, and how many splashes were drawn. */
function takeoverSeen(page: Page): Promise<{ same: boolean; splashes: number }> {
  return page.evaluate(() => {
    const seen = window as unknown as Seen;
    return { same: seen.writtenHeading === document.querySelector('h1'), splashes: seen.splashes };
  });
}
const LANGUAGES: Array<{ locale: Locale; key: 'es' | 'en' }> = [
  { locale: 'es-ES', key: 'es' },
  { locale: 'en-US', key: 'en' },
];

for (const { locale, key } of LANGUAGES) {
  test(`with JavaScript off, a visitor reads a menu and a dish, prices included (${locale})`, async ({
    browser,
    request,
  }) => {
    const { restaurant, menu, dish } = await restaurantWithDish(request);
    const context = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      locale,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto(`/restaurants/${restaurant.id}/menu`);
    await expect(page.locator('html')).toHaveAttribute('lang', key);
    await expect(page).toHaveTitle(
      msg(locale, 'app.documentTitle', {
        title: msg(locale, 'menu.documentTitle', { name: restaurant.name }),
      }),
    );
    await expect(page.getByRole('heading', { level: 1, name: msg(locale, 'menu.title') })).toBeVisible();
    const card = page.getByRole('article').filter({ hasText: dish.name[key] }).first();
    await expect(card).toBeVisible();
    await expect(card).toContainText(plain(formatMoney(dish.price, menu.country)));

    await page.goto(`/restaurants/${restaurant.id}/articles/${dish.id}`);
    await expect(page.getByRole('heading', { level: 1, name: dish.name[key] })).toBeVisible();
    await context.close();
  });
}

test('the app takes over the written menu: no splash, the same elements, the answers it carried, and it works', async ({
  browser,
  request,
}) => {
  const { restaurant, dish } = await restaurantWithDish(request);
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'es-ES' });
  const page = await context.newPage();
  const menuPath = `/api/restaurants/${restaurant.id}/menu`;
  const reads: string[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.pathname === menuPath || url.pathname === `/api/restaurants/${restaurant.id}`)
      reads.push(url.pathname);
  });
  await watchTakeover(page);

  await page.goto(`/restaurants/${restaurant.id}/menu`);
  await expect(page.getByRole('heading', { level: 1, name: msg('es-ES', 'menu.title') })).toBeVisible();
  // a visitor who never chose a language gets no language cookie (the browser's language decides)
  expect((await context.cookies()).map(({ name }) => name)).not.toContain('locale');
  // The language switcher answers once the app has taken the page over (a handler the server
  // could not give); a choice made before that is kept and handed over then (early-requests.js).
  const switcher = page.getByRole('combobox', { name: msg('es-ES', 'locale.label') });
  await expect(async () => {
    await switcher.selectOption('en-US');
    await expect(page.getByRole('heading', { level: 1, name: msg('en-US', 'menu.title') })).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 20_000 });
  // the written elements were kept (hydrated), never replaced by the splash
  expect(await takeoverSeen(page)).toEqual({ same: true, splashes: 0 });
  // The menu and the restaurant came with the page: the app drew from them. It asks for the menu
  // once more when its live updates start, as the written answer is as old as the page (a change
  // in between would otherwise wait a minute, features/menu/use-live-menu.ts); never the restaurant.
  expect(reads.filter((path) => path !== menuPath)).toEqual([]);
  expect(reads.length).toBeLessThanOrEqual(1);
  // the choice now names the language the server writes pages in (beside the remembered restaurant)
  expect((await context.cookies()).map(({ name, value }) => `${name}=${value}`).sort()).toEqual([
    'locale=en-US',
    `restaurantId=${restaurant.id}`,
  ]);
  await expectAccessible(page);

  // and it goes on as the app: a dish opens without loading a new document
  await page.evaluate(() => {
    (window as unknown as { samePage: boolean }).samePage = true;
  });
  await page.getByRole('link', { name: dish.name.en }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: dish.name.en })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  await context.close();
});

test("a guest's home is written for them, with their name, and the app takes it over", async ({
  page,
  request,
}) => {
  const [first] = await listRestaurants(request);
  await signInAsGuest(page);
  // The first page: the app makes the guest's profile, kept with a cookie the server reads
  // (the server had no name to write the page with, so the app drew it).
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: msg('en-US', 'restaurants.title') }),
  ).toBeVisible();
  const name = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('guest') ?? '{}') as { displayName?: string }).displayName,
  );
  expect(name).toMatch(/^Invitado \d+$/);
  await watchTakeover(page);

  // Coming back: the page comes written, with the guest's name and the restaurants.
  const response = await page.goto('/');
  const html = (await response?.text()) ?? '';
  expect(html).toContain('id="server-state"');
  expect(html).toContain(msg('en-US', 'home.greeting', { name: name! }));
  expect(html).toContain(first!.name);
  expect(response?.headers()['cache-control']).toBe('private, no-cache');
  await expect(page.getByText(msg('en-US', 'home.greeting', { name: name! }))).toBeVisible();
  // the app takes it over (the language switch answers), keeping the written elements
  const switcher = page.getByRole('combobox', { name: msg('en-US', 'locale.label') });
  await expect(async () => {
    await switcher.selectOption('es-ES');
    await expect(
      page.getByRole('heading', { level: 1, name: msg('es-ES', 'restaurants.title') }),
    ).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 20_000 });
  expect(await takeoverSeen(page)).toEqual({ same: true, splashes: 0 });
  await expect(page.getByText(msg('es-ES', 'home.greeting', { name: name! }))).toBeVisible();
  await expectAccessible(page);
});

test('what a visitor does before the app has taken the page over is done once it has', async ({
  browser,
  request,
}) => {
  const { restaurant } = await restaurantWithDish(request);
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'es-ES' });
  const page = await context.newPage();
  // the app's code held back, as on a slow connection, until the visitor has tapped and chosen
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/restaurants/${restaurant.id}/menu`);
  await expect(page.getByRole('heading', { level: 1, name: msg('es-ES', 'menu.title') })).toBeVisible();
  await page.getByRole('button', { name: msgCount('es-ES', 'menu.filters.open', 0) }).click();
  await page.getByRole('combobox', { name: msg('es-ES', 'locale.label') }).selectOption('en-US');
  // nothing happens yet: the page is the server's
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: msg('es-ES', 'menu.title') })).toBeVisible();
  release();
  // then the language changes and the filters open, without a second tap (the dialog is modal:
  // the page behind it is out of the accessibility tree)
  await expect(page.getByRole('dialog', { name: msg('en-US', 'menu.filters.title') })).toBeVisible();
  await page.getByRole('button', { name: msg('en-US', 'menu.filters.close') }).click();
  await expect(page.getByRole('heading', { level: 1, name: msg('en-US', 'menu.title') })).toBeVisible();
  await context.close();
});
