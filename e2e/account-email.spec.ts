// Account e-mails (issue 13): sign up through the form, read the verification link the server
// mailed to the loopback SMTP server, confirm it on its page (the notice goes), then forget the
// password and reset it through the mailed link — in English and in Spanish.
import { expect, msg, test, uniqueEmail, type Locale } from './fixtures/app.ts';
import { linkFromMail } from './fixtures/mail.ts';

const PASSWORD = 'correct-horse-battery';
const NEW_PASSWORD = 'a-brand-new-password';

for (const locale of ['en-US', 'es-ES'] as const satisfies readonly Locale[]) {
  test.describe(`account e-mails (${locale})`, () => {
    test.use({ locale });
    const t = (key: string, values?: Record<string, string>) => msg(locale, key, values);

    test('verify the e-mail, then reset a forgotten password', async ({ page }) => {
      const email = uniqueEmail();
      const displayName = locale === 'es-ES' ? 'Eva Correo' : 'Eve Mail';

      // sign up: signed in at once, with a notice asking to confirm the address
      await page.goto('/auth/register');
      await page.getByLabel(t('auth.field.displayName')).fill(displayName);
      await page.getByLabel(t('auth.field.email')).fill(email);
      await page.getByLabel(t('auth.field.password'), { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: t('auth.register.submit') }).click();
      await expect(page.getByText(t('home.greeting', { name: displayName }))).toBeVisible();
      const notice = page.getByTestId('verify-email-notice');
      await expect(notice).toContainText(t('auth.verifyNotice.text', { email }));

      // the link of the verification e-mail, opened in the same browser
      const verifyLink = await linkFromMail(email, 'email_verification', 'verify-email');
      await page.goto(new URL(verifyLink).pathname + new URL(verifyLink).search);
      await expect(page.getByRole('heading', { level: 1, name: t('auth.verify.title') })).toBeVisible();
      await expect(page.getByText(t('auth.verify.done'))).toBeVisible();
      await page.getByRole('link', { name: t('auth.verify.continue') }).click();
      await expect(page.getByText(t('home.greeting', { name: displayName }))).toBeVisible();
      await expect(page.getByTestId('verify-email-notice')).toHaveCount(0);

      // a used link says so
      await page.goto(new URL(verifyLink).pathname + '?token=not-a-token');
      await expect(page.getByText(t('auth.verify.failed'))).toBeVisible();

      // forgot the password: ask for a link from the sign-in page, signed out
      await page.context().clearCookies();
      await page.goto('/auth/login');
      await page.getByRole('link', { name: t('auth.login.forgot') }).click();
      await expect(page.getByRole('heading', { level: 1, name: t('auth.forgot.title') })).toBeVisible();
      await page.getByLabel(t('auth.field.email')).fill(email);
      await page.getByRole('button', { name: t('auth.forgot.submit') }).click();
      await expect(page.getByText(t('auth.forgot.sent'))).toBeVisible();

      const resetLink = await linkFromMail(email, 'password_reset', 'reset-password');
      await page.goto(new URL(resetLink).pathname + new URL(resetLink).search);
      await expect(page.getByRole('heading', { level: 1, name: t('auth.reset.title') })).toBeVisible();
      await page.getByLabel(t('auth.reset.field')).fill('short');
      await page.getByRole('button', { name: t('auth.reset.submit') }).click();
      await expect(page.getByText(t('auth.error.passwordTooShort', { min: '8' }))).toBeVisible();
      await page.getByLabel(t('auth.reset.field')).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: t('auth.reset.submit') }).click();
      await expect(page.getByText(t('auth.reset.done'))).toBeVisible();

      // the old password no longer works, the new one does
      await page.getByRole('link', { name: t('auth.toLogin') }).click();
      await page.getByLabel(t('auth.field.email')).fill(email);
      await page.getByLabel(t('auth.field.password')).fill(PASSWORD);
      await page.getByRole('button', { name: t('auth.login.submit') }).click();
      await expect(page.getByText(t('auth.error.invalidCredentials'))).toBeVisible();
      await page.getByLabel(t('auth.field.password')).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: t('auth.login.submit') }).click();
      await expect(page.getByText(t('home.greeting', { name: displayName }))).toBeVisible();
      await expect(page.getByTestId('verify-email-notice')).toHaveCount(0);
    });
  });
}
