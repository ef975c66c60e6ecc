const HASH_ROUTE_MARKER = '#/';

/**
 * Links from the old hash-routed app (`https://host/#/restaurants/x/menu?table=3`) address the
 * same screens without the marker (docs/product.md#remembered-restaurant-and-table-links). Returns
 * the rewritten path + query + hash, or null when the URL has no marker. Query parameters before
 * the marker are kept unless the part after the marker sets the same name.
 */
export function stripHashRouteMarker(url: URL): string | null {
  if (!url.hash.startsWith(HASH_ROUTE_MARKER)) return null;
  const inner = new URL(url.hash.slice(1), url.origin);
  for (const [key, value] of url.searchParams) {
    if (!inner.searchParams.has(key)) inner.searchParams.append(key, value);
  }
  return `${inner.pathname}${inner.search}${inner.hash}`;
}

/** Rewrites the current address in place (no reload); call before the router reads the URL. */
export function rewriteHashRouteUrl(
  location: Location = window.location,
  history: History = window.history,
): void {
  const rewritten = stripHashRouteMarker(new URL(location.href));
  if (rewritten !== null) history.replaceState(history.state, '', rewritten);
}
