import { localStore, STORAGE_KEYS } from '@/lib/storage';

/**
 * The backoff state of the configuration fetch, per app id, kept in localStorage so that a reload
 * does not start hammering a server that asked to be left alone (docs/telemetry.md).
 */
export interface ThrottleState {
  /** Failed attempts in a row. */
  backoffCount: number;
  /** No request before this time (ms since the epoch). */
  throttleEndTimeMillis: number;
}

export interface ThrottleStore {
  read(appId: string): ThrottleState | null;
  write(appId: string, state: ThrottleState): void;
  clear(appId: string): void;
}

const isState = (value: unknown): value is ThrottleState =>
  typeof value === 'object' &&
  value !== null &&
  Number.isInteger((value as ThrottleState).backoffCount) &&
  (value as ThrottleState).backoffCount >= 0 &&
  Number.isFinite((value as ThrottleState).throttleEndTimeMillis);

const readAll = (): Record<string, unknown> => {
  const all = localStore.getJson(STORAGE_KEYS.analyticsThrottle);
  return typeof all === 'object' && all !== null && !Array.isArray(all)
    ? (all as Record<string, unknown>)
    : {};
};

/** The store of the page: localStorage (dropped silently when storage is unavailable). */
export const localThrottleStore: ThrottleStore = {
  read(appId) {
    const state = readAll()[appId];
    return isState(state) ? state : null;
  },
  write(appId, state) {
    localStore.setJson(STORAGE_KEYS.analyticsThrottle, { ...readAll(), [appId]: state });
  },
  clear(appId) {
    const { [appId]: _gone, ...rest } = readAll();
    if (Object.keys(rest).length === 0) localStore.remove(STORAGE_KEYS.analyticsThrottle);
    else localStore.setJson(STORAGE_KEYS.analyticsThrottle, rest);
  },
};
