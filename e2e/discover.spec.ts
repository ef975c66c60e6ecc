import type { Page, APIRequestContext } from '@playwright/test';
import { formatMoney, type PreferenceSelection, priceProduct } from '../packages/domain/src/index.ts';
import {
  changeMenu,
  expect,
  expectAccessible,
  listRestaurants,
  type Locale,
  msg,
  msgCount,
  signInAsGuest,
  test,
  menuWithDetails,
} from './fixtures/app.ts';

interface Localized {
  es: string;
  en: string;
}
interface Option {
  key: string;
  name: Localized;
  priceMinor: number;
  maxQuantity?: number;
}
interface Preference {
  key: string;
  name: Localized;
  multiple: boolean;
  required: boolean;
  options: Option[];
}
interface Dish {
  id: string;
  section: string;
  name: Localized;
  price: number;
  vegan: boolean;
  discount: number | null;
  discountType: 'amount' | 'percent' | null;
  preferences: Preference[];
}
interface Menu {
  country: string;
  items: Dish[];
}
interface Restaurant {
  id: string;
  slug: string;
  name: string;
  city: string;
  country: string;
  reviewUrl?: string | null;
}

const SANTIAGO = { latitude: -33.4372, longitude: -70.6506 };

const text = (locale: Locale, value: Localized) => (locale === 'es-ES' ? value.es : value.en);
const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const startsWith = (value: string) => new RegExp(`^${escapeRegExp(value)}`);
/** Intl puts U+00A0 in some money formats; compare texts with plain spaces. */
const plain = (value: string) => value.replace(/\u00a0/g, ' ');

async function getMenu(request: APIRequestContext, restaurantId: string, query = ''): Promise<Menu> {
  return (await menuWithDetails(request, restaurantId, query)) as Menu;
}

async function restaurantsIn(request: APIRequestContext, city: string): Promise<Restaurant[]> {
  const all = (await listRestaurants(request)) as unknown as Restaurant[];
  const found = all.filter((restaurant) => restaurant.city === city);
  expect(found.length, `restaurants in ${city}`).toBeGreaterThan(0);
  return found;
}

/**
 * A vegan dish with preferences, visible now, of a restaurant of `city` (menus follow the clock,
 * so the dish is picked when the test runs), plus a dish the vegan filter hides, if any.
 */
async function pickDish(request: APIRequestContext, city: string) {
  for (const restaurant of await restaurantsIn(request, city)) {
    const vegan = await getMenu(request, restaurant.id, '?vegan=true');
    const withPreferences = vegan.items.filter((item) => item.preferences.length > 0);
    const dish =
      withPreferences.find((item) => item.preferences.some((p) => p.required && !p.multiple)) ??
      withPreferences[0];
    if (!dish) continue;
    const full = await getMenu(request, restaurant.id);
    const hidden = full.items.find((item) => !item.vegan && item.price <= dish.price);
    return { restaurant, dish, country: vegan.country, hidden };
  }
  throw new Error(`no vegan dish with preferences visible now in ${city}`);
}

/** Picks on the product page: the last option of each single choice, the first of each multiple one (twice when allowed), quantity 2. */
async function chooseOnProductPage(page: Page, locale: Locale, dish: Dish): Promise<PreferenceSelection[]> {
  const selections: PreferenceSelection[] = [];
  for (const preference of dish.preferences) {
    const name = text(locale, preference.name);
    if (!preference.multiple) {
      const option = preference.options.at(-1)!;
      await page
        .getByRole('radiogroup', { name })
        .getByRole('radio', { name: startsWith(text(locale, option.name)) })
        .check();
      selections.push({ preferenceKey: preference.key, optionKey: option.key, quantity: 1 });
    } else {
      const option = preference.options[0]!;
      const optionName = text(locale, option.name);
      await page.getByRole('checkbox', { name: startsWith(optionName) }).check();
      let quantity = 1;
      if (option.maxQuantity === undefined || option.maxQuantity > 1) {
        const label = msg(locale, 'product.option.quantity', { option: optionName });
        await page.getByRole('button', { name: msg(locale, 'quantity.increase', { label }) }).click();
        quantity = 2;
      }
      selections.push({ preferenceKey: preference.key, optionKey: option.key, quantity });
    }
  }
  const label = msg(locale, 'product.quantity');
  await page.getByRole('button', { name: msg(locale, 'quantity.increase', { label }) }).click();
  return selections;
}

