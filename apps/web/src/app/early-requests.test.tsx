import { screen, waitFor } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { restaurantListStore } from '@/features/restaurants/restaurant-list-store';
import { EARLY_RESPONSE_MAX_AGE_MS, pendingEarlyPaths, takeEarlyResponse } from '@/lib/early-requests';
import { detectLocale } from '@/lib/i18n';
import { TAKEN_OVER_EVENT } from '@/lib/hydrate-later';
import { STORAGE_KEYS } from '@/lib/storage';
import { json, mockApi, seenRequests } from '@/testing/fetch-mock';
import {
  menu,
  orderAnswer,
  orderTotalAnswer,
  product,
  reservationAnswer,
  restaurantDetail,
  restaurantPage,
  restaurantSummary,
  sessionAnswer,
} from '@/testing/fixtures';
import EARLY_SCRIPT from '../../early-requests.js?raw';
import INDEX_HTML from '../../index.html?raw';
import { routes } from './router';
import { renderApp } from './testing/render-app';

/** Runs the early-requests script as the browser would at `url`. */
function loadPageAt(url: string) {
  window.history.replaceState(null, '', url);
  new Function(EARLY_SCRIPT)();
}

const RESTAURANT_ID = '5219391c-d008-40ed-b9de-6c53d8e9f0f5';
const COVER = `/files/restaurants/${RESTAURANT_ID}/picture-1.svg`;
const times = (label: string) => seenRequests.filter((request) => request === label).length;
/** A table reservation at the restaurant, with one line ordered (the table's order page). */
const tableReservation = reservationAnswer({
  id: RESTAURANT_ID,
  slug: 'bodega-gracia',
  name: 'Bodega Gràcia',
  address: 'Carrer Gran de Gràcia 1',
  city: 'Barcelona',
  country: 'ES',
  currency: 'EUR',
  timeZone: 'Europe/Madrid',
});
const tableOrders = [orderAnswer({ reservationId: tableReservation.id, currency: 'EUR' })];

beforeEach(() => {
  restaurantListStore.reset();
  mockApi({
    'GET /api/auth/get-session': () => json(sessionAnswer({ isAnonymous: true })),
    'GET /api/restaurants': () =>
      json(
        restaurantPage([restaurantSummary({ name: 'Bodega Gràcia', coverUrl: COVER }), restaurantSummary()]),
      ),
    'GET /api/restaurants/:id': () =>
      json(restaurantDetail({ id: RESTAURANT_ID, name: 'Bodega Gràcia', coverUrl: COVER })),
    'GET /api/restaurants/:id/menu': () => json(menu({ restaurantId: RESTAURANT_ID })),
    // the order page reads the details of the dishes its lines hold (ADR 0037)
    'GET /api/restaurants/:id/menu/:productId': ({ params }) =>
      json(product({ id: params.productId, restaurantId: RESTAURANT_ID, currency: 'EUR' })),
    'GET /api/me/favorites/ids': () => json({ restaurantIds: [], productIds: [] }),
    // The menu asks which reservations the diner can order for there (none here).
    'GET /api/reservations': () => json({ items: [], nextCursor: null }),
    // the reservation form's free tables (none: only that it is asked for counts here)
    'GET /api/restaurants/:id/availability': ({ url }) =>
      json({
        restaurantId: RESTAURANT_ID,
        date: url.searchParams.get('date'),
        startAt: url.searchParams.get('startAt'),
        duration: Number(url.searchParams.get('duration')),
        quantity: Number(url.searchParams.get('quantity')),
        time: { start: '2030-01-07T18:00:00.000Z', end: '2030-01-07T19:00:00.000Z' },
        durations: [60],
        unavailableReason: null,
        nextFree: null,
        tables: [],
      }),
    'GET /api/reservations/:id': () => json(tableReservation),
    'GET /api/reservations/:id/orders': () => json({ items: tableOrders, nextCursor: null }),
    'GET /api/reservations/:id/total': () => json(orderTotalAnswer(tableReservation.id, tableOrders)),
    'GET /api/reservations/:id/join-requests': () => json({ items: [], nextCursor: null }),
    'GET /api/reservations/:id/pending-payments': () => json({ items: [], nextCursor: null }),
    'GET /api/reservations/:id/transactions': () => json({ items: [], nextCursor: null }),
  });
});

