import { useSyncExternalStore } from 'react';

/** A yes/no value outside React that components follow (a new version waits; a read came from the cache). */
export interface FlagStore {
  get(): boolean;
  set(value: boolean): void;
  /** The value, re-rendering the component when it changes. */
  use(): boolean;
}

export function createFlagStore(initial = false): FlagStore {
  let value = initial;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const get = () => value;
  return {
    get,
    set(next) {
      if (next === value) return;
      value = next;
      for (const listener of [...listeners]) listener();
    },
    use: () => useSyncExternalStore(subscribe, get, () => initial),
  };
}
