/**
 * Dev-only: change a menu the way the staff console will, through the server's use cases, so that
 * every open menu (and e2e) sees it live. It talks to the database of a running server:
 * DATABASE_URL, or the embedded PostgreSQL of DATA_DIR (default ./data; its port is read from
 * postmaster.pid, its password from DATA_DIR/pg-password).
 *
 *   node apps/server/scripts/menu-change.ts --restaurant <slug|id> --product <key|id> --price 4500
 *   node apps/server/scripts/menu-change.ts --restaurant <slug|id> --product <key|id> --stock 0 --hidden false
 *   node apps/server/scripts/menu-change.ts --restaurant <slug|id> --product <key|id> --set '{"scheduleDays":[5]}'
 *   node apps/server/scripts/menu-change.ts --restaurant <slug|id> --create '{"section":"mains","name":{"es":"Nuevo","en":"New"},"priceMinor":1000}'
 *   node apps/server/scripts/menu-change.ts --restaurant <slug|id> --opening-hours '[[{"open":"00:00","close":"23:59"}],…]'
 *
 * Prints the product as the API shows it (JSON) on stdout — for `--opening-hours`, the restaurant's
 * `{ id, openingHours }` (index 0 = Sunday; PostgreSQL itself announces the change to the
 * servers' list caches) — and exits 1 with a message otherwise.
 */
import { parseArgs } from 'node:util';
import { openingHoursSchema } from '@comensal/contracts';
import { eq } from 'drizzle-orm';
import { devDatabaseUrl, failWith } from './dev-database.ts';
import { createDatabase } from '../src/db/client.ts';
import { restaurants } from '../src/db/schema.ts';
import { createContext } from '../src/lib/context.ts';
import { isUuid } from '../src/lib/ids.ts';
import {
  createProduct,
  findProductIdByKey,
  findRestaurantIdBySlug,
  updateProduct,
} from '../src/modules/restaurants/index.ts';

function fail(message: string): never {
  return failWith('menu-change', message);
}

function parseJson(flag: string, text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  return fail(`--${flag} takes a JSON object`);
}

function parseBoolean(flag: string, text: string): boolean {
  if (text === 'true' || text === 'false') return text === 'true';
  return fail(`--${flag} takes true or false`);
}

function parseInteger(flag: string, text: string, nullable: boolean): number | null {
  if (nullable && text === 'null') return null;
  if (!/^\d+$/.test(text)) fail(`--${flag} takes a non-negative integer${nullable ? ' or null' : ''}`);
  return Number(text);
}

async function main(): Promise<void> {
  if (process.env.NODE_ENV === 'production')
    fail('this is a development tool; it does not run with NODE_ENV=production');
  const { values } = parseArgs({
    options: {
      restaurant: { type: 'string' },
      product: { type: 'string' },
      price: { type: 'string' },
      stock: { type: 'string' },
      hidden: { type: 'string' },
      set: { type: 'string' },
      create: { type: 'string' },
      'opening-hours': { type: 'string' },
    },
    strict: true,
  });
  if (!values.restaurant) fail('--restaurant <slug|id> is required');
  const hours = values['opening-hours'];
  const modes = [values.create, values.product, hours].filter((value) => value !== undefined).length;
  if (modes > 1) fail('use one of --product, --create or --opening-hours');
  if (modes === 0) fail('--product <key|id>, --create <json> or --opening-hours <json> is required');

  const databaseUrl = devDatabaseUrl('menu-change');
  const database = createDatabase(databaseUrl, { max: 2 });
  const ctx = createContext({ db: database.db });
  try {
    const restaurantId = isUuid(values.restaurant)
      ? values.restaurant
      : await findRestaurantIdBySlug(ctx, values.restaurant);
    if (!restaurantId) fail(`no restaurant ${values.restaurant}`);

    if (hours !== undefined) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(hours);
      } catch {
        fail('--opening-hours takes JSON');
      }
      const openingHours = openingHoursSchema.safeParse(parsed);
      if (!openingHours.success)
        fail('--opening-hours takes 7 lists (Sunday first) of { open, close } (HH:mm)');
      await database.db
        .update(restaurants)
        .set({ openingHours: openingHours.data })
        .where(eq(restaurants.id, restaurantId));
      console.info(JSON.stringify({ id: restaurantId, openingHours: openingHours.data }));
      return;
    }
    if (values.create !== undefined) {
      const product = await createProduct(ctx, restaurantId, parseJson('create', values.create));
      console.info(JSON.stringify(product));
      return;
    }
    const ref = values.product!;
    const productId = isUuid(ref) ? ref : await findProductIdByKey(ctx, restaurantId, ref);
    if (!productId) fail(`no product ${ref} in ${values.restaurant}`);
    const changes: Record<string, unknown> = values.set === undefined ? {} : parseJson('set', values.set);
    if (values.price !== undefined) changes.priceMinor = parseInteger('price', values.price, false);
    if (values.stock !== undefined) changes.stock = parseInteger('stock', values.stock, true);
    if (values.hidden !== undefined) changes.hidden = parseBoolean('hidden', values.hidden);
    if (Object.keys(changes).length === 0) fail('nothing to change: --price, --stock, --hidden or --set');
    const product = await updateProduct(ctx, restaurantId, productId, changes);
    console.info(JSON.stringify(product));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  fail(error instanceof Error ? error.message : String(error));
});
