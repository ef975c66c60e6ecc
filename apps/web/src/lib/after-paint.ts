import { useEffect, useState } from 'react';

/**
 * Runs `run` once the browser has painted what is on screen now: after the next frame (its
 * callbacks run before that frame's paint), in a task of its own. Returns a way to cancel it.
 */
export function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof requestAnimationFrame !== 'function') {
    timer = setTimeout(run, 0);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Whether the page has been painted since `key` (a reservation's id, say) was first rendered:
 * false in that render and until the paint after it, then true while `key` stays the same. Null
 * is never painted. For work that must not compete with what that render shows.
 */
export function usePaintedFor(key: string | null): boolean {
  const [painted, setPainted] = useState<string | null>(null);
  useEffect(() => {
    if (key === null || painted === key) return undefined;
    return afterNextPaint(() => setPainted(key));
  }, [key, painted]);
  return key !== null && painted === key;
}
