import { startTransition, useCallback, useEffect, useState } from 'react';

/** The longest an idle step waits before it runs anyway (a page that is never idle still fills). */
const IDLE_TIMEOUT_MS = 200;

export interface ProgressiveCountOptions {
  /** How many show at once (about a screen and a half of a phone). */
  first: number;
  /** How many more each idle moment adds. */
  step: number;
}

/**
 * How many of a long list to render now: `first` at once, then `step` more at each idle moment
 * of the main thread, until `total`. A long list (a 200-dish menu) is then built in small tasks
 * rather than one long one that a slow phone's taps would wait behind
 * (docs/decisions/0033-web-performance.md). `showAll` renders the rest at once (a jump to a
 * section further down needs it on the page).
 */
export function useProgressiveCount(
  total: number,
  { first, step }: ProgressiveCountOptions,
): [count: number, showAll: () => void] {
  const [shown, setShown] = useState(first);
  const count = Math.min(shown, total);

  useEffect(() => {
    if (count >= total) return;
    // a transition: React renders the slice in short pieces and lets a tap go first
    const grow = () => startTransition(() => setShown((current) => Math.max(current, count) + step));
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(grow, { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = window.setTimeout(grow, 16);
    return () => window.clearTimeout(handle);
  }, [count, total, step]);

  const showAll = useCallback(() => setShown(Number.POSITIVE_INFINITY), []);
  return [count, showAll];
}
