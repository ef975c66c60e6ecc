/**
 * Pictures on the diner's pages (docs/decisions/0038-responsive-pictures.md): an uploaded dish or
 * restaurant picture comes with its stored widths as `srcset` and the box's `sizes`, lazy but for
 * the one likely to be the largest paint; a picture that is not an upload (the demo's SVGs) is one
 * `src`. Every picture has its box's width and height (no layout shift).
 */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/testing/fetch-mock';
import {
  menu,
  menuItem,
  product,
  restaurantDetail,
  restaurantPage,
  restaurantSummary,
  sessionAnswer,
} from '@/testing/fixtures';
import { renderApp } from '@/app/testing/render-app';

vi.setConfig({ testTimeout: 20_000 });

const UPLOAD = '/files/restaurants/r/products/p/0123456789abcdef.960w.webp';
const SRCSET = [320, 640, 960]
  .map((width) => `/files/restaurants/r/products/p/0123456789abcdef.${width}w.webp ${width}w`)
  .join(', ');
const signedIn = () =>
  mockApi({ 'GET /api/auth/get-session': () => json(sessionAnswer({ isAnonymous: true })) });

describe('dish pictures', () => {
  const restaurant = restaurantDetail({ name: 'Casa Lola', country: 'ES', currency: 'EUR' });
  const restaurantId = restaurant.id;
  const uploaded = product({ restaurantId, name: { es: 'Ramen', en: 'Ramen' }, imageUrl: UPLOAD });
  const vector = product({
    restaurantId,
    name: { es: 'Café', en: 'Coffee' },
    imageUrl: '/files/demo/cafe.svg',
  });

  it('the menu card: srcset sized for a 96–128 px box, lazy; an SVG stays one src', async () => {
    mockApi({
      'GET /api/restaurants/:id': () => json(restaurant),
      'GET /api/restaurants/:id/menu': () =>
        json(menu({ restaurantId, country: 'ES', currency: 'EUR', items: [uploaded, vector].map(menuItem) })),
    });
    renderApp(`/restaurants/${restaurantId}/menu`);
    const ramen = (await screen.findByRole('link', { name: 'Ramen' }))
      .closest('article')!
      .querySelector('img')!;
    expect(ramen.getAttribute('src')).toBe(UPLOAD);
    expect(ramen.getAttribute('srcset')).toBe(SRCSET);
    expect(ramen.getAttribute('sizes')).toBe('(min-width: 640px) 128px, 96px');
    expect([ramen.getAttribute('width'), ramen.getAttribute('height')]).toEqual(['128', '128']);
    expect(ramen.getAttribute('loading')).toBe('lazy');
    expect(ramen.getAttribute('decoding')).toBe('async');

    const coffee = screen.getByRole('link', { name: 'Coffee' }).closest('article')!.querySelector('img')!;
    expect(coffee.getAttribute('src')).toBe('/files/demo/cafe.svg');
    expect(coffee.hasAttribute('srcset')).toBe(false);
    expect(coffee.getAttribute('width')).toBe('128');
  });

  it('the product page: the largest paint, fetched at once with high priority, sized for the page', async () => {
    mockApi({
      'GET /api/restaurants/:id': () => json(restaurant),
      'GET /api/restaurants/:id/menu/:productId': () => json(uploaded),
      'GET /api/reservations': () => json({ items: [], nextCursor: null }),
    });
    renderApp(`/restaurants/${restaurantId}/articles/${uploaded.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Ramen' });
    const picture = document.querySelector('article img')!;
    expect(picture.getAttribute('srcset')).toBe(SRCSET);
    expect(picture.getAttribute('sizes')).toBe('(min-width: 768px) 736px, calc(100vw - 2rem)');
    expect([picture.getAttribute('width'), picture.getAttribute('height')]).toEqual(['960', '540']);
    expect(picture.getAttribute('loading')).toBe('eager');
    expect(picture.getAttribute('fetchpriority')).toBe('high');
  });
});

describe('restaurant cards', () => {
  it('the first row’s covers are eager with high priority, the others lazy; an uploaded cover gets a srcset', async () => {
    signedIn();
    const cover = '/files/restaurants/r/0123456789abcdef.640w.webp';
    mockApi({
      'GET /api/restaurants': () =>
        json(
          restaurantPage([
            restaurantSummary({ name: 'Casa Lola', coverUrl: cover }),
            restaurantSummary({ name: 'Umami', coverUrl: '/files/covers/umami.svg' }),
            restaurantSummary({ name: 'Tres', coverUrl: '/files/covers/tres.svg' }),
            restaurantSummary({ name: 'Cuatro', coverUrl: cover }),
          ]),
        ),
    });
    renderApp('/');
    await screen.findByRole('link', { name: 'Casa Lola' });
    // the cards after the first row come at the next idle moment (useProgressiveCount)
    await screen.findByRole('link', { name: 'Cuatro' });
    const [first, second, , fourth] = screen
      .getAllByRole('article')
      .map((card) => card.querySelector('img')!);
    expect(first!.getAttribute('srcset')).toBe(
      '/files/restaurants/r/0123456789abcdef.320w.webp 320w, /files/restaurants/r/0123456789abcdef.640w.webp 640w',
    );
    expect(first!.getAttribute('sizes')).toContain('100vw');
    expect(first!.getAttribute('loading')).toBe('eager');
    expect(first!.getAttribute('fetchpriority')).toBe('high');
    expect(second!.getAttribute('loading')).toBe('eager');
    expect(second!.hasAttribute('srcset')).toBe(false);
    // below the first row
    expect(fourth!.getAttribute('loading')).toBe('lazy');
    expect(fourth!.hasAttribute('fetchpriority')).toBe(false);
    expect(fourth!.getAttribute('srcset')).toBe(first!.getAttribute('srcset'));
    for (const img of [first!, second!, fourth!]) {
      expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['640', '360']);
    }
  });
});
