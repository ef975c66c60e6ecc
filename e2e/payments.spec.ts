// Split and pay (issue 12): a table of three at a Santiago restaurant that takes Webpay, cash and
// Pago Móvil, in both languages. One pays her own dishes by card in the built-in Webpay sandbox,
// one pays a third of a shared dish in cash, one pays what is left as an equal share by Pago
// Móvil with a receipt; the restaurant confirms; all three watch the bill reach zero live.
import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import {
  confirmPayment,
  expect,
  msg,
  signUpViaApi,
  test,
  uniqueEmail,
  verifyEmailViaMail,
  type Locale,
  menuWithDetails,
} from './fixtures/app.ts';

const RESTAURANT_SLUG = 'tostaduria-los-leones';
const PASSWORD = 'correct-horse-battery';
/** A 1×1 PNG: a receipt picture the server decodes and re-encodes. */
const RECEIPT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Pesos as the app shows them for a Chilean restaurant. */
const clp = (amount: number) =>
  new Intl.NumberFormat('es-CL', { style: 'currency', currency: 'CLP', maximumFractionDigits: 0 }).format(
    amount,
  );

interface Diner {
  context: BrowserContext;
  page: Page;
  locale: Locale;
  email: string;
  t: (key: string, values?: Record<string, string>) => string;
}

async function newDiner(browser: Browser, locale: Locale, name: string): Promise<Diner> {
  const context = await browser.newContext({ locale, viewport: { width: 360, height: 800 } });
  const page = await context.newPage();
  const email = uniqueEmail();
  await signUpViaApi(page, { displayName: `${name} ${Date.now()}`, email, password: PASSWORD, locale });
  return { context, page, locale, email, t: (key, values) => msg(locale, key, values) };
}

/** A write through the API, as the app sends it (same Origin: the server's CSRF check). */
function post(request: APIRequestContext, url: string, data?: unknown) {
  const origin = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1').origin;
  return request.post(url, { headers: { origin }, ...(data !== undefined && { data }) });
}

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

interface Restaurant {
  id: string;
  slug: string;
  timeZone: string;
  openingHours: Array<Array<{ open: string; close: string }>>;
}

/** 'YYYY-MM-DD' in the restaurant's zone, `days` from now. */
const localDate = (timeZone: string, days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + days * 86_400_000),
  );

/** Books a free table for three a few days ahead (a random day keeps parallel runs apart). */
async function bookTable(request: APIRequestContext, restaurant: Restaurant): Promise<string> {
  const offset = 2 + Math.floor(Math.random() * 20);
  for (let days = offset; days < offset + 14; days += 1) {
    const date = localDate(restaurant.timeZone, days);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    const window = restaurant.openingHours[weekday]?.[0];
    if (!window) continue;
    const [hours = '0', minutes = '0'] = window.open.split(':');
    const start =
      Math.ceil((Number(hours) * 60 + Number(minutes)) / 15) * 15 + 15 * Math.floor(Math.random() * 8);
    const startAt = `${String(Math.floor(start / 60)).padStart(2, '0')}:${String(start % 60).padStart(2, '0')}`;
    const query = new URLSearchParams({ date, startAt, duration: '60', quantity: '3' });
    const availability = await json<{ tables: Array<{ roomId: string; tableId: string; free: boolean }> }>(
      await request.get(`/api/restaurants/${restaurant.id}/availability?${query}`),
    );
    const table = availability.tables.find((candidate) => candidate.free);
    if (!table) continue;
    const response = await post(request, '/api/reservations', {
      restaurantId: restaurant.id,
      date,
      startAt,
      duration: 60,
      quantity: 3,
      table: { roomId: table.roomId, tableId: table.tableId },
    });
    if (response.status() === 409) continue;
    return (await json<{ id: string }>(response)).id;
  }
  throw new Error('no free table for three');
}

/** The creator invites the friend by e-mail; the friend accepts (the API the invitation page uses). */
async function join(creator: Diner, friend: Diner, reservationId: string): Promise<void> {
  await json(
    await post(creator.page.request, `/api/reservations/${reservationId}/invitations`, {
      email: friend.email,
    }),
  );
  await verifyEmailViaMail(friend.page, friend.email);
  const invitations = await json<{ items: Array<{ id: string; reservationId: string }> }>(
    await friend.page.request.get('/api/invitations?scope=current'),
  );
  const invitation = invitations.items.find((item) => item.reservationId === reservationId);
  expect(invitation).toBeDefined();
  await json(await post(friend.page.request, `/api/invitations/${invitation!.id}/accept`));
}

