// Invitations that reach people (issue 15): the creator's share link opened by a stranger in a
// new browser joins the reservation as a guest; an invitation arriving while the invitee is on
// Home shows the modal and the badge on the Invitations tab. In Spanish and in English.
import type { Browser } from '@playwright/test';
import {
  bookableSlot,
  createReservationViaApi,
  expect,
  listRestaurants,
  type Locale,
  msg,
  type OpeningRestaurant,
  signUpViaApi,
  test,
  uniqueEmail,
  verifyEmailViaMail,
} from './fixtures/app.ts';

const PASSWORD = 'correct-horse-battery';

async function newDiner(browser: Browser, locale: Locale, displayName: string) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale });
  const page = await context.newPage();
  const email = uniqueEmail();
  await signUpViaApi(page, { displayName, email, password: PASSWORD, locale });
  return { context, page, email };
}

/** A restaurant with a slot for `quantity` people a few days ahead. */
async function restaurantWithSlot(browser: Browser, quantity: number) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    for (const summary of await listRestaurants(context.request)) {
      const restaurant = (await (
        await context.request.get(`/api/restaurants/${summary.id}`)
      ).json()) as OpeningRestaurant & { name: string };
      const slot = await bookableSlot(context.request, restaurant, quantity);
      if (slot) return { restaurant, slot };
    }
  } finally {
    await context.close();
  }
  throw new Error(`no seeded restaurant takes ${quantity} people in the coming days`);
}

for (const locale of ['es-ES', 'en-US'] as const) {
  const t = (key: string, values: Record<string, string> = {}) => msg(locale, key, values);

  test(`${locale}: a stranger opens the share link in a new browser and joins as a guest`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const stamp = Date.now();
    const creatorName = `Ana ${stamp}`;
    const creator = await newDiner(browser, locale, creatorName);
    const { restaurant, slot } = await restaurantWithSlot(browser, 3);
    const reservationId = await createReservationViaApi(creator.page, {
      restaurantId: restaurant.id,
      ...slot,
      quantity: 3,
    });

    // The creator copies the share link from the reservation's share page.
    await creator.page.goto(`/restaurants/${restaurant.id}/reservations/${reservationId}/share`);
    const link = await creator.page.getByLabel(t('reservation.share.link')).inputValue();
    expect(link).toMatch(/\/invitation\?key=[0-9a-f]{32}$/);

    // A stranger (no account, no session) opens it in another browser and joins as a guest.
    const stranger = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale });
    const page = await stranger.newPage();
    await page.goto(link);
    await expect(page.getByText(t('reservation.invitation.from', { name: creatorName }))).toBeVisible();
    await expect(page.getByText(t('reservation.invitation.notForYou'))).toHaveCount(0);
    await page.getByRole('button', { name: t('reservation.shareLink.joinAsGuest') }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: t('page.restaurant.reservation.summary.title') }),
    ).toBeVisible();
    const members = page.getByTestId('reservation-members');
    await expect(members).toContainText(creatorName);
    await expect(members).toContainText('Invitado');

    // The creator turns the link off: the next stranger is told why, and cannot join.
    await creator.page.getByRole('button', { name: t('reservation.shareLink.turnOff') }).click();
    await expect(creator.page.getByText(t('reservation.shareLink.off'))).toBeVisible();
    const late = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale });
    const latePage = await late.newPage();
    await latePage.goto(link);
    await expect(
      latePage.getByText(t('reservation.shareLink.offNotice', { name: creatorName })),
    ).toBeVisible();
    await expect(latePage.getByRole('button', { name: t('reservation.shareLink.joinAsGuest') })).toHaveCount(
      0,
    );
    await Promise.all([creator.context.close(), stranger.close(), late.close()]);
  });

  test(`${locale}: an invitation arriving while the invitee is on Home shows the modal and the badge`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const stamp = Date.now();
    const creator = await newDiner(browser, locale, `Ana ${stamp}`);
    const invitee = await newDiner(browser, locale, `Bea ${stamp}`);
    await verifyEmailViaMail(invitee.page, invitee.email);
    const { restaurant, slot } = await restaurantWithSlot(browser, 2);
    const reservationId = await createReservationViaApi(creator.page, {
      restaurantId: restaurant.id,
      ...slot,
      quantity: 2,
    });

    const home = invitee.page;
    // the first count of pending invitations (none) is in before the invitation is sent
    const firstCount = home.waitForResponse((response) =>
      response.url().includes('/api/invitations?scope=current'),
    );
    await home.goto('/');
    await firstCount;
    const nav = home.getByRole('navigation', { name: t('nav.main') });
    await expect(nav.getByRole('link', { name: t('nav.invitations') })).toBeVisible();
    await expect(home.getByTestId('invitations-badge')).toHaveCount(0);

    const invited = await creator.page.request.post(`/api/reservations/${reservationId}/invitations`, {
      headers: { origin: new URL(test.info().project.use.baseURL ?? '').origin },
      data: { email: invitee.email },
    });
    expect(invited.status(), await invited.text()).toBe(201);

    const dialog = home.getByRole('dialog', { name: t('invitation.modal.title') });
    await expect(dialog).toBeVisible();
    await expect(home.getByTestId('invitations-badge')).toHaveText('1');
    await dialog.getByRole('link', { name: t('invitation.modal.open') }).click();
    await expect(
      home.getByRole('heading', { level: 1, name: t('page.invitations.current.title') }),
    ).toBeVisible();
    await Promise.all([creator.context.close(), invitee.context.close()]);
  });
}
