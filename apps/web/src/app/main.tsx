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
import { startServiceWorker } from '@/lib/service-worker';
import { afterFirstScreen } from '@/lib/after-first-screen';
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

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('#root is missing from index.html');

// The page's first use of Intl loads ICU's locale data (20–50 ms on a slowed CPU), and the first
// render would do it (react-intl's createIntl checks the locale with `supportedLocalesOf`): here,
// in a task of its own while the first screen's code and answers are still on their way
// (docs/decisions/0036-first-screen.md).
setTimeout(() => {
  Intl.NumberFormat.supportedLocalesOf(locale);
  Intl.DateTimeFormat.supportedLocalesOf(locale);
}, 0);

// Creating the router starts the first navigation (session check, route modules): in a task of
// its own, after the one that evaluated the app's code, so that neither is a long task on a slow
// phone (docs/decisions/0036-first-screen.md). A timer rather than a top-level `await`, with
// which the build split the entry into twice as many files.
setTimeout(() => start(rootElement), 0);

/** How long after the first render its reads have surely started (effects run after a frame). */
const FIRST_READS_START_MS = 100;

function start(container: HTMLElement): void {
  const router = createAppRouter();
  const queryClient = createQueryClient();

  /** When the first render was asked for (its reads start in effects, a frame or so later). */
  let renderedAt = Number.POSITIVE_INFINITY;
  void messagesLoading.then((messages) => {
    renderedAt = performance.now();
    const root = createRoot(container);
    // A transition: React renders the first screen in short slices, so the page keeps answering
    // taps while it builds (the static splash stays until the first screen is ready).
    startTransition(() => {
      root.render(
        <StrictMode>
          <App router={router} locale={locale} messages={messages} queryClient={queryClient} />
        </StrictMode>,
      );
    });
  });

  // Off the first screen's path (lib/after-first-screen.ts): analytics is a chunk of its own (with
  // the schemas it checks events with), loaded once the first screen has its answers and its
  // pictures and the main thread is idle (lib/analytics/start.ts, docs/telemetry.md); so is the
  // service worker's registration (docs/decisions/0026-offline-pwa.md), which waits for `load`
  // and an idle moment besides.
  const firstScreenSettled = () =>
    performance.now() - renderedAt >= FIRST_READS_START_MS &&
    router.state.initialized &&
    router.state.navigation.state === 'idle' &&
    queryClient.isFetching() === 0 &&
    // its pictures too (home's first cover, the dish's picture: the page's largest element)
    Array.from(document.images).every((image) => image.complete || image.loading === 'lazy');
  afterFirstScreen(firstScreenSettled, () => {
    startAnalyticsLater();
    startServiceWorker();
  });
}

// A cart sent without a connection goes as soon as there is one, whatever page is open.
if (localStore.get(STORAGE_KEYS.outbox) !== null) {
  void import('@/features/orders/order-outbox').then((outbox) => outbox.startOutbox());
}

function startAnalyticsLater(): void {
  import('@/lib/analytics/start')
    .then(({ startAnalytics }) => startAnalytics())
    .catch((error: unknown) => console.warn('Analytics could not start', error));
}
