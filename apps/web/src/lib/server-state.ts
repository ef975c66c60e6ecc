import type { DehydratedState } from '@tanstack/react-query';
import { isSupportedLocale, type SupportedLocale } from '@comensal/domain';

/**
 * What the server hands the app with a page it wrote (app/server-render.tsx,
 * docs/decisions/0039-server-written-first-screen.md): the language it wrote it in and the answers
 * it drew it from, so that the app's first render draws the same elements over it. It travels in
 * `<script type="application/json" id="server-state">` (data, not a script: the
 * Content-Security-Policy allows no inline script).
 */
export interface ServerState {
  locale: SupportedLocale;
  queries: DehydratedState;
}

export const SERVER_STATE_ID = 'server-state';

/** The state of the page the server wrote, or null (index.html as built: the app draws the page). */
export function readServerState(doc: Document | undefined = globalThis.document): ServerState | null {
  const text = doc?.getElementById(SERVER_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<ServerState> | null;
    if (!value || !isSupportedLocale(value.locale) || typeof value.queries !== 'object' || !value.queries) {
      return null;
    }
    return { locale: value.locale, queries: value.queries };
  } catch {
    return null;
  }
}

/** `JSON.stringify` safe inside a `<script>` element: no `</script>` or `<!--` can end it early. */
export function serializeServerState(state: ServerState): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
