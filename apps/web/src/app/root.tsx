import { Outlet, ScrollRestoration } from 'react-router';
import { UpdatePrompt } from '@/components/pwa/update-prompt';
import { BrandMark } from '@/components/ui/brand';
import { usePageViews } from '@/lib/analytics/page-views';
import { useT } from '@/lib/i18n';

export function Root() {
  usePageViews();
  return (
    <>
      <UpdatePrompt />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** Shown while the first session check and route modules load. */
export function AppSplash() {
  const t = useT();
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center bg-cream">
      <BrandMark size={72} className="animate-pulse" />
      <span className="sr-only">{t('common.loading')}</span>
    </div>
  );
}
