// The staff console (issue 14), in both languages: a diner at a table calls for assistance and
// sends an order; the staff, signed in on a counter tablet, see both appear live, answer, mark the
// order ready and seat the table, and the diner sees it all live. Then a Pago Móvil receipt a diner
// uploaded is confirmed from the console, and the diner's bill shows it paid; a PDF receipt is
// drawn in place (pdf.js on canvases, within the Content-Security-Policy).
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import {
  bookableSlot,
  changeMenu,
  createReservationViaApi,
  expect,
  expectAccessible,
  localDate,
  openAroundTheClock,
  msg,
  signInViaApi,
  signUpViaApi,
  test,
  uniqueEmail,
  type Locale,
  type OpeningRestaurant,
  menuWithDetails,
} from './fixtures/app.ts';
import { buildPdf, pdfStream } from '../apps/server/src/payments/receipts/testing/fixtures.ts';

const RESTAURANT_SLUG = 'tostaduria-los-leones';
const STAFF_EMAIL = 'staff@comensal.test';
const DEMO_PASSWORD = 'comensal-demo';
/** A 1×1 PNG: a receipt picture the server decodes and re-encodes. */
const RECEIPT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A two-page PDF receipt as a bank app writes one (a coloured band and a line of text on each
 * page), for the console to draw in place.
 */
const RECEIPT_PDF = buildPdf([
  '<< /Type /Catalog /Pages 2 0 R >>',
  '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>',
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 320 200] /Resources << /Font << /F1 6 0 R >> >> /Contents 5 0 R >>',
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 320 200] /Resources << /Font << /F1 6 0 R >> >> /Contents 5 0 R >>',
  pdfStream(
    '',
    '0.66 0.21 0.1 rg 10 10 300 60 re f 0 g BT /F1 16 Tf 20 150 Td (Pago Movil - Banesco 0134) Tj ET',
  ),
  '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
]);

type Receipt = { name: string; mimeType: string; buffer: Buffer };
const PNG_RECEIPT: Receipt = { name: 'receipt.png', mimeType: 'image/png', buffer: RECEIPT_PNG };

interface Person {
  context: BrowserContext;
  page: Page;
  t: (key: string, values?: Record<string, string>) => string;
  name: string;
}

async function person(browser: Browser, locale: Locale, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ locale, viewport });
  const page = await context.newPage();
  return {
    context,
    page,
    t: (key: string, values?: Record<string, string>) => msg(locale, key, values),
    name: '',
  };
}

