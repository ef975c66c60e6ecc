/**
 * Failures are logged, never shown raw (docs/product.md#product-log-messages): the message is the
 * product's own wording, the error rides along for developers. The user sees a translated, friendly
 * state instead.
 */
export function logFailure(message: string, error?: unknown): void {
  if (error === undefined) console.warn(message);
  else console.warn(message, error);
}
