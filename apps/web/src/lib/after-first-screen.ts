/** How often the first screen is looked at until it has settled. */
export const SETTLE_POLL_MS = 100;
/** The longest anything waits for the first screen (a page that keeps reading still gets it). */
export const SETTLE_MAX_WAIT_MS = 10_000;
/** The longest the idle moment after the first screen is waited for. */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * Runs `then` once the first screen has settled — `isSettled()` (the app's: the router's first
 * navigation over and no read under way) — and the main thread is idle; at most
 * {@link SETTLE_MAX_WAIT_MS} after the call however busy the page stays.
 *
 * What the first screen does not need (analytics and its schemas, the service worker's
 * registration) starts here rather than at the page's `load` event: the app's code is a module,
 * so `load` fires long before the first screen's answers and pictures are in, and whatever
 * starts then downloads and runs in the middle of the first screen
 * (docs/decisions/0036-first-screen.md). It only ever looks at `isSettled()` (no subscription).
 */
export function afterFirstScreen(
  isSettled: () => boolean,
  then: () => void,
  { now = () => performance.now() }: { now?: () => number } = {},
): void {
  const deadline = now() + SETTLE_MAX_WAIT_MS;
  const look = () => {
    if (isSettled() || now() >= deadline) whenIdle(then);
    else setTimeout(look, SETTLE_POLL_MS);
  };
  look();
}

function whenIdle(run: () => void): void {
  if (typeof globalThis.requestIdleCallback === 'function') {
    globalThis.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  } else {
    setTimeout(run, 0);
  }
}
