import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useT } from '@/lib/i18n';
import { startPage, useShownFromCache } from '@/lib/offline-answers';
import { useOnline } from '@/lib/use-online';

/**
 * "Possibly out of date" (docs/product.md#offline-and-installing): shown while the browser is
 * offline, or when the service worker answered one of this page's reads from its cache because
 * the network did not answer in time.
 */
export function OfflineNotice() {
  const t = useT();
  const isOnline = useOnline();
  const fromCache = useShownFromCache();
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    // the first page keeps the marks of its first answers (index.html's early requests)
    if (first.current) first.current = false;
    else startPage();
  }, [pathname]);
  return (
    <div aria-live="polite" data-testid="offline-notice" className="empty:hidden">
      {!isOnline || fromCache ? (
        <p className="mx-auto mt-3 w-full max-w-5xl rounded-2xl border-2 border-saffron-800 bg-saffron-100 px-4 py-3 font-semibold text-ink">
          {t(isOnline ? 'offline.notice.stale' : 'offline.notice.offline')}
        </p>
      ) : null}
    </div>
  );
}
