import { EARTH_RADIUS_METERS } from '@comensal/domain';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { qualified as q } from '../../db/sql.ts';
import { boundingBox, type BoundingBox } from './bounding-box.ts';
import type { Db, DbExecutor } from '../../db/client.ts';
import {
  diningTables,
  favoriteRestaurants,
  products,
  restaurants,
  rooms,
  SEARCH_FOLD_FROM,
  SEARCH_FOLD_TO,
} from '../../db/schema.ts';

export interface LatLng {
  lat: number;
  lng: number;
}

export type RestaurantKeyset =
  { sort: 'name'; name: string; id: string } | { sort: 'distance'; distance: number; id: string };

export interface RestaurantListFilter {
  q?: string;
  /** Any of these categories (empty or absent: every category). */
  categories?: readonly string[];
  vegan?: boolean;
  vegetarian?: boolean;
  origin: LatLng | null;
  sort: 'name' | 'distance';
  after: RestaurantKeyset | null;
  limit: number;
  /** Decides which products are visible (schedules are in each restaurant's zone). */
  now: Date;
}

/** Same folding as the generated `restaurants.name_search` column. */
const fold = (value: SQL) => sql`translate(lower(${value}), ${SEARCH_FOLD_FROM}, ${SEARCH_FOLD_TO})`;

/** `%`, `_` and `\` match themselves in a LIKE pattern. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * SQL twin of `isProductVisible` (@comensal/domain) evaluated at `now` in the restaurant's time
 * zone, for the "has a vegan/vegetarian product" flags and filters; menu.test.ts checks that both
 * agree at many instants. Inclusive minutes, default 00:00–23:59, start > end = across midnight,
 * calendar weekday, stock ≥ 1 when sales without stock are prevented.
 */
function visibleProductSql(now: Date): SQL {
  const local = sql`(${now.toISOString()}::timestamptz AT TIME ZONE ${q(restaurants.timeZone)})`;
  const time = sql`to_char(${local}, 'HH24:MI')`;
  const rawStart = sql`nullif(${q(products.scheduleStart)}, '')`;
  const rawEnd = sql`nullif(${q(products.scheduleEnd)}, '')`;
  const start = sql`coalesce(${rawStart}, '00:00')`;
  const end = sql`coalesce(${rawEnd}, '23:59')`;
  const days = q(products.scheduleDays);
  // Most products have no schedule: answer those without converting the time (the CASE keeps
  // PostgreSQL from evaluating the costly branch for them).
  return sql`(NOT ${q(products.hidden)}
    AND (NOT ${q(products.preventSaleWithoutStock)} OR coalesce(${q(products.stock)}, 0) >= 1)
    AND CASE WHEN ${rawStart} IS NULL AND ${rawEnd} IS NULL AND (${days} IS NULL OR cardinality(${days}) = 0)
      THEN true
      ELSE (${days} IS NULL OR cardinality(${days}) = 0 OR extract(dow FROM ${local})::smallint = ANY(${days}))
        AND (CASE WHEN ${start} <= ${end} THEN ${time} BETWEEN ${start} AND ${end}
                  ELSE ${time} >= ${start} OR ${time} <= ${end} END)
      END)`;
}

// Correlated subqueries name every column with its table (see db/sql.ts).
const hasVisible = (flag: typeof products.vegan | typeof products.vegetarian, now: Date) =>
  sql<boolean>`EXISTS (SELECT 1 FROM ${products} WHERE ${q(products.restaurantId)} = ${q(restaurants.id)} AND ${q(flag)} AND ${visibleProductSql(now)})`;

/** Great-circle distance in whole metres (haversine, mean Earth radius, as the domain's). */
const distanceSql = (
  origin: LatLng,
) => sql<number>`round(2 * ${EARTH_RADIUS_METERS}::float8 * asin(least(1, sqrt(
    power(sin(radians(${q(restaurants.lat)} - ${origin.lat}::float8) / 2), 2)
    + cos(radians(${origin.lat}::float8)) * cos(radians(${q(restaurants.lat)}))
      * power(sin(radians(${q(restaurants.lng)} - ${origin.lng}::float8) / 2), 2)))))::int`;

