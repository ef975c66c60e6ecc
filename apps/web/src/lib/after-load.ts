/** The longest {@link afterLoadWhenIdle} waits for an idle moment once the page has loaded. */
export const IDLE_TIMEOUT_MS = 5_000;

/**
 * Runs `run` once the page's `load` event has fired (at once if it has) and the main thread is
 * idle (`requestIdleCallback`, at most {@link IDLE_TIMEOUT_MS} later): for work that must not
 * compete with the first screen (the service worker, analytics).
 */
export function afterLoadWhenIdle(run: () => void): void {
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    } else {
      setTimeout(run, 0);
    }
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
