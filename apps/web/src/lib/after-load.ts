/** The longest {@link afterLoadWhenIdle} waits for an idle moment once the page has loaded. */
export const IDLE_TIMEOUT_MS = 5_000;

/**
 * Runs `run` once the page's `load` event has fired (at once if it has) and the main thread is
 * idle (`requestIdleCallback`, at most {@link IDLE_TIMEOUT_MS} later): for work that must not
 * compete with the first screen (the service worker, analytics).
 */
export function afterLoadWhenIdle(run: () => void): void {
  if (document.readyState === 'complete') whenIdle(run);
  else window.addEventListener('load', () => whenIdle(run), { once: true });
}

function whenIdle(run: () => void): void {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  } else {
    setTimeout(run, 0);
  }
}

/** How often {@link afterFirstScreen} looks whether the first screen has settled. */
export const SETTLE_POLL_MS = 100;
/** The longest {@link afterFirstScreen} waits for it after `load`: a page that never settles still gets `run`. */
export const SETTLE_TIMEOUT_MS = 10_000;

/**
 * Runs `run` once the page has loaded, `isSettled()` has held on two looks in a row (the first
 * screen has its code and its data: app/main.tsx asks the router and the query client; twice, so
 * that the moment between the route's code arriving and its reads starting does not count) and
 * the main thread is idle. The `load` event alone comes too early in an app that loads its
 * screen's code and data after it: work started then still competes with the first render.
 * Looked at every {@link SETTLE_POLL_MS} (reading state, never subscribing to it), for at most
 * {@link SETTLE_TIMEOUT_MS}.
 */
export function afterFirstScreen(run: () => void, isSettled: () => boolean): void {
  afterLoadWhenIdle(() => {
    const deadline = Date.now() + SETTLE_TIMEOUT_MS;
    let settledLooks = 0;
    const check = () => {
      settledLooks = isSettled() ? settledLooks + 1 : 0;
      if (settledLooks >= 2 || Date.now() >= deadline) whenIdle(run);
      else setTimeout(check, SETTLE_POLL_MS);
    };
    check();
  });
}