interface Product {
  id: string;
  price: number;
  preferences: unknown[];
  scheduleStart: string | null;
  scheduleDays: number[] | null;
  stock: number | null;
  discount: number | null;
}

interface Order {
  id: string;
  priceMinor: number;
}

/** Orders the first dish of `candidates` the server takes now (some have schedules). */
async function orderOne(diner: Diner, reservationId: string, candidates: Product[]): Promise<Order> {
  while (candidates.length > 0) {
    const product = candidates.shift()!;
    const response = await post(diner.page.request, `/api/reservations/${reservationId}/orders`, {
      productId: product.id,
      quantity: 1,
    });
    if (response.status() === 409) continue;
    return json<Order>(response);
  }
  throw new Error('no orderable dish');
}

/** The demo restaurant in Santiago that takes Webpay, cash and Pago Móvil. */
async function payingRestaurant(request: APIRequestContext): Promise<Restaurant> {
  const list = await json<{ items: Array<{ id: string; slug: string }> }>(
    await request.get('/api/restaurants?limit=100'),
  );
  const summary = list.items.find((item) => item.slug === RESTAURANT_SLUG);
  expect(summary, `the demo restaurant ${RESTAURANT_SLUG}`).toBeDefined();
  const restaurant = await json<Restaurant & { paymentMethods: string[] }>(
    await request.get(`/api/restaurants/${summary!.id}`),
  );
  expect([...restaurant.paymentMethods].sort()).toEqual(['cash', 'mobile_transfer', 'webpay']);
  return restaurant;
}

/** Its dishes without choices, stock or discount (any of them can be ordered as it is). */
async function plainDishes(request: APIRequestContext, restaurantId: string): Promise<Product[]> {
  const menu = (await menuWithDetails(request, restaurantId)) as { items: Product[] };
  return menu.items.filter(
    (product) =>
      product.preferences.length === 0 &&
      product.stock === null &&
      product.price >= 3000 &&
      product.discount === null,
  );
}

async function openBill(diner: Diner, restaurantId: string, reservationId: string): Promise<void> {
  await diner.page.goto(`/restaurants/${restaurantId}/reservations/${reservationId}/confirmation`);
  await expect(
    diner.page.getByRole('heading', {
      level: 1,
      name: diner.t('page.restaurant.reservation.confirmation.title'),
    }),
  ).toBeVisible();
}

