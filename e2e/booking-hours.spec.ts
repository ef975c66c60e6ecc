// The booking form knows when the restaurant is open (issue 15, items 2 and 10): opened at 04:00
// restaurant time it offers the next open slot; a table taken in another browser greys out live;
// and a diner books from the restaurant page to a table with the keyboard alone. Both languages.
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import {
  expect,
  listRestaurants,
  localDate,
  msg,
  signInAsGuest,
  slotsFor,
  test,
  type Locale,
} from './fixtures/app.ts';

interface Window {
  open: string;
  close: string;
}
interface RestaurantDetail {
  id: string;
  name: string;
  timeZone: string;
  openingHours: Window[][];
}
interface AvailabilityAnswer {
  tables: Array<{ roomId: string; tableId: string; number: number; free: boolean }>;
  unavailableReason: string | null;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

/**
 * The instant the restaurant's wall clock shows `date` `time`, with the zone's offset at noon that
 * day (the seeded zones change clocks at night, never between 04:00 and noon two days from now
 * in a way that matters here).
 */
function instantOf(date: string, time: string, timeZone: string): Date {
  const zoneName = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${date}T12:00:00Z`))
    .find((part) => part.type === 'timeZoneName')?.value;
  const offset = zoneName?.replace('GMT', '') || 'Z';
  return new Date(`${date}T${time}:00${offset}`);
}

async function details(page: Page): Promise<RestaurantDetail[]> {
  const all: RestaurantDetail[] = [];
  for (const summary of await listRestaurants(page.request)) {
    const response = await page.request.get(`/api/restaurants/${summary.id}`);
    all.push((await response.json()) as RestaurantDetail);
  }
  return all;
}

/**
 * A restaurant and a day (two days ahead) whose first window opens after 04:00 with at least an
 * hour, and where nothing of the night before is still open at 04:00: its first start is the
 * answer a form opened at 04:00 must give.
 */
function morningCase(restaurants: RestaurantDetail[]) {
  for (const restaurant of restaurants) {
    const date = localDate(restaurant.timeZone, 2);
    const weekday = weekdayOf(date);
    const previous = restaurant.openingHours[(weekday + 6) % 7] ?? [];
    const nightBefore = previous.some(
      (w) => minutesOf(w.close) <= minutesOf(w.open) && minutesOf(w.close) > 240,
    );
    const today = [...(restaurant.openingHours[weekday] ?? [])].sort(
      (a, b) => minutesOf(a.open) - minutesOf(b.open),
    );
    const first = today[0];
    if (nightBefore || !first) continue;
    const open = Math.ceil(minutesOf(first.open) / 15) * 15;
    const close = minutesOf(first.close) <= minutesOf(first.open) ? 24 * 60 : minutesOf(first.close);
    if (open >= 4 * 60 && close - open >= 60) return { restaurant, date, startAt: timeOf(open) };
  }
  throw new Error('no seeded restaurant opens after 04:00 for an hour two days ahead');
}

/** A restaurant, a slot and a table free then (the availability endpoint says so). */
async function freeTable(page: Page, restaurants: RestaurantDetail[]) {
  for (const restaurant of restaurants) {
    const slots = slotsFor(restaurant);
    const offset = Math.floor(Math.random() * Math.max(1, slots.length));
    for (const slot of [...slots.slice(offset), ...slots.slice(0, offset)]) {
      const query = new URLSearchParams({ ...slot, duration: '60', quantity: '1' });
      const answer = (await (
        await page.request.get(`/api/restaurants/${restaurant.id}/availability?${query}`)
      ).json()) as AvailabilityAnswer;
      const table = answer.unavailableReason === null ? answer.tables.find((t) => t.free) : undefined;
      if (table) return { restaurant, slot, table };
    }
  }
  throw new Error('no seeded restaurant with a free table inside its opening hours');
}

/** Opens the booking form at `path` and picks the slot's date and time. */
async function openFormAt(page: Page, locale: Locale, path: string, slot: { date: string; startAt: string }) {
  await page.goto(path);
  await page.getByRole('combobox', { name: msg(locale, 'reservation.form.date') }).selectOption(slot.date);
  await page
    .getByRole('combobox', { name: msg(locale, 'reservation.form.startAt') })
    .selectOption(slot.startAt);
}

async function expectFocusVisible(locator: Locator) {
  await expect(locator).toBeFocused();
  expect(await locator.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe('none');
}

/** Presses Tab until `locator` has the focus (the keyboard is the only way around). */
async function tabTo(page: Page, locator: Locator, max = 60) {
  for (let step = 0; step < max; step += 1) {
    if (await locator.evaluate((element) => element === document.activeElement).catch(() => false)) {
      await expectFocusVisible(locator);
      return;
    }
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${String(locator)}`);
}

