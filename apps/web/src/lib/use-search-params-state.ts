import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';

type Update = (current: URLSearchParams) => URLSearchParams;

interface Pending {
  /** The last value asked for. */
  next: URLSearchParams;
  /** Every query the router may show while our updates are on their way: where they started, and each one asked. */
  trail: readonly string[];
}

/**
 * The URL query as screen state (filters, searches): `update` replaces the history entry, and
 * the new value shows at once — before the router has applied it — so a ticked filter never
 * flickers back, and quick successive changes build on each other. A navigation from elsewhere
 * (back button, a link) wins over what is still pending.
 */
export function useSearchParamsState(): [URLSearchParams, (update: Update) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const [pending, setPending] = useState<Pending | null>(null);
  const shown = searchParams.toString();
  const isPending = pending !== null && pending.trail.includes(shown) && pending.next.toString() !== shown;
  const current = isPending ? pending.next : searchParams;
  const update = useCallback(
    (change: Update) => {
      const next = change(new URLSearchParams(current));
      setPending({ next, trail: [...(isPending ? pending.trail : [shown]), next.toString()] });
      setSearchParams(next, { replace: true });
    },
    [current, isPending, pending, shown, setSearchParams],
  );
  return [current, update];
}
