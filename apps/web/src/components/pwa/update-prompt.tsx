import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n';
import { dismissUpdate, reloadToUpdate, useUpdateReady } from '@/lib/service-worker';

/**
 * "A new version is ready — Reload · Later" (lib/service-worker.ts): the new version takes over
 * only when the diner says so, never in the middle of an order. In the page's flow at the top,
 * so it covers nothing.
 */
export function UpdatePrompt() {
  const t = useT();
  const ready = useUpdateReady();
  if (!ready) return null;
  return (
    <div
      role="status"
      data-testid="update-prompt"
      className="flex flex-wrap items-center justify-center gap-x-4 gap-y-2 bg-ink px-4 py-3 text-white"
    >
      <p className="font-semibold">{t('pwa.update.message')}</p>
      <div className="flex gap-2">
        <Button variant="onDark" onClick={() => void reloadToUpdate()}>
          {t('pwa.update.reload')}
        </Button>
        <Button variant="onDark" onClick={dismissUpdate}>
          {t('pwa.update.later')}
        </Button>
      </div>
    </div>
  );
}