/**
 * search → vegan → restaurant → menu filter → a dish with preferences priced by the domain's
 * own rule and formatted per country → favourite → the favourites page.
 */
async function discoverJourney(page: Page, locale: Locale, city: string) {
  const { restaurant, dish, country, hidden } = await pickDish(page.request, city);
  const dishName = text(locale, dish.name);
  await signInAsGuest(page);

  await page.goto('/filters');
  await expect(
    page.getByRole('heading', { level: 1, name: msg(locale, 'page.filters.title') }),
  ).toBeVisible();
  await page.getByRole('searchbox', { name: msg(locale, 'restaurants.search.label') }).fill(restaurant.name);
  await page
    .getByRole('group', { name: msg(locale, 'restaurants.filters.diet') })
    .getByRole('checkbox', { name: msg(locale, 'diet.vegan') })
    .check();
  await expect(page).toHaveURL(/[?&]vegan=true/);
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByRole('link', { name: restaurant.name, exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: restaurant.name, exact: true }).click();

  await expect(page.getByRole('heading', { level: 1, name: restaurant.name })).toBeVisible();
  await page.getByRole('link', { name: msg(locale, 'restaurant.actions.menu') }).click();
  await expect(page.getByRole('heading', { level: 1, name: msg(locale, 'menu.title') })).toBeVisible();

  await page.getByRole('button', { name: msgCount(locale, 'menu.filters.open', 0) }).click();
  await page.getByRole('checkbox', { name: msg(locale, 'diet.vegan') }).check();
  await page
    .getByLabel(msg(locale, 'menu.filters.max'))
    .fill(String(country === 'CL' ? dish.price : dish.price / 100));
  await page.getByRole('button', { name: msg(locale, 'menu.filters.apply') }).click();
  await expect(page).toHaveURL(new RegExp(`vegan=true&maxPrice=${dish.price}$`));
  await page.getByRole('button', { name: /^(Show|Ver) \d/ }).click();
  await expect(page.getByRole('button', { name: msgCount(locale, 'menu.filters.open', 2) })).toBeFocused();
  await expect(page.getByRole('link', { name: dishName, exact: true })).toBeVisible();
  if (hidden)
    await expect(page.getByRole('link', { name: text(locale, hidden.name), exact: true })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('link', { name: dishName, exact: true }).click();

  await expect(page.getByRole('heading', { level: 1, name: dishName })).toBeVisible();
  const selections = await chooseOnProductPage(page, locale, dish);
  const price = priceProduct({
    product: {
      priceMinor: dish.price,
      preferences: dish.preferences,
      discount: dish.discount,
      discountType: dish.discountType,
    },
    selections,
    quantity: 2,
  });
  const total = formatMoney(price.totalMinor, country);
  const priceRegion = page.getByRole('region', { name: msg(locale, 'product.price.title') });
  await expect(priceRegion.getByText(plain(total), { exact: true })).toBeVisible();

  // The server's price check agrees with the page.
  const check = await page.request.post(`/api/restaurants/${restaurant.id}/menu/${dish.id}/price`, {
    headers: { origin: new URL(page.url()).origin },
    data: { quantity: 2, selections },
  });
  expect(check.ok(), await check.text()).toBe(true);
  expect(((await check.json()) as { totalMinor: number }).totalMinor).toBe(price.totalMinor);
  await expectAccessible(page);

  await page.getByRole('button', { name: msg(locale, 'favorites.add') }).click();
  await expect(page.getByRole('button', { name: msg(locale, 'favorites.remove') })).toBeVisible();

  await page.goto('/favorites/products');
  await expect(
    page.getByRole('heading', { level: 1, name: msg(locale, 'page.favorites.products.title') }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: dishName, exact: true })).toBeVisible();
  // the dish's heart says it is a favourite once the diner's favourites are known
  await expect(page.getByRole('button', { name: msg(locale, 'favorites.remove') })).toBeEnabled();
  await expectAccessible(page);
  return total;
}

