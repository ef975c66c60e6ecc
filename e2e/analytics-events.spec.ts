/**
 * First-party analytics events in a real browser (docs/telemetry.md#events): a diner's journey
 * (search → restaurant → menu → add to cart → send the order) reaches the restaurant's funnel,
 * every body the page posts is read as sent and none holds the diner's e-mail, name or account
 * id; what is left when the page hides goes by sendBeacon (text/plain); and with Do Not Track or
 * Global Privacy Control the page sends no event at all.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import {
  bookableSlot,
  createReservationViaApi,
  expect,
  expectAccessible,
  listRestaurants,
  msg,
  type OpeningRestaurant,
  signInAsGuest,
  signInViaApi,
  signUpViaApi,
  test,
  uniqueEmail,
  menuWithDetails,
} from './fixtures/app.ts';

const EVENTS_PATH = '/api/analytics/events';
const FUNNEL_STEPS = ['restaurant', 'menu', 'add_to_cart', 'order_or_reserve', 'pay'] as const;
type Counts = Record<(typeof FUNNEL_STEPS)[number], number>;

interface Dish {
  id: string;
  name: { es: string; en: string };
  preferences: Array<{ required: boolean }>;
  stock: number | null;
  preventSaleWithoutStock: boolean;
}

const en = (key: string, values: Record<string, string> = {}) => msg('en-US', key, values);
const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A restaurant with a dish added in one tap and a slot for two. */
async function pickRestaurant(request: APIRequestContext) {
  for (const summary of await listRestaurants(request)) {
    const menu = (await menuWithDetails(request, summary.id)) as {
      items: Dish[];
    };
    const plain = menu.items.find(
      (dish) =>
        (!dish.preventSaleWithoutStock || (dish.stock ?? 0) >= 20) &&
        !dish.preferences.some((preference) => preference.required),
    );
    if (!plain) continue;
    const restaurant = (await (
      await request.get(`/api/restaurants/${summary.id}`)
    ).json()) as OpeningRestaurant & {
      name: string;
    };
    const slot = await bookableSlot(request, restaurant, 2);
    if (slot) return { restaurant, plain, slot };
  }
  throw new Error('no seeded restaurant with a one-tap dish and a free slot');
}

/** The demo owner's API session (owner of every demo restaurant). */
async function ownerSession(
  playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } },
  baseURL: string,
) {
  const owner = await playwright.request.newContext({ baseURL });
  const signedIn = await owner.post('/api/auth/sign-in/email', {
    headers: { origin: new URL(baseURL).origin },
    data: { email: 'owner@comensal.test', password: 'comensal-demo' },
  });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  return owner;
}

async function funnelOf(owner: APIRequestContext, restaurantId: string): Promise<Counts> {
  const response = await owner.get(`/api/staff/restaurants/${restaurantId}/funnel`);
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { steps: Array<{ step: keyof Counts; visitors: number }> };
  return Object.fromEntries(body.steps.map((entry) => [entry.step, entry.visitors])) as Counts;
}

interface SentBatch {
  contentType: string;
  body: string;
}

/**
 * Every events batch of the page's browser context, with its raw body as sent: the fetches as the
 * network sees them (context.route), the beacons as the page hands them to the browser (a wrapper
 * of navigator.sendBeacon: Chromium sends beacons from the browser process, where Playwright's
 * request events and routes do not see them). The wrapper passes everything on unchanged.
 */
async function watchEvents(page: Page): Promise<SentBatch[]> {
  const sent: SentBatch[] = [];
  await page.context().route(`**${EVENTS_PATH}`, async (route) => {
    const request = route.request();
    if (request.method() === 'POST') {
      sent.push({
        contentType: (await request.allHeaders())['content-type'] ?? '',
        body: request.postData() ?? '',
      });
    }
    await route.continue();
  });
  await page.context().exposeBinding('__comensalBeacon', (_source, url: string, body: unknown) => {
    if (new URL(url).pathname === EVENTS_PATH && typeof body === 'string') {
      // a string body goes as text/plain;charset=UTF-8 (the Beacon API)
      sent.push({ contentType: 'text/plain;charset=UTF-8 (beacon)', body });
    }
  });
  await page.context().addInitScript(() => {
    const original = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url: string | URL, data?: BodyInit | null) => {
      (window as unknown as { __comensalBeacon: (u: string, b: unknown) => void }).__comensalBeacon(
        new URL(url, location.href).href,
        data,
      );
      return original(url, data);
    };
  });
  return sent;
}

const namesIn = (sent: SentBatch[]) =>
  sent.flatMap((batch) =>
    (JSON.parse(batch.body) as { events: Array<{ name: string }> }).events.map((e) => e.name),
  );

/**
 * The page goes to the background, as when the diner switches apps: `visibilityState` turns
 * "hidden" and `visibilitychange` fires (the page stays, so its beacon call is seen).
 */
const hidePage = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });

/** Analytics starts after the first paint: its configuration request says the client is there. */
const analyticsStarted = (page: Page) =>
  page.waitForRequest((request) => new URL(request.url()).pathname === '/api/analytics/config');

/** Home → search the restaurant by name → its page → its menu, by taps, once analytics runs. */
async function searchToMenu(page: Page, restaurant: { id: string; name: string }) {
  const started = analyticsStarted(page);
  await page.goto('/');
  await started;
  await page.getByLabel(en('restaurants.search.label')).fill(restaurant.name);
  await page.getByLabel(en('restaurants.search.label')).press('Enter');
  await page
    .getByRole('link', { name: new RegExp(escapeRegExp(restaurant.name)) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/restaurants/${restaurant.id}$`));
  await page
    .getByRole('link', { name: en('restaurant.actions.menu') })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/restaurants/${restaurant.id}/menu`));
}