function selectRestaurants(executor: DbExecutor, now: Date, origin: LatLng | null) {
  return executor
    .select({
      id: restaurants.id,
      slug: restaurants.slug,
      name: restaurants.name,
      nameSearch: restaurants.nameSearch,
      description: restaurants.description,
      category: restaurants.category,
      address: restaurants.address,
      city: restaurants.city,
      country: restaurants.country,
      currency: restaurants.currency,
      timeZone: restaurants.timeZone,
      lat: restaurants.lat,
      lng: restaurants.lng,
      phone: restaurants.phone,
      images: restaurants.images,
      openingHours: restaurants.openingHours,
      pickup: restaurants.pickup,
      delivery: restaurants.delivery,
      payments: restaurants.payments,
      reviewUrl: restaurants.reviewUrl,
      suggestedTipPercent: restaurants.suggestedTipPercent,
      sections: restaurants.sections,
      hasVegan: hasVisible(products.vegan, now),
      hasVegetarian: hasVisible(products.vegetarian, now),
      favoritesCount: sql<number>`(SELECT count(*)::int FROM ${favoriteRestaurants} WHERE ${q(favoriteRestaurants.restaurantId)} = ${q(restaurants.id)})`,
      distance: origin ? distanceSql(origin) : sql<number | null>`NULL::int`,
    })
    .from(restaurants);
}

/** First radius of the distance search; dense cities fill a page well within it. */
const FIRST_RING_METERS = 2_000;

/**
 * `point(lng, lat)` inside the box: the expression of the GiST index
 * `restaurants_location_gist_idx` (migration 0003), so PostgreSQL can use it.
 */
function insideBox(box: BoundingBox): SQL {
  const ranges = box.lngRanges.map(
    ([minLng, maxLng]) =>
      sql`point(${q(restaurants.lng)}, ${q(restaurants.lat)}) <@ box(point(${minLng}::float8, ${box.minLat}::float8), point(${maxLng}::float8, ${box.maxLat}::float8))`,
  );
  return ranges.length === 1 ? ranges[0]! : sql`(${sql.join(ranges, sql` OR `)})`;
}

export type RestaurantRow = Awaited<ReturnType<ReturnType<typeof selectRestaurants>['execute']>>[number];

export interface RoomRow {
  id: string;
  key: string;
  name: { es: string; en: string };
  tables: { id: string; number: number; seats: number }[];
}