/** No accessibility violations axe can find on the page as it is. */
async function passesAxe(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page }).analyze();
  expect(
    result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

/** The page fits a 360 px phone: nothing scrolls sideways. */
async function fitsWidth(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a table of three splits the bill three ways, on card, cash and Pago Móvil, and watches it reach zero', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const ana = await newDiner(browser, 'es-ES', 'Ana');
  const beto = await newDiner(browser, 'en-US', 'Beto');
  const carla = await newDiner(browser, 'es-ES', 'Carla');
  const diners = [ana, beto, carla];

  const restaurant = await payingRestaurant(ana.page.request);
  const reservationId = await bookTable(ana.page.request, restaurant);
  await join(ana, beto, reservationId);
  await join(ana, carla, reservationId);

  // Three dishes: Ana's, Beto's, and one Carla ordered for the three to share.
  const simple = await plainDishes(ana.page.request, restaurant.id);
  const anaDish = await orderOne(ana, reservationId, simple);
  const betoDish = await orderOne(beto, reservationId, simple);
  const shared = await orderOne(carla, reservationId, simple);
  const total = anaDish.priceMinor + betoDish.priceMinor + shared.priceMinor;

  for (const diner of diners) await openBill(diner, restaurant.id, reservationId);
  for (const diner of diners) await expect(diner.page.getByTestId('bill-due')).toHaveText(clp(total));
  await fitsWidth(ana.page);
  await passesAxe(ana.page);

  // Ana (es): her own dish by card. No tip is pre-selected: "Continue" asks for one first.
  const a = ana.page;
  await expect(a.getByRole('radio', { name: ana.t('bill.form.split.mine') })).toBeChecked();
  for (const tip of ['bill.form.tip.none', 'bill.form.tip.custom'])
    await expect(a.getByRole('radio', { name: ana.t(tip) })).not.toBeChecked();
  await a.getByRole('radio', { name: ana.t('bill.method.webpay') }).check();
  await a.getByRole('button', { name: ana.t('bill.form.submit') }).click();
  await expect(a.getByRole('alert')).toHaveText(ana.t('bill.form.error.tipRequired'));
  await a.getByRole('radio', { name: ana.t('bill.form.tip.none') }).check();
  await a.getByRole('button', { name: ana.t('bill.form.submit') }).click();
  await expect(a.getByTestId('pending-total')).toHaveText(clp(anaDish.priceMinor));
  // Ana's hold is live on the others' bills before she pays (the line is held, still due)
  await a
    .getByRole('button', { name: ana.t('bill.pending.webpay', { total: clp(anaDish.priceMinor) }) })
    .click();
  await a.getByRole('button', { name: /Aprobar el pago/ }).click();
  await expect(
    a.getByRole('heading', { level: 2, name: ana.t('webpay.result.approved.title') }),
  ).toBeVisible();
  await expect(a.getByTestId('authorization-code')).not.toHaveText('—');
  await expect(a.getByTestId('paid-lines').getByRole('listitem')).toHaveCount(1);
  await passesAxe(a);
  for (const diner of [beto, carla])
    await expect(diner.page.getByTestId('bill-due')).toHaveText(clp(total - anaDish.priceMinor));
  await a.getByRole('link', { name: ana.t('webpay.result.backToBill') }).click();
  await expect(a.getByTestId('bill-due')).toHaveText(clp(total - anaDish.priceMinor));

  // Carla (es): one of three shares of the shared dish, 10 % tip, cash to the waiter.
  const c = carla.page;
  await c.getByRole('radio', { name: carla.t('bill.form.split.dish') }).check();
  await c
    .getByRole('combobox', { name: carla.t('bill.form.dish.label'), exact: true })
    .selectOption(shared.id);
  await c.getByRole('textbox', { name: carla.t('bill.form.dish.parts'), exact: true }).fill('3');
  await c.getByRole('radio', { name: carla.t('bill.form.tip.percent', { percent: '10' }) }).check();
  await c.getByRole('radio', { name: carla.t('bill.method.cash') }).check();
  await c.getByRole('button', { name: carla.t('bill.form.submit') }).click();
  await expect(c.getByTestId('pending-total')).toBeVisible();
  const third = Math.floor(shared.priceMinor / 3);
  const carlaPending = await json<{
    items: Array<{ amountMinor: number; tipsMinor: number; totalMinor: number }>;
  }>(await c.request.get(`/api/reservations/${reservationId}/pending-payments`));
  expect(carlaPending.items).toHaveLength(1);
  expect(carlaPending.items[0]!.amountMinor).toBe(third);
  await expect(c.getByTestId('pending-total')).toHaveText(clp(carlaPending.items[0]!.totalMinor));
  await c.getByRole('button', { name: carla.t('bill.pending.cash') }).click();
  await expect(c.getByTestId('awaiting-confirmation')).toHaveText(carla.t('bill.pending.awaitingCash'));
  const afterCarla = total - anaDish.priceMinor - third;
  for (const diner of diners) await expect(diner.page.getByTestId('bill-due')).toHaveText(clp(afterCarla));

  // Beto (en): an equal share of what is left — 1 of 1 — by Pago Móvil with a receipt.
  const b = beto.page;
  await b.getByRole('radio', { name: beto.t('bill.form.split.equal') }).check();
  await b.getByRole('textbox', { name: beto.t('bill.form.equal.parts'), exact: true }).fill('1');
  await b.getByRole('radio', { name: beto.t('bill.form.tip.none') }).check();
  await b.getByRole('radio', { name: beto.t('bill.method.mobile_transfer') }).check();
  await b.getByRole('button', { name: beto.t('bill.form.submit') }).click();
  await expect(b.getByTestId('pending-total')).toHaveText(clp(afterCarla));
  await expect(b.getByTestId('transfer.payee.phone')).toHaveText('0412-5550177');
  await expect(b.getByTestId('transfer.payee.idNumber')).toHaveText('J-41234567-0');
  await fitsWidth(b);
  await passesAxe(b);
  await b.getByRole('combobox', { name: beto.t('transfer.form.bank'), exact: true }).selectOption('0134');
  await b
    .getByRole('textbox', { name: beto.t('transfer.form.reference'), exact: true })
    .fill(`E2E${Date.now()}`.slice(0, 20));
  await b
    .getByLabel(beto.t('transfer.form.receipt'), { exact: true })
    .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: RECEIPT_PNG });
  await b.getByRole('button', { name: beto.t('transfer.form.submit') }).click();
  await expect(b.getByTestId('awaiting-confirmation')).toHaveText(beto.t('bill.pending.awaitingTransfer'));

  // Nothing is due any more; the transfer and the cash await the restaurant.
  for (const diner of diners) {
    await expect(diner.page.getByTestId('bill-due')).toHaveText(clp(0));
    await expect(diner.page.getByText(diner.t('bill.settledPending'))).toBeVisible();
  }

  // The restaurant confirms both: everything is paid, live on the three phones.
  const transactions = await json<{ items: Array<{ id: string; status: string; paymentType: string }> }>(
    await a.request.get(`/api/reservations/${reservationId}/transactions`),
  );
  const awaiting = transactions.items.filter((item) => item.status === 'pending');
  expect(awaiting.map((item) => item.paymentType).sort()).toEqual(['cash', 'mobile_transfer']);
  for (const item of awaiting) confirmPayment(item.id);
  for (const diner of diners) {
    await expect(diner.page.getByText(diner.t('bill.settled'))).toBeVisible();
    await expect(diner.page.getByTestId('bill-total')).toContainText(clp(total));
    await expect(diner.page.getByTestId('bill-due')).toHaveText(clp(0));
  }

  // Carla's receipt, printable.
  await c
    .getByTestId('my-payments')
    .getByRole('link', { name: carla.t('bill.myPayments.receipt') })
    .click();
  await expect(c.getByTestId('receipt')).toContainText(clp(third));
  await expect(c.getByRole('button', { name: carla.t('receipt.print') })).toBeVisible();

  for (const diner of diners) await diner.context.close();
});

