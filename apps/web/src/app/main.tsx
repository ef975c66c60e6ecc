// First: zod must not probe for eval under the CSP (lib/zod-jitless.ts).
import '@/lib/zod-jitless';
import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { createAppRouter } from './router';
import { rewriteHashRouteUrl } from '@/lib/hash-route';
import { listenForUncaughtErrors } from '@/lib/report-error';
import { detectLocale, hasSavedLocale, htmlLang, loadMessages, saveLocaleCookie } from '@/lib/i18n';
import { readServerState } from '@/lib/server-state';
import { createQueryClient } from '@/lib/query-client';
import { afterFirstScreen } from '@/lib/after-load';
import { mountToaster } from '@/lib/toast';
import { hydratingPageSoon } from '@/lib/hydrate-later';
import { startServiceWorker } from '@/lib/service-worker';
import { localStore, mirrorServerVisibleKeys, STORAGE_KEYS } from '@/lib/storage';
import '@/styles.css';

// What nobody catches becomes an error record (docs/telemetry.md#error-records), from the start.
listenForUncaughtErrors();

// Old `/#/…` links first: the router must read the rewritten address.
rewriteHashRouteUrl();

const locale = detectLocale();
document.documentElement.lang = htmlLang(locale);
// A language the diner chose is mirrored into a cookie, as the server writes pages in it
// (docs/product.md#language); without a choice both follow the browser's language, and no cookie
// is set.
if (hasSavedLocale()) saveLocaleCookie(locale);
// So are the guest's profile and the remembered restaurant, which the pages the server writes for
// the diner show (lib/storage.ts): values kept before they were mirrored get their cookie now.
mirrorServerVisibleKeys();
// A page the server wrote (docs/decisions/0039-server-written-first-screen.md): the app takes its
// elements over (hydration) from the answers it was drawn from, once the route's code is in
// (never the splash over it). Written in another language than the app's, the app draws its own
// page over it as usual.
const serverState = readServerState();
const fromServer = serverState !== null && serverState.locale === locale;
// The catalog first: it is on the way to the first render, like the route modules below.
const messagesLoading = loadMessages(locale);

const queryClient = createQueryClient();
if (fromServer) hydrate(queryClient, serverState.queries);
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The start-up in tasks of its own, one after the other, then the first render in its own
// (docs/decisions/0036-first-screen.md). On a 4× slower CPU each used to be a long task (over 50 ms):
// 1. and 2. The router, right after the modules' evaluation (the two made one task of ~190 ms):
//    ranking its routes, then its first navigation (session check, route modules), ~55 ms together.
// 3. to 5. The page's first use of Intl, which loads ICU's data (the first number format alone
//    50–70 ms): the first render would do it (react-intl's createIntl checks the locale with
//    `supportedLocalesOf`), so it is done here while the first screen's code and answers are still
//    on their way, in three slices that each load part of it — the locale's own data (10–20 ms),
//    the numbering systems (25–45 ms), then numbers and dates for the locale (10–15 ms).
let router: ReturnType<typeof createAppRouter> | null = null;
const started = (async () => {
  await nextTask();
  const created = createAppRouter();
  await nextTask();
  router = created.initialize();
  await nextTask();
  new Intl.Locale(locale).maximize();
  await nextTask();
  Intl.supportedValuesOf('numberingSystem');
  await nextTask();
  Intl.NumberFormat.supportedLocalesOf(locale);
  Intl.DateTimeFormat.supportedLocalesOf(locale);
  // 6. the first render, in a task of its own too
  await nextTask();
  return created;
})();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('#root is missing from index.html');

void Promise.all([messagesLoading, started]).then(async ([messages, appRouter]) => {
  if (fromServer) await initialized(appRouter);
  const app = (
    <StrictMode>
      <App router={appRouter} locale={locale} messages={messages} queryClient={queryClient} />
    </StrictMode>
  );
  if (fromServer) {
    // the server's elements are kept and given their handlers (Preact's hydration), not drawn again
    hydratingPageSoon(() => hydrateRoot(rootElement, app));
  } else {
    // A transition: the static splash stays until the first screen is ready (React in development
    // also renders it in short slices; the production build's Preact renders it in one task).
    startTransition(() => createRoot(rootElement).render(app));
  }
  // Off the start-up path: analytics is a chunk of its own (lib/analytics/start.ts,
  // docs/telemetry.md), loaded once the first screen has its code and its data (no navigation
  // and no read in flight) and the browser is idle; the visit's events wait for it in
  // lib/analytics/track.ts.
  afterFirstScreen(startAnalyticsLater, firstScreenSettled);
  // and the notifications' library (lib/toast.tsx), unless a message wants it sooner
  afterFirstScreen(mountToaster, firstScreenSettled);
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

/** Once the router has its first page (its code and the session check): with a page the server wrote. */
function initialized(appRouter: ReturnType<typeof createAppRouter>): Promise<void> {
  return new Promise((resolve) => {
    if (appRouter.state.initialized) return resolve();
    const stop = appRouter.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

function startAnalyticsLater(): void {
  // zod's code in one task, the event schemas in a later one (schema-library.ts), then the client
  import('@/lib/analytics/schema-library')
    .then(({ warmUpSchemas }) => {
      warmUpSchemas();
      return nextTask();
    })
    .then(() => import('@/lib/analytics/start'))
    // the client starts in a task after the one that ran the chunk's code (its schemas): together
    // they were a long task
    .then(async ({ startAnalytics }) => {
      await nextTask();
      startAnalytics();
    })
    .catch((error: unknown) => console.warn('Analytics could not start', error));
}