/** A diner on a 360 px phone, with a new account. */
async function diner(browser: Browser, locale: Locale): Promise<Person> {
  const someone = await person(browser, locale, { width: 360, height: 800 });
  someone.name = `Diner ${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
  await signUpViaApi(someone.page, {
    displayName: someone.name,
    email: uniqueEmail(),
    password: 'correct-horse-battery',
    locale,
  });
  return someone;
}

/** The demo restaurant's staff on a counter tablet. */
async function staff(browser: Browser, locale: Locale): Promise<Person> {
  const someone = await person(browser, locale, { width: 1024, height: 768 });
  await signInViaApi(someone.page, STAFF_EMAIL, DEMO_PASSWORD);
  return someone;
}

const origin = () => new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1').origin;

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

interface Restaurant extends OpeningRestaurant {
  name: string;
}

async function demoRestaurant(request: APIRequestContext): Promise<Restaurant> {
  const list = await ok<{ items: Array<{ id: string; slug: string }> }>(
    await request.get('/api/restaurants?limit=100'),
  );
  const summary = list.items.find((item) => item.slug === RESTAURANT_SLUG);
  expect(summary, `the demo restaurant ${RESTAURANT_SLUG}`).toBeDefined();
  return ok<Restaurant>(await request.get(`/api/restaurants/${summary!.id}`));
}

/** A table for two a few days ahead; answers its id and date. */
async function book(page: Page, restaurant: Restaurant): Promise<{ id: string; date: string }> {
  const slot = await bookableSlot(page.request, restaurant, 2);
  expect(slot, 'a free slot at the demo restaurant').not.toBeNull();
  const id = await createReservationViaApi(page, { restaurantId: restaurant.id, ...slot!, quantity: 2 });
  return { id, date: slot!.date };
}

/** The restaurant's wall clock now, moved on to the next quarter-hour: its local date and start. */
function nextQuarterHour(timeZone: string): { date: string; startAt: string } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(Date.now() + 60_000));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const minutes = Math.ceil((part('hour') * 60 + part('minute')) / 15) * 15;
  if (minutes >= 24 * 60) return { date: localDate(timeZone, 1), startAt: '00:00' };
  const pad = (n: number) => String(n).padStart(2, '0');
  return { date: localDate(timeZone, 0), startAt: `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}` };
}

/**
 * A table for two from the next quarter-hour: a waiter can be called from 15 minutes before the
 * start, so the table may call at once. When the restaurant is closed then, it is opened all day
 * through the dev script first, as its staff would (orders.spec does the same for a walk-in).
 */
async function bookNow(page: Page, restaurant: Restaurant): Promise<{ id: string; date: string }> {
  const slot = nextQuarterHour(restaurant.timeZone);
  const attempt = () =>
    page.request.post('/api/reservations', {
      headers: { origin: origin() },
      data: { restaurantId: restaurant.id, ...slot, quantity: 2, duration: 60 },
    });
  let response = await attempt();
  if (response.status() !== 201) {
    changeMenu(['--restaurant', restaurant.id, '--opening-hours', openAroundTheClock(restaurant.timeZone)]);
    response = await attempt();
  }
  expect(response.status(), await response.text()).toBe(201);
  return { id: ((await response.json()) as { id: string }).id, date: slot.date };
}

/** The diner orders the first plain dish the kitchen takes now (the API the cart sends). */
async function orderDish(page: Page, restaurantId: string, reservationId: string) {
  const menu = (await menuWithDetails(page.request, restaurantId)) as {
    items: Array<{
      id: string;
      name: { es: string; en: string };
      preferences: unknown[];
      stock: number | null;
    }>;
  };
  for (const dish of menu.items.filter((item) => item.preferences.length === 0 && item.stock === null)) {
    const response = await page.request.post(`/api/reservations/${reservationId}/orders`, {
      headers: { origin: origin() },
      data: { productId: dish.id, quantity: 1 },
    });
    if (response.status() === 409) continue;
    expect(response.status(), await response.text()).toBe(201);
    return { dish, order: (await response.json()) as { id: string; priceMinor: number } };
  }
  throw new Error('no orderable dish');
}

/** The diner pays an order by Pago Móvil and uploads the receipt (the API the bill page uses); answers the reference. */
async function payByTransfer(
  page: Page,
  restaurant: Restaurant,
  reservation: { id: string },
  orderId: string,
  receipt: Receipt = PNG_RECEIPT,
): Promise<string> {
  const pending = await ok<{ id: string }>(
    await page.request.post(`/api/reservations/${reservation.id}/pending-payments`, {
      headers: { origin: origin() },
      data: { paymentType: 'mobile_transfer', chosenTips: '0', orderIds: [orderId] },
    }),
  );
  const reference = `E2E${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(0, 20);
  const uploaded = await page.request.post(`/api/reservations/${reservation.id}/transactions`, {
    headers: { origin: origin(), 'idempotency-key': `e2e-${reference}` },
    multipart: {
      pendingPaymentId: pending.id,
      bankCode: '0134',
      reference,
      transferDate: localDate(restaurant.timeZone, 0),
      receipt,
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  return reference;
}

/**
 * A diner (`dinerLocale`) who booked, ordered a dish and sent a Pago Móvil receipt, and the staff
 * (`staffLocale`) who will look at it; answers both, the restaurant, the reservation and the
 * transfer's reference.
 */
async function transferToConfirm(
  browser: Browser,
  dinerLocale: Locale,
  staffLocale: Locale,
  receipt: Receipt = PNG_RECEIPT,
) {
  const guest = await diner(browser, dinerLocale);
  const desk = await staff(browser, staffLocale);
  const restaurant = await demoRestaurant(guest.page.request);
  const reservation = await book(guest.page, restaurant);
  const { order } = await orderDish(guest.page, restaurant.id, reservation.id);
  const reference = await payByTransfer(guest.page, restaurant, reservation, order.id, receipt);
  return { guest, desk, restaurant, reservation, reference };
}

/** The staff open the console, choose the restaurant, and go to the reservation's day. */
async function openBoard(desk: Person, restaurant: Restaurant, date: string): Promise<void> {
  await desk.page.goto('/staff');
  await expect(
    desk.page.getByRole('heading', { level: 1, name: desk.t('staff.picker.title') }),
  ).toBeVisible();
  await desk.page.getByRole('link', { name: new RegExp(restaurant.name) }).click();
  await expect(desk.page.getByRole('heading', { level: 1, name: desk.t('staff.board.title') })).toBeVisible();
  const day = desk.page.getByLabel(desk.t('staff.board.date'), { exact: true });
  // the board opens on the restaurant's today; another day is chosen (and goes in the address)
  if ((await day.inputValue()) !== date) {
    await day.fill(date);
    await expect(desk.page).toHaveURL(new RegExp(`date=${date}`));
  }
  await expect(day).toHaveValue(date);
}

for (const [dinerLocale, staffLocale] of [
  ['es-ES', 'en-US'],
  ['en-US', 'es-ES'],
] as const) {
  test(`a table's call and order reach the staff live, and their answer reaches the table (diner ${dinerLocale}, staff ${staffLocale})`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const guest = await diner(browser, dinerLocale);
    const desk = await staff(browser, staffLocale);
    const restaurant = await demoRestaurant(guest.page.request);
    // happening now: a waiter is called only from a little before the start
    const reservation = await bookNow(guest.page, restaurant);

    await openBoard(desk, restaurant, reservation.date);
    // The diner's table among the day's others (their name is on it).
    const card = desk.page.getByRole('article').filter({ hasText: guest.name });
    const label = desk.t('staff.board.named', {
      place: desk.t('staff.board.tableToChoose'),
      name: guest.name,
    });
    await expect(card).toBeVisible();
    await expect(card).toContainText(desk.t('reservation.status.confirmed'));
    await expectAccessible(desk.page);
    // Every announcement of the live region, in order (other tables of the day may speak too).
    await desk.page.evaluate(() => {
      const region = document.querySelector('p[aria-live="polite"]')!;
      const heard: string[] = [];
      (window as unknown as { heard: string[] }).heard = heard;
      new MutationObserver(() => {
        const text = region.textContent ?? '';
        if (text !== heard.at(-1)) heard.push(text);
      }).observe(region, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    const heard = () => desk.page.evaluate(() => (window as unknown as { heard: string[] }).heard);

    // The diner calls a waiter from the reservation page.
    await guest.page.goto(`/restaurants/${restaurant.id}/reservations/${reservation.id}/summary`);
    await guest.page.getByRole('button', { name: guest.t('reservation.action.assistance') }).click();
    await expect(
      guest.page.getByRole('button', { name: guest.t('reservation.action.assistanceCancel') }),
    ).toBeVisible();

    await expect(card.getByText(desk.t('staff.board.assistance'), { exact: true })).toBeVisible();
    await expect
      .poll(async () => (await heard()).join(' '))
      .toContain(desk.t('staff.cue.assistance', { table: label }));
    await expect(card).toHaveAttribute('data-highlighted', 'true');

    // The diner sends an order: it shows on the board at once.
    const { dish } = await orderDish(guest.page, restaurant.id, reservation.id);
    const dishName = staffLocale === 'es-ES' ? dish.name.es : dish.name.en;
    await expect(card.getByRole('list', { name: desk.t('staff.board.orders') })).toContainText(
      `1 × ${dishName}`,
    );
    // "… sent an order." after the call (the plural is the catalog's ICU text; other tables may speak too)
    await expect
      .poll(async () => (await heard()).join(' ').split(label).length - 1)
      .toBeGreaterThanOrEqual(2);

    // The staff answer the call: the diner's button is back to "call a waiter".
    await card.getByRole('button', { name: desk.t('staff.board.answer', { table: label }) }).click();
    await expect(card.getByText(desk.t('staff.board.assistance'), { exact: true })).toHaveCount(0);
    await expect(
      guest.page.getByRole('button', { name: guest.t('reservation.action.assistance') }),
    ).toBeVisible();

    // The order is ready: the diner sees the banner.
    await card.getByRole('button', { name: desk.t('staff.board.markReady', { table: label }) }).click();
    await expect(card.getByText(desk.t('staff.board.readySent'))).toBeVisible();
    await expect(
      guest.page
        .getByRole('status')
        .filter({ hasText: guest.t('reservation.ordersReady') })
        .first(),
    ).toBeVisible();
    await expect(
      guest.page.getByRole('button', { name: guest.t('reservation.ordersReady.clear') }),
    ).toBeVisible();

    // Seated, then completed: the diner's page follows.
    await card.getByRole('button', { name: desk.t('staff.board.seat', { table: label }) }).click();
    await expect(guest.page.getByText(guest.t('reservation.status.seated'), { exact: true })).toBeVisible();
    await card.getByRole('button', { name: desk.t('staff.board.complete', { table: label }) }).click();
    await expect(
      guest.page.getByText(guest.t('reservation.status.completed'), { exact: true }),
    ).toBeVisible();
    await expectAccessible(desk.page);

    await guest.context.close();
    await desk.context.close();
  });
}

test('a Pago Móvil receipt is confirmed from the console and the bill shows it paid', async ({ browser }) => {
  test.setTimeout(90_000);
  const { guest, desk, restaurant, reservation, reference } = await transferToConfirm(
    browser,
    'en-US',
    'es-ES',
  );

  await guest.page.goto(`/restaurants/${restaurant.id}/reservations/${reservation.id}/confirmation`);
  await expect(guest.page.getByTestId('awaiting-confirmation')).toHaveText(
    guest.t('bill.pending.awaitingTransfer'),
  );

  // The staff see it with its receipt, bank and reference, and confirm it (the header links to the console).
  await desk.page.goto('/');
  await desk.page.getByRole('link', { name: desk.t('staff.link') }).click();
  // the picker, not the home page's restaurant list (the console's chunk loads first)
  await expect(
    desk.page.getByRole('heading', { level: 1, name: desk.t('staff.picker.title') }),
  ).toBeVisible();
  await desk.page.getByRole('link', { name: new RegExp(restaurant.name) }).click();
  await desk.page
    .getByRole('navigation', { name: desk.t('staff.nav.label') })
    .getByRole('link', { name: desk.t('staff.nav.payments') })
    .click();
  const card = desk.page.getByRole('article').filter({ hasText: reference });
  await expect(card).toBeVisible();
  await expect(card.getByText('0134 · Banesco')).toBeVisible();
  await expect(
    card.getByRole('img', { name: desk.t('staff.payments.receiptOf', { name: guest.name }) }),
  ).toBeVisible();
  await expectAccessible(desk.page);
  await card.getByRole('button', { name: desk.t('staff.payments.confirm') }).click();
  await expect(card).toHaveCount(0);

  // The diner's bill shows it paid, live.
  await expect(guest.page.getByText(guest.t('bill.settled'))).toBeVisible();
  await expect(guest.page.getByTestId('awaiting-confirmation')).toHaveCount(0);

  await guest.context.close();
  await desk.context.close();
});

test('a PDF receipt is drawn in place in the console, its pages named, within the security policy', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { guest, desk, restaurant, reference } = await transferToConfirm(browser, 'es-ES', 'en-US', {
    name: 'comprobante.pdf',
    mimeType: 'application/pdf',
    buffer: RECEIPT_PDF,
  });

  const workers: string[] = [];
  desk.page.on('worker', (worker) => workers.push(worker.url()));
  await desk.page.goto(`/staff/${restaurant.id}/payments`);
  const card = desk.page.getByRole('article').filter({ hasText: reference });
  const label = desk.t('staff.payments.receiptOf', { name: guest.name });
  const pages = [1, 2].map((page) =>
    card.getByRole('img', {
      name: desk.t('staff.payments.receiptPage', { label, page: String(page), count: '2' }),
    }),
  );
  for (const page of pages) await expect(page).toBeVisible();
  expect(await pages[0]!.evaluate((element) => element.tagName)).toBe('CANVAS');

  // Drawn: pixels that are not white (the band and the text), at the card's width.
  await expect
    .poll(() =>
      pages[0]!.evaluate((element) => {
        const canvas = element as HTMLCanvasElement;
        const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
        let inked = 0;
        for (let i = 0; i < data.length; i += 4) {
          if (data[i + 3]! > 0 && (data[i]! < 240 || data[i + 1]! < 240 || data[i + 2]! < 240)) inked += 1;
        }
        return inked;
      }),
    )
    .toBeGreaterThan(1000);
  const widths = await pages[0]!.evaluate((element) => ({
    canvas: element.getBoundingClientRect().width,
    panel: element.parentElement!.getBoundingClientRect().width,
  }));
  expect(widths.canvas).toBeCloseTo(widths.panel, 0);
  await expect(card.getByText(desk.t('staff.payments.receiptError'))).toHaveCount(0);
  // pdf.js's worker is a file of this origin (no blob: or data: worker)
  expect(workers.some((url) => url.startsWith(`${origin()}/assets/`) && url.includes('pdf.worker'))).toBe(
    true,
  );
  // still there: open it in a new tab, download it
  await expect(
    card.getByRole('link', {
      name: desk.t('staff.payments.openPdf'),
    }),
  ).toBeVisible();
  await expect(card.getByRole('link', { name: desk.t('staff.payments.download') })).toBeVisible();
  await expectAccessible(desk.page);

  await guest.context.close();
  await desk.context.close();
});

test("the owner's pages work on a phone and are accessible: dish checks, QR codes, team, activity log", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const owner = await person(browser, 'es-ES', { width: 360, height: 800 });
  await signInViaApi(owner.page, 'owner@comensal.test', DEMO_PASSWORD);
  const restaurant = await demoRestaurant(owner.page.request);
  const page = owner.page;
  const t = owner.t;
  const fitsWidth = async () =>
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);

  await page.goto(`/staff/${restaurant.id}`);
  await expect(page.getByRole('heading', { level: 1, name: t('staff.board.title') })).toBeVisible();
  await fitsWidth();
  await expectAccessible(page);

  // A dish: a wrong price is refused before anything is sent.
  await page.goto(`/staff/${restaurant.id}/menu`);
  await page
    .getByRole('button', { name: new RegExp(t('staff.menu.edit', { name: '' }).trim()) })
    .first()
    .click();
  await page.getByRole('textbox', { name: t('staff.menu.price'), exact: true }).fill('12,345');
  await page.getByRole('button', { name: t('staff.menu.save') }).click();
  await expect(page.getByText(t('staff.menu.error.price'))).toBeVisible();
  await fitsWidth();
  await expectAccessible(page);

  // One QR code per table, the number in large print, an SVG drawn in the page.
  await page.goto(`/staff/${restaurant.id}/qr`);
  await expect(page.getByRole('heading', { level: 1, name: t('staff.qr.title') })).toBeVisible();
  const codes = page.getByRole('img', {
    name: new RegExp(t('staff.qr.codeOf', { number: '\\d+', room: '.+' })),
  });
  await expect(codes.first()).toBeVisible();
  expect(await codes.first().evaluate((element) => element.tagName.toLowerCase())).toBe('svg');
  await expect(page.getByText(t('staff.qr.table', { number: '1' }), { exact: true }).first()).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: t('staff.qr.print') })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await expectAccessible(page);

  await page.goto(`/staff/${restaurant.id}/team`);
  await expect(page.getByText('staff@comensal.test')).toBeVisible();
  await fitsWidth();
  await expectAccessible(page);

  await page.goto(`/staff/${restaurant.id}/audit`);
  await expect(page.getByRole('heading', { level: 1, name: t('staff.audit.title') })).toBeVisible();
  await expectAccessible(page);

  await owner.context.close();
});

