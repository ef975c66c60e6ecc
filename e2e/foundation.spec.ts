import { AxeBuilder } from '@axe-core/playwright';
import { expect, listRestaurants, msg, signInAsGuest, test } from './fixtures/app.ts';

test.describe('routes and guard', () => {
  test('an unknown path shows the 404 page with a way home', async ({ page }) => {
    await page.goto('/this/does/not/exist');
    await expect(page.getByRole('heading', { level: 1, name: msg('en-US', 'notFound.title') })).toBeVisible();
    await expect(page.getByRole('link', { name: msg('en-US', 'notFound.home') })).toBeVisible();
  });

  test('an anonymous visitor is sent to the auth page and comes back after choosing guest', async ({
    page,
  }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fprofile$/);
    await expect(page.getByRole('heading', { name: msg('en-US', 'auth.index.title') })).toBeVisible();
    await page.getByRole('button', { name: msg('en-US', 'auth.index.guest') }).click();
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('the three list redirects land on their first child', async ({ page }) => {
    await signInAsGuest(page);
    for (const [from, to] of [
      ['/invitations', '/invitations/current'],
      ['/favorites', '/favorites/restaurants'],
      ['/reservations', '/reservations/current'],
    ] as const) {
      await page.goto(from);
      await expect(page).toHaveURL(new RegExp(`${to}$`));
    }
  });

  test('a link with the hash-route marker is rewritten without it', async ({ page }) => {
    await page.goto('/#/this-was-a-hash-link');
    await expect(page).toHaveURL(/\/this-was-a-hash-link$/);
    await expect(page.getByRole('heading', { level: 1, name: msg('en-US', 'notFound.title') })).toBeVisible();
  });
});

test.describe('public restaurant page', () => {
  test('renders a seeded restaurant to an anonymous visitor, accessibly', async ({ page }) => {
    const restaurants = await listRestaurants(page.request);
    expect(restaurants.length).toBeGreaterThanOrEqual(12);
    const restaurant = restaurants.find((r) => r.city === 'Lima') ?? restaurants[0]!;
    await page.goto(`/restaurants/${restaurant.id}`);
    await expect(page.getByRole('heading', { level: 1, name: restaurant.name })).toBeVisible();
    await expect(page.getByRole('link', { name: msg('en-US', 'restaurant.actions.menu') })).toBeVisible();
    await expect(
      page.getByRole('link', { name: msg('en-US', 'restaurant.address.openMap') }),
    ).toHaveAttribute('href', /openstreetmap\.org/);
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  test('remembers the restaurant and limits the home list to it, with a way back to all', async ({
    page,
  }) => {
    const restaurants = await listRestaurants(page.request);
    const restaurant = restaurants[1]!;
    await signInAsGuest(page);
    await page.goto(`/restaurants/${restaurant.id}`);
    await expect(page.getByRole('heading', { level: 1, name: restaurant.name })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('restaurantId'))).toBe(restaurant.id);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: restaurant.name })).toBeVisible();
    await expect(page.getByRole('heading', { name: restaurants[0]!.name })).toHaveCount(0);
    await page.getByRole('button', { name: msg('en-US', 'restaurants.seeAll') }).click();
    await expect(page.getByRole('heading', { name: restaurants[0]!.name })).toBeVisible();
  });

  test('the remembered restaurant replaces its placeholder without moving what is below', async ({
    page,
  }) => {
    const restaurants = (await listRestaurants(page.request)) as Array<
      Awaited<ReturnType<typeof listRestaurants>>[number] & { hasVegan: boolean; hasVegetarian: boolean }
    >;
    const restaurant = restaurants.find((r) => r.hasVegan || r.hasVegetarian);
    expect(restaurant, 'a seeded restaurant with a dietary tag').toBeDefined();
    await signInAsGuest(page);
    await page.goto(`/restaurants/${restaurant!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: restaurant!.name })).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('restaurantId'))).toBe(restaurant!.id);
    // Home drawn by the app, not the server (which reads the restaurant in-process and writes its
    // card into the page): without the guest profile's cookie the server writes nothing
    // (first-screen.ts), and the app puts the cookie back from localStorage as it starts.
    await page.context().clearCookies({ name: 'guest' });
    // the answer late, as on a weak signal: the placeholder card shows first
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/restaurants/${restaurant!.id}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    const seeAll = page.getByRole('button', { name: msg('en-US', 'restaurants.seeAll') });
    await expect(seeAll).toBeVisible();
    await expect(page.getByRole('heading', { name: restaurant!.name })).toHaveCount(0);
    const before = await seeAll.boundingBox();
    release();
    await expect(page.getByRole('heading', { name: restaurant!.name })).toBeVisible();
    expect(await seeAll.boundingBox()).toEqual(before);
  });
});

test.describe('languages', () => {
  test.describe('a Spanish browser', () => {
    test.use({ locale: 'es-ES' });
    test('gets Spanish, with <html lang="es">', async ({ page }) => {
      await page.goto('/auth');
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(page.getByRole('heading', { name: msg('es-ES', 'auth.index.title') })).toBeVisible();
    });
  });

  test.describe('a Dutch browser', () => {
    test.use({ locale: 'nl-NL' });
    test('gets English', async ({ page }) => {
      await page.goto('/auth');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('heading', { name: msg('en-US', 'auth.index.title') })).toBeVisible();
    });
  });

  test('the switcher changes the language, and the choice survives a reload', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByLabel(msg('en-US', 'locale.label')).selectOption('es-ES');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { name: msg('es-ES', 'auth.index.title') })).toBeVisible();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('button', { name: msg('es-ES', 'auth.index.guest') })).toBeVisible();
  });

  test('only the language in use is downloaded; switching both ways loads the other without a reload', async ({
    page,
  }) => {
    const catalogs: string[] = [];
    page.on('request', (request) => {
      const name = /\/assets\/(es-ES|en-US)-[\w-]+\.js$/.exec(new URL(request.url()).pathname)?.[1];
      if (name) catalogs.push(name);
    });
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: msg('en-US', 'auth.index.title') })).toBeVisible();
    expect(catalogs).toEqual(['en-US']);
    // a marker the page keeps only as long as it is not reloaded
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

    await page.getByLabel(msg('en-US', 'locale.label')).selectOption('es-ES');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { name: msg('es-ES', 'auth.index.title') })).toBeVisible();
    await page.getByLabel(msg('es-ES', 'locale.label')).selectOption('en-US');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: msg('en-US', 'auth.index.title') })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    expect(catalogs).toEqual(['en-US', 'es-ES']);
  });
});
