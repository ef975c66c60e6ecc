import { lazy, Suspense, useEffect } from 'react';
import type * as SonnerModule from 'sonner';
import { type MessageId, translate, useT } from './i18n';

/**
 * Notifications (sonner), kept off the start-up path: the library loads right after the first
 * render and `notify()` waits until the toaster listens, so no message is lost.
 * 5000 ms, at the bottom (docs/product.md#constants).
 */
export const TOAST_DURATION_MS = 5000;

/**
 * A bar fixed at the bottom of a page (the cart bar) sets this CSS variable on `<html>` to its
 * height while it is shown, and the toasts rise above it: a message never covers it.
 */
export const BOTTOM_BAR_HEIGHT_VAR = '--bottom-bar-height';
const TOAST_BOTTOM = `calc(5.5rem + var(${BOTTOM_BAR_HEIGHT_VAR}, 0px))`;

type Sonner = typeof SonnerModule;
let sonner: Promise<Sonner> | null = null;
const loadSonner = (): Promise<Sonner> => (sonner ??= import('sonner'));

let markListening: () => void = () => undefined;
const listening = new Promise<void>((resolve) => {
  markListening = resolve;
});

const LazyToaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

function ListeningSignal() {
  // Effects run child-first: the toaster has subscribed by the time this runs.
  useEffect(() => markListening(), []);
  return null;
}

export function AppToaster() {
  const t = useT();
  return (
    <Suspense fallback={null}>
      <LazyToaster
        position="bottom-center"
        duration={TOAST_DURATION_MS}
        // Above the bottom navigation, and above a bottom bar when a page shows one.
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
  void Promise.all([loadSonner(), listening]).then(([{ toast }]) =>
    toast[kind](translate(messageId, values)),
  );
}
