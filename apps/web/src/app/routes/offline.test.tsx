import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FROM_CACHE_HEADER } from '@/lib/sw-rules';
import { json, mockApi } from '@/testing/fetch-mock';
import { menu, menuItem, product, restaurantDetail } from '@/testing/fixtures';
import { renderApp } from '@/app/testing/render-app';

const restaurant = restaurantDetail({ name: 'La Picantería' });
const dish = product({ restaurantId: restaurant.id, name: { es: 'Ceviche clásico', en: 'Classic ceviche' } });

/** The menu page's reads, as the service worker answers them: from its cache (marked) or fresh. */
function mockMenuPage(fromCache: boolean) {
  const headers: Record<string, string> = fromCache
    ? { [FROM_CACHE_HEADER]: 'Tue, 24 Nov 2026 10:00:00 GMT' }
    : {};
  mockApi({
    'GET /api/restaurants/:id': () => json(restaurant, { headers }),
    'GET /api/restaurants/:id/menu': () =>
      json(menu({ restaurantId: restaurant.id, items: [menuItem(dish)] }), { headers }),
  });
}

describe('a page shown from the offline cache says it may be out of date (components/pwa/offline-notice.tsx)', () => {
  it('says nothing when the answers are fresh', async () => {
    mockMenuPage(false);
    renderApp(`/restaurants/${restaurant.id}/menu`);
    expect(await screen.findByText('Classic ceviche')).toBeTruthy();
    expect(screen.getByTestId('offline-notice').textContent).toBe('');
  });

  it('marks the page when the worker answered from its cache on a weak signal (English)', async () => {
    mockMenuPage(true);
    renderApp(`/restaurants/${restaurant.id}/menu`);
    expect(await screen.findByText('Classic ceviche')).toBeTruthy();
    expect((await screen.findByTestId('offline-notice')).textContent).toBe(
      'The connection is weak: this page was saved earlier and may be out of date.',
    );
  });

  it('says the diner is offline while the browser has no connection (Spanish)', async () => {
    mockMenuPage(true);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderApp(`/restaurants/${restaurant.id}/menu`, { locale: 'es-ES' });
    expect(await screen.findByText('Ceviche clásico')).toBeTruthy();
    expect(screen.getByTestId('offline-notice').textContent).toBe(
      'Estás sin conexión. Esta página se guardó antes en este teléfono y puede no estar actualizada.',
    );
  });
});
