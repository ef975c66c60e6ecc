// Takes the README screenshots from the real app: starts the server on a fresh DATA_DIR with the
// demo data, signs in as a guest, and captures the home and a menu page in both languages.
// Usage: npm run screenshots   (writes docs/screenshots/*.png)
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '../..');
const port = 3121;
const base = `http://127.0.0.1:${port}`;
const out = path.join(root, 'docs/screenshots');
mkdirSync(out, { recursive: true });

const server = spawn(process.execPath, [path.join(root, 'e2e/scripts/start-server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, E2E_PORT: String(port) },
});

async function waitReady(): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not become ready');
}

try {
  await waitReady();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  for (const locale of ['es-ES', 'en-US'] as const) {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 860 },
      deviceScaleFactor: 1,
      locale,
      baseURL: base,
    });
    const page = await context.newPage();
    const signIn = await page.request.post('/api/auth/sign-in/anonymous', {
      headers: { origin: base },
      data: {},
    });
    if (!signIn.ok()) throw new Error(`guest sign-in failed: ${signIn.status()}`);
    const list = (await (await page.request.get('/api/restaurants?limit=100')).json()) as {
      items: { id: string; country: string }[];
    };
    const restaurant =
      list.items.find((r) => r.country === (locale === 'es-ES' ? 'CL' : 'ES')) ?? list.items[0];
    if (!restaurant) throw new Error('no restaurants seeded');
    const tag = locale.slice(0, 2);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(out, `home-${tag}.png`) });
    await page.goto(`/restaurants/${restaurant.id}/menu`);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(out, `menu-${tag}.png`) });
    await context.close();
  }
  await browser.close();
  console.info(`screenshots written to ${path.relative(root, out)}`);
} finally {
  server.kill('SIGTERM');
}
