// Phone-first layouts and every diner (issue 15, items 6, 8 and 10), in both languages: the menu's
// filter behind a button that counts, every main route at 360 px, 320 px and 200 % zoom without
// sideways scrolling and without an axe violation, the menu asked once on a cold load, a guest
// warned before signing out, and reduced motion respected.
import type { Locator, Page } from '@playwright/test';
import {
  bookableSlot,
  confirmPayment,
  createReservationViaApi,
  expect,
  expectAccessible,
  listRestaurants,
  msg,
  msgCount,
  type OpeningRestaurant,
  signInAsGuest,
  test,
  menuWithDetails,
} from './fixtures/app.ts';

/** A phone, the narrowest phone, and a 1280 × 720 window zoomed to 200 % (640 × 360 CSS px). */
const PHONE = { width: 360, height: 740 };
const NARROW = { width: 320, height: 640 };
const ZOOMED = { width: 640, height: 360 };
/** Where every main route is scanned, and whether axe runs there too. */
const SCANS = [
  { name: '360 px', viewport: PHONE, axe: true },
  { name: '320 px', viewport: NARROW, axe: false },
  { name: 'a window zoomed to 200 %', viewport: ZOOMED, axe: true },
];

interface Dish {
  id: string;
  vegan: boolean;
}

interface Place extends OpeningRestaurant {
  name: string;
  city: string;
}

/** A Santiago restaurant with a menu, one of its dishes, and a reservation of the page's guest there. */
async function visit(page: Page) {
  const restaurants = (await listRestaurants(page.request)) as unknown as Place[];
  const restaurant = restaurants.find((candidate) => candidate.city === 'Santiago') ?? restaurants[0]!;
  const detail = (await (await page.request.get(`/api/restaurants/${restaurant.id}`)).json()) as Place;
  const menu = (await menuWithDetails(page.request, restaurant.id)) as {
    items: Dish[];
  };
  await signInAsGuest(page);
  const slot = await bookableSlot(page.request, detail, 2);
  expect(slot, 'a free slot for two').not.toBeNull();
  const reservationId = await createReservationViaApi(page, {
    restaurantId: restaurant.id,
    ...slot!,
    quantity: 2,
  });
  return { restaurant: detail, dish: menu.items[0]!, reservationId };
}

/** The main routes of a diner, from search to a paid bill. */
function routesOf({ restaurant, dish, reservationId }: Awaited<ReturnType<typeof visit>>): string[] {
  const reservation = `/restaurants/${restaurant.id}/reservations/${reservationId}`;
  return [
    '/',
    '/filters',
    `/restaurants/${restaurant.id}`,
    `/restaurants/${restaurant.id}/menu`,
    `/restaurants/${restaurant.id}/articles/${dish.id}`,
    `/restaurants/${restaurant.id}/reservations`,
    reservation,
    `${reservation}/summary`,
    `${reservation}/share`,
    `${reservation}/order`,
    `${reservation}/confirmation`,
    '/reservations/current',
    '/invitations/current',
    '/favorites/restaurants',
    '/profile',
    '/privacy',
    '/auth',
    '/404',
  ];
}

/** Opens `path` and waits until it has settled (its heading shown, nothing loading). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Nothing wider than the window: no sideways scrolling (a failure names what sticks out). */
async function expectNoSidewaysScroll(page: Page, path: string) {
  const { scrollWidth, clientWidth, wider } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    /** Inside a box that scrolls or clips sideways itself (a strip of pictures, the sections bar). */
    const isClipped = (element: Element) => {
      for (
        let parent = element.parentElement;
        parent && parent !== document.body;
        parent = parent.parentElement
      ) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    return {
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: width,
      wider: [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > width + 0.5 && !isClipped(element))
        .slice(0, 5)
        .map(
          (element) => `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}">`,
        ),
    };
  });
  expect(scrollWidth, `${path} scrolls sideways: ${wider.join(' ')}`).toBeLessThanOrEqual(clientWidth);
}