for (const locale of ['es-ES', 'en-US'] as const) {
  const t = (key: string, values: Record<string, string> = {}) => msg(locale, key, values);

  test(`${locale}: a form opened at 04:00 restaurant time offers the next open slot`, async ({ browser }) => {
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale });
    const page = await context.newPage();
    const { restaurant, date, startAt } = morningCase(await details(page));
    await signInAsGuest(page);
    await page.clock.setFixedTime(instantOf(date, '04:00', restaurant.timeZone));
    await page.goto(`/restaurants/${restaurant.id}/reservations`);
    await expect(
      page.getByRole('heading', { level: 1, name: t('page.restaurant.reservation.title') }),
    ).toBeVisible();

    const dateField = page.getByRole('combobox', { name: t('reservation.form.date') });
    const timeField = page.getByRole('combobox', { name: t('reservation.form.startAt') });
    await expect(dateField).toHaveValue(date);
    await expect(timeField).toHaveValue(startAt);
    await expect(page.getByRole('combobox', { name: t('reservation.form.duration') })).toHaveValue('60');
    // only times inside the opening hours: nothing at 04:00, the first one is the opening
    const times = await timeField.locator('option').allTextContents();
    expect(times[0]).toBe(startAt);
    expect(times).not.toContain('04:00');
    // not "closed", and tables offered as free
    await expect(page.getByText(t('reservation.error.OUTSIDE_OPENING_HOURS'))).toHaveCount(0);
    await expect(
      page.getByRole('radio', { name: new RegExp(`, ${t('reservation.form.free')}$`) }).first(),
    ).toBeEnabled();
    // closed days of the coming week are listed but cannot be picked
    const closedWeekdays = restaurant.openingHours.flatMap((day, weekday) =>
      day.length === 0 ? [weekday] : [],
    );
    const disabled = await dateField
      .locator('option[disabled]')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    for (let offset = 3; offset < 9; offset += 1) {
      const day = localDate(restaurant.timeZone, offset);
      const closedByHours = closedWeekdays.includes(weekdayOf(day));
      const nightBefore = (restaurant.openingHours[(weekdayOf(day) + 6) % 7] ?? []).some(
        (w) => minutesOf(w.close) < minutesOf(w.open) && minutesOf(w.close) >= 15,
      );
      if (closedByHours && !nightBefore) expect(disabled).toContain(day);
      if (!closedByHours) expect(disabled).not.toContain(day);
    }
    // on a phone: nothing scrolls sideways, and axe finds no A/AA violation
    await page.setViewportSize({ width: 360, height: 780 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    await context.close();
  });
}

