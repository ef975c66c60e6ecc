// Bench data, inserted fast: generated restaurants in ONE statement (INSERT … SELECT
// generate_series, with their products in the same statement), and one big menu through the
// server's own seed factory.
import pg from 'pg';
import { RESTAURANT_CATEGORIES } from '../../packages/domain/src/index.ts';
import {
  SAMPLE_EXTRAS,
  SAMPLE_SIZE,
  buildSeedProduct,
  buildSeedRestaurant,
  insertRestaurant,
} from '../../apps/server/src/db/seed/insert-restaurant.ts';
import type { Db } from '../../apps/server/src/db/client.ts';
import type { SeedProduct } from '../../apps/server/src/db/seed/types.ts';

const CATEGORIES = RESTAURANT_CATEGORIES;
const WORDS = ['Sabor', 'Fogón', 'Mar', 'Huerta', 'Brasa', 'Café', 'Picada', 'Cocina', 'Ñandú', 'Árbol'];
const OPENING_HOURS = JSON.stringify(Array.from({ length: 7 }, () => [{ open: '09:00', close: '23:30' }]));
const SECTIONS = JSON.stringify([{ key: 'mains', name: { es: 'Fondos', en: 'Mains' } }]);

/**
 * Restaurants number `from`..`from + count - 1`, spread over ±0.3° around central Santiago,
 * each with `productsEach` products (every 5th restaurant has a vegan one, every 3rd a vegetarian one).
 */
export async function insertGeneratedRestaurants(
  connectionString: string,
  from: number,
  count: number,
  productsEach = 5,
): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(
      `WITH created AS (
         INSERT INTO restaurants (slug, name, description, category, address, city, country, currency,
                                  time_zone, lat, lng, phone, opening_hours, sections)
         SELECT 'bench-' || g,
                ($3::text[])[1 + g % array_length($3::text[], 1)] || ' ' || ($3::text[])[1 + (g / 7) % array_length($3::text[], 1)] || ' ' || g,
                '{"es":"Restaurante generado para medir","en":"Generated for benchmarks"}'::jsonb,
                ($4::text[])[1 + (g * 7) % array_length($4::text[], 1)],
                'Calle ' || g, 'Santiago', 'CL', 'CLP', 'America/Santiago',
                -33.45 + ((g::bigint * 7919) % 10007) / 10007.0 * 0.6 - 0.3,
                -70.65 + ((g::bigint * 104729) % 10009) / 10009.0 * 0.6 - 0.3,
                '+56 2 2000 0000', $5::jsonb, $6::jsonb
         FROM generate_series($1::int, $1::int + $2::int - 1) AS g
         RETURNING id, slug)
       INSERT INTO products (restaurant_id, section, position, name, description, price_minor, tags, vegan, vegetarian)
       SELECT c.id, 'mains', p, jsonb_build_object('es', 'Plato ' || p, 'en', 'Dish ' || p),
              '{"es":"Un plato","en":"A dish"}'::jsonb, 1000 + p * 750,
              CASE WHEN p = 1 AND split_part(c.slug, '-', 2)::int % 5 = 0 THEN '{vegan}'::text[]
                   WHEN p = 2 AND split_part(c.slug, '-', 2)::int % 3 = 0 THEN '{vegetarian}'::text[]
                   ELSE '{}'::text[] END,
              p = 1 AND split_part(c.slug, '-', 2)::int % 5 = 0,
              (p = 1 AND split_part(c.slug, '-', 2)::int % 5 = 0) OR (p = 2 AND split_part(c.slug, '-', 2)::int % 3 = 0)
       FROM created c CROSS JOIN generate_series(1, $7::int) AS p`,
      [from, count, WORDS, CATEGORIES, OPENING_HOURS, SECTIONS, productsEach],
    );
    await client.query('ANALYZE restaurants; ANALYZE products');
  } finally {
    await client.end();
  }
}

/** A restaurant with a menu of `products` products in 8 sections (preferences, tags, discounts). */
export async function insertBigMenu(
  db: Db,
  products: number,
): Promise<{ restaurantId: string; productId: string }> {
  if (products < 1) throw new Error('the bench menu needs at least one product');
  const sections = ['starters', 'salads', 'mains', 'grill', 'sandwiches', 'desserts', 'drinks', 'wines'];
  const tags: SeedProduct['tags'][] = [
    [],
    ['vegan'],
    ['vegetarian'],
    ['spicy'],
    ['gluten_free', 'dairy_free'],
    [],
  ];
  const inserted = await insertRestaurant(
    db,
    buildSeedRestaurant({
      slug: 'bench-menu',
      name: 'La Gran Carta',
      // takes every way to pay (Webpay in pesos, cash, Pago Móvil), for bench/pay.bench.ts
      payments: {
        webpay: true,
        cash: true,
        mobileTransfer: {
          bankCode: '0134',
          bankName: 'Banesco',
          phone: '0412-5550100',
          idNumber: 'J-40000000-1',
        },
      },
      sections: sections.map((key) => ({ key, name: { es: key, en: key } })),
      products: Array.from({ length: products }, (_, i) =>
        buildSeedProduct({
          key: `dish-${i}`,
          section: sections[i % sections.length]!,
          name: { es: `Plato número ${i} de la casa`, en: `House dish number ${i}` },
          description: {
            es: 'Preparado cada día con productos de temporada, servido con pan amasado y pebre.',
            en: 'Made every day with seasonal produce, served with homemade bread and pebre.',
          },
          priceMinor: 3_000 + (i % 40) * 250,
          calories: 300 + (i % 9) * 50,
          tags: tags[i % tags.length]!,
          preferences: i % 3 === 0 ? [SAMPLE_SIZE, SAMPLE_EXTRAS] : i % 3 === 1 ? [SAMPLE_SIZE] : [],
          discount: i % 10 === 0 ? { type: 'percent', value: 10 } : null,
        }),
      ),
    }),
  );
  return { restaurantId: inserted.restaurant.id, productId: inserted.products[0]!.id };
}
