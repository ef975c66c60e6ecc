// The diner's data (docs/privacy.md): a diner with a reservation and an order downloads
// everything the app holds about them from the profile, then deletes the account in two taps.
// They are signed out and cannot sign in again; the restaurant still reads the order's amounts on
// its board, under a guest's name.
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import {
  bookableSlot,
  createReservationViaApi,
  expect,
  expectAccessible,
  listRestaurants,
  type Locale,
  msg,
  type OpeningRestaurant,
  signInViaApi,
  signUpViaApi,
  test,
  uniqueEmail,
  menuWithDetails,
} from './fixtures/app.ts';

const PASSWORD = 'correct-horse-battery';
const DEMO_PASSWORD = 'comensal-demo';

const origin = () => new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1').origin;

/** A seeded restaurant with a slot for two a few days ahead. */
async function restaurantWithSlot(page: Page) {
  for (const summary of await listRestaurants(page.request)) {
    const restaurant = (await (
      await page.request.get(`/api/restaurants/${summary.id}`)
    ).json()) as OpeningRestaurant & { name: string };
    const slot = await bookableSlot(page.request, restaurant, 2);
    if (slot) return { restaurant, slot };
  }
  throw new Error('no seeded restaurant takes two people in the coming days');
}

/** The diner orders the first plain dish the kitchen takes (the API the cart sends). */
async function orderDish(page: Page, restaurantId: string, reservationId: string) {
  const menu = (await menuWithDetails(page.request, restaurantId)) as {
    items: Array<{ id: string; preferences: unknown[]; stock: number | null }>;
  };
  for (const dish of menu.items.filter((item) => item.preferences.length === 0 && item.stock === null)) {
    const response = await page.request.post(`/api/reservations/${reservationId}/orders`, {
      headers: { origin: origin() },
      data: { productId: dish.id, quantity: 2 },
    });
    if (response.status() === 409) continue;
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as { id: string; priceMinor: number };
  }
  throw new Error('no orderable dish');
}

interface BoardReservation {
  id: string;
  status: string;
  members: Array<{ displayName: string }>;
  orders: Array<{ id: string; priceMinor: number; user: { displayName: string } }>;
  totals: { totalMinor: number };
}

/** The demo owner (owner of every demo restaurant) reads the reservation on the staff board. */
async function ownerReads(browser: Browser, restaurantId: string, date: string, reservationId: string) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const page = await context.newPage();
    await signInViaApi(page, 'owner@comensal.test', DEMO_PASSWORD);
    const board = await page.request.get(`/api/staff/restaurants/${restaurantId}/board?date=${date}`);
    expect(board.status(), await board.text()).toBe(200);
    const { reservations } = (await board.json()) as { reservations: BoardReservation[] };
    const found = reservations.find((reservation) => reservation.id === reservationId);
    if (!found) throw new Error(`reservation ${reservationId} is not on the board of ${date}`);
    return found;
  } finally {
    await context.close();
  }
}

for (const locale of ['es-ES', 'en-US'] as const satisfies readonly Locale[]) {
  const t = (key: string) => msg(locale, key);

  test(`${locale}: a diner downloads their data and deletes the account in two taps; the restaurant keeps the amounts`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale });
    const page = await context.newPage();
    const name = `Zoraida ${Date.now()}`;
    const email = uniqueEmail();
    await signUpViaApi(page, { displayName: name, email, password: PASSWORD, locale });
    const { restaurant, slot } = await restaurantWithSlot(page);
    const reservationId = await createReservationViaApi(page, {
      restaurantId: restaurant.id,
      ...slot,
      quantity: 2,
    });
    const order = await orderDish(page, restaurant.id, reservationId);
    const before = await ownerReads(browser, restaurant.id, slot.date, reservationId);
    expect(before.orders.find((line) => line.id === order.id)?.user.displayName).toBe(name);

    // Download: the profile's link answers a dated JSON file with the reservation and the order.
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 2, name: t('profile.data.title') })).toBeVisible();
    await expectAccessible(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: t('profile.data.download') }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^comensal-data-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
      profile: { email: string; displayName: string };
      reservations: Array<{ id: string }>;
      orders: Array<{ id: string; totalPriceMinor: number }>;
    };
    expect(exported.profile).toMatchObject({ email, displayName: name });
    expect(exported.reservations.map((row) => row.id)).toContain(reservationId);
    expect(exported.orders).toEqual([
      expect.objectContaining({ id: order.id, totalPriceMinor: order.priceMinor }),
    ]);

    // The privacy page, from the profile, says what is collected and why.
    await page.getByRole('link', { name: t('profile.data.privacy') }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('page.privacy.title') })).toBeVisible();
    await expectAccessible(page);
    await page.goBack();
    await expect(page.getByRole('heading', { level: 2, name: t('profile.data.title') })).toBeVisible();

    // Delete: tap one opens the dialog saying what goes and what stays, tap two deletes.
    await page.getByRole('button', { name: t('profile.delete.open') }).click();
    const dialog = page.getByRole('dialog', { name: t('profile.delete.title') });
    await expect(dialog.getByText(t('profile.delete.stays.title'))).toBeVisible();
    await expect(dialog.getByText(t('profile.delete.gone.account'))).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: t('profile.delete.confirm') }).click();
    await expect(page.getByText(t('profile.delete.done'))).toBeVisible();
    await expect(page).toHaveURL(/\/auth(\?|$)/);
    await expect((await context.cookies()).filter((cookie) => cookie.name.includes('session_token'))).toEqual(
      [],
    );

    // Signed out for good: the old address and password no longer sign in.
    await page.goto('/auth/login');
    await page.getByLabel(msg(locale, 'auth.field.email')).fill(email);
    await page.getByLabel(msg(locale, 'auth.field.password'), { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: msg(locale, 'auth.login.submit') }).click();
    await expect(page.getByText(msg(locale, 'auth.error.invalidCredentials'))).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login/);
    const signIn = await page.request.post('/api/auth/sign-in/email', {
      headers: { origin: origin() },
      data: { email, password: PASSWORD },
    });
    expect(signIn.status()).toBe(401);

    // The restaurant's board: the same line and amounts, no longer under the diner's name.
    const after = await ownerReads(browser, restaurant.id, slot.date, reservationId);
    const line = after.orders.find((candidate) => candidate.id === order.id);
    expect(line?.priceMinor).toBe(order.priceMinor);
    expect(after.totals.totalMinor).toBe(before.totals.totalMinor);
    expect(line?.user.displayName).toMatch(/^Invitado \d+$/);
    expect(JSON.stringify(after)).not.toContain(name);
    expect(JSON.stringify(after)).not.toContain(email);
    // the reservation was still to come: cancelled with the account
    expect(after.status).toBe('cancelled');
    await context.close();
  });
}
