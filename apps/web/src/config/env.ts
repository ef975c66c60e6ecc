/**
 * Build-time configuration (Vite `VITE_*` variables), validated once at start-up.
 * Everything has a default: the built app talks to the API on its own origin.
 *
 * Checked by hand (not with zod) because this module is on the start-up path of every page,
 * and zod would be most of the first download.
 */

/** Origin of the API server, e.g. `https://api.example.com`; empty = same origin as the app. */
function parseApiOrigin(value: unknown): string {
  if (value === undefined || value === '') return '';
  if (typeof value !== 'string') throw new Error('VITE_API_ORIGIN: expected a string');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`VITE_API_ORIGIN: invalid URL "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`VITE_API_ORIGIN: expected an http(s) URL, got "${value}"`);
  }
  return value.replace(/\/+$/, '');
}

function parseEnv(source: Record<string, unknown>) {
  try {
    return { apiOrigin: parseApiOrigin(source.VITE_API_ORIGIN) };
  } catch (error) {
    throw new Error(`Invalid web configuration:\n${(error as Error).message}`, { cause: error });
  }
}

export const env: { readonly apiOrigin: string } = parseEnv(import.meta.env);