afterEach(() => {
  delete window.__comensalEarly;
  window.history.replaceState(null, '', '/');
});

describe("the page's early requests", () => {
  // The app takes an early answer only while it is fresh (EARLY_RESPONSE_MAX_AGE_MS): the clock
  // stands still here, so how long a busy machine takes to render does not matter.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is in the page, as a classic script of its own before the app, with no inline script', () => {
    expect(EARLY_SCRIPT).toContain('__comensalEarly');
    const scripts = [...INDEX_HTML.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map(([, attributes]) => attributes?.trim())).toEqual([
      'src="/early-requests.js"',
      'type="module" src="/src/app/main.tsx"',
    ]);
    expect(scripts.every(([, , content]) => content?.trim() === '')).toBe(true);
  });

  // Each case: the page, what index.html starts, and proof the app took every one of those
  // answers (nothing left pending) instead of asking the network again (each path seen once).
  const cases: { page: string; remembered?: string; early: string[]; shows: () => Promise<unknown> }[] = [
    {
      page: '/',
      early: ['/api/auth/get-session', '/api/restaurants'],
      shows: () => screen.findByRole('link', { name: 'Bodega Gràcia' }),
    },
    {
      page: '/',
      remembered: RESTAURANT_ID,
      early: ['/api/auth/get-session', `/api/restaurants/${RESTAURANT_ID}`],
      shows: () => screen.findAllByText('Bodega Gràcia'),
    },
    {
      page: `/restaurants/${RESTAURANT_ID}`,
      early: ['/api/auth/get-session', `/api/restaurants/${RESTAURANT_ID}`],
      shows: () => screen.findAllByText('Bodega Gràcia'),
    },
    {
      page: `/restaurants/${RESTAURANT_ID}/menu`,
      early: [
        '/api/auth/get-session',
        `/api/restaurants/${RESTAURANT_ID}/menu`,
        `/api/restaurants/${RESTAURANT_ID}`,
      ],
      shows: () => screen.findAllByText('Bodega Gràcia'),
    },
    {
      page: `/restaurants/${RESTAURANT_ID}/reservations`,
      early: ['/api/auth/get-session', `/api/restaurants/${RESTAURANT_ID}`],
      shows: () => screen.findAllByText('Bodega Gràcia'),
    },
    {
      page: `/restaurants/${RESTAURANT_ID}/reservations/${tableReservation.id}/order`,
      early: [
        '/api/auth/get-session',
        `/api/reservations/${tableReservation.id}`,
        `/api/reservations/${tableReservation.id}/orders`,
        `/api/reservations/${tableReservation.id}/total`,
        `/api/reservations/${tableReservation.id}/join-requests`,
      ],
      shows: () => screen.findByTestId('order-total'),
    },
    {
      page: `/restaurants/${RESTAURANT_ID}/reservations/${tableReservation.id}/confirmation`,
      early: [
        '/api/auth/get-session',
        `/api/reservations/${tableReservation.id}`,
        `/api/reservations/${tableReservation.id}/total`,
        `/api/reservations/${tableReservation.id}/orders`,
        `/api/reservations/${tableReservation.id}/pending-payments`,
        `/api/reservations/${tableReservation.id}/transactions`,
      ],
      shows: () => screen.findByTestId('bill-total'),
    },
  ];
  it("/: preloads the first restaurant's cover, the picture the first card shows", async () => {
    loadPageAt('/');
    renderApp('/');
    await screen.findByRole('link', { name: 'Bodega Gràcia' });
    const preload = document.head.querySelector('link[rel="preload"][as="image"]');
    expect(preload?.getAttribute('href')).toBe(COVER);
    expect(preload?.getAttribute('fetchpriority')).toBe('high');
    const firstPicture = screen.getAllByRole('article')[0]?.querySelector('img');
    expect(firstPicture?.getAttribute('src')).toBe(COVER);
    expect(firstPicture?.getAttribute('loading')).toBe('eager');
    preload?.remove();
  });

  for (const { page, remembered, early, shows } of cases) {
    it(`${page}${remembered ? ' (remembered restaurant)' : ''}: the app takes every early answer`, async () => {
      if (remembered) localStorage.setItem(STORAGE_KEYS.restaurantId, remembered);
      loadPageAt(page);
      expect(pendingEarlyPaths().sort()).toEqual([...early].sort());

      renderApp(page);
      await shows();
      await waitFor(() => expect(pendingEarlyPaths()).toEqual([]));
      for (const path of early) expect(times(`GET ${path}`), path).toBe(1);
    });
  }

  it('starts only the session check where the first reads depend on more than the address', () => {
    for (const page of [
      '/?q=taco',
      '/filters',
      '/favorites/restaurants',
      `/restaurants/${RESTAURANT_ID}/menu/x`,
    ]) {
      loadPageAt(page);
      expect(pendingEarlyPaths(), page).toEqual(['/api/auth/get-session']);
    }
  });

  it('on a page the server wrote: asks only for the session, and for the app once the page has painted', async () => {
    const state = document.createElement('script');
    state.type = 'application/json';
    state.id = 'server-state';
    state.dataset.entry = '/assets/index-1.js';
    state.dataset.preload = '/assets/compat-1.js /assets/i18n-1.js';
    state.textContent = '{}';
    document.body.append(state);
    const modules = () => [
      ...document.head.querySelectorAll('script[type="module"], link[rel="modulepreload"]'),
    ];
    // the browser's paint entries, delivered by hand
    type PaintCallback = (
      list: { getEntriesByName(name: string): unknown[] },
      observer: { disconnect(): void },
    ) => void;
    const paints: PaintCallback[] = [];
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        static supportedEntryTypes = ['paint'];
        constructor(callback: PaintCallback) {
          paints.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    const painted = (name: string) =>
      paints.forEach((callback) =>
        callback(
          { getEntriesByName: (wanted) => (wanted === name ? [{}] : []) },
          { disconnect: () => undefined },
        ),
      );
    try {
      loadPageAt(`/restaurants/${RESTAURANT_ID}/menu`);
      // the menu and the restaurant came with the page (lib/server-state.ts)
      expect(pendingEarlyPaths()).toEqual(['/api/auth/get-session']);
      expect(modules()).toEqual([]);
      // a first paint with nothing in it yet is not the page
      painted('first-paint');
      expect(modules()).toEqual([]);
      painted('first-contentful-paint');
      expect(modules()).toHaveLength(3);
      const [entry, ...preloads] = modules();
      expect(entry?.getAttribute('src')).toBe('/assets/index-1.js');
      expect(preloads.map((link) => link.getAttribute('href'))).toEqual([
        '/assets/compat-1.js',
        '/assets/i18n-1.js',
      ]);
    } finally {
      vi.unstubAllGlobals();
      state.remove();
      for (const element of modules()) element.remove();
    }
  });

  it('does not read a remembered value that is not an id into a path', () => {
    localStorage.setItem(STORAGE_KEYS.restaurantId, '../auth/x?');
    loadPageAt('/');
    expect(pendingEarlyPaths()).toEqual(['/api/auth/get-session', '/api/restaurants']);
  });
});

