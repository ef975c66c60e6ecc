import { lazy, Suspense, useEffect } from 'react';
import type * as SonnerModule from 'sonner';
import { createFlagStore } from './flag-store';
import { type MessageId, translate, useT } from './i18n';

/**
 * Notifications (sonner), kept off the start-up path: the library loads once the first screen
 * has its code and data (app/main.tsx calls {@link mountToaster}), or at the first message if that
 * comes sooner, and `notify()` waits until the toaster listens, so no message is lost. Loaded right
 * after the first render, it was one more download on the way to the first screen's largest
 * element.
 * 5000 ms, at the bottom (docs/product.md#constants), above the bottom bars.
 */
export const TOAST_DURATION_MS = 5000;

/**
 * The bars fixed at the bottom of a page — the bottom navigation and the cart bar — each set a
 * CSS variable on `<html>` to their measured height while shown (`useToastClearance`), and the
 * toasts rise above both: a message never covers them, whatever their height (two lines at 200 %
 * zoom, a phone's safe area), and on a page with neither it does not float over the content.
 */
export const BOTTOM_NAV_HEIGHT_VAR = '--bottom-nav-height';
export const BOTTOM_BAR_HEIGHT_VAR = '--bottom-bar-height';
const TOAST_BOTTOM = `calc(1rem + var(${BOTTOM_NAV_HEIGHT_VAR}, 0px) + var(${BOTTOM_BAR_HEIGHT_VAR}, 0px))`;

/**
 * Keeps `variable` on `<html>` equal to the height of `bar` while it is on screen. The height comes
 * from a ResizeObserver, which reports it once the browser has laid the page out: reading
 * `offsetHeight` in the effect forced that layout early, in the first render's task (about 10 ms of
 * a slow phone's start-up), and the page was laid out again after the variable changed.
 */
export function useToastClearance(bar: HTMLElement | null, variable: string): void {
  useEffect(() => {
    if (!bar) return undefined;
    const root = document.documentElement;
    let shown: number | null = null;
    const show = (height: number) => {
      if (height === shown) return;
      shown = height;
      root.style.setProperty(variable, `${height}px`);
    };
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(([entry]) => {
            const box = entry?.borderBoxSize[0];
            show(box ? Math.round(box.blockSize) : bar.offsetHeight);
          });
    if (observer) observer.observe(bar);
    else show(bar.offsetHeight);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(variable);
    };
  }, [bar, variable]);
}

type Sonner = typeof SonnerModule;
let sonner: Promise<Sonner> | null = null;
const loadSonner = (): Promise<Sonner> => (sonner ??= import('sonner'));

let markListening: () => void = () => undefined;
const listening = new Promise<void>((resolve) => {
  markListening = resolve;
});

const LazyToaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

/** Whether the toaster is mounted (and sonner loaded): after the first screen, or for a message. */
const toasterWanted = createFlagStore();

/** Mounts the toaster (and loads sonner) from now on: after the first screen, or for a message. */
export function mountToaster(): void {
  toasterWanted.set(true);
}

function ListeningSignal() {
  // Effects run child-first: the toaster has subscribed by the time this runs.
  useEffect(() => markListening(), []);
  return null;
}

export function AppToaster() {
  const t = useT();
  const wanted = toasterWanted.use();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster
        position="bottom-center"
        // Both languages read left to right. Given, sonner does not ask the page for its direction
        // (getComputedStyle on <html>: a forced style recalculation, 5 ms of the first render).
        dir="ltr"
        duration={TOAST_DURATION_MS}
        // Above the bottom navigation and the cart bar, when the page shows them.
        offset={{ bottom: TOAST_BOTTOM }}
        mobileOffset={{ bottom: TOAST_BOTTOM }}
        customAriaLabel={t('toast.region')}
        toastOptions={{ closeButtonAriaLabel: t('toast.close') }}
      />
      <ListeningSignal />
    </Suspense>
  );
}

export type NotifyKind = 'success' | 'info' | 'warning' | 'error';

/**
 * Shows a message from the catalogs to the diner (translated once the app is on screen, so it
 * may be called from route actions and loaders). Never for raw errors: those are logged
 * (docs/product.md#product-log-messages).
 */
export function notify(
  kind: NotifyKind,
  messageId: MessageId,
  values?: Record<string, string | number>,
): void {
  mountToaster();
  void Promise.all([loadSonner(), listening]).then(([{ toast }]) =>
    toast[kind](translate(messageId, values)),
  );
}
