/**
 * The SQL of restaurant lists (README.md): one page by name or by distance with the search
 * filters, prepared per shape; and what the in-memory lists read (every position, list items by
 * id). `summaryColumns` is also the summary part of a restaurant's detail (restaurant-repository.ts).
 */
import { EARTH_RADIUS_METERS, type LatLng } from '@comensal/domain';
import { and, asc, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../../db/client.ts';
import {
  favoriteRestaurants,
  products,
  restaurants,
  SEARCH_FOLD_FROM,
  SEARCH_FOLD_TO,
} from '../../../db/schema.ts';
import { qualified as q } from '../../../db/sql.ts';
import { boundingBox } from './bounding-box.ts';

/** A restaurant as the nearby index holds it (nearby-index.ts). */
export interface Place {
  id: string;
  lat: number;
  lng: number;
  category: string;
  /** May have a vegan product visible (false: certainly not). */
  vegan: boolean;
  /** May have a vegetarian product visible (false: certainly not). */
  vegetarian: boolean;
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

/** A value of the query, or a placeholder filled at each execution of a prepared list query. */
type Value<T> = T | Placeholder;

/**
 * SQL twin of `isProductVisible` (@comensal/domain) evaluated at `now` (an ISO instant) in the
 * restaurant's time zone, for the "has a vegan/vegetarian product" flags and filters; menu.test.ts
 * checks that both agree at many instants. Inclusive minutes, default 00:00–23:59, start > end =
 * across midnight, calendar weekday, stock ≥ 1 when sales without stock are prevented.
 */
function visibleProductSql(now: Value<string>): SQL {
  const local = sql`(${now}::timestamptz AT TIME ZONE ${q(restaurants.timeZone)})`;
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

const DIETS = {
  vegan: { product: products.vegan, restaurant: restaurants.hasVeganProduct },
  vegetarian: { product: products.vegetarian, restaurant: restaurants.hasVegetarianProduct },
} as const;

/**
 * "Has a vegan (vegetarian) product visible now". The restaurant's flag (a vegan product not
 * hidden, kept by the triggers of migration 0004) answers no for most restaurants without reading
 * their products, and lets the filter walk the partial name index of the candidates only; the
 * EXISTS reads the partial products index (vegan AND NOT hidden) of one restaurant.
 * Correlated subqueries name every column with its table (see db/sql.ts).
 */
const hasVisible = (diet: keyof typeof DIETS, now: Value<string>) =>
  sql<boolean>`(${q(DIETS[diet].restaurant)} AND EXISTS ${visibleDietProducts(diet, now)})`;

/** The restaurant's products of `diet` visible at `now` (a correlated subquery). */
const visibleDietProducts = (diet: keyof typeof DIETS, now: Value<string>) =>
  sql`(SELECT 1 FROM ${products} WHERE ${q(products.restaurantId)} = ${q(restaurants.id)} AND ${q(DIETS[diet].product)} AND ${visibleProductSql(now)})`;

/**
 * The same as a filter. The EXISTS is wrapped in a scalar subquery so that PostgreSQL checks it
 * row by row while it walks the candidates in page order (constant work per page), rather than
 * turning it into a join over every vegan product and sorting the result (work that grows with
 * the number of restaurants, which it picks for small tables at the cost of a sort).
 */
const hasVisibleFilter = (diet: keyof typeof DIETS, now: Value<string>) =>
  sql`(${q(DIETS[diet].restaurant)} AND (SELECT EXISTS ${visibleDietProducts(diet, now)}))`;

/** Great-circle distance in whole metres (haversine, mean Earth radius, as the domain's). */
const distanceSql = (origin: {
  lat: Value<number>;
  lng: Value<number>;
}) => sql<number>`round(2 * ${EARTH_RADIUS_METERS}::float8 * asin(least(1, sqrt(
    power(sin(radians(${q(restaurants.lat)} - ${origin.lat}::float8) / 2), 2)
    + cos(radians(${origin.lat}::float8)) * cos(radians(${q(restaurants.lat)}))
      * power(sin(radians(${q(restaurants.lng)} - ${origin.lng}::float8) / 2), 2)))))::int`;

/** A vegan or vegetarian product, not hidden, visible at some times or weekdays only. */
const dietDependsOnClockSql = sql<boolean>`EXISTS (SELECT 1 FROM ${products}
    WHERE ${q(products.restaurantId)} = ${q(restaurants.id)}
      AND (${q(products.vegan)} OR ${q(products.vegetarian)}) AND NOT ${q(products.hidden)}
      AND (nullif(${q(products.scheduleStart)}, '') IS NOT NULL OR nullif(${q(products.scheduleEnd)}, '') IS NOT NULL
        OR coalesce(cardinality(${q(products.scheduleDays)}), 0) > 0))`;

const favoritesCountSql = sql<number>`(SELECT count(*)::int FROM ${favoriteRestaurants} WHERE ${q(favoriteRestaurants.restaurantId)} = ${q(restaurants.id)})`;

/**
 * Only what a list item shows (see toRestaurantSummary): no opening hours, sections, payments or
 * delivery to read, send and parse for every row of every page.
 */
export function summaryColumns(
  now: Value<string>,
  origin: { lat: Value<number>; lng: Value<number> } | null,
) {
  return {
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
    images: restaurants.images,
    hasVegan: hasVisible('vegan', now),
    hasVegetarian: hasVisible('vegetarian', now),
    favoritesCount: favoritesCountSql,
    distance: origin ? distanceSql(origin) : sql<number | null>`NULL::int`,
  };
}

function selectSummaries(
  executor: DbExecutor,
  now: Value<string>,
  origin: { lat: Value<number>; lng: Value<number> } | null,
) {
  return executor.select(summaryColumns(now, origin)).from(restaurants);
}

/** First radius of the distance search; dense cities fill a page well within it. */
const FIRST_RING_METERS = 2_000;

/**
 * The first radius for the first page of a search, learnt from the latest first page of the same
 * filters: 1.25 × the distance of its last item (about 1.5 × the area a page took), so one query
 * usually does, and in a dense city it does not read hundreds of rows. Only a guess: whatever the
 * radius, the ring search answers the same rows.
 */
const firstRadii = new Map<string, number>();
const MAX_LEARNT_RADII = 256;

function learnFirstRadius(key: string, lastDistance: number): void {
  const radius = Math.min(Math.max(Math.ceil(lastDistance * 1.25), 100), 1_000_000);
  firstRadii.delete(key);
  firstRadii.set(key, radius);
  if (firstRadii.size > MAX_LEARNT_RADII) firstRadii.delete(firstRadii.keys().next().value!);
}

/**
 * `point(lng, lat)` inside the box (one or two longitude ranges): the expression of the GiST
 * index `restaurants_location_gist_idx` (migration 0003), so PostgreSQL can use it.
 */
function insideBox(ranges: number): SQL {
  const parts = Array.from(
    { length: ranges },
    (_, i) =>
      sql`point(${q(restaurants.lng)}, ${q(restaurants.lat)}) <@ box(point(${sql.placeholder(`minLng${i}`)}::float8, ${sql.placeholder('minLat')}::float8), point(${sql.placeholder(`maxLng${i}`)}::float8, ${sql.placeholder('maxLat')}::float8))`,
  );
  return parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` OR `)})`;
}

/** What makes two list queries the same statement (their values aside). */
interface ListShape {
  q: boolean;
  categories: boolean;
  vegan: boolean;
  vegetarian: boolean;
  origin: boolean;
  /** name, distance (no ring: the whole Earth) or the number of longitude ranges of the ring. */
  order: 'name' | 'distance' | 1 | 2;
  after: boolean;
  limit: number;
}

const shapeKey = (shape: ListShape) =>
  `${+shape.q}${+shape.categories}${+shape.vegan}${+shape.vegetarian}${+shape.origin}${+shape.after}${shape.order}_${shape.limit}`;

/**
 * The page size as a constant of the statement: with `LIMIT $n` the generic plan of a prepared
 * statement expects 10% of the table, so PostgreSQL would plan every execution anew.
 */
const constantLimit = (limit: number) => sql.raw(String(Math.trunc(limit))) as unknown as Placeholder;

/** The list query of a shape, with placeholders for every value. */
function buildListQuery(executor: DbExecutor, shape: ListShape) {
  const origin = shape.origin ? { lat: sql.placeholder('lat'), lng: sql.placeholder('lng') } : null;
  const conditions: SQL[] = [];
  if (shape.q) {
    const pattern = sql`'%' || ${fold(sql`${sql.placeholder('q')}::text`)} || '%'`;
    conditions.push(sql`${restaurants.nameSearch} LIKE ${pattern}`);
  }
  if (shape.categories) {
    conditions.push(sql`${restaurants.category} = ANY(${sql.placeholder('categories')}::text[])`);
  }
  const now = sql.placeholder('now');
  if (shape.vegan) conditions.push(hasVisibleFilter('vegan', now));
  if (shape.vegetarian) conditions.push(hasVisibleFilter('vegetarian', now));
  const select = selectSummaries(executor, now, origin);
  if (shape.order === 'name') {
    if (shape.after) {
      conditions.push(
        sql`(${restaurants.nameSearch}, ${restaurants.id}) > (${sql.placeholder('afterName')}::text, ${sql.placeholder('afterId')}::uuid)`,
      );
    }
    return select
      .where(and(...conditions))
      .orderBy(asc(restaurants.nameSearch), asc(restaurants.id))
      .limit(constantLimit(shape.limit));
  }
  const distance = distanceSql(origin!);
  if (shape.after) {
    conditions.push(
      sql`(${distance}, ${restaurants.id}) > (${sql.placeholder('afterDistance')}::int, ${sql.placeholder('afterId')}::uuid)`,
    );
  }
  if (shape.order !== 'distance') {
    conditions.push(insideBox(shape.order), sql`${distance} <= ${sql.placeholder('radius')}::int`);
  }
  return select
    .where(and(...conditions))
    .orderBy(asc(distance), asc(restaurants.id))
    .limit(constantLimit(shape.limit));
}

type ListQuery = Pick<ReturnType<typeof buildListQuery>, 'execute'>;

/**
 * Prepared statements per executor (the pool, or a transaction), at most this many: each one stays
 * in every connection's memory, and the shapes (filters × order × page size) are many more.
 */
const MAX_PREPARED_SHAPES = 64;
const listQueries = new WeakMap<DbExecutor, Map<string, ListQuery>>();

/**
 * The list query of a shape, prepared (a named statement, parsed and planned once per connection:
 * building and planning this query cost more than running it) for the first shapes asked.
 */
function listQuery(executor: DbExecutor, shape: ListShape): ListQuery {
  let queries = listQueries.get(executor);
  if (!queries) {
    queries = new Map();
    listQueries.set(executor, queries);
  }
  const key = shapeKey(shape);
  const prepared = queries.get(key);
  if (prepared) return prepared;
  const query = buildListQuery(executor, shape);
  if (queries.size >= MAX_PREPARED_SHAPES) return query;
  const statement = query.prepare(`restaurants_list_${key}`);
  queries.set(key, statement);
  return statement;
}

/** List items by id with `dependsOnClock` (see listSummariesForCache). */
const summariesForCacheQuery = (executor: DbExecutor) =>
  executor
    .select({ ...summaryColumns(sql.placeholder('now'), null), dependsOnClock: dietDependsOnClockSql })
    .from(restaurants)
    .where(sql`${restaurants.id} = ANY(${sql.placeholder('ids')}::uuid[])`);

type SummariesForCacheStatement = ReturnType<ReturnType<typeof summariesForCacheQuery>['prepare']>;
/** Prepared once per executor (asked once per page of misses). */
const summariesForCacheStatements = new WeakMap<DbExecutor, SummariesForCacheStatement>();

/** A list item's row (also what the favourites list shows of a restaurant). */
export type RestaurantSummaryRow = Awaited<ReturnType<ListQuery['execute']>>[number];

export function listRepository(db: Db) {
  return {
    /** One page in keyset order; ask for one row more than you show to know if there is a next page. */
    async list(filter: RestaurantListFilter, tx: DbExecutor = db): Promise<RestaurantSummaryRow[]> {
      if (!Number.isSafeInteger(filter.limit) || filter.limit < 1) throw new RangeError('limit must be ≥ 1');
      const categories = filter.categories && filter.categories.length > 0 ? [...filter.categories] : null;
      const shape: Omit<ListShape, 'order' | 'after'> = {
        q: Boolean(filter.q),
        categories: categories !== null,
        vegan: Boolean(filter.vegan),
        vegetarian: Boolean(filter.vegetarian),
        origin: filter.origin !== null,
        limit: filter.limit,
      };
      const values: Record<string, unknown> = {
        now: filter.now.toISOString(),
        ...(filter.q ? { q: escapeLike(filter.q) } : {}),
        ...(categories ? { categories } : {}),
        ...(filter.origin ? { lat: filter.origin.lat, lng: filter.origin.lng } : {}),
      };

      if (filter.sort === 'distance' && filter.origin) {
        const { origin, after } = filter;
        if (after?.sort === 'distance') {
          Object.assign(values, { afterDistance: after.distance, afterId: after.id });
        }
        // Ring search: the nearest rows within a radius, found through the location index; if the
        // ring holds a full page, nothing farther can belong to it. Otherwise widen up to the whole
        // Earth, where the last query is the plain full sort.
        const radiusKey = JSON.stringify([filter.q, categories, shape.vegan, shape.vegetarian, filter.limit]);
        let radius =
          after?.sort === 'distance'
            ? after.distance + FIRST_RING_METERS
            : (firstRadii.get(radiusKey) ?? FIRST_RING_METERS);
        for (;;) {
          const box = boundingBox(origin, radius + 1);
          const ringShape = { ...shape, after: after?.sort === 'distance' };
          if (!box) return listQuery(tx, { ...ringShape, order: 'distance' }).execute(values);
          const ranges: Record<string, number> = {};
          for (const [i, [minLng, maxLng]] of box.lngRanges.entries()) {
            ranges[`minLng${i}`] = minLng;
            ranges[`maxLng${i}`] = maxLng;
          }
          const rows = await listQuery(tx, {
            ...ringShape,
            order: box.lngRanges.length === 1 ? 1 : 2,
          }).execute({ ...values, ...ranges, minLat: box.minLat, maxLat: box.maxLat, radius });
          if (rows.length >= filter.limit) {
            if (after?.sort !== 'distance') learnFirstRadius(radiusKey, rows.at(-1)!.distance ?? 0);
            return rows;
          }
          // as many more rows again as the page lacks, by the density of this ring (×1.5 to ×4)
          const lacking = Math.sqrt(filter.limit / Math.max(rows.length, 1));
          radius = Math.ceil(radius * Math.min(4, Math.max(1.5, 1.25 * lacking)));
        }
      }

      const { after } = filter;
      if (after?.sort === 'name') Object.assign(values, { afterName: after.name, afterId: after.id });
      return listQuery(tx, { ...shape, after: after?.sort === 'name', order: 'name' }).execute(values);
    },

    /** Every restaurant's position, category and diet flags (for the nearby index). */
    async listPlaces(tx: DbExecutor = db): Promise<Place[]> {
      return tx
        .select({
          id: restaurants.id,
          lat: restaurants.lat,
          lng: restaurants.lng,
          category: restaurants.category,
          vegan: restaurants.hasVeganProduct,
          vegetarian: restaurants.hasVegetarianProduct,
        })
        .from(restaurants);
    },

    /**
     * List items by id (no distance), each with whether its diet answers may change with the
     * clock alone: a vegan or vegetarian product, not hidden, with a schedule or some weekdays.
     */
    async listSummariesForCache(ids: readonly string[], now: Date, tx: DbExecutor = db) {
      if (ids.length === 0) return [];
      let statement = summariesForCacheStatements.get(tx);
      if (!statement) {
        statement = summariesForCacheQuery(tx).prepare('restaurants_summaries_for_cache');
        summariesForCacheStatements.set(tx, statement);
      }
      return statement.execute({ ids: [...ids], now: now.toISOString() });
    },

    /** Restaurants by id, in no particular order (unknown ids are left out). */
    async listByIds(ids: readonly string[], now: Date, tx: DbExecutor = db): Promise<RestaurantSummaryRow[]> {
      if (ids.length === 0) return [];
      return selectSummaries(tx, now.toISOString(), null).where(inArray(restaurants.id, [...ids]));
    },
  };
}