for (const locale of ['es-ES', 'en-US'] as const) {
  test.describe(`phone layouts (${locale})`, () => {
    test.use({ locale, viewport: PHONE });
    const t = (key: string, values?: Record<string, string>) => msg(locale, key, values);

    test('the menu shows the dishes first, its filters in a sheet behind a button that counts them', async ({
      page,
    }) => {
      const { restaurant } = await visit(page);
      await open(page, `/restaurants/${restaurant.id}/menu`);
      await expect(page.getByRole('checkbox', { name: t('diet.vegan') })).toHaveCount(0);
      // the first dish is on the first screen of a phone
      const firstDish = page.locator('main article').first();
      await expect(firstDish).toBeInViewport();

      const opener = page.getByRole('button', { name: msgCount(locale, 'menu.filters.open', 0) });
      await opener.focus();
      await page.keyboard.press('Enter');
      const sheet = page.getByRole('dialog', { name: t('menu.filters.title') });
      await expect(sheet).toBeVisible();
      await sheet.getByRole('checkbox', { name: t('diet.vegetarian') }).check();
      await expect(page).toHaveURL(/[?&]vegetarian=true/);
      await expectAccessible(page);
      // the focus stays in the sheet; Escape closes it and gives the focus back to the button
      for (let press = 0; press < 12; press += 1) {
        await page.keyboard.press('Tab');
        expect(await sheet.evaluate((node) => node.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(sheet).toHaveCount(0);
      const counted = page.getByRole('button', { name: msgCount(locale, 'menu.filters.open', 1) });
      await expect(counted).toBeFocused();
      await page.setViewportSize(NARROW);
      await expectNoSidewaysScroll(page, 'menu');
    });

    test('the search page shows how many restaurants match and a button to see them', async ({ page }) => {
      await signInAsGuest(page);
      await open(page, '/filters');
      await page
        .getByRole('group', { name: t('restaurants.filters.diet') })
        .getByRole('checkbox', { name: t('diet.vegan') })
        .check();
      await expect(page).toHaveURL(/[?&]vegan=true/);
      const count = page.getByRole('status').filter({ hasText: /\d/ });
      await expect(count).toBeVisible();
      const shown = Number((await count.textContent())!.match(/\d+/)![0]);
      const show = page.getByRole('button', { name: msgCount(locale, 'restaurants.showResults', shown) });
      await show.click();
      await expect(page.getByRole('heading', { level: 2, name: t('restaurants.results') })).toBeFocused();
      await expect(page.locator('main ul li a').first()).toBeInViewport();
    });

    test('a guest signing out is told what is lost and offered an account first', async ({ page }) => {
      await signInAsGuest(page);
      await open(page, '/profile');
      const signOut = page.getByRole('button', { name: t('profile.signOut') });
      await signOut.click();
      const warning = page.getByRole('dialog', { name: t('auth.signOut.guest.title') });
      await expect(warning.getByText(t('auth.signOut.guest.lost.reservations'))).toBeVisible();
      await expect(warning.getByText(t('auth.signOut.guest.lost.points'))).toBeVisible();
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await expect(signOut).toBeFocused();
      await signOut.click();
      await warning.getByRole('link', { name: t('auth.signOut.guest.register') }).click();
      await expect(page).toHaveURL(/\/auth\/register\?redirect=%2Fprofile$/);
      // still the same guest: nothing was lost
      const session = await page.request.get('/api/auth/get-session');
      expect(((await session.json()) as { user: { isAnonymous: boolean } }).user.isAnonymous).toBe(true);
    });

    for (const scan of SCANS) {
      test(`every main route fits ${scan.name} without sideways scrolling${scan.axe ? ' and passes axe' : ''}`, async ({
        page,
      }) => {
        test.setTimeout(120_000);
        await page.setViewportSize(scan.viewport);
        for (const path of routesOf(await visit(page))) {
          await open(page, path);
          await expectNoSidewaysScroll(page, path);
          if (scan.axe) await expectAccessible(page);
        }
      });
    }
  });
}

/** Presses Tab until `target` has the focus: it is reachable from the keyboard. */
async function tabTo(page: Page, target: Locator, presses = 80) {
  await expect(target).toBeVisible();
  for (let press = 0; press < presses; press += 1) {
    if (await target.evaluate((node) => node === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`not reached with Tab: ${String(target)}`);
}

/** Tabs into `target`'s radio group, then moves with the arrow keys until `target` is chosen. */
async function chooseRadio(page: Page, target: Locator) {
  const name = await target.getAttribute('name');
  const inGroup = () =>
    page.evaluate((group) => {
      const active = document.activeElement;
      return active instanceof HTMLInputElement && active.type === 'radio' && active.name === group;
    }, name);
  for (let press = 0; press < 80 && !(await inGroup()); press += 1) await page.keyboard.press('Tab');
  expect(await inGroup(), `radio group ${name} reached with Tab`).toBe(true);
  await page.keyboard.press('Space');
  for (let move = 0; move < 10 && !(await target.isChecked()); move += 1)
    await page.keyboard.press('ArrowDown');
  await expect(target).toBeChecked();
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A message whose `{placeholder}` is at its end, matched on what comes before it. */
const startingWith = (text: string) => new RegExp(`^${escapeRegExp(text.replace(/\{\w+\}.*$/, ''))}`);

test.describe('keyboard alone', () => {
  test.use({ viewport: PHONE, locale: 'en-US' });

  test('from the search to an order sent and a bill paid, without a mouse', async ({ page }) => {
    test.setTimeout(120_000);
    const t = (key: string, values?: Record<string, string>) => msg('en-US', key, values);
    const restaurants = (await listRestaurants(page.request)) as unknown as Array<Place & { slug: string }>;
    const summary = restaurants.find((candidate) => candidate.slug === 'tostaduria-los-leones')!;
    const restaurant = (await (await page.request.get(`/api/restaurants/${summary.id}`)).json()) as Place;
    const menu = (await menuWithDetails(page.request, summary.id)) as {
      items: Array<{ id: string; name: { en: string }; preferences: unknown[]; stock: number | null }>;
    };
    const dish = menu.items.find((item) => item.preferences.length === 0 && item.stock === null)!;
    await signInAsGuest(page);
    const slot = await bookableSlot(page.request, restaurant, 2);
    const reservationId = await createReservationViaApi(page, {
      restaurantId: summary.id,
      ...slot!,
      quantity: 2,
    });

    // search → restaurant → menu
    await open(page, '/filters');
    await tabTo(page, page.getByRole('searchbox', { name: t('restaurants.search.label') }));
    await page.keyboard.type(summary.name);
    const result = page.getByRole('link', { name: summary.name, exact: true });
    await tabTo(page, result);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: summary.name })).toBeVisible();
    await tabTo(page, page.getByRole('link', { name: t('restaurant.actions.menu') }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: t('menu.title') })).toBeVisible();

    // a dish into the cart, the cart sent to the table
    await tabTo(
      page,
      page.getByRole('button', { name: t('order.quick.addFor', { name: dish.name.en }) }),
      200,
    );
    await page.keyboard.press('Enter');
    await expect(page.getByText(t('order.cart.added', { name: dish.name.en }))).toBeVisible();
    await tabTo(
      page,
      page
        .getByRole('region', { name: t('order.cart.region') })
        .getByRole('button', { name: t('order.cart.open') }),
      300,
    );
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: t('order.cart.title') });
    await tabTo(page, sheet.getByRole('button', { name: startingWith(t('order.send.button')) }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/reservations/${reservationId}/order$`));
    await expect(page.getByRole('heading', { name: `1 × ${dish.name.en}` })).toBeVisible();

    // the bill, paid in cash: the diner's own dish, no tip
    await open(page, `/restaurants/${summary.id}/reservations/${reservationId}`);
    await tabTo(page, page.getByRole('link', { name: t('reservation.action.bill') }));
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('heading', { level: 1, name: t('page.restaurant.reservation.confirmation.title') }),
    ).toBeVisible();
    const tip = page.getByRole('radio', { name: t('bill.form.tip.none') });
    await chooseRadio(page, tip);
    const cash = page.getByRole('radio', { name: t('bill.method.cash') });
    await chooseRadio(page, cash);
    await tabTo(page, page.getByRole('button', { name: t('bill.form.submit') }));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('button', { name: t('bill.pending.cash') }));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('awaiting-confirmation')).toHaveText(t('bill.pending.awaitingCash'));
    const transactions = (await (
      await page.request.get(`/api/reservations/${reservationId}/transactions`)
    ).json()) as { items: Array<{ id: string; status: string }> };
    for (const item of transactions.items.filter((candidate) => candidate.status === 'pending'))
      confirmPayment(item.id);
    await expect(page.getByText(t('bill.settled'))).toBeVisible();
  });
});

/** Once it has slid in, the toast's box ends above `bar`'s top edge: it covers none of it. */
async function expectAbove(toast: Locator, bar: Locator) {
  await expect
    .poll(async () => {
      const toastBox = (await toast.boundingBox())!;
      const barBox = (await bar.boundingBox())!;
      return toastBox.y + toastBox.height - barBox.y;
    })
    .toBeLessThanOrEqual(0);
}

test.describe('toasts', () => {
  test.use({ viewport: PHONE, locale: 'en-US' });
  const t = (key: string, values?: Record<string, string>) => msg('en-US', key, values);

  test('rise above the bottom navigation and the cart bar, never over them', async ({ page, context }) => {
    await context.clearPermissions();
    const restaurants = (await listRestaurants(page.request)) as unknown as Array<Place & { slug: string }>;
    const summary = restaurants.find((candidate) => candidate.slug === 'tostaduria-los-leones')!;
    const restaurant = (await (await page.request.get(`/api/restaurants/${summary.id}`)).json()) as Place;
    await signInAsGuest(page);
    const slot = await bookableSlot(page.request, restaurant, 2);
    await createReservationViaApi(page, { restaurantId: summary.id, ...slot!, quantity: 2 });

    // home: the browser refuses the position; asking again says what to do, above the navigation
    await open(page, '/');
    await page.getByRole('button', { name: t('restaurants.sort.retry') }).click();
    const help = page.locator('[data-sonner-toast]').first();
    await expect(help).toBeVisible();
    await expectAbove(help, page.getByRole('navigation', { name: t('nav.main') }));

    // the menu: a dish added, the message above the cart bar that appears with it
    await open(page, `/restaurants/${summary.id}/menu`);
    const menu = (await menuWithDetails(page.request, summary.id)) as {
      items: Array<{ name: { en: string }; preferences: unknown[]; stock: number | null }>;
    };
    const dish = menu.items.find((item) => item.preferences.length === 0 && item.stock === null)!;
    await page.getByRole('button', { name: t('order.quick.addFor', { name: dish.name.en }) }).click();
    const added = page
      .locator('[data-sonner-toast]')
      .filter({ hasText: t('order.cart.added', { name: dish.name.en }) });
    await expect(added).toBeVisible();
    await expectAbove(added, page.getByRole('region', { name: t('order.cart.region') }));
  });
});

test.describe('one visit, one menu', () => {
  test.use({ viewport: PHONE });

  test('the menu is requested once on a cold load, live topic included', async ({ page }) => {
    const [restaurant] = await listRestaurants(page.request);
    await signInAsGuest(page);
    const menuRequests: string[] = [];
    let subscribed = false;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/restaurants/${restaurant!.id}/menu`)
        menuRequests.push(request.url());
    });
    page.on('websocket', (socket) =>
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).includes('"subscribed"')) subscribed = true;
      }),
    );
    await open(page, `/restaurants/${restaurant!.id}/menu`);
    // the live topic's confirmation used to ask for the menu a second time
    await expect.poll(() => subscribed).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(menuRequests).toHaveLength(1);
  });
});

