import { Button } from '../../../components/ui/button';
import { IconNavigation } from '../../../components/ui/icons';
import { useT } from '../../../lib/i18n';
import type { PositionStatus } from '../restaurant-list-store';

/**
 * How the list is ordered: nearest first when the browser shared its position, else by name
 * with the reason and, when it may help, a way to try again.
 */
export function SortNote({ status, onRetry }: { status: PositionStatus; onRetry: () => void }) {
  const t = useT();
  let content = null;
  if (status === 'locating') {
    content = <p className="text-ink-muted">{t('restaurants.sort.locating')}</p>;
  } else if (status === 'located') {
    content = (
      <p className="flex items-center gap-2 font-medium text-brand-800">
        <IconNavigation size={18} />
        {t('restaurants.sort.byDistance')}
      </p>
    );
  } else if (status === 'unsupported') {
    content = <p className="text-ink-muted">{t('restaurants.sort.unsupported')}</p>;
  } else if (status === 'denied' || status === 'unavailable') {
    content = (
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-2xl border border-line bg-white px-4 py-3">
        <p className="flex-1 basis-60">
          {status === 'denied' ? t('restaurants.sort.denied') : t('restaurants.sort.unavailable')}
        </p>
        <Button variant="secondary" onClick={onRetry}>
          {t('restaurants.sort.retry')}
        </Button>
      </div>
    );
  }
  // The region is always there so screen readers hear the change from "locating" to the result.
  return (
    <div role="status" aria-live="polite">
      {content}
    </div>
  );
}
