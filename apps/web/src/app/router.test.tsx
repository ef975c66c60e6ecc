import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { href, ROUTE_NAMES } from '@/config/paths';
import { apiError, json, mockApi, seenRequests } from '@/testing/fetch-mock';
import {
  meAnswer,
  menu,
  menuItem,
  product,
  restaurantDetail,
  restaurantPage,
  restaurantSummary,
  sessionAnswer,
} from '@/testing/fixtures';
import { renderApp } from './testing/render-app';
import type { RouteHandle } from './route-handle';
import { routes } from './router';

/** better-auth answers errors as `{ code, message }`. */
const authError = (status: number, code: string) => json({ code, message: code }, { status });

const signedIn = () => mockApi({ 'GET /api/auth/get-session': () => json(sessionAnswer()) });
const pathOf = (router: ReturnType<typeof renderApp>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('route tree', () => {
  it.each(ROUTE_NAMES)('serves %s at the path href() builds', (name) => {
    const params = {
      restaurantId: 'r1',
      reservationId: 'res9',
      productId: 'p2',
      token_ws: 'tok',
      transactionId: 't3',
    };
    const matches = matchRoutes(routes, href(name as 'restaurant.reservation.successful', params));
    expect((matches?.at(-1)?.route.handle as RouteHandle | undefined)?.name).toBe(name);
  });
});

describe('404', () => {
  it('shows the translated 404 page for an unknown path, with a link home', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to home' }).getAttribute('href')).toBe('/');
    await waitFor(() => expect(document.title).toBe('Page not found · Comensal'));
  });

  it('speaks Spanish too', async () => {
    renderApp(href('notFound'), { locale: 'es-ES' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir al inicio' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('es');
  });
});

describe('guard', () => {
  it('sends an anonymous visitor of a private page to auth, remembering where they were going', async () => {
    const { router } = renderApp('/profile?tab=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Comensal' })).toBeTruthy();
    expect(pathOf(router)).toBe('/auth?redirect=%2Fprofile%3Ftab%3D1');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/auth/login?redirect=%2Fprofile%3Ftab%3D1',
    );
  });

  it('lets a session in, and redirects list sections to their first tab', async () => {
    signedIn();
    mockApi({ 'GET /api/invitations': () => json({ items: [], nextCursor: null }) });
    const { router } = renderApp('/invitations');
    expect(await screen.findByRole('heading', { level: 1, name: 'Invitations' })).toBeTruthy();
    expect(pathOf(router)).toBe('/invitations/current');
    expect(await screen.findByText('No pending invitations.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'History' }).getAttribute('href')).toBe('/invitations/historial');
    await waitFor(() => expect(document.title).toBe('Invitations · Comensal'));
  });

  it.each([
    ['/favorites', '/favorites/restaurants', 'Favourite restaurants'],
    ['/reservations', '/reservations/current', 'My reservations'],
  ])('redirects %s to %s', async (from, to, title) => {
    signedIn();
    mockApi({ 'GET /api/me/favorites': () => json({ type: 'restaurants', items: [], nextCursor: null }) });
    mockApi({ 'GET /api/reservations': () => json({ items: [], nextCursor: null }) });
    const { router } = renderApp(from);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(pathOf(router)).toBe(to);
  });

  it('asks the server for the session once, then uses the cached answer', async () => {
    signedIn();
    mockApi({ 'GET /api/me': () => json(meAnswer()) });
    const { router } = renderApp('/profile');
    await screen.findByRole('heading', { level: 1, name: 'My profile' });
    mockApi({ 'GET /api/restaurants': () => json(restaurantPage([])) });
    await router.navigate(href('filters'));
    await screen.findByRole('heading', { level: 1, name: 'Search' });
    expect(seenRequests.filter((request) => request.includes('/api/auth/get-session'))).toHaveLength(1);
  });
});

describe('auth', () => {
  it('offers sign in, create account and continue as guest', async () => {
    renderApp('/auth');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Comensal' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth/login');
    expect(screen.getByRole('link', { name: 'Create account' }).getAttribute('href')).toBe('/auth/register');
    expect(screen.getByRole('button', { name: 'Continue as guest' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeTruthy();
  });

  it('signs in and returns to where the visitor was going', async () => {
    let isSignedIn = false;
    let body: unknown = null;
    mockApi({
      'GET /api/auth/get-session': () => json(isSignedIn ? sessionAnswer({ name: 'Ana' }) : null),
      'POST /api/auth/sign-in/email': async ({ request }) => {
        body = await request.json();
        isSignedIn = true;
        return json({ redirect: false, token: 't', user: sessionAnswer().user });
      },
      'GET /api/me': () => json(meAnswer({ displayName: 'Ana' })),
    });
    const { router } = renderApp('/auth/login?redirect=%2Fprofile');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ana@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My profile' })).toBeTruthy();
    expect(pathOf(router)).toBe('/profile');
    expect(body).toEqual({ email: 'ana@example.com', password: 'secret-password' });
    expect(screen.getByRole('link', { name: /Ana/ }).getAttribute('href')).toBe('/profile');
  });

  it('validates the form and shows translated server errors', async () => {
    mockApi({ 'POST /api/auth/sign-in/email': () => authError(401, 'INVALID_EMAIL_OR_PASSWORD') });
    renderApp('/auth/login', { locale: 'es-ES' });
    const submit = await screen.findByRole('button', { name: 'Entrar' });
    fireEvent.click(submit);
    expect(await screen.findByText('Escribe tu correo electrónico.')).toBeTruthy();
    expect(screen.getByText('Escribe tu contraseña.')).toBeTruthy();
    expect(screen.getByLabelText('Correo electrónico').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getByLabelText('Correo electrónico'), { target: { value: 'ana@example.com' } });
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'wrong-password' } });
    fireEvent.click(submit);
    expect(await screen.findByText('El correo y la contraseña no coinciden.')).toBeTruthy();
  });

  it('creates an account with a display name', async () => {
    let isSignedIn = false;
    let body: unknown = null;
    mockApi({
      'GET /api/auth/get-session': () => json(isSignedIn ? sessionAnswer({ name: 'Luis' }) : null),
      'POST /api/auth/sign-up/email': async ({ request }) => {
        body = await request.json();
        isSignedIn = true;
        return json({ token: 't', user: sessionAnswer({ name: 'Luis' }).user });
      },
      'GET /api/restaurants': () => json(restaurantPage([])),
    });
    const { router } = renderApp('/auth/register');
    fireEvent.change(await screen.findByLabelText('Your name'), { target: { value: ' Luis ' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'luis@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('The password needs at least 8 characters.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long-enough-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Hi, Luis')).toBeTruthy();
    expect(pathOf(router)).toBe('/');
    expect(body).toEqual({
      name: 'Luis',
      email: 'luis@example.com',
      password: 'long-enough-password',
      locale: 'en-US',
    });
  });

  it('shows the code of a taken e-mail as a translated message', async () => {
    mockApi({
      'POST /api/auth/sign-up/email': () => authError(422, 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL'),
    });
    renderApp('/auth/register');
    fireEvent.change(await screen.findByLabelText('Your name'), { target: { value: 'Luis' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'luis@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long-enough-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByText('There’s already an account with that email. Sign in instead.'),
    ).toBeTruthy();
  });

  it('continues as a guest: anonymous session plus the local guest profile', async () => {
    let isGuest = false;
    mockApi({
      'GET /api/auth/get-session': () =>
        json(isGuest ? sessionAnswer({ name: 'Anonymous', isAnonymous: true }) : null),
      'POST /api/auth/sign-in/anonymous': () => {
        isGuest = true;
        return json({ token: 't', user: sessionAnswer({ isAnonymous: true }).user });
      },
      'GET /api/restaurants': () => json(restaurantPage([])),
    });
    const { router } = renderApp('/auth?redirect=%2F');
    fireEvent.click(await screen.findByRole('button', { name: 'Continue as guest' }));
    const guest = JSON.parse(
      await waitFor(() => localStorage.getItem('guest') ?? Promise.reject(new Error('none'))),
    );
    expect(guest).toMatchObject({ guessUser: true, orders: [] });
    expect(guest.displayName).toMatch(/^Invitado \d{1,3}$/);
    expect(await screen.findByText(`Hi, ${guest.displayName}`)).toBeTruthy();
    expect(await screen.findByText(`You’re browsing as ${guest.displayName}.`)).toBeTruthy();
    expect(pathOf(router)).toBe('/');
  });

  it('signs out and lands on auth', async () => {
    let isSignedIn = true;
    mockApi({
      'GET /api/auth/get-session': () => json(isSignedIn ? sessionAnswer() : null),
      'POST /api/auth/sign-out': () => {
        isSignedIn = false;
        return json({ success: true });
      },
    });
    localStorage.setItem('guest', JSON.stringify({ stale: true }));
    const { router } = renderApp('/auth/logout');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Comensal' })).toBeTruthy();
    expect(pathOf(router)).toBe('/auth');
    expect(isSignedIn).toBe(false);
    expect(localStorage.getItem('guest')).toBeNull();
  });
});

describe('home', () => {
  it('lists restaurants, searches by name through the URL and loads more pages', async () => {
    signedIn();
    const first = restaurantSummary({ name: 'La Picantería', category: 'peruvian', city: 'Lima' });
    const second = restaurantSummary({
      name: 'Sushi Itto',
      category: 'nikkei fusion',
      hasVegan: false,
      hasVegetarian: false,
    });
    const third = restaurantSummary({ name: 'Casa Lola', coverUrl: null });
    mockApi({
      'GET /api/restaurants': ({ url }) => {
        const q = url.searchParams.get('q');
        if (q)
          return json(restaurantPage([second].filter((r) => r.name.toLowerCase().includes(q.toLowerCase()))));
        return url.searchParams.get('cursor') === 'page-2'
          ? json(restaurantPage([third]))
          : json(restaurantPage([first, second], 'page-2'));
      },
    });
    const { router } = renderApp('/');
    const card = (await screen.findByRole('link', { name: 'La Picantería' })).closest('article')!;
    expect(screen.getByRole('link', { name: 'La Picantería' }).getAttribute('href')).toBe(
      `/restaurants/${first.id}`,
    );
    expect(within(card).getByText('Peruvian · Lima')).toBeTruthy();
    // A category the catalogs do not know shows as the server sent it.
    expect(screen.getByText('nikkei fusion · Lima')).toBeTruthy();
    // vegan dishes are vegetarian too: one badge says it
    expect(within(card).getByText('Vegan')).toBeTruthy();
    expect(within(card).queryByText('Vegetarian')).toBeNull();
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/files/covers/picanteria.jpg');
    await waitFor(() => expect(document.title).toBe('Restaurants · Comensal'));

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Casa Lola' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    const search = screen.getByRole('searchbox', { name: 'Search restaurants by name' });
    fireEvent.change(search, { target: { value: 'sushi' } });
    fireEvent.submit(search.closest('form')!);
    await waitFor(() => expect(pathOf(router)).toBe('/?q=sushi'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'La Picantería' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Sushi Itto' })).toBeTruthy();

    fireEvent.change(search, { target: { value: 'zzz' } });
    fireEvent.submit(search.closest('form')!);
    expect(await screen.findByText('No restaurants match “zzz”.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(pathOf(router)).toBe('/'));
  });

  it('logs a failed load and offers a retry', async () => {
    signedIn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let fail = true;
    mockApi({
      'GET /api/restaurants': () =>
        fail ? apiError(500, 'INTERNAL') : json(restaurantPage([restaurantSummary()])),
    });
    renderApp('/');
    expect(await screen.findByText('We couldn’t load the restaurants.')).toBeTruthy();
    expect(warn).toHaveBeenCalledWith('Error al cargar restaurantes', expect.anything());
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'La Picantería' })).toBeTruthy();
  });

  it('is limited to the remembered restaurant, with a way to see all', async () => {
    signedIn();
    const remembered = restaurantDetail({ name: 'Casa Lola' });
    localStorage.setItem('restaurantId', remembered.id);
    mockApi({
      'GET /api/restaurants/:id': ({ params }) =>
        params.id === remembered.id ? json(remembered) : apiError(404, 'NOT_FOUND'),
      'GET /api/restaurants': () => json(restaurantPage([restaurantSummary({ name: 'Sushi Itto' })])),
    });
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Casa Lola' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sushi Itto' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'See all restaurants' }));
    expect(await screen.findByRole('link', { name: 'Sushi Itto' })).toBeTruthy();
    expect(localStorage.getItem('restaurantId')).toBeNull();
  });
});

describe('restaurant profile', () => {
  it('is public and shows the restaurant, its address, hours and links that keep table and room', async () => {
    const restaurant = restaurantDetail();
    mockApi({ 'GET /api/restaurants/:id': () => json(restaurant) });
    renderApp(`/restaurants/${restaurant.id}?table=4&room=Terraza`, { locale: 'es-ES' });
    expect(await screen.findByRole('heading', { level: 1, name: 'La Picantería' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('La Picantería · Comensal'));
    expect(screen.getByText('Cocina peruana de mercado.')).toBeTruthy();
    expect(screen.getByText('Peruana · Lima')).toBeTruthy();
    expect(screen.getByText('Av. Larco 123, Lima')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Abrir en el mapa/ }).getAttribute('href')).toBe(
      'https://www.openstreetmap.org/?mlat=-12.12&mlon=-77.03#map=17/-12.12/-77.03',
    );
    expect(screen.getByRole('link', { name: /Ver la carta/ }).getAttribute('href')).toBe(
      `/restaurants/${restaurant.id}/menu?table=4&room=Terraza`,
    );
    expect(screen.getByRole('link', { name: /Reservar mesa/ }).getAttribute('href')).toBe(
      `/restaurants/${restaurant.id}/reservations?table=4&room=Terraza`,
    );
    const days = screen.getAllByRole('term').map((term) => term.textContent);
    expect(days).toEqual(['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo']);
    const definitions = screen.getAllByRole('definition').map((definition) => definition.textContent);
    expect(definitions[3]).toBe('12:00–16:00 y 20:00–23:30');
    expect(definitions[6]).toBe('Cerrado');
    expect(screen.getByText('Horas locales del restaurante (America/Lima).')).toBeTruthy();
    expect(localStorage.getItem('restaurantId')).toBe(restaurant.id);
    expect(JSON.parse(sessionStorage.getItem('table')!)).toEqual({
      restaurantId: restaurant.id,
      table: '4',
      room: 'Terraza',
    });
  });

  it('says so when the restaurant does not exist, and forgets it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockApi({ 'GET /api/restaurants/:id': () => apiError(404, 'NOT_FOUND') });
    renderApp('/restaurants/00000000-0000-4000-8000-999999999999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Restaurant not found' })).toBeTruthy();
    expect(warn).toHaveBeenCalledWith('Error al cargar restaurantes', expect.anything());
    await waitFor(() => expect(localStorage.getItem('restaurantId')).toBeNull());
  });
});

describe('menu', () => {
  it('is public and shows sections with dishes, prices, discounts and dietary tags', async () => {
    const restaurant = restaurantDetail({ country: 'ES', currency: 'EUR', name: 'Casa Lola' });
    const restaurantId = restaurant.id;
    const dishes = [
      product({
        restaurantId,
        section: 'mains',
        price: 1250,
        discount: 10,
        discountType: 'percent',
        vegan: true,
        tags: ['spicy'],
      }),
      product({ restaurantId, section: 'starters', name: { es: 'Croquetas', en: 'Croquettes' }, price: 800 }),
    ];
    mockApi({
      'GET /api/restaurants/:id': () => json(restaurant),
      'GET /api/restaurants/:id/menu': () =>
        json(menu({ restaurantId, country: 'ES', currency: 'EUR', items: dishes.map(menuItem) })),
    });
    renderApp(`/restaurants/${restaurantId}/menu`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Starters' })).toBeTruthy();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    // the dishes come first: the filter waits behind its button
    expect(headings).toEqual(['Starters', 'Mains']);

    const ceviche = screen.getByRole('link', { name: 'Classic ceviche' });
    expect(ceviche.getAttribute('href')).toBe(`/restaurants/${restaurantId}/articles/${dishes[0]!.id}`);
    const card = within(ceviche.closest('article')!);
    expect(card.getByText('11,25 €')).toBeTruthy();
    expect(card.getByText('12,50 €')).toBeTruthy();
    expect(card.getByText('−10%')).toBeTruthy();
    expect(card.getByText('Vegan')).toBeTruthy();
    expect(card.getByText('Spicy')).toBeTruthy();
    expect(
      within(screen.getByRole('link', { name: 'Croquettes' }).closest('article')!).getByText('8 €'),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Menu of Casa Lola · Comensal'));
  });

  it('logs a failed load and offers a retry', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockApi({
      'GET /api/restaurants/:id': () => json(restaurantDetail()),
      'GET /api/restaurants/:id/menu': () => apiError(503, 'INTERNAL'),
    });
    renderApp('/restaurants/r1/menu');
    expect(await screen.findByText('We couldn’t load the menu.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(warn).toHaveBeenCalledWith('Error al cargar el menú', expect.anything());
  });
});
