// First: zod must not probe for eval under the CSP (lib/zod-jitless.ts).
import '@/lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { createAppRouter } from './router';
import { rewriteHashRouteUrl } from '@/lib/hash-route';
import { listenForUncaughtErrors } from '@/lib/report-error';
import { detectLocale, htmlLang, loadMessages } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { afterFirstScreen } from '@/lib/after-load';
import { startServiceWorker } from '@/lib/service-worker';
import { localStore, STORAGE_KEYS } from '@/lib/storage';
import '@/styles.css';

// What nobody catches becomes an error record (docs/telemetry.md#error-records), from the start.
listenForUncaughtErrors();

// Old `/#/…` links first: the router must read the rewritten address.
rewriteHashRouteUrl();

const locale = detectLocale();
document.documentElement.lang = htmlLang(locale);
// The catalog first: it is on the way to the first render, like the route modules below.
const messagesLoading = loadMessages(locale);

const queryClient = createQueryClient();
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The start-up in tasks of its own, one after the other, then the first render in its own
// (docs/decisions/0036-first-screen.md):
// 1. The router, right after the modules' evaluation (the two made one task of ~190 ms at 4× CPU);
//    creating it starts the first navigation (session check, route modules).
// 2. and 3. The page's first use of Intl, which loads ICU's locale data (20–50 ms on a slowed
//    CPU, numbers and dates 70–100 ms together): the first render would do it (react-intl's
//    createIntl checks the locale with `supportedLocalesOf`), so it is done here while the first
//    screen's code and answers are still on their way.
let router: ReturnType<typeof createAppRouter> | null = null;
const started = (async () => {
  await nextTask();
  const created = createAppRouter();
  router = created;
  await nextTask();
  Intl.NumberFormat.supportedLocalesOf(locale);
  await nextTask();
  Intl.DateTimeFormat.supportedLocalesOf(locale);
  // 4. the first render, in a task of its own too
  await nextTask();
  return created;
})();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('#root is missing from index.html');

void Promise.all([messagesLoading, started]).then(([messages, appRouter]) => {
  const root = createRoot(rootElement);
  // A transition: the static splash stays until the first screen is ready (React in development
  // also renders it in short slices; the production build's Preact renders it in one task).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App router={appRouter} locale={locale} messages={messages} queryClient={queryClient} />
      </StrictMode>,
    );
  });
  // Off the start-up path: analytics is a chunk of its own (lib/analytics/start.ts,
  // docs/telemetry.md), loaded once the first screen has its code and its data (no navigation
  // and no read in flight) and the browser is idle; the visit's events wait for it in
  // lib/analytics/track.ts.
  afterFirstScreen(startAnalyticsLater, firstScreenSettled);
});

// Offline use (docs/decisions/0026-offline-pwa.md): the service worker once the first screen has
// its code and data, like analytics (its registration module and the worker's precache downloads
// would otherwise compete with them), and a cart sent without a connection goes as soon as there
// is one, whatever page is open.
startServiceWorker({ when: (register) => afterFirstScreen(register, firstScreenSettled) });
if (localStore.get(STORAGE_KEYS.outbox) !== null) {
  void import('@/features/orders/order-outbox').then((outbox) => outbox.startOutbox());
}

/**
 * The first screen has its code, its data and its pictures: no navigation and no read in flight,
 * and every picture not left to load lazily is in (else the work would start just as the largest
 * one paints, docs/decisions/0036-first-screen.md).
 */
function firstScreenSettled(): boolean {
  if (!router) return false;
  const { initialized, navigation } = router.state;
  return (
    initialized &&
    navigation.state === 'idle' &&
    queryClient.isFetching() === 0 &&
    Array.from(document.images).every((image) => image.complete || image.loading === 'lazy')
  );
}

function startAnalyticsLater(): void {
  // zod's code in one task, the event schemas and the client in a later one (schema-library.ts)
  import('@/lib/analytics/schema-library')
    .then(({ warmUpSchemas }) => {
      warmUpSchemas();
      return nextTask();
    })
    .then(() => import('@/lib/analytics/start'))
    .then(({ startAnalytics }) => startAnalytics())
    .catch((error: unknown) => console.warn('Analytics could not start', error));
}