test('a table taken in another browser greys out live in the open form (en and es)', async ({ browser }) => {
  const baseURL = test.info().project.use.baseURL;
  const english = await browser.newContext({ baseURL, locale: 'en-US' });
  const spanish = await browser.newContext({ baseURL, locale: 'es-ES' });
  const ana = await english.newPage();
  const beto = await spanish.newPage();
  const { restaurant, slot, table } = await freeTable(ana, await details(ana));
  await signInAsGuest(ana);
  await signInAsGuest(beto);

  await openFormAt(ana, 'en-US', `/restaurants/${restaurant.id}/reservations`, slot);
  const radio = ana.getByRole('radio', {
    name: new RegExp(`^${msg('en-US', 'reservation.table', { number: String(table.number) })},`),
  });
  await expect(radio).toBeEnabled();
  await ana.getByRole('radio', { name: msg('en-US', 'reservation.form.anyTable') }).check();
  // Beto, in Spanish in another browser, opens the same form and books that table
  await openFormAt(
    beto,
    'es-ES',
    `/restaurants/${restaurant.id}/reservations?table=${table.number}&room=${table.roomId}`,
    slot,
  );
  const betoRadio = beto.getByRole('radio', {
    name: new RegExp(`^${msg('es-ES', 'reservation.table', { number: String(table.number) })},`),
  });
  await expect(betoRadio).toBeChecked();
  await expect(betoRadio).toBeEnabled();
  await beto.getByRole('button', { name: msg('es-ES', 'reservation.form.submit') }).click();
  await expect(
    beto.getByRole('heading', { level: 2, name: msg('es-ES', 'reservation.confirmation.title') }),
  ).toBeVisible();

  // Ana's form, untouched and not reloaded, shows the table taken
  await expect(radio).toBeDisabled();
  await expect(radio).toHaveAccessibleName(new RegExp(`${msg('en-US', 'reservation.form.taken')}$`));
  await english.close();
  await spanish.close();
});

test('es-ES: keyboard only, from the restaurant page to a booked table', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'es-ES' });
  const page = await context.newPage();
  const t = (key: string, values: Record<string, string> = {}) => msg('es-ES' satisfies Locale, key, values);
  const { restaurant } = await freeTable(page, await details(page));

  await page.goto(`/restaurants/${restaurant.id}`);
  await tabTo(page, page.getByRole('link', { name: t('restaurant.actions.reserve') }).first());
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('button', { name: t('auth.index.guest') }));
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('heading', { level: 1, name: t('page.restaurant.reservation.title') }),
  ).toBeVisible();

  // the next open day: the first enabled date after the one shown
  const dateField = page.getByRole('combobox', { name: t('reservation.form.date') });
  await tabTo(page, dateField);
  const before = await dateField.inputValue();
  await page.keyboard.press('ArrowDown');
  await expect(dateField).not.toHaveValue(before);
  const chosenDate = await dateField.inputValue();
  expect(
    await dateField
      .locator(`option[value="${chosenDate}"]`)
      .evaluate((option) => (option as HTMLOptionElement).disabled),
  ).toBe(false);

  const timeField = page.getByRole('combobox', { name: t('reservation.form.startAt') });
  await tabTo(page, timeField);
  const firstTime = await timeField.inputValue();
  await page.keyboard.press('ArrowDown');
  await expect(timeField).not.toHaveValue(firstTime);
  await tabTo(page, page.getByRole('combobox', { name: t('reservation.form.duration') }));
  await tabTo(page, page.getByRole('spinbutton', { name: t('reservation.form.quantity') }));

  // the tables: into the group on "no preference", arrows to the first free table
  const anyTable = page.getByRole('radio', { name: t('reservation.form.anyTable') });
  await tabTo(page, anyTable);
  const freeRadio = page.getByRole('radio', { name: new RegExp(`, ${t('reservation.form.free')}$`) }).first();
  await expect(freeRadio).toBeEnabled();
  await page.keyboard.press('ArrowDown');
  await expect(freeRadio).toBeChecked();
  await expectFocusVisible(freeRadio);
  const chosenName = (await freeRadio.getAttribute('aria-label')) ?? '';
  const tableLabel = chosenName.split(',')[0] ?? '';

  await tabTo(page, page.getByRole('button', { name: t('reservation.form.submit') }));
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('heading', { level: 2, name: t('reservation.confirmation.title') }),
  ).toBeVisible();
  await expect(page.getByRole('main')).toContainText(tableLabel);
  await context.close();
});
