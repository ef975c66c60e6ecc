import type { FavoriteIds, Product } from '@comensal/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GEOLOCATION_FAILED } from '@/lib/geolocation';
import { restaurantListStore } from '@/features/restaurants/restaurant-list-store';
import { FakeWebSocket } from '@/testing/fake-web-socket';
import { apiError, json, mockApi, seenRequests } from '@/testing/fetch-mock';
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

// The first render of each lazy route module transforms it on the fly (slow on a cold run).
vi.setConfig({ testTimeout: 20_000 });

const signedIn = () =>
  mockApi({ 'GET /api/auth/get-session': () => json(sessionAnswer({ isAnonymous: true })) });
const pathOf = (router: ReturnType<typeof renderApp>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;
const requests = (prefix: string) => seenRequests.filter((request) => request.startsWith(prefix));
const nbsp = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ');

const SANTIAGO = { latitude: -33.4372, longitude: -70.6506 };

/** A browser geolocation that answers with `position`, or fails with `code`. */
function stubGeolocation(answer: { position: typeof SANTIAGO } | { code: number }) {
  const getCurrentPosition = vi.fn((success: PositionCallback, failure: PositionErrorCallback) => {
    if ('position' in answer) success({ coords: answer.position } as GeolocationPosition);
    else failure({ code: answer.code, message: 'nope' } as GeolocationPositionError);
  });
  vi.stubGlobal(
    'navigator',
    Object.assign(Object.create(navigator) as Navigator, { geolocation: { getCurrentPosition } }),
  );
  return getCurrentPosition;
}

function mockFavorites(initial: Partial<FavoriteIds> = {}) {
  const ids: FavoriteIds = { restaurantIds: [], productIds: [], ...initial };
  const calls: string[] = [];
  const toggle =
    (isFavorite: boolean) =>
    ({ params }: { params: Readonly<Record<string, string | undefined>> }) => {
      const key = params.type === 'restaurants' ? 'restaurantIds' : 'productIds';
      const id = params.id!;
      calls.push(`${isFavorite ? 'PUT' : 'DELETE'} ${params.type} ${id}`);
      ids[key] = isFavorite ? [...new Set([id, ...ids[key]])] : ids[key].filter((other) => other !== id);
      return json({ isFavorite, favoritesCount: isFavorite ? 8 : 7 });
    };
  mockApi({
    'GET /api/me/favorites/ids': () => json(ids),
    'PUT /api/me/favorites/:type/:id': toggle(true),
    'DELETE /api/me/favorites/:type/:id': toggle(false),
  });
  return { ids, calls };
}

beforeEach(() => {
  restaurantListStore.reset();
});

describe('restaurant search page (/filters)', () => {
  it('keeps name, diet and categories in the URL, sends them, and sorts by distance from the browser', async () => {
    signedIn();
    stubGeolocation({ position: SANTIAGO });
    const near = restaurantSummary({
      name: 'Umami Lastarria',
      category: 'japanese',
      city: 'Santiago',
      distance: 1234,
    });
    mockApi({ 'GET /api/restaurants': () => json(restaurantPage([near])) });
    const { router } = renderApp('/filters?vegan=true&category=tapas', { locale: 'es-ES' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Buscar' })).toBeTruthy();
    expect(await screen.findByText('A 1,2 km')).toBeTruthy();
    expect(screen.getByText('Los más cercanos primero')).toBeTruthy();
    await waitFor(() =>
      expect(requests('GET /api/restaurants').at(-1)).toBe(
        'GET /api/restaurants?vegan=true&category=tapas&lat=-33.4372&lng=-70.6506&sort=distance',
      ),
    );

    const diet = within(screen.getByRole('group', { name: 'Opciones alimentarias' }));
    expect((diet.getByRole('checkbox', { name: 'Vegano' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(diet.getByRole('checkbox', { name: 'Vegetariano' }));
    await waitFor(() => expect(pathOf(router)).toBe('/filters?vegan=true&vegetarian=true&category=tapas'));

    const categories = within(screen.getByRole('group', { name: 'Categorías' }));
    fireEvent.click(categories.getByRole('checkbox', { name: 'Chilena' }));
    fireEvent.click(categories.getByRole('checkbox', { name: 'Tapas' }));
    await waitFor(() => expect(pathOf(router)).toBe('/filters?vegan=true&vegetarian=true&category=chilean'));
    await waitFor(() =>
      expect(requests('GET /api/restaurants').at(-1)).toBe(
        'GET /api/restaurants?vegan=true&vegetarian=true&category=chilean&lat=-33.4372&lng=-70.6506&sort=distance',
      ),
    );
    expect(restaurantListStore.getState()).toMatchObject({ isSortedByDistance: true, restaurants: [near] });
  });

  it('says when nothing matches and clears the filters', async () => {
    signedIn();
    mockApi({
      'GET /api/restaurants': ({ url }) =>
        json(restaurantPage(url.searchParams.has('vegan') ? [] : [restaurantSummary({ name: 'Casa Lola' })])),
    });
    const { router } = renderApp('/filters?q=lola&vegan=true');
    expect(await screen.findByText('No restaurants match these filters.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('link', { name: 'Casa Lola' })).toBeTruthy();
    expect(pathOf(router)).toBe('/filters?q=lola');
  });
});

describe('restaurant search page: the count and “Show N results”', () => {
  it('shows how many restaurants match and takes the diner to them', async () => {
    signedIn();
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    mockApi({
      'GET /api/restaurants': () =>
        json(
          restaurantPage([restaurantSummary({ name: 'Casa Lola' }), restaurantSummary({ name: 'Umami' })]),
        ),
    });
    renderApp('/filters?vegan=true');
    const show = await screen.findByRole('button', { name: 'Show 2 results' });
    // the count is on screen, not only said to screen readers
    const count = screen.getByText('2 restaurants');
    expect(count.className).not.toContain('sr-only');
    fireEvent.click(show);
    const heading = screen.getByRole('heading', { level: 2, name: 'Results' });
    expect(document.activeElement).toBe(heading);
    expect(scrolled).toHaveBeenCalled();
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  });
});

describe('home list sorting', () => {
  it('falls back to names with a note when geolocation is refused, logs it, and can try again', async () => {
    signedIn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const getCurrentPosition = stubGeolocation({ code: 1 });
    mockApi({
      'GET /api/restaurants': () => json(restaurantPage([restaurantSummary({ name: 'Casa Lola' })])),
    });
    renderApp('/');
    expect(await screen.findByText('Sorted by name')).toBeTruthy();
    expect(warn).toHaveBeenCalledWith(GEOLOCATION_FAILED, expect.objectContaining({ code: 1 }));
    expect(requests('GET /api/restaurants')).toEqual(['GET /api/restaurants']);
    expect(screen.queryByText(/away$/)).toBeNull();

    getCurrentPosition.mockImplementation((success: PositionCallback) =>
      success({ coords: SANTIAGO } as GeolocationPosition),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText('Nearest first')).toBeTruthy();
    await waitFor(() => expect(requests('GET /api/restaurants').at(-1)).toContain('sort=distance'));
  });

  it('says what to do when the diner asks for their location again and it is still refused', async () => {
    signedIn();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const getCurrentPosition = stubGeolocation({ code: 1 });
    mockApi({
      'GET /api/restaurants': () => json(restaurantPage([restaurantSummary({ name: 'Casa Lola' })])),
    });
    renderApp('/', { locale: 'es-ES' });
    expect(await screen.findByText('Ordenados por nombre')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Usar mi ubicación' }));
    expect(
      await screen.findByText(
        'El acceso a tu ubicación está desactivado para este sitio. Actívalo en los ajustes del navegador para ver primero los restaurantes más cercanos.',
      ),
    ).toBeTruthy();
    expect(getCurrentPosition).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Ordenados por nombre')).toBeTruthy();
  });

  it('links to the search page with the current search, counting the filters', async () => {
    signedIn();
    mockApi({ 'GET /api/restaurants': () => json(restaurantPage([])) });
    renderApp('/?q=taco&vegan=true&category=chilean,bar');
    const link = await screen.findByRole('link', { name: 'Filters (3)' });
    expect(link.getAttribute('href')).toBe('/filters?q=taco&vegan=true&category=chilean%2Cbar');
    expect(await screen.findByText('Sorted by name: your browser can’t share your location')).toBeTruthy();
  });
});

describe('restaurant profile', () => {
  it('offers favourites to an anonymous visitor through the auth page, and shares by copying the link', async () => {
    const restaurant = restaurantDetail({ favoritesCount: 3 });
    mockApi({ 'GET /api/restaurants/:id': () => json(restaurant) });
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator) as Navigator, { clipboard: { writeText } }),
    );
    renderApp(`/restaurants/${restaurant.id}?table=2`);

    expect(await screen.findByRole('heading', { level: 1, name: 'La Picantería' })).toBeTruthy();
    expect(screen.getByText('3 favourites')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add to favourites' }).getAttribute('href')).toBe(
      `/auth?redirect=${encodeURIComponent(`/restaurants/${restaurant.id}?table=2`)}`,
    );
    expect(requests('GET /api/me/favorites')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/restaurants/${restaurant.id}`);
  });

  it('shows every picture in a strip that scrolls sideways, the first one loaded at once', async () => {
    const restaurant = restaurantDetail({
      coverUrl: '/files/a.webp',
      imageUrls: ['/files/a.webp', '/files/b.webp', '/files/c.webp'],
    });
    mockApi({ 'GET /api/restaurants/:id': () => json(restaurant) });
    renderApp(`/restaurants/${restaurant.id}`, { locale: 'es-ES' });

    const strip = await screen.findByRole('list', { name: 'Fotos de La Picantería' });
    const pictures = within(strip).getAllByRole('img');
    expect(pictures.map((img) => img.getAttribute('alt'))).toEqual([
      'Foto 1 de 3',
      'Foto 2 de 3',
      'Foto 3 de 3',
    ]);
    expect(pictures.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
    expect(
      pictures.map((img, index) => img.getAttribute('src')?.endsWith(restaurant.imageUrls[index]!)),
    ).toEqual([true, true, true]);
    expect(strip.getAttribute('tabindex')).toBe('0');
    expect(screen.getByText('3 fotos')).toBeTruthy();
  });

  it('shows a single picture as the cover, without a strip', async () => {
    const restaurant = restaurantDetail({ coverUrl: '/files/a.webp', imageUrls: ['/files/a.webp'] });
    mockApi({ 'GET /api/restaurants/:id': () => json(restaurant) });
    renderApp(`/restaurants/${restaurant.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'La Picantería' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: /Pictures of/ })).toBeNull();
    expect(document.querySelector('img[src$="/files/a.webp"]')?.getAttribute('loading')).toBe('eager');
  });

  it('uses the system share sheet where there is one', async () => {
    const restaurant = restaurantDetail();
    mockApi({ 'GET /api/restaurants/:id': () => json(restaurant) });
    const share = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { share }));
    renderApp(`/restaurants/${restaurant.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() =>
      expect(share).toHaveBeenCalledWith({
        title: 'La Picantería',
        url: `${window.location.origin}/restaurants/${restaurant.id}`,
      }),
    );
  });

  it('toggles the favourite for a session, with the server’s count, and shows the distance once located', async () => {
    signedIn();
    stubGeolocation({ position: SANTIAGO });
    await restaurantListStore.requestPosition();
    const restaurant = restaurantDetail({ favoritesCount: 7, location: { lat: -33.4269, lng: -70.6432 } });
    const favorites = mockFavorites();
    mockApi({ 'GET /api/restaurants/:id': () => json(restaurant) });
    renderApp(`/restaurants/${restaurant.id}`);

    const add = await screen.findByRole('button', { name: 'Add to favourites' });
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
    expect(nbsp(screen.getByText(/away$/).textContent)).toBe('1.3 km away');
    fireEvent.click(add);
    expect(await screen.findByRole('button', { name: 'Remove from favourites' })).toBeTruthy();
    expect(await screen.findByText('8 favourites')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove from favourites' }));
    expect(await screen.findByText('7 favourites')).toBeTruthy();
    expect(favorites.calls).toEqual([
      `PUT restaurants ${restaurant.id}`,
      `DELETE restaurants ${restaurant.id}`,
    ]);
  });

  it('says the favourite button is busy until the diner’s favourites are known', async () => {
    signedIn();
    const restaurant = restaurantDetail();
    let release!: () => void;
    const known = new Promise<void>((resolve) => (release = resolve));
    mockApi({
      'GET /api/restaurants/:id': () => json(restaurant),
      'GET /api/me/favorites/ids': async () => {
        await known;
        return json({ restaurantIds: [restaurant.id], productIds: [] });
      },
    });
    renderApp(`/restaurants/${restaurant.id}`);

    const guess = await screen.findByRole('button', { name: 'Add to favourites' });
    expect(guess.getAttribute('aria-busy')).toBe('true');
    expect((guess as HTMLButtonElement).disabled).toBe(true);
    release();
    const settled = await screen.findByRole('button', { name: 'Remove from favourites' });
    expect(settled.hasAttribute('aria-busy')).toBe(false);
    expect((settled as HTMLButtonElement).disabled).toBe(false);
  });

  it.each([
    {
      failure: 'the server failing (500)',
      answer: () => apiError(500, 'INTERNAL'),
      locale: 'en-US' as const,
      add: 'Add to favourites',
      toast: 'We couldn’t save your favourite. Try again.',
      logged: 'Error al guardar favorito',
      notLogged: 'El usuario no existe',
    },
    {
      failure: 'no valid session (401)',
      answer: () => apiError(401, 'UNAUTHENTICATED'),
      locale: 'es-ES' as const,
      add: 'Añadir a favoritos',
      toast: 'Tu sesión terminó. Vuelve a entrar para guardar favoritos.',
      logged: 'El usuario no existe',
      notLogged: 'Error al guardar favorito',
    },
    {
      // the server's answer when the session's user row is gone
      // (apps/server/src/modules/favorites/set-favorite.ts)
      failure: 'no user row for the session (401 Sign in again)',
      answer: () => apiError(401, 'UNAUTHENTICATED', 'Sign in again'),
      locale: 'es-ES' as const,
      add: 'Añadir a favoritos',
      toast: 'Tu sesión terminó. Vuelve a entrar para guardar favoritos.',
      logged: 'El usuario no existe',
      notLogged: 'Error al guardar favorito',
    },
    {
      failure: 'the restaurant gone (404)',
      answer: () => apiError(404, 'NOT_FOUND', 'Restaurant not found'),
      locale: 'en-US' as const,
      add: 'Add to favourites',
      toast: 'We couldn’t save your favourite. Try again.',
      logged: 'Error al guardar favorito',
      notLogged: 'El usuario no existe',
    },
  ])(
    'puts the heart back, says so and logs $logged on $failure',
    async ({ answer, locale, add: addLabel, toast, logged, notLogged }) => {
      signedIn();
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const restaurant = restaurantDetail();
      mockFavorites();
      mockApi({
        'GET /api/restaurants/:id': () => json(restaurant),
        'PUT /api/me/favorites/:type/:id': answer,
      });
      renderApp(`/restaurants/${restaurant.id}`, { locale });
      const add = await screen.findByRole('button', { name: addLabel });
      await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
      fireEvent.click(add);
      expect(await screen.findByText(toast)).toBeTruthy();
      expect(screen.getByRole('button', { name: addLabel })).toBeTruthy();
      expect(warn).toHaveBeenCalledWith(logged, expect.anything());
      expect(warn).not.toHaveBeenCalledWith(notLogged, expect.anything());
    },
  );
});

describe('menu filter and live updates', () => {
  const restaurant = restaurantDetail({ name: 'Casa Lola', country: 'ES', currency: 'EUR' });
  const restaurantId = restaurant.id;

  function mockMenu(items: () => Product[]) {
    mockApi({
      'GET /api/restaurants/:id': () => json(restaurant),
      'GET /api/restaurants/:id/menu': ({ url }) => {
        const max = Number(url.searchParams.get('maxPrice') ?? 0);
        const vegan = url.searchParams.get('vegan') === 'true';
        return json(
          menu({
            restaurantId,
            country: 'ES',
            currency: 'EUR',
            items: items()
              .filter((item) => (!vegan || item.vegan) && (!max || item.price <= max))
              .map(menuItem),
          }),
        );
      },
    });
  }

  it('asks again just after each minute turns, so a dish whose schedule starts shows up by itself', async () => {
    // The fake clock also moves with real time (React Query and the waits need their timers to
    // fire); starting a minute before the turn leaves a busy machine a minute of slack.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      vi.setSystemTime(new Date('2026-11-24T10:59:00.000Z'));
      const coffee = product({ restaurantId, name: { es: 'Café', en: 'Coffee' }, price: 150 });
      const lunch = product({ restaurantId, name: { es: 'Menú del día', en: 'Set lunch' }, price: 1450 });
      mockMenu(() => (Date.now() >= Date.parse('2026-11-24T11:00:00.000Z') ? [coffee, lunch] : [coffee]));
      renderApp(`/restaurants/${restaurantId}/menu`);
      expect(await screen.findByRole('link', { name: 'Coffee' })).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Set lunch' })).toBeNull();

      // the next ask is due 1–6 s after 11:00
      await act(() => vi.advanceTimersByTimeAsync(67_000));
      expect(await screen.findByRole('link', { name: 'Set lunch' })).toBeTruthy();
      expect(requests(`GET /api/restaurants/${restaurantId}/menu`)).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the filter in the URL, sends it, converts prices to minor units and checks the range', async () => {
    const salad = product({ restaurantId, name: { es: 'Ensalada', en: 'Salad' }, price: 900, vegan: true });
    const steak = product({ restaurantId, name: { es: 'Chuletón', en: 'Steak' }, price: 2400 });
    mockMenu(() => [salad, steak]);
    const { router } = renderApp(`/restaurants/${restaurantId}/menu?table=4`);
    expect(await screen.findByRole('link', { name: 'Steak' })).toBeTruthy();

    // the dishes first: the filter is behind a button saying how many filters are on
    const opener = screen.getByRole('button', { name: 'Filters' });
    expect(screen.queryByRole('checkbox', { name: 'Vegan' })).toBeNull();
    fireEvent.click(opener);
    const sheet = within(await screen.findByRole('dialog', { name: 'Filter the menu' }));
    fireEvent.click(sheet.getByRole('checkbox', { name: 'Vegan' }));
    // (the page behind the open sheet is hidden from assistive technology: `hidden: true`)
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Steak', hidden: true })).toBeNull());
    expect(pathOf(router)).toBe(`/restaurants/${restaurantId}/menu?table=4&vegan=true`);
    expect(await sheet.findByRole('button', { name: 'Show 1 dish' })).toBeTruthy();

    const filters = within(sheet.getByRole('group', { name: 'Price (EUR)' }));
    fireEvent.change(filters.getByLabelText('Minimum'), { target: { value: '20' } });
    fireEvent.change(filters.getByLabelText('Maximum'), { target: { value: '12.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply price' }));
    expect(await screen.findByText('The minimum can’t be higher than the maximum.')).toBeTruthy();
    expect(filters.getByLabelText('Minimum').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(filters.getByLabelText('Minimum'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply price' }));
    await waitFor(() =>
      expect(pathOf(router)).toBe(`/restaurants/${restaurantId}/menu?table=4&vegan=true&maxPrice=1250`),
    );
    await waitFor(() =>
      expect(requests('GET /api/restaurants/').at(-1)).toBe(
        `GET /api/restaurants/${restaurantId}/menu?vegan=true&maxPrice=1250`,
      ),
    );
    expect(screen.getByRole('link', { name: 'Salad', hidden: true }).getAttribute('href')).toBe(
      `/restaurants/${restaurantId}/articles/${salad.id}?table=4`,
    );

    fireEvent.change(filters.getByLabelText('Maximum'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply price' }));
    expect(await screen.findByText('No dishes match these filters.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Filters (2 on)', hidden: true })).toBeTruthy();
    fireEvent.click(sheet.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('link', { name: 'Steak', hidden: true })).toBeTruthy();
    expect(pathOf(router)).toBe(`/restaurants/${restaurantId}/menu?table=4`);
    expect((filters.getByLabelText('Maximum') as HTMLInputElement).value).toBe('');
    fireEvent.click(sheet.getByRole('button', { name: 'Show 2 dishes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // focus goes back to the button, which now says no filter is on
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Filters' }));
  });

  it('reads a shared filtered link', async () => {
    mockMenu(() => []);
    renderApp(`/restaurants/${restaurantId}/menu?vegetarian=true&minPrice=500`, { locale: 'es-ES' });
    const opener = await screen.findByRole('button', { name: 'Filtros (2 activos)' });
    await waitFor(() => expect((opener as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(opener);
    const minimum = (await screen.findByLabelText('Mínimo')) as HTMLInputElement;
    expect(minimum.value).toBe('5');
    expect((screen.getByRole('checkbox', { name: 'Vegetariano' }) as HTMLInputElement).checked).toBe(true);
    expect(requests(`GET /api/restaurants/${restaurantId}/menu`)).toEqual([
      `GET /api/restaurants/${restaurantId}/menu?vegetarian=true&minPrice=500`,
    ]);
  });

  it('asks for the menu once on a cold load: the subscription’s confirmation does not ask again', async () => {
    mockMenu(() => [product({ restaurantId })]);
    renderApp(`/restaurants/${restaurantId}/menu`);
    expect(await screen.findByRole('link', { name: 'Classic ceviche' })).toBeTruthy();
    const socket = FakeWebSocket.latest()!;
    act(() => socket.serverOpen());
    act(() => socket.serverConfirmSubscriptions());
    // let any refetch the confirmation would start reach the network
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(requests(`GET /api/restaurants/${restaurantId}/menu`)).toHaveLength(1);
  });

  it('follows the restaurant’s live topic: a change shows without a reload, a reconnect refetches', async () => {
    let price = 1250;
    const dish = () => product({ id: '00000000-0000-4000-8000-00000000d15h', restaurantId, price });
    mockMenu(() => [dish()]);
    renderApp(`/restaurants/${restaurantId}/menu`);
    const card = () => within(screen.getByRole('link', { name: 'Classic ceviche' }).closest('article')!);
    expect(nbsp((await waitFor(() => card().getByText(/€/))).textContent)).toBe('12,50 €');

    const socket = FakeWebSocket.latest()!;
    expect(socket.url).toBe(`ws://${window.location.host}/api/live`);
    act(() => socket.serverOpen());
    expect(socket.sent).toEqual([{ op: 'subscribe', topic: `restaurant:${restaurantId}:menu` }]);
    act(() => socket.serverConfirmSubscriptions());

    price = 1400;
    act(() =>
      socket.serverSend({
        topic: `restaurant:${restaurantId}:menu`,
        event: 'menu.changed',
        data: { productId: dish().id },
      }),
    );
    await waitFor(() => expect(nbsp(card().getByText(/€/).textContent)).toBe('14 €'));

    const before = requests(`GET /api/restaurants/${restaurantId}/menu`).length;
    act(() => socket.serverDrop());
    price = 990;
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(1));
    const next = FakeWebSocket.latest()!;
    act(() => next.serverOpen());
    act(() => next.serverConfirmSubscriptions());
    await waitFor(() => expect(nbsp(card().getByText(/€/).textContent)).toBe('9,90 €'));
    expect(requests(`GET /api/restaurants/${restaurantId}/menu`).length).toBeGreaterThan(before);
  });
});

describe('product page', () => {
  const restaurant = restaurantDetail({ country: 'CL', currency: 'CLP', name: 'Umami Lastarria' });
  const restaurantId = restaurant.id;
  const dish = product({
    restaurantId,
    name: { es: 'Ramen', en: 'Ramen' },
    price: 9000,
    currency: 'CLP',
    discount: 10,
    discountType: 'percent',
    vegan: true,
    tags: ['spicy'],
    preferences: [
      {
        key: 'caldo',
        name: { es: 'Caldo', en: 'Broth' },
        multiple: false,
        required: true,
        options: [
          { key: 'miso', name: { es: 'Miso', en: 'Miso' }, priceMinor: 0 },
          { key: 'tantan', name: { es: 'Tantan', en: 'Tantan' }, priceMinor: 1500 },
        ],
      },
      {
        key: 'extras',
        name: { es: 'Extras', en: 'Extras' },
        multiple: true,
        required: false,
        options: [{ key: 'tofu', name: { es: 'Tofu', en: 'Tofu' }, priceMinor: 1200, maxQuantity: 2 }],
      },
    ],
  });

  it('computes the price live as the diner chooses, in CLP, and blocks nothing it cannot order', async () => {
    signedIn();
    const favorites = mockFavorites();
    mockApi({
      'GET /api/restaurants/:id': () => json(restaurant),
      'GET /api/restaurants/:id/menu/:productId': () => json(dish),
      // No reservation here: nothing to order for.
      'GET /api/reservations': () => json({ items: [], nextCursor: null }),
    });
    renderApp(`/restaurants/${restaurantId}/articles/${dish.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ramen' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Ramen · Comensal'));
    expect(screen.getByText('Spicy')).toBeTruthy();

    // Required single choice: nothing pre-selected.
    const broth = screen.getByRole('radiogroup', { name: 'Broth' });
    expect(
      within(broth)
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).checked),
    ).toEqual([false, false]);
    expect(screen.getByText('Choose: Broth')).toBeTruthy();
    const add = screen.getByRole('button', { name: /^Add to order/ }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(
      await screen.findByText('To order from here you need a reservation at this restaurant.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Reserve' }).getAttribute('href')).toBe(
      `/restaurants/${restaurantId}/reservations`,
    );

    const total = () => nbsp(screen.getByText(/^Total: /).textContent);
    // 9000 − 10 % = 8100
    expect(total()).toBe('Total: $8.100');
    fireEvent.click(within(broth).getByRole('radio', { name: /Tantan/ }));
    expect(screen.queryByText('Choose: Broth')).toBeNull();
    // (9000 + 1500) − 10 % = 9450
    expect(total()).toBe('Total: $9.450');

    fireEvent.click(screen.getByRole('checkbox', { name: /Tofu/ }));
    const more = screen.getByRole('button', { name: 'Quantity of Tofu: one more' });
    fireEvent.click(more);
    fireEvent.click(more); // the maximum is 2
    // (9000 + 1500 + 2 × 1200) − 10 % = 11 610
    expect(total()).toBe('Total: $11.610');

    const fewer = screen.getByRole('button', { name: 'Quantity: one less' });
    fireEvent.click(fewer); // never below 1
    fireEvent.click(screen.getByRole('button', { name: 'Quantity: one more' }));
    expect(total()).toBe('Total: $23.220');
    const summary = within(screen.getByRole('region', { name: 'Price' }));
    expect(summary.getByText('$12.900').tagName).toBe('DEL'); // one unit before the discount
    expect(summary.getByText('$25.800').tagName).toBe('DEL');
    expect(summary.getByText('−10%')).toBeTruthy();
    expect(summary.getByText('$23.220')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Comments for the kitchen (optional)'), {
      target: { value: 'sin cebollín' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add to favourites' }));
    expect(await screen.findByRole('button', { name: 'Remove from favourites' })).toBeTruthy();
    expect(favorites.calls).toEqual([`PUT products ${dish.id}`]);
  });

  it('says when the dish is not on the menu, logging Producto no encontrado', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockApi({
      'GET /api/restaurants/:id': () => json(restaurant),
      'GET /api/restaurants/:id/menu/:productId': () => apiError(404, 'NOT_FOUND'),
    });
    renderApp(`/restaurants/${restaurantId}/articles/00000000-0000-4000-8000-0000000000ff`, {
      locale: 'es-ES',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Plato no encontrado' })).toBeTruthy();
    expect(warn).toHaveBeenCalledWith('Producto no encontrado', expect.anything());
  });

  it('logs a failed load and offers a retry', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let fail = true;
    mockApi({
      'GET /api/restaurants/:id': () => json(restaurant),
      'GET /api/restaurants/:id/menu/:productId': () => (fail ? apiError(503, 'INTERNAL') : json(dish)),
    });
    renderApp(`/restaurants/${restaurantId}/articles/${dish.id}`);
    expect(await screen.findByText('We couldn’t load this dish.')).toBeTruthy();
    expect(warn).toHaveBeenCalledWith('Error al cargar el menú', expect.anything());
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ramen' })).toBeTruthy();
  });
});

describe('favourites pages', () => {
  it('lists favourite restaurants and dishes on tabs, unmarking in place', async () => {
    signedIn();
    const restaurant = restaurantSummary({ name: 'Casa Lola', city: 'Madrid' });
    const dish = product({ name: { es: 'Croquetas', en: 'Croquettes' }, price: 850, currency: 'EUR' });
    mockFavorites({ restaurantIds: [restaurant.id], productIds: [dish.id] });
    mockApi({
      'GET /api/me/favorites': ({ url }) =>
        url.searchParams.get('type') === 'products'
          ? json({
              type: 'products',
              items: [
                {
                  product: dish,
                  restaurant: {
                    id: dish.restaurantId,
                    slug: 'casa-lola',
                    name: 'Casa Lola',
                    country: 'ES',
                    currency: 'EUR',
                  },
                  isAvailable: false,
                  favoritedAt: '2025-01-01T00:00:00.000Z',
                },
              ],
              nextCursor: null,
            })
          : json({
              type: 'restaurants',
              items: [{ restaurant, favoritedAt: '2025-01-01T00:00:00.000Z' }],
              nextCursor: null,
            }),
    });
    const { router } = renderApp('/favorites');
    expect(await screen.findByRole('heading', { level: 1, name: 'Favourite restaurants' })).toBeTruthy();
    expect(pathOf(router)).toBe('/favorites/restaurants');
    const link = await screen.findByRole('link', { name: 'Casa Lola' });
    expect(link.getAttribute('href')).toBe(`/restaurants/${restaurant.id}`);

    const remove = await screen.findByRole('button', { name: 'Remove from favourites' });
    fireEvent.click(remove);
    expect(await screen.findByRole('button', { name: 'Add to favourites' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Casa Lola' })).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: 'Dishes' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Favourite dishes' })).toBeTruthy();
    const croquettes = await screen.findByRole('link', { name: 'Croquettes' });
    expect(croquettes.getAttribute('href')).toBe(`/restaurants/${dish.restaurantId}/articles/${dish.id}`);
    const row = within(croquettes.closest('article')!);
    expect(nbsp(row.getByText(/€/).textContent)).toBe('8,50 €');
    expect(row.getByText('Not available right now')).toBeTruthy();
  });

  it('shows an empty state with a way to explore', async () => {
    signedIn();
    mockFavorites();
    mockApi({ 'GET /api/me/favorites': () => json({ type: 'products', items: [], nextCursor: null }) });
    renderApp('/favorites/products', { locale: 'es-ES' });
    expect(await screen.findByText('Aún no tienes platos favoritos.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Explorar restaurantes' }).getAttribute('href')).toBe('/');
  });
});

describe('/r', () => {
  it('goes home when no restaurant is remembered', async () => {
    signedIn();
    mockApi({ 'GET /api/restaurants': () => json(restaurantPage([])) });
    const { router } = renderApp('/r');
    await waitFor(() => expect(pathOf(router)).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Restaurants' })).toBeTruthy();
  });

  it('goes home when the remembered restaurant has no review link', async () => {
    signedIn();
    localStorage.setItem('restaurantId', 'r1');
    mockApi({
      'GET /api/restaurants/:id': () => json(restaurantDetail({ id: 'r1', reviewUrl: null })),
    });
    const { router } = renderApp('/r');
    await waitFor(() => expect(pathOf(router)).toBe('/'));
    // Home then shows the remembered restaurant.
    expect(await screen.findByRole('heading', { level: 1, name: 'Your restaurant' })).toBeTruthy();
    expect(requests('GET /api/restaurants/r1').length).toBeGreaterThan(0);
  });
});