test('a diner who works at no restaurant sees no console', async ({ browser }) => {
  const guest = await diner(browser, 'en-US');
  await guest.page.goto('/staff');
  await expect(
    guest.page.getByRole('heading', { level: 1, name: guest.t('staff.noAccess.title') }),
  ).toBeVisible();
  await expect(guest.page.getByRole('navigation', { name: guest.t('staff.nav.label') })).toHaveCount(0);
  await expectAccessible(guest.page);
  await guest.page.goto('/');
  await expect(guest.page.getByRole('link', { name: guest.t('staff.link') })).toHaveCount(0);
  await guest.context.close();
});

test('a transfer rejected from the console, with its reason, is due again on the diner’s bill', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { guest, desk, restaurant, reservation, reference } = await transferToConfirm(
    browser,
    'es-ES',
    'en-US',
  );

  await guest.page.goto(`/restaurants/${restaurant.id}/reservations/${reservation.id}/confirmation`);
  await expect(guest.page.getByTestId('awaiting-confirmation')).toBeVisible();

  await desk.page.goto(`/staff/${restaurant.id}/payments`);
  const card = desk.page.getByRole('article').filter({ hasText: reference });
  await card.getByRole('button', { name: desk.t('staff.payments.reject') }).click();
  await card.getByRole('button', { name: desk.t('staff.payments.rejectSend') }).click();
  await expect(card.getByText(desk.t('staff.payments.reasonRequired'))).toBeVisible();
  const reason = 'The transfer has not arrived';
  await card.getByRole('textbox', { name: desk.t('staff.payments.reason') }).fill(reason);
  await expectAccessible(desk.page);
  await card.getByRole('button', { name: desk.t('staff.payments.rejectSend') }).click();
  await expect(card).toHaveCount(0);

  // Live on the diner's bill: due again, and why.
  await expect(guest.page.getByTestId('awaiting-confirmation')).toHaveCount(0);
  await expect(guest.page.getByTestId('rejection-reason')).toHaveText(
    guest.t('bill.myPayments.rejectedBecause', { reason }),
  );
  await expect(guest.page.getByTestId('bill-due')).not.toHaveText(/^\D*0$/);

  await guest.context.close();
  await desk.context.close();
});
