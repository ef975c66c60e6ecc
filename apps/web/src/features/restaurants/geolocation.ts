import { logFailure } from '@/lib/log';

/** SPEC §8: logged (never shown raw) when there is no position to sort by. */
export const GEOLOCATION_UNSUPPORTED = 'Geolocation is not supported by this browser';
export const GEOLOCATION_FAILED = 'Unable to retrieve your location';

export interface Coordinates {
  lat: number;
  lng: number;
}

export type LocateFailure = 'unsupported' | 'denied' | 'unavailable';

export type LocateResult = { ok: true; position: Coordinates } | { ok: false; reason: LocateFailure };

const POSITION_OPTIONS: PositionOptions = {
  enableHighAccuracy: false,
  // A position from the last five minutes is good enough to sort restaurants.
  maximumAge: 5 * 60_000,
  timeout: 15_000,
};

/** The browser's position (coarse), or why there is none — logged with the spec's messages. */
export function locate(
  geolocation: Geolocation | undefined = globalThis.navigator?.geolocation,
): Promise<LocateResult> {
  if (!geolocation) {
    logFailure(GEOLOCATION_UNSUPPORTED);
    return Promise.resolve({ ok: false, reason: 'unsupported' });
  }
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(
      ({ coords }) => resolve({ ok: true, position: { lat: coords.latitude, lng: coords.longitude } }),
      (error) => {
        logFailure(GEOLOCATION_FAILED, error);
        // 1 = PERMISSION_DENIED; 2 = POSITION_UNAVAILABLE; 3 = TIMEOUT.
        resolve({ ok: false, reason: error.code === 1 ? 'denied' : 'unavailable' });
      },
      POSITION_OPTIONS,
    );
  });
}
