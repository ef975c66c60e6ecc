/**
 * The `fetch` the API client and the session check call: the browser's, except while the server
 * writes a page's first screen (app/server-render.tsx), where it is the server's own, answering
 * in-process (docs/decisions/0039-server-written-first-screen.md).
 */
export type ApiFetch = (input: string, init?: RequestInit) => Promise<Response>;

let current: ApiFetch = (input, init) => fetch(input, init);

export function apiFetch(input: string, init?: RequestInit): Promise<Response> {
  return current(input, init);
}

/** Server only: every later API read goes to `fetchFn`. */
export function setApiFetch(fetchFn: ApiFetch): void {
  current = fetchFn;
}