describe('a written page before the app has taken it over', () => {
  it('keeps the last tap on a button and the fields changed, out of the page, and hands them over then', () => {
    const state = document.createElement('script');
    state.type = 'application/json';
    state.id = 'server-state';
    state.dataset.entry = '/assets/index-1.js';
    state.textContent = '{}';
    const page = document.createElement('div');
    page.innerHTML =
      '<button type="submit">Pay</button><select><option value="a">A</option><option value="b">B</option></select>' +
      '<a href="#tip">Tip</a>';
    document.body.append(page, state);
    const [pay, choice, link] = [
      page.querySelector('button')!,
      page.querySelector('select')!,
      page.querySelector('a')!,
    ];
    const taps = vi.fn();
    const inputs = vi.fn();
    const changes = vi.fn();
    // handlers of a part already taken over (the header's): they wait too
    pay.addEventListener('click', taps);
    choice.addEventListener('input', inputs);
    choice.addEventListener('change', (event) => changes((event.target as HTMLSelectElement).value));
    try {
      loadPageAt(`/restaurants/${RESTAURANT_ID}/menu`);
      pay.click();
      pay.click();
      choice.value = 'b';
      choice.dispatchEvent(new Event('input', { bubbles: true }));
      choice.dispatchEvent(new Event('change', { bubbles: true }));
      expect(taps).not.toHaveBeenCalled();
      expect(changes).not.toHaveBeenCalled();
      // a link is left alone: it loads its page
      const followed = vi.fn();
      link.addEventListener('click', (event) => {
        followed(event.defaultPrevented);
        event.preventDefault();
      });
      link.click();
      expect(followed).toHaveBeenCalledWith(false);

      document.dispatchEvent(new Event(TAKEN_OVER_EVENT));
      // the last tap once, and the field's value as it stands
      expect(taps).toHaveBeenCalledTimes(1);
      expect(inputs).toHaveBeenCalledTimes(1);
      expect(changes).toHaveBeenCalledExactlyOnceWith('b');
      // from then on the page has its own handlers only
      pay.click();
      expect(taps).toHaveBeenCalledTimes(2);
    } finally {
      page.remove();
      state.remove();
      for (const element of document.head.querySelectorAll(
        'script[type="module"], link[rel="modulepreload"]',
      )) {
        element.remove();
      }
    }
  });
});

