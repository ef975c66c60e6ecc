import { Button } from '@/components/ui/button';
import { IconNavigation } from '@/components/ui/icons';
import { type MessageId, useT } from '@/lib/i18n';
import type { PositionStatus } from '@/features/restaurants/restaurant-list-store';

const SORT_MESSAGES = {
  idle: 'restaurants.sort.locating',
  locating: 'restaurants.sort.locating',
  located: 'restaurants.sort.byDistance',
  unsupported: 'restaurants.sort.unsupported',
  // why the position is missing is said when the diner asks again (see restaurant-list.tsx)
  denied: 'restaurants.sort.byName',
  unavailable: 'restaurants.sort.byName',
} as const satisfies Record<PositionStatus, MessageId>;

/**
 * How the list is ordered: nearest first when the browser shared its position, else by name
 * with the reason and, when it may help, a way to try again.
 *
 * One row of the same height in every state (at most two short lines beside a button), so the
 * list below never jumps when the position arrives or is refused.
 */
export function SortNote({ status, onRetry }: { status: PositionStatus; onRetry: () => void }) {
  const t = useT();
  const text = t(SORT_MESSAGES[status]);
  const canRetry = status === 'denied' || status === 'unavailable';
  return (
    // The region is always there so screen readers hear the change from "locating" to the result.
    // (it wraps under the note only where both do not fit: the narrowest phones, a zoomed window)
    <div role="status" aria-live="polite" className="flex min-h-12 flex-wrap items-center gap-3 text-sm">
      <p
        className={`flex min-w-0 flex-1 basis-40 items-center gap-2 ${status === 'located' ? 'font-semibold text-brand-800' : 'text-ink-muted'}`}
      >
        <span className="shrink-0">
          <IconNavigation size={18} />
        </span>
        <span className="min-w-0">{text}</span>
      </p>
      {canRetry ? (
        <Button variant="secondary" onClick={onRetry} className="shrink-0">
          {t('restaurants.sort.retry')}
        </Button>
      ) : null}
    </div>
  );
}
