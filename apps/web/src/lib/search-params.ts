export type QueryValue = string | number | boolean | null | undefined;
/** Query parameters; `null`, `undefined` and empty-string values are left out. */
export type Query = Readonly<Record<string, QueryValue>>;

/** `{ q: 'taco', cursor: null }` → `?q=taco`; nothing to add → `''`. */
export function toSearch(query: Query | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
