import { describe, expect, it } from 'vitest';
import { noteAnswer, startPage } from './offline-answers';
import { FROM_CACHE_HEADER, isBuildAsset, isPrivateRead, isPublicRead, loadedBuildAssets } from './sw-rules';

const fromCache = () =>
  new Response('{}', { headers: { [FROM_CACHE_HEADER]: 'Tue, 24 Nov 2026 10:00:00 GMT' } });
const fresh = () => new Response('{}');

describe('what the service worker keeps (lib/sw-rules.ts)', () => {
  it.each([
    ['/api/restaurants', true, false],
    ['/api/restaurants/abc-123', true, false],
    ['/api/restaurants/abc-123/menu', true, false],
    ['/api/restaurants/abc-123/menu/dish_1', true, false],
    ['/api/restaurants/abc-123/availability', false, false],
    ['/api/restaurants/abc-123/menu/dish_1/extra', false, false],
    ['/api/auth/get-session', false, true],
    ['/api/reservations', false, true],
    ['/api/reservations/r1', false, false],
    ['/api/reservations/r1/orders', false, false],
    ['/api/me', false, false],
    ['/api/invitations', false, false],
    ['/files/photo.webp', false, false],
  ])('%s: public %s, private %s', (path, publicRead, privateRead) => {
    expect(isPublicRead(path)).toBe(publicRead);
    expect(isPrivateRead(path)).toBe(privateRead);
  });

  it.each([
    ['/assets/menu-DTaSk-dk.js', true],
    ['/assets/index-Cx1.css', true],
    ['/assets/pdf.worker.min-CIqJB0yW.mjs', true],
    ['/assets/menu-DTaSk-dk.js.map', false],
    ['/assets/nested/menu.js', false],
    ['/index.html', false],
    ['/sw.js', false],
    ['/files/photo.webp', false],
  ])('%s: a build file kept by its name %s', (path, kept) => {
    expect(isBuildAsset(path)).toBe(kept);
  });

  it('lists the build files the page loaded from its own origin, once each, for the new worker', () => {
    const origin = 'https://comensal.test';
    expect(
      loadedBuildAssets(
        [
          { name: `${origin}/assets/index-A1.js` },
          { name: `${origin}/assets/menu-B2.js` },
          { name: `${origin}/assets/menu-B2.js` },
          { name: `${origin}/assets/index-C3.css` },
          { name: `${origin}/api/restaurants/r1/menu` },
          { name: `${origin}/files/dish.webp` },
          { name: 'https://elsewhere.test/assets/evil-D4.js' },
          { name: 'not a url' },
        ],
        origin,
      ),
    ).toEqual(['/assets/index-A1.js', '/assets/menu-B2.js', '/assets/index-C3.css']);
  });
});

describe('answers shown from the cache (lib/offline-answers.ts)', () => {
  it('marks the page while one of its reads came from the cache, until a fresh answer or another page', async () => {
    const { renderHook, act } = await import('@testing-library/react');
    const { useShownFromCache } = await import('./offline-answers');
    const { result } = renderHook(() => useShownFromCache());
    expect(result.current).toBe(false);
    act(() => noteAnswer('/api/restaurants/r1/menu', fromCache()));
    act(() => noteAnswer('/api/restaurants/r1', fromCache()));
    expect(result.current).toBe(true);
    act(() => noteAnswer('/api/restaurants/r1/menu', fresh()));
    expect(result.current).toBe(true);
    act(() => noteAnswer('/api/restaurants/r1', fresh()));
    expect(result.current).toBe(false);
    act(() => noteAnswer('/api/restaurants/r2/menu', fromCache()));
    expect(result.current).toBe(true);
    act(() => startPage());
    expect(result.current).toBe(false);
  });
});
