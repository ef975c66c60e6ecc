// The security headers in a real browser (docs/security.md#security-headers): the built app runs
// under its Content-Security-Policy (no inline script: its early requests are a file), and so do
// the API docs and the Webpay sandbox's self-submitting return form. Every test's pages are also
// watched for CSP violations by the fixture (fixtures/app.ts).
import { expect, signInAsGuest, test } from './fixtures/app.ts';

/** Transbank's public integration credentials, which the built-in sandbox takes (README, Configuration). */
const WEBPAY_TEST_COMMERCE_CODE = '597055555532';
const WEBPAY_TEST_API_KEY = '579B532A7440BB0C9079DED94D31EA1615BACEB56610332264630D42D0A36B1C';

test('the app page is served with a strict policy and its early requests still run', async ({ page }) => {
  await signInAsGuest(page);
  const response = await page.goto('/');
  const csp = response?.headers()['content-security-policy'] ?? '';
  const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? '';
  expect(scriptSrc).toBe("'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(response?.headers()['x-content-type-options']).toBe('nosniff');
  // the early-requests script (a file, by its hashed name) ran (docs/decisions/0011-first-screen-on-a-slow-phone.md) and the app rendered
  expect(await response?.text()).toMatch(/<script src="\/assets\/early-requests-[\w-]+\.js"><\/script>/);
  const early = await page.evaluate(() => {
    const value = (window as unknown as { __comensalEarly?: { modules: string[] } }).__comensalEarly;
    return value ? value.modules : null;
  });
  expect(early).toEqual(['en-US', 'home']);
  await expect(page.getByRole('main')).toBeVisible();
});

test('the API docs (Swagger UI) work under their own policy', async ({ page }) => {
  await page.goto('/api/docs/');
  // Swagger UI's own bundle (≈ 1.7 MB, not the app's) takes several seconds to start on two
  // shared cores: 7 s ran out once in CI while the page was still drawing.
  await expect(page.getByRole('heading', { level: 1, name: /^Comensal API\b/ })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.locator('.opblock').first()).toBeVisible();
});

test('the Webpay sandbox return form submits itself under its hashed policy', async ({ page, baseURL }) => {
  const returnUrl = `${baseURL}/api/payments/webpay/return`;
  const created = await page.request.post('/rswebpaytransaction/api/webpay/v1.2/transactions', {
    headers: { 'Tbk-Api-Key-Id': WEBPAY_TEST_COMMERCE_CODE, 'Tbk-Api-Key-Secret': WEBPAY_TEST_API_KEY },
    data: { buy_order: `e2e-${Date.now()}`, session_id: 'e2e', amount: 10_000, return_url: returnUrl },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { token, url } = (await created.json()) as { token: string; url: string };
  await page.goto(`${url}?token_ws=${token}`);
  // abort comes back by POST: the page's one inline script submits the form
  const posted = page.waitForRequest((request) => request.url() === returnUrl && request.method() === 'POST');
  await page.getByRole('button', { name: /cancel and return/i }).click();
  expect((await posted).postData()).toContain(`TBK_TOKEN=${token}`);
});
