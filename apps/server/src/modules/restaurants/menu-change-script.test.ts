import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { MENU_CHANGED_EVENT, menuTopic, type Product } from '@comensal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSeedProduct, buildSeedRestaurant, insertRestaurant } from '../../db/seed/insert-restaurant.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { openLiveClient, type LiveTestClient } from '../../test/live.ts';
import { TEST_ORIGIN } from '../../test/sessions.ts';

const execFileAsync = promisify(execFile);
const SCRIPT = path.resolve(import.meta.dirname, '../../../scripts/menu-change.ts');

let t: TestApp;
let socket: LiveTestClient;
let restaurantId: string;
let slug: string;
let productId: string;

function run(args: string[]) {
  return execFileAsync(process.execPath, [SCRIPT, ...args], {
    env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: t.db.connectionString },
  }).then(
    ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
}

beforeAll(async () => {
  t = await buildTestApp();
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const inserted = await insertRestaurant(
    t.db.db,
    buildSeedRestaurant({ products: [buildSeedProduct({ key: 'empanada', priceMinor: 2_500 })] }),
  );
  restaurantId = inserted.restaurant.id;
  slug = inserted.restaurant.slug;
  productId = inserted.products[0]!.id;
  socket = await openLiveClient(url, { origin: TEST_ORIGIN });
  await socket.request({ op: 'subscribe', topic: menuTopic(restaurantId) });
});

afterAll(async () => {
  socket?.close();
  await t?.close();
});

describe('scripts/menu-change.ts (dev tool for e2e)', () => {
  it('changes a product by restaurant slug and product key; open menus hear of it', async () => {
    const result = await run([
      '--restaurant',
      slug,
      '--product',
      'empanada',
      '--price',
      '2700',
      '--stock',
      '4',
    ]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout) as Product).toMatchObject({ id: productId, price: 2_700, stock: 4 });
    expect(await socket.next()).toEqual({
      topic: menuTopic(restaurantId),
      event: MENU_CHANGED_EVENT,
      data: { productId },
    });
  });

  it('creates a product', async () => {
    const result = await run([
      '--restaurant',
      restaurantId,
      '--create',
      JSON.stringify({
        key: 'sopaipilla',
        section: 'mains',
        name: { es: 'Sopaipilla', en: 'Sopaipilla' },
        priceMinor: 500,
      }),
    ]);
    expect(result.code).toBe(0);
    const created = JSON.parse(result.stdout) as Product;
    expect(created).toMatchObject({ price: 500, section: 'mains' });
    expect(await socket.next()).toMatchObject({ event: MENU_CHANGED_EVENT, data: { productId: created.id } });
  });

  it.each([
    [['--restaurant', 'no-such-place', '--product', 'empanada', '--price', '1'], 'no restaurant'],
    [['--restaurant', 'SLUG', '--product', 'nope', '--price', '1'], 'no product'],
    [['--restaurant', 'SLUG', '--product', 'empanada', '--price', '4.5'], 'non-negative integer'],
    [['--restaurant', 'SLUG', '--product', 'empanada'], 'nothing to change'],
    [['--restaurant', 'SLUG', '--product', 'empanada', '--set', '{"priceMinor":"free"}'], 'Invalid product'],
    [
      ['--restaurant', 'SLUG', '--create', '{"section":"nope","name":{"es":"a","en":"a"},"priceMinor":1}'],
      'Unknown section',
    ],
  ])('refuses %j', async (args, message) => {
    const result = await run(args.map((arg) => (arg === 'SLUG' ? slug : arg)));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(message);
  });
});