describe("the page's early modules", () => {
  /** The route the app shows at `page` (the deepest match's id). */
  const routeAt = (page: string) => matchRoutes(routes, page)?.at(-1)?.route.id;

  it('preloads the landing page the router will show', () => {
    const landing = {
      home: 'home',
      menu: 'restaurant.menu',
      profile: 'restaurant.profile',
      reservation: 'restaurant.reservation',
      order: 'restaurant.reservation.order',
      bill: 'restaurant.reservation.confirmation',
    };
    const reservationPath = `/restaurants/${RESTAURANT_ID}/reservations`;
    const pages: [string, keyof typeof landing | null][] = [
      ['/', 'home'],
      [`/restaurants/${RESTAURANT_ID}`, 'profile'],
      [`/restaurants/${RESTAURANT_ID}/menu`, 'menu'],
      [`/restaurants/${RESTAURANT_ID}/menu?table=4`, 'menu'],
      [reservationPath, 'reservation'],
      [`${reservationPath}?table=4`, 'reservation'],
      [`${reservationPath}/${tableReservation.id}/order`, 'order'],
      [`${reservationPath}/${tableReservation.id}/confirmation`, 'bill'],
      [`${reservationPath}/${tableReservation.id}/summary`, null],
      [`/restaurants/${RESTAURANT_ID}/articles/x`, null],
      ['/auth/login', null],
      ['/favorites/restaurants', null],
    ];
    for (const [page, expected] of pages) {
      loadPageAt(page);
      const preloaded = window.__comensalEarly?.modules?.slice(1) ?? [];
      expect(preloaded, page).toEqual(expected ? [expected] : []);
      if (expected) expect(routeAt(page), page).toBe(landing[expected]);
    }
  });

  it('preloads the catalog of the language the app will pick', () => {
    const cases: [saved: string | null, browser: string, expected: string][] = [
      [null, 'es-CL', 'es-ES'],
      [null, 'ES', 'es-ES'],
      [null, 'en-GB', 'en-US'],
      [null, 'fr-FR', 'en-US'],
      ['en-US', 'es-ES', 'en-US'],
      ['es-ES', 'en-US', 'es-ES'],
      ['fr-FR', 'es-AR', 'es-ES'],
    ];
    for (const [saved, browser, expected] of cases) {
      localStorage.clear();
      if (saved) localStorage.setItem(STORAGE_KEYS.locale, saved);
      vi.spyOn(navigator, 'language', 'get').mockReturnValue(browser);
      loadPageAt('/auth');
      const label = `${saved} / ${browser}`;
      expect(window.__comensalEarly?.modules?.[0], label).toBe(expected);
      expect(detectLocale(), label).toBe(expected);
    }
  });
});