export function restaurantRepository(db: Db) {
  return {
    /** One page in keyset order; ask for one row more than you show to know if there is a next page. */
    async list(filter: RestaurantListFilter, tx: DbExecutor = db): Promise<RestaurantRow[]> {
      const conditions: SQL[] = [];
      if (filter.q) {
        const pattern = sql`'%' || ${fold(sql`${escapeLike(filter.q)}`)} || '%'`;
        conditions.push(sql`${restaurants.nameSearch} LIKE ${pattern}`);
      }
      if (filter.categories && filter.categories.length > 0) {
        conditions.push(inArray(restaurants.category, [...filter.categories]));
      }
      if (filter.vegan) conditions.push(hasVisible(products.vegan, filter.now));
      if (filter.vegetarian) conditions.push(hasVisible(products.vegetarian, filter.now));
      const select = () => selectRestaurants(tx, filter.now, filter.origin);

      if (filter.sort === 'distance' && filter.origin) {
        const { origin } = filter;
        const distance = distanceSql(origin);
        if (filter.after?.sort === 'distance') {
          conditions.push(
            sql`(${distance}, ${restaurants.id}) > (${filter.after.distance}::int, ${filter.after.id}::uuid)`,
          );
        }
        // Ring search: the nearest rows within a radius, found through the location index; if the
        // ring holds a full page, nothing farther can belong to it. Otherwise widen (×4) up to the
        // whole Earth, where the last query is the plain full sort.
        let radius = (filter.after?.sort === 'distance' ? filter.after.distance : 0) + FIRST_RING_METERS;
        for (;;) {
          const box = boundingBox(origin, radius + 1);
          const ring = box ? [insideBox(box), sql`${distance} <= ${radius}`] : [];
          const rows = await select()
            .where(and(...conditions, ...ring))
            .orderBy(asc(distance), asc(restaurants.id))
            .limit(filter.limit);
          if (!box || rows.length >= filter.limit) return rows;
          radius *= 4;
        }
      }

      if (filter.after?.sort === 'name') {
        conditions.push(
          sql`(${restaurants.nameSearch}, ${restaurants.id}) > (${filter.after.name}, ${filter.after.id}::uuid)`,
        );
      }
      return select()
        .where(and(...conditions))
        .orderBy(asc(restaurants.nameSearch), asc(restaurants.id))
        .limit(filter.limit);
    },

    /** Restaurants by id, in no particular order (unknown ids are left out). */
    async listByIds(ids: readonly string[], now: Date, tx: DbExecutor = db): Promise<RestaurantRow[]> {
      if (ids.length === 0) return [];
      return selectRestaurants(tx, now, null).where(inArray(restaurants.id, [...ids]));
    },

    async exists(id: string, tx: DbExecutor = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: restaurants.id })
        .from(restaurants)
        .where(eq(restaurants.id, id))
        .limit(1);
      return row !== undefined;
    },

    /** The few fields writers need (currency for prices, sections to validate a product's). */
    async findBasics(
      id: string,
      tx: DbExecutor = db,
    ): Promise<Pick<
      RestaurantRow,
      'id' | 'slug' | 'name' | 'country' | 'currency' | 'timeZone' | 'sections'
    > | null> {
      const [row] = await tx
        .select({
          id: restaurants.id,
          slug: restaurants.slug,
          name: restaurants.name,
          country: restaurants.country,
          currency: restaurants.currency,
          timeZone: restaurants.timeZone,
          sections: restaurants.sections,
        })
        .from(restaurants)
        .where(eq(restaurants.id, id))
        .limit(1);
      return row ?? null;
    },

    async findIdBySlug(slug: string, tx: DbExecutor = db): Promise<string | null> {
      const [row] = await tx
        .select({ id: restaurants.id })
        .from(restaurants)
        .where(eq(restaurants.slug, slug))
        .limit(1);
      return row?.id ?? null;
    },

    async findById(id: string, now: Date, tx: DbExecutor = db): Promise<RestaurantRow | null> {
      const [row] = await selectRestaurants(tx, now, null).where(eq(restaurants.id, id)).limit(1);
      return row ?? null;
    },

    /** Rooms in display order with their tables by number. */
    async listRooms(restaurantId: string, tx: DbExecutor = db): Promise<RoomRow[]> {
      const [roomRows, tableRows] = await Promise.all([
        tx
          .select({ id: rooms.id, key: rooms.key, name: rooms.name })
          .from(rooms)
          .where(eq(rooms.restaurantId, restaurantId))
          .orderBy(asc(rooms.position), asc(rooms.key)),
        tx
          .select({
            id: diningTables.id,
            roomId: diningTables.roomId,
            number: diningTables.number,
            seats: diningTables.seats,
          })
          .from(diningTables)
          .where(eq(diningTables.restaurantId, restaurantId))
          .orderBy(asc(diningTables.number)),
      ]);
      return roomRows.map((room) => ({
        ...room,
        tables: tableRows
          .filter((t) => t.roomId === room.id)
          .map(({ id, number, seats }) => ({ id, number, seats })),
      }));
    },
  };
}