test.describe('discover', () => {
  test('a Santiago dish, found by search and filters, priced in CLP and kept as a favourite', async ({
    page,
  }) => {
    const total = await discoverJourney(page, 'en-US', 'Santiago');
    expect(total).toMatch(/^\$\d{1,3}(\.\d{3})*$/);
  });

  test.describe('in Spanish', () => {
    test.use({ locale: 'es-ES' });
    test('un plato de Madrid, con precio en EUR, guardado en favoritos', async ({ page }) => {
      const total = await discoverJourney(page, 'es-ES', 'Madrid');
      expect(plain(total)).toMatch(/ €$/);
    });
  });

  test('a restaurant favourite from an anonymous visitor goes through the auth page and back', async ({
    page,
  }) => {
    const [restaurant] = await restaurantsIn(page.request, 'Lima');
    await page.goto(`/restaurants/${restaurant!.id}`);
    await page.getByRole('link', { name: msg('en-US', 'favorites.add') }).click();
    await expect(page.getByRole('heading', { name: msg('en-US', 'auth.index.title') })).toBeVisible();
    await page.getByRole('button', { name: msg('en-US', 'auth.index.guest') }).click();
    await expect(page).toHaveURL(new RegExp(`/restaurants/${restaurant!.id}$`));
    await page.getByRole('button', { name: msg('en-US', 'favorites.add') }).click();
    await expect(page.getByRole('button', { name: msg('en-US', 'favorites.remove') })).toBeVisible();

    await page.goto('/favorites/restaurants');
    const link = page.getByRole('link', { name: restaurant!.name, exact: true });
    await expect(link).toBeVisible();
    // Unmarked in place: the row stays until the page is opened again.
    await page.getByRole('button', { name: msg('en-US', 'favorites.remove') }).click();
    await expect(page.getByRole('button', { name: msg('en-US', 'favorites.add') })).toBeVisible();
    await expect(link).toBeVisible();
    await page.reload();
    await expect(page.getByText(msg('en-US', 'favorites.empty.restaurants'))).toBeVisible();
  });
});

test.describe('live menu', () => {
  test('a price change and a new dish show in other open menus without a reload', async ({
    page,
    browser,
  }) => {
    const [restaurant] = await restaurantsIn(page.request, 'Valparaíso');
    const menu = await getMenu(page.request, restaurant!.id);
    const dish =
      menu.items.find((item) => item.discount === null && item.preferences.length === 0) ?? menu.items[0]!;
    const other = await browser.newContext({ locale: 'es-ES' });
    const second = await other.newPage();
    const viewers: Array<[Page, Locale]> = [
      [page, 'en-US'],
      [second, 'es-ES'],
    ];

    for (const [viewer] of viewers) {
      const subscribed = viewer
        .waitForEvent('websocket', (socket) => socket.url().endsWith('/api/live'))
        .then((socket) =>
          socket.waitForEvent('framereceived', (frame) => String(frame.payload).includes('"subscribed"')),
        );
      await viewer.goto(`/restaurants/${restaurant!.id}/menu`);
      await subscribed;
      await viewer.evaluate(() => {
        (window as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true;
      });
    }

    const newPrice = dish.price + (menu.country === 'CL' ? 990 : 99);
    changeMenu(['--restaurant', restaurant!.slug, '--product', dish.id, '--price', String(newPrice)]);
    for (const [viewer, locale] of viewers) {
      const card = viewer.getByRole('article').filter({
        has: viewer.getByRole('link', { name: text(locale, dish.name), exact: true }),
      });
      await expect(card.getByText(plain(formatMoney(newPrice, menu.country)), { exact: true })).toBeVisible();
    }

    changeMenu([
      '--restaurant',
      restaurant!.slug,
      '--create',
      JSON.stringify({
        section: dish.section,
        name: { es: 'Plato e2e del día', en: 'E2E dish of the day' },
        priceMinor: 4321,
      }),
    ]);
    await expect(second.getByRole('link', { name: 'Plato e2e del día' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'E2E dish of the day' })).toBeVisible();

    for (const [viewer] of viewers) {
      expect(
        await viewer.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage),
      ).toBe(true);
    }
    await other.close();
  });
});

