import { Skeleton } from '@/components/ui/skeleton';
import { useT } from '@/lib/i18n';

/** Placeholder blocks while a screen loads (announced to screen readers). */
export function LoadingBlock() {
  const t = useT();
  return (
    <div aria-busy="true" className="flex flex-col gap-3">
      <p className="sr-only">{t('common.loading')}</p>
      <Skeleton className="h-12 w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}