describe('takeEarlyResponse', () => {
  it('hands an answer out once', async () => {
    const response = Promise.resolve(new Response('{}'));
    window.__comensalEarly = { at: 1_000, responses: { '/api/x': response } };
    expect(takeEarlyResponse('/api/x', 1_000)).toBe(response);
    expect(takeEarlyResponse('/api/x', 1_000)).toBeUndefined();
    await response;
  });

  it('drops an answer that is too old to describe the page now', () => {
    window.__comensalEarly = { at: 1_000, responses: { '/api/x': Promise.resolve(new Response('{}')) } };
    expect(takeEarlyResponse('/api/x', 1_000 + EARLY_RESPONSE_MAX_AGE_MS + 1)).toBeUndefined();
    expect(pendingEarlyPaths()).toEqual([]);
  });

  it('answers undefined when the page started nothing', () => {
    expect(takeEarlyResponse('/api/auth/get-session')).toBeUndefined();
  });
});

describe("a dish's page (its early reads, picture and code)", () => {
  const DISH_ID = '0b1e5b43-7a0e-4c55-9d39-8a4f3c1a2e77';
  const DISH_PICTURE = `/files/restaurants/${RESTAURANT_ID}/products/${DISH_ID}.svg`;
  const page = `/restaurants/${RESTAURANT_ID}/articles/${DISH_ID}`;
  const early = [
    '/api/auth/get-session',
    `/api/restaurants/${RESTAURANT_ID}/menu/${DISH_ID}`,
    `/api/restaurants/${RESTAURANT_ID}`,
  ];
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    mockApi({
      'GET /api/auth/get-session': () => json(sessionAnswer({ isAnonymous: true })),
      'GET /api/restaurants/:id': () =>
        json(restaurantDetail({ id: RESTAURANT_ID, name: 'Bodega Gràcia', coverUrl: COVER })),
      'GET /api/restaurants/:id/menu/:productId': () =>
        json(product({ id: DISH_ID, restaurantId: RESTAURANT_ID, imageUrl: DISH_PICTURE })),
      'GET /api/me/favorites/ids': () => json({ restaurantIds: [], productIds: [] }),
      'GET /api/reservations': () => json({ items: [], nextCursor: null }),
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    document.head.querySelectorAll('link[rel="preload"], link[rel="modulepreload"]').forEach((link) => {
      link.remove();
    });
  });

  it('the app takes every early answer once, and shows the preloaded picture', async () => {
    loadPageAt(page);
    expect(pendingEarlyPaths().sort()).toEqual([...early].sort());
    expect(window.__comensalEarly?.modules?.slice(1)).toEqual(['product']);
    expect(matchRoutes(routes, page)?.at(-1)?.route.id).toBe('restaurant.product');

    renderApp(page);
    await screen.findByRole('heading', { name: 'Classic ceviche' });
    await waitFor(() => expect(pendingEarlyPaths()).toEqual([]));
    for (const path of early) expect(times(`GET ${path}`), path).toBe(1);
    const preloads = [...document.head.querySelectorAll('link[rel="preload"][as="image"]')];
    const preload = preloads.find((link) => link.getAttribute('href') === DISH_PICTURE);
    expect(preload?.getAttribute('fetchpriority')).toBe('high');
    expect(screen.getByRole('article').querySelector('img')?.getAttribute('src')).toBe(DISH_PICTURE);
  });

  it('leaves a picture uploaded in several widths to the page (its srcset picks one)', async () => {
    const uploaded = `/files/restaurants/${RESTAURANT_ID}/products/0123456789abcdef.960w.webp`;
    mockApi({
      'GET /api/restaurants/:id/menu/:productId': () =>
        json(product({ id: DISH_ID, restaurantId: RESTAURANT_ID, imageUrl: uploaded })),
    });
    loadPageAt(page);
    const answer = await window.__comensalEarly?.responses[early[1]!];
    await answer?.clone().json();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const preloads = [...document.head.querySelectorAll('link[rel="preload"][as="image"]')];
    expect(preloads.map((link) => link.getAttribute('href'))).not.toContain(uploaded);
    expect(window.__comensalEarly?.picture).toBeUndefined();
  });

  it('starts nothing of a dish for an address that is not a dish id', () => {
    loadPageAt(`/restaurants/${RESTAURANT_ID}/articles/x`);
    expect(pendingEarlyPaths()).toEqual(['/api/auth/get-session']);
    expect(window.__comensalEarly?.modules?.slice(1)).toEqual([]);
  });
});