test('a card payment declined, cancelled and timed out in the sandbox charges nothing and can be tried again', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const dana = await newDiner(browser, 'en-US', 'Dana');
  const page = dana.page;
  const restaurant = await payingRestaurant(page.request);
  const reservationId = await bookTable(page.request, restaurant);
  const dish = await orderOne(dana, reservationId, await plainDishes(page.request, restaurant.id));
  await openBill(dana, restaurant.id, reservationId);

  await page.getByRole('radio', { name: dana.t('bill.form.tip.percent', { percent: '15' }) }).check();
  await page.getByRole('radio', { name: dana.t('bill.method.webpay') }).check();
  await page.getByRole('button', { name: dana.t('bill.form.submit') }).click();
  await expect(page.getByTestId('pending-total')).toBeVisible();
  const plan = await json<{ items: Array<{ amountMinor: number; tipsMinor: number; totalMinor: number }> }>(
    await page.request.get(`/api/reservations/${reservationId}/pending-payments`),
  );
  // the server's plan: the dish and its 15 % tip (rounded half up), shown as it is
  expect(plan.items[0]).toMatchObject({
    amountMinor: dish.priceMinor,
    tipsMinor: Math.round(dish.priceMinor * 0.15),
  });
  const pay = page.getByRole('button', {
    name: dana.t('bill.pending.webpay', { total: clp(plan.items[0]!.totalMinor) }),
  });

  for (const [button, outcome] of [
    ['Reject the payment', 'rejected'],
    ['Cancel and return to the shop', 'aborted'],
    ['Simulate a time-out', 'timed_out'],
  ] as const) {
    await pay.click();
    await page.getByRole('button', { name: new RegExp(button) }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: dana.t(`webpay.result.${outcome}.title`) }),
    ).toBeVisible();
    await expect(page.getByTestId('webpay-result')).toHaveAttribute('data-status', outcome);
    await expect(page.getByTestId('authorization-code')).toHaveCount(0);
    await page.getByRole('link', { name: dana.t('webpay.result.tryAgain') }).click();
    // nothing was charged: the same plan waits for another try
    await expect(page.getByTestId('bill-due')).toHaveText(clp(dish.priceMinor));
    await expect(page.getByTestId('pending-total')).toHaveText(clp(plan.items[0]!.totalMinor));
  }

  await pay.click();
  await page.getByRole('button', { name: /Approve the payment/ }).click();
  await expect(
    page.getByRole('heading', { level: 2, name: dana.t('webpay.result.approved.title') }),
  ).toBeVisible();
  await page.getByRole('link', { name: dana.t('webpay.result.backToBill') }).click();
  await expect(page.getByTestId('bill-due')).toHaveText(clp(0));
  await expect(page.getByText(dana.t('bill.settled'))).toBeVisible();
  const mine = await json<{ items: Array<{ status: string }> }>(
    await page.request.get(`/api/reservations/${reservationId}/transactions`),
  );
  expect(mine.items.map((item) => item.status).sort()).toEqual([
    'aborted',
    'approved',
    'rejected',
    'timed_out',
  ]);
  await dana.context.close();
});
