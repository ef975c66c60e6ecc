import { logFailure } from './log';
import { reportAnError } from './report-error';

/** Logged (never shown raw) when there is no position (docs/product.md#product-log-messages). */
export const GEOLOCATION_UNSUPPORTED = 'Geolocation is not supported by this browser';
export const GEOLOCATION_FAILED = 'Unable to retrieve your location';

export interface Coordinates {
  lat: number;
  lng: number;
}

export type LocateFailure = 'unsupported' | 'denied' | 'unavailable';

export type LocateResult = { ok: true; position: Coordinates } | { ok: false; reason: LocateFailure };

export interface LocateOptions {
  /** How old (ms) a position the browser already has may be; 0 (default) asks for a fresh one. */
  maximumAge?: number;
  /** Instead of the browser's (tests pass their own); `null` stands for a browser without one. */
  geolocation?: Geolocation | null;
}

/** The browser's position (coarse), or why there is none — logged with the messages above. */
export function locate({
  maximumAge = 0,
  geolocation = globalThis.navigator?.geolocation,
}: LocateOptions = {}): Promise<LocateResult> {
  if (!geolocation) {
    logFailure(GEOLOCATION_UNSUPPORTED);
    reportAnError('geolocation_unsupported', GEOLOCATION_UNSUPPORTED);
    return Promise.resolve({ ok: false, reason: 'unsupported' });
  }
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(
      ({ coords }) => resolve({ ok: true, position: { lat: coords.latitude, lng: coords.longitude } }),
      (error) => {
        logFailure(GEOLOCATION_FAILED, error);
        reportAnError(
          'geolocation_failed',
          GEOLOCATION_FAILED,
          new Error(`code ${error.code}: ${error.message}`),
        );
        // 1 = PERMISSION_DENIED; 2 = POSITION_UNAVAILABLE; 3 = TIMEOUT.
        resolve({ ok: false, reason: error.code === 1 ? 'denied' : 'unavailable' });
      },
      { enableHighAccuracy: false, maximumAge, timeout: 15_000 },
    );
  });
}
