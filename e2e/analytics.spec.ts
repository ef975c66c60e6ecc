/**
 * The analytics configuration in a real browser (docs/telemetry.md#fetching-the-configuration):
 * once the page has drawn, the app fetches it from our own API with the demo key, gets the
 * demo measurement id, and logs nothing (the local id matches the server's).
 */
import { expect, test } from './fixtures/app.ts';

test('the page fetches its analytics configuration once, after the first paint, from our API', async ({
  page,
}) => {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('Analytics')) messages.push(message.text());
  });
  const requested: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/analytics/config') requested.push(request.url());
  });
  const answer = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/analytics/config',
  );
  await page.goto('/');
  const response = await answer;
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ measurementId: 'CM-DEMO-0001', appId: 'comensal-web' });
  const request = response.request();
  expect(request.headers()['x-api-key']).toBe('comensal-demo-analytics-key');
  expect(request.headers()['accept']).toBe('application/json');
  // asked after the first paint, not on the way to it
  const [paintAt, requestAt] = await page.evaluate(() => [
    performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
    performance
      .getEntriesByType('resource')
      .find((entry) => new URL(entry.name).pathname === '/api/analytics/config')?.startTime ?? -1,
  ]);
  expect(requestAt).toBeGreaterThan(paintAt);
  await page.waitForLoadState('networkidle');
  expect(requested).toHaveLength(1);
  expect(new URL(requested[0] ?? '').origin).toBe(new URL(page.url()).origin);
  expect(messages).toEqual([]);
});
