// Error records (docs/telemetry.md#error-records): a diner's menu fails to load; the diner sees
// the catalog's message, the app records the failure, and the restaurant's owner finds it in the
// staff console's Errors view — with the e-mail that rode along scrubbed away.
import {
  expect,
  expectAccessible,
  listRestaurants,
  msg,
  signInViaApi,
  test,
  type Locale,
} from './fixtures/app.ts';

const OWNER_EMAIL = 'owner@comensal.test';
const DEMO_PASSWORD = 'comensal-demo';
const DINER_EMAIL = 'ana.diner@example.com';

test('a broken menu load is shown to the diner and read by the owner in the console, without the e-mail', async ({
  browser,
  request,
}) => {
  const [restaurant] = await listRestaurants(request);
  expect(restaurant).toBeDefined();
  const restaurantId = restaurant!.id;

  // The diner (no account, Spanish): the menu request fails with a message holding an e-mail, and
  // the page's address carries one too.
  const dinerLocale: Locale = 'es-ES';
  const diner = await browser.newContext({ locale: dinerLocale });
  const dinerPage = await diner.newPage();
  await dinerPage.route(
    (url) => url.pathname === `/api/restaurants/${restaurantId}/menu`,
    (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'INTERNAL', message: `menu exploded for ${DINER_EMAIL}` } }),
      }),
  );
  const recorded = dinerPage.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/errors' && response.request().method() === 'POST',
  );
  await dinerPage.goto(`/restaurants/${restaurantId}/menu?from=${encodeURIComponent(DINER_EMAIL)}`);
  await expect(dinerPage.getByText(msg(dinerLocale, 'menu.error.title'))).toBeVisible({ timeout: 30_000 });
  const response = await recorded;
  expect(response.status()).toBe(201);
  const sent = response.request().postDataJSON() as Record<string, unknown>;
  expect(sent).toMatchObject({ kind: 'menu_load_failed', message: 'Error al cargar el menú', restaurantId });
  await diner.close();

  // The owner, on a phone (360 px), in English.
  const ownerLocale: Locale = 'en-US';
  const owner = await browser.newContext({ locale: ownerLocale, viewport: { width: 360, height: 800 } });
  const page = await owner.newPage();
  await signInViaApi(page, OWNER_EMAIL, DEMO_PASSWORD);
  await page.goto(`/staff/${restaurantId}`);
  await page.getByRole('link', { name: msg(ownerLocale, 'staff.nav.errors') }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: msg(ownerLocale, 'staff.errors.title') }),
  ).toBeVisible();
  const list = page.getByRole('list', { name: msg(ownerLocale, 'staff.errors.listLabel') });
  const record = list
    .getByRole('listitem')
    .filter({ hasText: msg(ownerLocale, 'staff.errors.kind.menu_load_failed') })
    .first();
  await expect(record).toBeVisible();
  await expect(record).toContainText('Error al cargar el menú');
  await expect(record).toContainText(`/restaurants/${restaurantId}/menu?from=[email]`);
  await record.getByText(msg(ownerLocale, 'staff.errors.details')).click();
  await expect(record).toContainText('menu exploded for [email]');
  await expect(page.locator('body')).not.toContainText(DINER_EMAIL);
  await expect(page.locator('body')).not.toContainText('ana.diner');
  // nothing wider than the phone
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page);

  // The records as the API gives them hold no e-mail either.
  const api = await page.request.get(`/api/staff/errors?restaurantId=${restaurantId}&kind=menu_load_failed`);
  expect(api.ok()).toBe(true);
  const body = await api.text();
  expect(body).toContain('menu exploded for [email]');
  expect(body).not.toContain(DINER_EMAIL);
  expect(body).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);

  // Filters: another kind shows nothing of it; back to all kinds, it is there again.
  const kind = page.getByLabel(msg(ownerLocale, 'staff.errors.kind'), { exact: true });
  await kind.selectOption('product_not_found');
  await expect(list.getByText('Error al cargar el menú')).toHaveCount(0);
  await kind.selectOption('');
  await expect(list.getByText('Error al cargar el menú').first()).toBeVisible();
  await owner.close();
});
