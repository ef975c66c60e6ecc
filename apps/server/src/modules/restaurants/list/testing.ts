/** Helpers of the list tests (nearby-lists, name-list-distances). */
import type { ListRestaurantsQuery } from '@comensal/contracts';

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32). */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The list route's address for a query. */
export const listUrl = (query: ListRestaurantsQuery) =>
  `/api/restaurants?${new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  ).toString()}`;
