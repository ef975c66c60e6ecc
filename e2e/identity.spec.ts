// Identity journeys (issue 3): e-mail accounts, guests becoming users, Google through the local
// OIDC mock, the profile page (details, photo, language) and its Spanish version.
import { crc32, deflateSync } from 'node:zlib';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, msg, signUpViaApi, test, uniqueEmail } from './fixtures/app.ts';

const PASSWORD = 'correct-horse-battery';

/** A real PNG (a 16×16 square of one colour), so the server's content check and re-encoding accept it. */
function makePng(size = 16, rgb: [number, number, number] = [168, 54, 26]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`),
  ).toEqual([]);
}

async function me(page: Page) {
  const response = await page.request.get('/api/me');
  return {
    status: response.status(),
    body: response.ok() ? ((await response.json()) as Record<string, unknown>) : null,
  };
}

const en = (key: string, values?: Record<string, string>) => msg('en-US', key, values);

test.describe('e-mail accounts', () => {
  test('register, sign out and sign in again through the forms', async ({ page }) => {
    const email = uniqueEmail();
    const displayName = 'Ana Registro';

    await page.goto('/auth');
    await page.getByRole('link', { name: en('auth.index.register') }).click();
    await expect(page.getByRole('heading', { level: 1, name: en('auth.register.title') })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel(en('auth.field.displayName')).fill(displayName);
    await page.getByLabel(en('auth.field.email')).fill(email);
    await page.getByLabel(en('auth.field.password'), { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: en('auth.register.submit') }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(en('home.greeting', { name: displayName }))).toBeVisible();
    expect((await me(page)).body).toMatchObject({ email, displayName, isGuest: false, locale: 'en-US' });

    await page.goto('/profile');
    await page.getByRole('link', { name: en('profile.signOut') }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('heading', { level: 1, name: en('auth.index.title') })).toBeVisible();
    expect((await me(page)).status).toBe(401);

    await page.getByRole('link', { name: en('auth.index.signIn') }).click();
    await expect(page.getByRole('heading', { level: 1, name: en('auth.login.title') })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel(en('auth.field.email')).fill(email);
    await page.getByLabel(en('auth.field.password')).fill(PASSWORD);
    await page.getByRole('button', { name: en('auth.login.submit') }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(en('home.greeting', { name: displayName }))).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(displayName) })).toHaveAttribute(
      'href',
      '/profile',
    );
  });

  test('a wrong password and an unknown e-mail get the same message', async ({ page }) => {
    const email = uniqueEmail();
    await signUpViaApi(page, { displayName: 'Berta Clave', email, password: PASSWORD });
    await page.context().clearCookies();

    await page.goto('/auth/login');
    await page.getByLabel(en('auth.field.email')).fill(email);
    await page.getByLabel(en('auth.field.password')).fill('not-the-password');
    await page.getByRole('button', { name: en('auth.login.submit') }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: en('auth.error.invalidCredentials') }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);

    await page.getByLabel(en('auth.field.email')).fill(uniqueEmail());
    await page.getByRole('button', { name: en('auth.login.submit') }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: en('auth.error.invalidCredentials') }),
    ).toBeVisible();
    expect((await me(page)).status).toBe(401);
  });
});

test.describe('guests', () => {
  test('a guest who creates an account keeps going as that account, and the local guest goes', async ({
    page,
  }) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: en('auth.index.guest') }).click();
    await expect(page).toHaveURL(/\/$/);
    const guest = await page.evaluate(() => JSON.parse(localStorage.getItem('guest') ?? 'null') as unknown);
    expect(guest).toMatchObject({ guessUser: true });
    const guestName = (guest as { displayName: string }).displayName;
    expect((await me(page)).body).toMatchObject({ isGuest: true });

    await page.goto('/profile');
    await expect(page.getByText(en('profile.guest.status'))).toBeVisible();
    await expect(page.getByRole('main').getByText(guestName, { exact: true })).toBeVisible();
    await expect(page.getByLabel(en('profile.field.displayName'), { exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: en('profile.guest.register') }).click();
    await expect(page).toHaveURL(/\/auth\/register\?redirect=%2Fprofile$/);
    await expect(page.getByText(en('auth.guestNotice', { name: guestName }))).toBeVisible();
    const email = uniqueEmail();
    await page.getByLabel(en('auth.field.displayName')).fill('Carla Cuenta');
    await page.getByLabel(en('auth.field.email')).fill(email);
    await page.getByLabel(en('auth.field.password'), { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: en('auth.register.submit') }).click();

    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByLabel(en('profile.field.displayName'), { exact: true })).toHaveValue(
      'Carla Cuenta',
    );
    await expect(page.getByRole('main').getByText(email, { exact: true })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('guest'))).toBeNull();
    expect((await me(page)).body).toMatchObject({ email, displayName: 'Carla Cuenta', isGuest: false });
  });
});

test.describe('Google', () => {
  test('signs in through the provider and lands signed in', async ({ page }) => {
    // The mock signs in whoever the authorize request names in `login_hint`: a user of this test alone.
    const email = uniqueEmail();
    await page.route(/\/authorize\?/, (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set('login_hint', email);
      return route.continue({ url: url.toString() });
    });
    await page.goto('/auth/login?redirect=%2Fprofile');
    const google = page.getByRole('button', { name: en('auth.social.google') });
    await expect(google).toBeVisible();
    await expectNoAxeViolations(page);
    await google.click();
    // The local OIDC mock answers the authorize step at once and the server's callback brings us back.
    await expect(page).toHaveURL(/\/profile$/);
    const displayName = email.split('@')[0]!;
    await expect(page.getByLabel(en('profile.field.displayName'), { exact: true })).toHaveValue(displayName);
    await expect(page.getByRole('main').getByText(email, { exact: true })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: new RegExp(displayName) })).toBeVisible();
    expect((await me(page)).body).toMatchObject({ email, displayName, isGuest: false });
  });
});

test.describe('profile', () => {
  test('name and phone are saved and still there after a reload', async ({ page }) => {
    await signUpViaApi(page, { displayName: 'Dora Datos', email: uniqueEmail(), password: PASSWORD });
    await page.goto('/profile');
    const name = page.getByLabel(en('profile.field.displayName'), { exact: true });
    const phone = page.getByLabel(en('profile.field.phoneNumber'));
    await expect(name).toHaveValue('Dora Datos');
    await expectNoAxeViolations(page);

    await phone.fill('123');
    await page.getByRole('button', { name: en('profile.details.save') }).click();
    await expect(page.getByText(en('profile.field.phoneNumber.invalid'))).toBeVisible();

    await name.fill('Dora Nueva');
    await phone.fill('+34 600 123 456');
    await page.getByRole('button', { name: en('profile.details.save') }).click();
    await expect(page.getByText(en('profile.toast.saved'))).toBeVisible();
    await expect(page.getByRole('link', { name: /Dora Nueva/ })).toHaveAttribute('href', '/profile');

    await page.reload();
    await expect(page.getByLabel(en('profile.field.displayName'), { exact: true })).toHaveValue('Dora Nueva');
    await expect(page.getByLabel(en('profile.field.phoneNumber'))).toHaveValue('+34 600 123 456');
    expect((await me(page)).body).toMatchObject({
      displayName: 'Dora Nueva',
      phoneNumber: '+34 600 123 456',
    });
  });

  test('a new photo shows on the profile and in the header', async ({ page }) => {
    await signUpViaApi(page, { displayName: 'Elena Foto', email: uniqueEmail(), password: PASSWORD });
    await page.goto('/profile');
    await expect(
      page.getByRole('img', { name: en('profile.photo.alt', { name: 'Elena Foto' }) }),
    ).toHaveCount(0);

    await page.getByLabel(en('profile.photo.change')).setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: makePng(),
    });
    await expect(page.getByText(en('profile.photo.saved'))).toBeVisible();
    const picture = page.getByRole('img', { name: en('profile.photo.alt', { name: 'Elena Foto' }) });
    await expect(picture).toHaveAttribute('src', /\S/);
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const photoURL = String((await me(page)).body?.photoURL);
    expect(await picture.getAttribute('src')).toContain(photoURL);

    await page.reload();
    const headerPicture = page
      .getByRole('banner')
      .getByRole('link', { name: /Elena Foto/ })
      .locator('img');
    await expect(headerPicture).toHaveAttribute(
      'src',
      new RegExp(photoURL.replace(/[.?*+^$()[\]{}|\\]/g, '\\$&')),
    );
    await expect
      .poll(() => headerPicture.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
  });

  test.describe('in Spanish', () => {
    test.use({ locale: 'es-ES' });
    const es = (key: string, values?: Record<string, string>) => msg('es-ES', key, values);

    test('the profile speaks Spanish, is accessible and fits a 360 px screen', async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await signUpViaApi(page, {
        displayName: 'Fabián Español',
        email: uniqueEmail(),
        password: PASSWORD,
        locale: 'es-ES',
      });
      await page.goto('/profile');
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(page.getByRole('heading', { level: 1, name: es('page.profile.title') })).toBeVisible();
      await expect(page.getByLabel(es('profile.field.displayName'), { exact: true })).toHaveValue(
        'Fabián Español',
      );
      await expect(page.getByRole('heading', { level: 2, name: es('profile.points.title') })).toBeVisible();
      await expect(page.getByText(es('profile.points.empty'))).toBeVisible();
      await expect(page.getByLabel(es('profile.language.label'))).toHaveValue('es-ES');
      await expectNoAxeViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      // Switching to English here switches the app and saves the choice on the account.
      await page.getByLabel(es('profile.language.label')).selectOption('en-US');
      await expect(page.getByRole('heading', { level: 1, name: en('page.profile.title') })).toBeVisible();
      await expect(page.getByText(en('profile.language.saved'))).toBeVisible();
      expect((await me(page)).body).toMatchObject({ locale: 'en-US' });
    });
  });
});