test.describe('desktop restaurant header', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('no dark bar across the photo: each control on its own pill, dark enough for white text', async ({
    page,
  }) => {
    const [restaurant] = await listRestaurants(page.request);
    await open(page, `/restaurants/${restaurant!.id}`);
    const header = page.locator('header').first();
    expect(await header.evaluate((node) => getComputedStyle(node).backgroundImage)).toBe('none');
    expect(await header.evaluate((node) => getComputedStyle(node).backgroundColor)).toBe('rgba(0, 0, 0, 0)');
    // white text on black at 60 % over a white picture is #666: 5.7:1
    const alphas = await header.locator('a, div.rounded-full').evaluateAll((nodes) =>
      nodes.map((node) => {
        const color = getComputedStyle(node).backgroundColor;
        const alpha = /[\s,/]\s*([\d.]+)\)$/.exec(color);
        return { color, alpha: alpha ? Number(alpha[1]) : 1 };
      }),
    );
    const pills = alphas.filter(({ alpha }) => alpha > 0);
    expect(pills.length, JSON.stringify(alphas)).toBeGreaterThanOrEqual(2);
    for (const { alpha } of pills) expect(alpha).toBeGreaterThanOrEqual(0.6);
  });
});

/**
 * What moves on the page now: running animations and transitions that last more than a
 * millisecond. Under reduced motion every one lasts 0.01 ms (styles.css), but one that has just
 * started (a link's colour on the tap that jumped, a placeholder appearing) is still "running"
 * until the next frame, and is not motion.
 */
const moving = (page: Page) =>
  page.evaluate(() =>
    document
      .getAnimations()
      .filter(
        (animation) =>
          animation.playState === 'running' &&
          Number(animation.effect?.getComputedTiming().activeDuration ?? 0) > 1,
      )
      .map(
        (animation) =>
          (animation as CSSAnimation).animationName ??
          (animation as CSSTransition).transitionProperty ??
          'script',
      ),
  );

test.describe('reduced motion', () => {
  test.use({ viewport: PHONE, colorScheme: 'light' });

  test('nothing moves when the diner asks for reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const [restaurant] = await listRestaurants(page.request);
    await signInAsGuest(page);
    await open(page, `/restaurants/${restaurant!.id}/menu`);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('auto');
    // jumping to a section does not glide
    const jump = page.getByRole('navigation', { name: msg('en-US', 'menu.sections') }).getByRole('link');
    if ((await jump.count()) > 1) {
      await jump.nth(1).click();
      expect(await moving(page)).toEqual([]);
    }
    await page.getByRole('button', { name: msgCount('en-US', 'menu.filters.open', 0) }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await moving(page)).toEqual([]);
  });
});
