import { describe, expect, it, vi } from 'vitest';
import { GEOLOCATION_FAILED, GEOLOCATION_UNSUPPORTED, locate } from './geolocation';

function geolocationThat(answer: (success: PositionCallback, failure: PositionErrorCallback) => void) {
  return { getCurrentPosition: vi.fn(answer) } as unknown as Geolocation;
}

describe('locate', () => {
  it('answers the coordinates', async () => {
    const geolocation = geolocationThat((success) =>
      success({ coords: { latitude: -33.44, longitude: -70.65 } } as GeolocationPosition),
    );
    await expect(locate({ geolocation })).resolves.toEqual({
      ok: true,
      position: { lat: -33.44, lng: -70.65 },
    });
    await locate({ geolocation, maximumAge: 60_000 });
    const asked = vi.mocked(geolocation.getCurrentPosition).mock.calls.map((call) => call[2]);
    expect(asked).toEqual([
      { enableHighAccuracy: false, maximumAge: 0, timeout: 15_000 },
      { enableHighAccuracy: false, maximumAge: 60_000, timeout: 15_000 },
    ]);
  });

  it('logs the product message when the browser has no geolocation, or it fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(locate({ geolocation: null })).resolves.toEqual({ ok: false, reason: 'unsupported' });
    expect(warn).toHaveBeenCalledWith(GEOLOCATION_UNSUPPORTED);
    const denied = { code: 1, message: 'User denied Geolocation' } as GeolocationPositionError;
    await expect(locate({ geolocation: geolocationThat((_, failure) => failure(denied)) })).resolves.toEqual({
      ok: false,
      reason: 'denied',
    });
    expect(warn).toHaveBeenCalledWith(GEOLOCATION_FAILED, denied);
    const timeout = { code: 3, message: 'Timeout' } as GeolocationPositionError;
    await expect(locate({ geolocation: geolocationThat((_, failure) => failure(timeout)) })).resolves.toEqual(
      {
        ok: false,
        reason: 'unavailable',
      },
    );
  });
});
