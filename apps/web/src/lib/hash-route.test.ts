import { describe, expect, it, vi } from 'vitest';
import { rewriteHashRouteUrl, stripHashRouteMarker } from './hash-route';

const at = (href: string) => stripHashRouteMarker(new URL(href));

describe('stripHashRouteMarker', () => {
  it.each([
    ['https://host/#/restaurants/x/menu', '/restaurants/x/menu'],
    ['https://host/#/a/b?x', '/a/b?x'],
    ['https://host/#/restaurants/x/menu?table=4&room=Terraza', '/restaurants/x/menu?table=4&room=Terraza'],
    ['https://host/#/', '/'],
    ['https://host/?utm=qr#/restaurants/x', '/restaurants/x?utm=qr'],
    ['https://host/?table=1#/restaurants/x?table=2', '/restaurants/x?table=2'],
    ['https://host/#/restaurants/x#top', '/restaurants/x#top'],
  ])('%s → %s', (input, expected) => {
    expect(at(input)).toBe(expected);
  });

  it.each(['https://host/restaurants/x', 'https://host/restaurants/x#section', 'https://host/#section'])(
    'leaves %s alone',
    (input) => {
      expect(at(input)).toBeNull();
    },
  );
});

describe('rewriteHashRouteUrl', () => {
  it('replaces the address in place, keeping the history state', () => {
    window.history.replaceState({ key: 'k' }, '', '/#/restaurants/r1/menu?table=3');
    const replaceState = vi.spyOn(window.history, 'replaceState');
    rewriteHashRouteUrl();
    expect(replaceState).toHaveBeenCalledTimes(1);
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/restaurants/r1/menu?table=3',
    );
    expect(window.history.state).toEqual({ key: 'k' });
  });

  it('does nothing without the marker', () => {
    window.history.replaceState(null, '', '/restaurants/r1');
    const replaceState = vi.spyOn(window.history, 'replaceState');
    rewriteHashRouteUrl();
    expect(replaceState).not.toHaveBeenCalled();
  });
});
