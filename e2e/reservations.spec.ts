// Reservations and invitations (issue 5): a table link booked by a guest, shared, accepted by a
// new account through the real forms, members seen live, and the cancellation leaving the lists.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, listRestaurants, msg, slotsFor, test, uniqueEmail } from './fixtures/app.ts';
import { linkFromMail } from './fixtures/mail.ts';

const en = (key: string, values: Record<string, string> = {}) => msg('en-US', key, values);
const PASSWORD = 'correct-horse-battery';

interface RestaurantDetail {
  id: string;
  name: string;
  timeZone: string;
  openingHours: Array<Array<{ open: string; close: string }>>;
}

interface FreeTable {
  roomId: string;
  number: number;
  free: boolean;
}

/** A restaurant, a slot and a table that is free then (asked of the availability endpoint). */
async function pickRestaurant(page: Page) {
  for (const summary of await listRestaurants(page.request)) {
    const response = await page.request.get(`/api/restaurants/${summary.id}`);
    const restaurant = (await response.json()) as RestaurantDetail;
    // A random first slot keeps parallel or repeated runs off each other's tables.
    const slots = slotsFor(restaurant);
    const offset = Math.floor(Math.random() * Math.max(1, slots.length));
    for (const slot of [...slots.slice(offset), ...slots.slice(0, offset)]) {
      const query = new URLSearchParams({ ...slot, duration: '60', quantity: '1' });
      const answer = await page.request.get(`/api/restaurants/${restaurant.id}/availability?${query}`);
      const tables = ((await answer.json()) as { tables: FreeTable[] }).tables;
      const table = tables.find((candidate) => candidate.free);
      if (table) return { restaurant, roomId: table.roomId, tableNumber: table.number, slot };
    }
  }
  throw new Error('no seeded restaurant with a free table inside its opening hours');
}

test('a guest books from a table link, a friend joins through the link, the guest cancels', async ({
  page,
  browser,
}) => {
  const { restaurant, roomId, tableNumber, slot } = await pickRestaurant(page);
  // The creator is on a phone (360 px wide): nothing may scroll sideways.
  await page.setViewportSize({ width: 360, height: 780 });
  const fitsWidth = async () =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The table QR link: the guest reserves, and the table of the link is preselected.
  await page.goto(`/restaurants/${restaurant.id}?table=${tableNumber}&room=${roomId}`);
  await page.getByRole('link', { name: en('restaurant.actions.reserve') }).press('Enter');
  await page.getByRole('button', { name: en('auth.index.guest') }).press('Enter');
  await expect(
    page.getByRole('heading', { level: 1, name: en('page.restaurant.reservation.title') }),
  ).toBeVisible();
  const guestName = ((await (await page.request.get('/api/me')).json()) as { displayName: string })
    .displayName;
  expect(guestName).not.toBe('');

  await page.getByLabel(en('reservation.form.date')).selectOption(slot.date);
  await page.getByLabel(en('reservation.form.startAt')).selectOption(slot.startAt);
  const tableRadio = page.getByRole('radio', {
    name: new RegExp(`^${en('reservation.table', { number: String(tableNumber) })},`),
  });
  await expect(tableRadio).toBeChecked();
  await expect(tableRadio).toBeEnabled();
  await fitsWidth();
  const formAxe = await new AxeBuilder({ page }).analyze();
  expect(formAxe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await page.getByRole('button', { name: en('reservation.form.submit') }).press('Enter');

  // Booked: the summary says so and invites friends along.
  await expect(
    page.getByRole('heading', { level: 2, name: en('reservation.confirmation.title') }),
  ).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 1, name: en('page.restaurant.reservation.summary.title') }),
  ).toBeVisible();
  const members = page.getByTestId('reservation-members');
  await expect(members).toContainText(guestName);
  await fitsWidth();
  const summaryAxe = await new AxeBuilder({ page }).analyze();
  expect(summaryAxe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // Share: the public link, and an invitation to the friend's e-mail.
  await page.getByRole('link', { name: en('reservation.action.invite') }).press('Enter');
  const link = await page.getByLabel(en('reservation.share.link')).inputValue();
  expect(link).toMatch(/\/restaurants\/[^/]+\/reservations\/[^/]+\/invitation\?key=[0-9a-f]{32}$/);
  await fitsWidth();
  const friendEmail = uniqueEmail();
  const friendName = `Amiga ${Date.now()}`;
  await page.getByRole('textbox', { name: en('reservation.invite.email'), exact: true }).fill(friendEmail);
  await page.getByRole('button', { name: en('reservation.invite.send') }).press('Enter');
  await expect(page.getByText(en('reservation.invite.sent', { email: friendEmail }))).toBeVisible();
  await page.getByRole('link', { name: en('reservation.action.summary') }).press('Enter');
  await expect(members).toContainText(guestName);

  // The friend opens the link in another browser, registers through the forms and accepts.
  const friendContext = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'en-US',
  });
  const friend = await friendContext.newPage();
  await friend.goto(link);
  await expect(friend.getByText(en('reservation.invitation.from', { name: guestName }))).toBeVisible();
  await friend.getByRole('link', { name: en('reservation.invitation.signIn') }).press('Enter');
  await friend.getByRole('link', { name: en('auth.index.register') }).press('Enter');
  await friend.getByLabel(en('auth.field.displayName')).fill(friendName);
  await friend.getByLabel(en('auth.field.email')).fill(friendEmail);
  await friend.getByLabel(en('auth.field.password'), { exact: true }).fill(PASSWORD);
  await friend.getByRole('button', { name: en('auth.register.submit') }).press('Enter');
  // An invitation by e-mail is answered by the owner of the address: the friend confirms it
  // through the link mailed to it, then comes back to the invitation.
  await expect(friend.getByTestId('verify-email-notice')).toBeVisible();
  const verifyLink = new URL(await linkFromMail(friendEmail, 'email_verification', 'verify-email'));
  await friend.goto(verifyLink.pathname + verifyLink.search);
  await expect(friend.getByText(en('auth.verify.done'))).toBeVisible();
  await friend.goto(link);
  await friend.getByRole('button', { name: en('reservation.invitation.accept') }).press('Enter');
  await expect(
    friend.getByRole('heading', { level: 1, name: en('page.restaurant.reservation.summary.title') }),
  ).toBeVisible();
  await expect(friend.getByTestId('reservation-members')).toContainText(guestName);
  await expect(friend.getByTestId('reservation-members')).toContainText(friendName);

  // The creator's summary shows the friend without a reload (live).
  await expect(members).toContainText(friendName);

  // The friend watches their current reservations; the creator cancels; it leaves both lists.
  await friend.goto('/reservations/current');
  await expect(friend.getByTestId('reservation-list')).toContainText(restaurant.name);
  await page.getByRole('button', { name: en('reservation.action.cancel') }).press('Enter');
  await page.getByRole('button', { name: en('reservation.cancel.confirm') }).press('Enter');
  await expect(page.getByText(en('reservation.isCancelled'))).toBeVisible();
  await expect(friend.getByText(en('reservation.list.empty.current'))).toBeVisible();
  await page.goto('/reservations/current');
  await expect(page.getByText(en('reservation.list.empty.current'))).toBeVisible();

  await friendContext.close();
});