test('a journey reaches the funnel, and no event holds the diner’s e-mail, name or id', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const displayName = `Zuleika Quintanar ${stamp}`;
  const email = uniqueEmail();
  await signUpViaApi(page, { displayName, email, password: 'correct-horse-battery' });
  const session = (await (await page.request.get('/api/auth/get-session')).json()) as {
    user: { id: string };
  };
  const { restaurant, plain, slot } = await pickRestaurant(page.request);
  const reservationId = await createReservationViaApi(page, {
    restaurantId: restaurant.id,
    date: slot.date,
    startAt: slot.startAt,
    quantity: 2,
  });
  const owner = await ownerSession(playwright, baseURL!);
  const before = await funnelOf(owner, restaurant.id);
  const sent = await watchEvents(page);

  // search → restaurant → menu → add to cart → send the order, by taps
  await searchToMenu(page, restaurant);
  await page.getByRole('button', { name: en('order.quick.addFor', { name: plain.name.en }) }).click();
  await expect(page.getByText(en('order.cart.added', { name: plain.name.en }))).toBeVisible();
  await page
    .getByRole('region', { name: en('order.cart.region') })
    .getByRole('button', { name: en('order.cart.open') })
    .click();
  await page
    .getByRole('dialog', { name: en('order.cart.title') })
    .getByRole('button', {
      name: new RegExp(`^${escapeRegExp(en('order.send.button', { total: '' }).trim())}`),
    })
    .click();
  await expect(page).toHaveURL(new RegExp(`/reservations/${reservationId}/order$`));

  // the page hides: what still waits goes by beacon
  await hidePage(page);

  const reached = (counts: Counts) => FUNNEL_STEPS.slice(0, 4).map((step) => counts[step] - before[step]);
  await expect
    .poll(async () => reached(await funnelOf(owner, restaurant.id)).every((delta) => delta >= 1), {
      timeout: 15_000,
    })
    .toBe(true);

  // the raw bodies: the journey's events, and nothing that leads to the person
  await expect
    .poll(() => namesIn(sent))
    .toEqual(
      expect.arrayContaining(['page_view', 'search', 'restaurant', 'menu', 'add_to_cart', 'send_order']),
    );
  for (const batch of sent) {
    expect(batch.contentType).toMatch(/^(application\/json|text\/plain)/);
    const lowered = batch.body.toLowerCase();
    expect(lowered).not.toContain(email.toLowerCase());
    expect(lowered).not.toContain(email.split('@')[0]!.toLowerCase());
    expect(lowered).not.toContain('zuleika');
    expect(lowered).not.toContain('quintanar');
    expect(lowered).not.toContain('@');
    expect(batch.body).not.toContain(session.user.id);
    const parsed = JSON.parse(batch.body) as { visitorId: string; events: Array<Record<string, unknown>> };
    expect(parsed.visitorId).not.toBe(session.user.id);
    for (const event of parsed.events) {
      expect(
        Object.keys(event).every((key) =>
          ['id', 'at', 'name', 'locale', 'route', 'restaurantId', 'kind', 'method', 'filtered'].includes(key),
        ),
      ).toBe(true);
    }
  }
  await owner.dispose();
});

test('what waits when the page hides goes by sendBeacon, as text/plain, and is stored', async ({
  page,
  playwright,
  baseURL,
}) => {
  const { restaurant } = await pickRestaurant(page.request);
  const owner = await ownerSession(playwright, baseURL!);
  const before = await funnelOf(owner, restaurant.id);
  const sent = await watchEvents(page);
  const started = analyticsStarted(page);
  await page.goto(`/restaurants/${restaurant.id}`);
  await started;
  await expect(page.getByRole('heading', { name: restaurant.name, level: 1 })).toBeVisible();
  // well before the 5 s batch: the page hides and the beacon carries the events
  await hidePage(page);
  await expect.poll(() => sent.length).toBeGreaterThan(0);
  expect(sent.every((batch) => batch.contentType.startsWith('text/plain'))).toBe(true);
  expect(namesIn(sent)).toEqual(expect.arrayContaining(['page_view', 'restaurant']));
  await expect
    .poll(async () => (await funnelOf(owner, restaurant.id)).restaurant, { timeout: 15_000 })
    .toBeGreaterThan(before.restaurant);
  await owner.dispose();
});

for (const [signal, script] of [
  ['Do Not Track', () => Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' })],
  [
    'Global Privacy Control',
    () => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
  ],
] as const) {
  test(`with ${signal}, a visit sends no event at all`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.addInitScript(script);
    await signInAsGuest(page);
    const sent = await watchEvents(page);
    const { restaurant } = await pickRestaurant(page.request);
    await searchToMenu(page, restaurant);
    // past the 5 s batch, then the page hides (the beacon's moment)
    await page.waitForTimeout(6_000);
    await hidePage(page);
    await page.goto('about:blank');
    await page.waitForTimeout(500);
    expect(sent).toEqual([]);
  });
}

test('the owner reads the day’s funnel in the console on a 360 px phone', async ({ page }) => {
  const { restaurant } = await pickRestaurant(page.request);
  await signInViaApi(page, 'owner@comensal.test', 'comensal-demo');
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(`/staff/${restaurant.id}/funnel`);
  const table = page.getByRole('table', {
    name: new RegExp(`^${escapeRegExp(en('staff.funnel.caption', { date: '' }).trim())}`),
  });
  await expect(table).toBeVisible();
  for (const step of FUNNEL_STEPS) {
    await expect(table.getByRole('rowheader', { name: en(`staff.funnel.step.${step}`) })).toBeVisible();
  }
  // nothing wider than the phone
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page);
});
