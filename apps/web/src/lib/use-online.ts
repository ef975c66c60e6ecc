import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** A stand-in `navigator` (a test's `Object.create(navigator)`) has no working getter: online then. */
const isOnline = () => {
  try {
    return navigator.onLine;
  } catch {
    return true;
  }
};

/**
 * Whether the browser says it has a connection (`navigator.onLine`, following its `online` and
 * `offline` events). `false` is reliable (no network at all); `true` only means "maybe".
 */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
