// Ordering together (issue 11): two diners at one table, each in their own browser and language.
// The first adds two dishes with options to the cart, reloads (the cart stays), sends it as one
// batch; the second sees them arrive live on the table's order and adds her own, which the first
// sees arrive; both screens show the table's total exactly as the server counts it.
import type { APIRequestContext, Browser, Page, Route } from '@playwright/test';
import { formatMoney, type PreferenceSelection, priceProduct } from '../packages/domain/src/index.ts';
import {
  bookableSlot,
  changeMenu,
  createReservationViaApi,
  expect,
  expectAccessible,
  inviteAndAcceptViaApi,
  listRestaurants,
  type Locale,
  msg,
  openAroundTheClock,
  type OpeningRestaurant,
  signUpViaApi,
  slotsFor,
  test,
  uniqueEmail,
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
  name: Localized;
  price: number;
  discount: number | null;
  discountType: 'amount' | 'percent' | null;
  preferences: Preference[];
  stock: number | null;
  preventSaleWithoutStock: boolean;
}
interface Menu {
  country: string;
  items: Dish[];
}
interface OrderTotal {
  totalMinor: number;
  dueMinor: number;
  byDiner: Array<{ userId: string; displayName: string; totalMinor: number }>;
}

const PASSWORD = 'correct-horse-battery';
const text = (locale: Locale, value: Localized) => (locale === 'es-ES' ? value.es : value.en);
const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const startsWith = (value: string) => new RegExp(`^${escapeRegExp(value)}`);

async function getMenu(request: APIRequestContext, restaurantId: string): Promise<Menu> {
  return (await menuWithDetails(request, restaurantId)) as Menu;
}

/**
 * A restaurant to order at: two dishes with preferences and a third that needs no choice (the
 * one-tap add), none of them short of stock, and a slot it takes a party of two in. Menus follow
 * the clock, so the dishes are the ones on the menu when the test runs.
 */
async function pickRestaurant(request: APIRequestContext) {
  for (const summary of await listRestaurants(request)) {
    const menu = await getMenu(request, summary.id);
    const orderable = menu.items.filter((dish) => !dish.preventSaleWithoutStock || (dish.stock ?? 0) >= 20);
    const withOptions = orderable.filter((dish) => dish.preferences.length > 0);
    const [first, second] = withOptions;
    const plain = orderable.find(
      (dish) =>
        dish !== first && dish !== second && !dish.preferences.some((preference) => preference.required),
    );
    if (!first || !second || !plain) continue;
    const restaurant = (await (
      await request.get(`/api/restaurants/${summary.id}`)
    ).json()) as OpeningRestaurant & {
      name: string;
    };
    const slot = await bookableSlot(request, restaurant, 2);
    if (slot) return { restaurant, country: menu.country, first, second, plain, slot };
  }
  throw new Error('no seeded restaurant with two dishes with options, one without, and a free slot');
}

/** The first option of every preference on the dish's page; answers the selections and the price of `quantity`. */
async function chooseOptions(page: Page, locale: Locale, dish: Dish, quantity: number) {
  const selections: PreferenceSelection[] = [];
  for (const preference of dish.preferences) {
    const option = preference.options[0]!;
    const name = startsWith(text(locale, option.name));
    if (preference.multiple) {
      await page.getByRole('checkbox', { name }).check();
    } else {
      await page
        .getByRole('radiogroup', { name: text(locale, preference.name) })
        .getByRole('radio', { name })
        .check();
    }
    selections.push({ preferenceKey: preference.key, optionKey: option.key, quantity: 1 });
  }
  const label = msg(locale, 'product.quantity');
  for (let more = 1; more < quantity; more += 1) {
    await page.getByRole('button', { name: msg(locale, 'quantity.increase', { label }) }).click();
  }
  const price = priceProduct({
    product: {
      priceMinor: dish.price,
      preferences: dish.preferences,
      discount: dish.discount,
      discountType: dish.discountType,
    },
    selections,
    quantity,
  });
  return { selections, totalMinor: price.totalMinor };
}