test.describe('sorting by distance', () => {
  test.describe('with the browser in Santiago', () => {
    test.use({ geolocation: SANTIAGO, permissions: ['geolocation'] });
    test('the nearest restaurants come first, with their distance', async ({ page, request }) => {
      const santiago = (await restaurantsIn(request, 'Santiago')).map((restaurant) => restaurant.name);
      await signInAsGuest(page);
      await page.goto('/');
      await expect(page.getByText(msg('en-US', 'restaurants.sort.byDistance'))).toBeVisible();
      const names = page.getByRole('list').getByRole('heading', { level: 2 });
      await expect(names.first()).toBeVisible();
      await expect(async () => {
        const shown = await names.allTextContents();
        expect(shown.slice(0, santiago.length).sort()).toEqual([...santiago].sort());
      }).toPass();
      const firstCard = page.getByRole('article').first();
      await expect(firstCard.getByText(/ (m|km) away$/)).toBeVisible();
      await expectAccessible(page);
    });
  });

  test.describe('with geolocation refused', () => {
    test.use({ permissions: [] });
    test('the list is by name, with a note and a way to try again', async ({ page, request }) => {
      const byName = (await listRestaurants(request)).map((restaurant) => restaurant.name);
      await signInAsGuest(page);
      await page.goto('/');
      await expect(page.getByText(msg('en-US', 'restaurants.sort.byName'))).toBeVisible();
      await expect(page.getByRole('button', { name: msg('en-US', 'restaurants.sort.retry') })).toBeVisible();
      const names = page.getByRole('list').getByRole('heading', { level: 2 });
      // One page holds every seeded restaurant: all of them, alphabetically.
      await expect(names).toHaveText(byName);
      await expect(page.getByText(/ away$/)).toHaveCount(0);
      await expectAccessible(page);
    });
  });
});

test.describe('reviews link', () => {
  test('/r sends the diner to the remembered restaurant’s review page, or home', async ({
    page,
    request,
  }) => {
    const all = (await listRestaurants(request)) as unknown as Restaurant[];
    let withReview: Restaurant | null = null;
    for (const candidate of all) {
      const detail = (await (await request.get(`/api/restaurants/${candidate.id}`)).json()) as Restaurant;
      if (detail.reviewUrl) {
        withReview = detail;
        break;
      }
    }
    await signInAsGuest(page);
    await page.goto('/r');
    await expect(page).toHaveURL(/\/$/);

    expect(withReview, 'a seeded restaurant with a review link').not.toBeNull();
    const reviewUrl = withReview!.reviewUrl!;
    await page.route(reviewUrl, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Reviews</title><h1>Reviews</h1>' }),
    );
    await page.goto(`/restaurants/${withReview!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: withReview!.name })).toBeVisible();
    // the server wrote the page: the app remembers the restaurant once its code has run
    await expect.poll(() => page.evaluate(() => localStorage.getItem('restaurantId'))).toBe(withReview!.id);
    await page.goto('/r');
    await expect(page).toHaveURL(new URL(reviewUrl).toString());
    await expect(page.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  });
});

test.describe('small screens and keyboard', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the search, menu and dish pages fit 360 px and work from the keyboard', async ({ page }) => {
    const { restaurant, dish } = await pickDish(page.request, 'Santiago');
    await signInAsGuest(page);
    const fits = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.goto('/filters');
    const vegan = page
      .getByRole('group', { name: msg('en-US', 'restaurants.filters.diet') })
      .getByRole('checkbox', { name: msg('en-US', 'diet.vegan') });
    await vegan.focus();
    await page.keyboard.press('Space');
    await expect(page).toHaveURL(/[?&]vegan=true/);
    await expect(vegan).toBeChecked();
    await expect(page.getByRole('link', { name: restaurant.name, exact: true })).toBeVisible();
    await fits();
    await expectAccessible(page);

    await page.goto(`/restaurants/${restaurant.id}/menu`);
    await expect(page.getByRole('link', { name: dish.name.en, exact: true })).toBeVisible();
    await fits();

    await page.goto(`/restaurants/${restaurant.id}/articles/${dish.id}`);
    await expect(page.getByRole('heading', { level: 1, name: dish.name.en })).toBeVisible();
    const single = dish.preferences.find((preference) => !preference.multiple);
    if (single) {
      const group = page.getByRole('radiogroup', { name: single.name.en });
      const radios = group.getByRole('radio');
      await radios.first().focus();
      await page.keyboard.press('Space');
      await expect(radios.first()).toBeChecked();
      if (single.options.length > 1) {
        await page.keyboard.press('ArrowDown');
        await expect(radios.nth(1)).toBeChecked();
      }
    }
    const label = msg('en-US', 'product.quantity');
    const more = page.getByRole('button', { name: msg('en-US', 'quantity.increase', { label }) });
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('group', { name: label }).getByRole('status')).toHaveText('2');
    const fewer = page.getByRole('button', { name: msg('en-US', 'quantity.decrease', { label }) });
    await fewer.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    // Never below 1, and the button keeps the focus at the limit.
    await expect(page.getByRole('group', { name: label }).getByRole('status')).toHaveText('1');
    await expect(fewer).toBeFocused();
    await fits();
    await expectAccessible(page);
  });
});
