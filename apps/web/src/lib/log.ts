/**
 * Failures are logged, never shown raw (docs/product.md#product-log-messages): the message is the
 * product's own wording, the error rides along for developers. The user sees a translated, friendly
 * state instead.
 */
export function logFailure(message: string, error?: unknown): void {
  // In the server's drawing of a first screen (app/server-render.tsx) a failed read only means
  // the app draws that page itself; the server's log is not the place for it.
  if (typeof window === 'undefined') return;
  if (error === undefined) console.warn(message);
  else console.warn(message, error);
}