/**
 * Reloads `page` with the answers whose address matches `slow` held back a while, waits until
 * `settled` holds, and answers how much the page's layout shifted meanwhile (the sum of its
 * 'layout-shift' entries, as Lighthouse's CLS counts them: none after a tap).
 */
async function layoutShiftOfReload(page: Page, slow: RegExp, settled: () => Promise<void>) {
  const holdBack = async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  };
  await page.route(slow, holdBack);
  await page.reload();
  await settled();
  // the page may ask again (a live subscription's confirmation refetches): those held back too
  // go on before the route goes
  await page.unrouteAll({ behavior: 'wait' });
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        // the buffered entries arrive in the observer's first callback
        setTimeout(() => resolve(total), 500);
      }),
  );
}

async function newDiner(browser: Browser, locale: Locale, displayName: string) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale });
  const page = await context.newPage();
  const email = uniqueEmail();
  await signUpViaApi(page, { displayName, email, password: PASSWORD, locale });
  const me = (await (await page.request.get('/api/me')).json()) as { id: string };
  return { context, page, email, id: me.id };
}

test('two diners order together at one table and see the same total as the server', async ({ browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const ana = await newDiner(browser, 'en-US', `Ana ${stamp}`);
  const bea = await newDiner(browser, 'es-ES', `Beatriz ${stamp}`);
  const en = (key: string, values: Record<string, string> = {}) => msg('en-US', key, values);
  const es = (key: string, values: Record<string, string> = {}) => msg('es-ES', key, values);

  const { restaurant, country, first, second, plain, slot } = await pickRestaurant(ana.page.request);
  const money = (minor: number) => formatMoney(minor, country);
  const reservationId = await createReservationViaApi(ana.page, {
    restaurantId: restaurant.id,
    date: slot.date,
    startAt: slot.startAt,
    quantity: 2,
  });
  await inviteAndAcceptViaApi(ana.page, bea.page, reservationId, bea.email);
  const orderPath = `/restaurants/${restaurant.id}/reservations/${reservationId}/order`;

  // Ana (English, on a phone) adds two dishes with their options from their pages.
  const a = ana.page;
  await a.setViewportSize({ width: 360, height: 780 });
  await a.goto(`/restaurants/${restaurant.id}/menu`);
  await expect(a.getByText(startsWith(en('order.for.one', { reservation: '' })))).toBeVisible();
  await a.getByRole('link', { name: text('en-US', first.name), exact: true }).click();
  const firstLine = await chooseOptions(a, 'en-US', first, 2);
  await a.getByLabel(en('product.comments.label')).fill('no onion');
  const addFirst = a.getByRole('button', { name: en('product.add', { total: money(firstLine.totalMinor) }) });
  await addFirst.click();
  await expect(a.getByText(en('order.cart.added', { name: text('en-US', first.name) }))).toBeVisible();

  await a.goto(`/restaurants/${restaurant.id}/articles/${second.id}`);
  const secondLine = await chooseOptions(a, 'en-US', second, 1);
  await a.getByRole('button', { name: en('product.add', { total: money(secondLine.totalMinor) }) }).click();
  const anaSubtotal = firstLine.totalMinor + secondLine.totalMinor;
  const cartBar = a.getByRole('region', { name: en('order.cart.region') });
  await expect(cartBar).toContainText(money(anaSubtotal));
  expect(await a.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // A reload (or a closed tab) keeps the cart: it lives in the browser until it is sent.
  await a.reload();
  await expect(cartBar).toContainText(money(anaSubtotal));

  // Beatriz (Spanish) has the table's order open: nothing yet.
  const b = bea.page;
  await b.goto(orderPath);
  await expect(
    b.getByRole('heading', { level: 1, name: es('page.restaurant.reservation.order.title') }),
  ).toBeVisible();
  await expect(b.getByText(es('order.empty'))).toBeVisible();

  // Ana sends the cart as one batch and lands on the table's order.
  await cartBar.getByRole('button', { name: en('order.cart.open') }).click();
  const sheet = a.getByRole('dialog', { name: en('order.cart.title') });
  await expect(sheet).toBeVisible();
  await expectAccessible(a);
  await sheet.getByRole('button', { name: en('order.send.button', { total: money(anaSubtotal) }) }).click();
  await expect(a).toHaveURL(new RegExp(`${escapeRegExp(orderPath)}$`));
  await expect(a.getByRole('heading', { name: `2 × ${text('en-US', first.name)}` })).toBeVisible();
  await expect(a.getByRole('heading', { name: `1 × ${text('en-US', second.name)}` })).toBeVisible();
  await expect(cartBar).toHaveCount(0);
  expect(await a.evaluate((key) => localStorage.getItem(key), `cart:${reservationId}`)).toBeNull();

  // Removing a line asks first (the dialog's code loads when asked); going back keeps the line
  // and gives the focus back to its button.
  const secondName = text('en-US', second.name);
  const removeSecond = a.getByRole('button', { name: en('order.delete.for', { name: secondName }) });
  await removeSecond.click();
  const question = a.getByRole('dialog', { name: en('order.delete.title', { name: secondName }) });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: en('common.back') }).click();
  await expect(question).toHaveCount(0);
  await expect(removeSecond).toBeFocused();

  // …and Beatriz sees them arrive without reloading.
  await expect(b.getByRole('heading', { name: `2 × ${text('es-ES', first.name)}` })).toBeVisible();
  await expect(b.getByRole('heading', { name: `1 × ${text('es-ES', second.name)}` })).toBeVisible();

  // Beatriz adds her own dish in one tap on the menu and sends it; Ana sees it arrive.
  await b.goto(`/restaurants/${restaurant.id}/menu`);
  const plainName = text('es-ES', plain.name);
  await b.getByRole('button', { name: es('order.quick.addFor', { name: plainName }) }).click();
  await expect(b.getByText(es('order.cart.added', { name: plainName }))).toBeVisible();
  const plainPrice = priceProduct({
    product: { priceMinor: plain.price, discount: plain.discount, discountType: plain.discountType },
    quantity: 1,
  }).totalMinor;
  await b
    .getByRole('region', { name: es('order.cart.region') })
    .getByRole('button', { name: es('order.cart.open') })
    .click();
  await b
    .getByRole('dialog', { name: es('order.cart.title') })
    .getByRole('button', { name: es('order.send.button', { total: money(plainPrice) }) })
    .click();
  await expect(b).toHaveURL(new RegExp(`${escapeRegExp(orderPath)}$`));
  await expect(a.getByRole('heading', { name: `1 × ${text('en-US', plain.name)}` })).toBeVisible();

  // Both screens show the table's total the server counts, to the unit, and each diner's share.
  const total = (await (
    await a.request.get(`/api/reservations/${reservationId}/total`)
  ).json()) as OrderTotal;
  expect(total.totalMinor).toBe(anaSubtotal + plainPrice);
  for (const [page, locale] of [
    [a, 'en-US'],
    [b, 'es-ES'],
  ] as const) {
    const shown = page.getByTestId('order-total');
    await expect(shown).toHaveAttribute('data-amount-minor', String(total.totalMinor));
    await expect(shown).toHaveText(money(total.totalMinor));
    await expect(page.getByTestId('order-total-due')).toHaveText(money(total.dueMinor));
    for (const diner of total.byDiner) {
      await expect(page.getByTestId('diner-orders').filter({ hasText: diner.displayName })).toContainText(
        msg(locale, 'order.diner.subtotal', { total: money(diner.totalMinor) }),
      );
    }
  }
  expect(total.byDiner.map((diner) => [diner.userId, diner.totalMinor]).sort()).toEqual(
    [
      [ana.id, anaSubtotal],
      [bea.id, plainPrice],
    ].sort(),
  );
  expect(await a.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(a);
  await expectAccessible(b);

  await ana.context.close();
  await bea.context.close();
});

interface FreeTableRef {
  roomId: string;
  number: number;
}
interface TableLookup {
  table: { roomId: string; tableId: string; number: number; room: Localized };
  reservation: { id: string } | null;
  walkIn: { possible: boolean };
}

/** The restaurant's table `table` as `page`'s diner finds it through the table lookup. */
async function lookUpTable(page: Page, restaurantId: string, table: { roomId: string; number: number }) {
  const answer = await page.request.get(
    `/api/restaurants/${restaurantId}/tables/lookup?table=${table.number}&room=${table.roomId}`,
  );
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as TableLookup;
}

/**
 * A table free now at a restaurant open now (a walk-in can start there), with a dish on the menu
 * now that needs no choice: asked of the table lookup as `page`'s diner. The tables come from the
 * restaurant's availability; a random first table keeps repeated runs off each other's. When no
 * seeded restaurant is open at this hour (the small hours in Europe and the Americas alike), the
 * last candidate is opened all day through the dev script, as the staff console would.
 */
async function pickFreeTableNow(page: Page) {
  let fallback: {
    restaurantId: string;
    timeZone: string;
    country: string;
    plain: Dish;
    tables: FreeTableRef[];
  } | null = null;
  for (const summary of await listRestaurants(page.request)) {
    const restaurant = (await (
      await page.request.get(`/api/restaurants/${summary.id}`)
    ).json()) as OpeningRestaurant;
    const menu = await getMenu(page.request, summary.id);
    const plain = menu.items.find(
      (dish) =>
        !dish.preferences.some((preference) => preference.required) &&
        (!dish.preventSaleWithoutStock || (dish.stock ?? 0) >= 20),
    );
    const slot = slotsFor(restaurant)[0];
    if (!plain || !slot) continue;
    const query = new URLSearchParams({ ...slot, duration: '60', quantity: '1' });
    const availability = await page.request.get(`/api/restaurants/${summary.id}/availability?${query}`);
    if (!availability.ok()) continue;
    const all = ((await availability.json()) as { tables: FreeTableRef[] }).tables;
    const offset = Math.floor(Math.random() * Math.max(1, all.length));
    const tables = [...all.slice(offset), ...all.slice(0, offset)];
    fallback = {
      restaurantId: summary.id,
      timeZone: restaurant.timeZone,
      country: menu.country,
      plain,
      tables,
    };
    for (const table of tables) {
      const lookup = await lookUpTable(page, summary.id, table);
      if (!lookup.walkIn.possible) break; // closed now, or closing: the whole restaurant
      if (lookup.reservation === null)
        return { restaurantId: summary.id, country: menu.country, plain, lookup };
    }
  }
  if (!fallback) throw new Error('no seeded restaurant with a dish on the menu now that needs no choice');
  changeMenu([
    '--restaurant',
    fallback.restaurantId,
    '--opening-hours',
    openAroundTheClock(fallback.timeZone),
  ]);
  for (const table of fallback.tables) {
    const lookup = await lookUpTable(page, fallback.restaurantId, table);
    if (lookup.walkIn.possible && lookup.reservation === null) return { ...fallback, lookup };
  }
  throw new Error('no free table now, even at a restaurant open all day');
}

test('a diner starts a table from its QR link, a guest asks to join, is let in and orders; the table sees it live', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const ana = await newDiner(browser, 'en-US', `Ana ${stamp}`);
  const en = (key: string, values: Record<string, string> = {}) => msg('en-US', key, values);
  const es = (key: string, values: Record<string, string> = {}) => msg('es-ES', key, values);
  const { restaurantId, country, plain, lookup } = await pickFreeTableNow(ana.page);
  const money = (minor: number) => formatMoney(minor, country);
  const tableLink = `/restaurants/${restaurantId}?table=${lookup.table.number}&room=${lookup.table.roomId}`;

  // Ana scans the code of a free table: one tap starts her table and opens its order.
  const a = ana.page;
  await a.goto(tableLink);
  const anaCard = a.getByRole('region', {
    name: en('tableLink.tableTitle', {
      number: String(lookup.table.number),
      room: text('en-US', lookup.table.room),
    }),
  });
  await expect(anaCard).toContainText(en('tableLink.free.text'));
  await expectAccessible(a);
  await anaCard.getByRole('button', { name: en('tableLink.free.action') }).click();
  await expect(
    a.getByRole('heading', { level: 1, name: en('page.restaurant.reservation.order.title') }),
  ).toBeVisible();
  const orderUrl = new RegExp(`/restaurants/${restaurantId}/reservations/([0-9a-f-]{36})/order$`);
  await expect(a).toHaveURL(orderUrl);
  const reservationId = orderUrl.exec(a.url())![1]!;
  await expect(a.getByText(en('order.empty'))).toBeVisible();

  // Carla (Spanish, no account) scans the same code: she continues as a guest and asks to join.
  const carlaContext = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'es-ES',
  });
  const c = await carlaContext.newPage();
  await c.setViewportSize({ width: 360, height: 780 });
  await c.goto(tableLink);
  await c.getByRole('link', { name: es('tableLink.signIn.action') }).click();
  await c.getByRole('button', { name: es('auth.index.guest') }).click();
  const carlaCard = c.getByRole('region', {
    name: es('tableLink.tableTitle', {
      number: String(lookup.table.number),
      room: text('es-ES', lookup.table.room),
    }),
  });
  await expect(carlaCard).toContainText(es('tableLink.taken.text'));
  const carlaName = ((await (await c.request.get('/api/me')).json()) as { displayName: string }).displayName;
  await carlaCard.getByRole('button', { name: es('tableLink.taken.ask') }).click();
  await expect(carlaCard.getByRole('status')).toHaveText(es('tableLink.waiting.text'));
  expect(await c.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(c);

  // Ana sees the request arrive on the table's order and lets her in; Carla's screen follows.
  const guestName = en('joinRequests.guestName', { name: carlaName });
  const requests = a.getByRole('region', { name: en('joinRequests.title') });
  await expect(requests).toContainText(en('joinRequests.asks', { name: guestName }));
  await expectAccessible(a);

  // The request panel above the orders never pushes them down as the page loads, whichever
  // answer comes last: the orders and the panel appear together.
  for (const slow of [/\/join-requests$/, /\/orders$/]) {
    const shift = await layoutShiftOfReload(a, slow, async () => {
      await expect(requests).toContainText(en('joinRequests.asks', { name: guestName }));
      await expect(a.getByText(en('order.empty'))).toBeVisible();
    });
    expect(shift, `layout shift with ${slow} late`).toBe(0);
  }
  await requests.getByRole('button', { name: en('joinRequests.accept', { name: guestName }) }).click();
  await expect(requests).toHaveCount(0);
  await expect(c).toHaveURL(new RegExp(`/restaurants/${restaurantId}/reservations/${reservationId}/order$`));
  await expect(c.getByText(es('order.empty'))).toBeVisible();

  // Carla orders a dish from the menu in one tap and sends it; Ana sees it arrive.
  await c.getByRole('link', { name: es('order.addFromMenu') }).click();
  // The menu keeps the table's card: it says she is at the table now (never "waiting" again).
  await expect(carlaCard).toContainText(es('tableLink.member.text'));
  const plainName = text('es-ES', plain.name);
  await c.getByRole('button', { name: es('order.quick.addFor', { name: plainName }) }).click();
  const plainPrice = priceProduct({
    product: { priceMinor: plain.price, discount: plain.discount, discountType: plain.discountType },
    quantity: 1,
  }).totalMinor;
  await c
    .getByRole('region', { name: es('order.cart.region') })
    .getByRole('button', { name: es('order.cart.open') })
    .click();
  await c
    .getByRole('dialog', { name: es('order.cart.title') })
    .getByRole('button', { name: es('order.send.button', { total: money(plainPrice) }) })
    .click();
  await expect(c).toHaveURL(new RegExp(`/reservations/${reservationId}/order$`));
  await expect(a.getByRole('heading', { name: `1 × ${text('en-US', plain.name)}` })).toBeVisible();

  const total = (await (
    await a.request.get(`/api/reservations/${reservationId}/total`)
  ).json()) as OrderTotal;
  expect(total.totalMinor).toBe(plainPrice);
  for (const page of [a, c]) {
    await expect(page.getByTestId('order-total')).toHaveAttribute(
      'data-amount-minor',
      String(total.totalMinor),
    );
  }
  await expect(a.getByTestId('diner-orders').filter({ hasText: carlaName })).toContainText(
    en('order.diner.subtotal', { total: money(plainPrice) }),
  );

  await ana.context.close();
  await carlaContext.close();
});
