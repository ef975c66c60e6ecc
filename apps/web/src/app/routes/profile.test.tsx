import { MAX_PHOTO_BYTES, type Me } from '@comensal/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockApi } from '@/testing/fetch-mock';
import { meAnswer, sessionAnswer } from '@/testing/fixtures';
import { renderApp } from '@/app/testing/render-app';

/** A signed-in user whose profile lives in `state.me`; PATCH and photo upload change it like the server. */
function signedInWith(me: Me) {
  const state = { me, patches: [] as unknown[], uploads: [] as File[] };
  mockApi({
    'GET /api/auth/get-session': () =>
      json(sessionAnswer({ name: state.me.displayName, email: state.me.email })),
    'GET /api/me': () => json(state.me),
    'PATCH /api/me': async ({ request }) => {
      const body = (await request.json()) as Partial<Me>;
      state.patches.push(body);
      state.me = { ...state.me, ...body };
      return json(state.me);
    },
  });
  answerPhotoUploads((photo) => {
    state.uploads.push(photo);
    state.me = { ...state.me, photoURL: `/files/users/${state.me.id}/photo-2.webp` };
    return json(state.me);
  });
  return state;
}

/**
 * POST /api/me/photo is multipart: the test's FormData (jsdom's) cannot go through a Node
 * `Request`, so these calls are answered before the fetch mock, from the form's `photo` field.
 */
function answerPhotoUploads(answer: (photo: File) => Response | Promise<Response>) {
  const next = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    if (url.pathname !== '/api/me/photo' || init.method !== 'POST') return next(input, init);
    const photo = (init.body as FormData).get('photo');
    if (!(photo instanceof File)) throw new Error('no photo field in the upload');
    return answer(photo);
  });
}

const pngFile = (size: number, name = 'me.png', type = 'image/png') =>
  new File([new Uint8Array(size)], name, { type });

describe('profile of a signed-in user', () => {
  beforeEach(() => {
    // jsdom has no object URLs; the preview only needs an address.
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('shows the account, saves a valid name and phone, and the header follows', async () => {
    const state = signedInWith(meAnswer({ displayName: 'Ana Pérez', email: 'ana@example.com' }));
    renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'My profile' })).toBeTruthy();
    expect(await screen.findByText('ana@example.com')).toBeTruthy();
    expect(screen.getByText('Member since January 1st, 2025')).toBeTruthy();
    expect(within(screen.getByRole('main')).getByText('AP')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('My profile · Comensal'));

    const name = screen.getByLabelText('Name');
    const phone = screen.getByLabelText('Phone');
    expect((name as HTMLInputElement).value).toBe('Ana Pérez');
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.change(phone, { target: { value: '12-ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Enter your name.')).toBeTruthy();
    expect(
      screen.getByText(
        'Enter a phone number with at least 6 digits, using only digits, spaces and + ( ) - .',
      ),
    ).toBeTruthy();
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(state.patches).toEqual([]);

    fireEvent.change(name, { target: { value: '  Ana María  ' } });
    fireEvent.change(phone, { target: { value: '+34 600 123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your details were saved.')).toBeTruthy();
    expect(state.patches).toEqual([{ displayName: 'Ana María', phoneNumber: '+34 600 123 456' }]);
    expect(screen.queryByText('Enter your name.')).toBeNull();
    // The session is asked again, so the header's account link shows the new name.
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /Ana María/ }).getAttribute('href')).toBe('/profile'),
    );
  });

  it('clears the phone with null and shows a translated server refusal', async () => {
    const state = signedInWith(meAnswer({ phoneNumber: '+56 9 1234 5678' }));
    renderApp('/profile');
    const phone = await screen.findByLabelText('Phone');
    expect((phone as HTMLInputElement).value).toBe('+56 9 1234 5678');
    fireEvent.change(phone, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Your details were saved.');
    expect(state.patches).toEqual([{ displayName: 'Ana Pérez', phoneNumber: null }]);

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockApi({ 'PATCH /api/me': () => apiError(429, 'RATE_LIMITED') });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Too many changes in a row. Wait a minute and try again.')).toBeTruthy();
    expect(warn).toHaveBeenCalledWith('Error al guardar el perfil', expect.anything());
  });

  it('uploads a new photo after checking it, with a preview and translated errors', async () => {
    const state = signedInWith(meAnswer());
    renderApp('/profile');
    const input = await screen.findByLabelText('Change photo');
    expect(input.getAttribute('accept')).toBe('image/jpeg,image/png,image/webp');
    expect(screen.getByText('A JPEG, PNG or WebP picture of up to 5 MB.')).toBeTruthy();

    fireEvent.change(input, { target: { files: [pngFile(MAX_PHOTO_BYTES + 1)] } });
    expect(await screen.findByText('That picture is too large: choose one of up to 5 MB.')).toBeTruthy();
    fireEvent.change(input, { target: { files: [pngFile(10, 'me.gif', 'image/gif')] } });
    expect(await screen.findByText('That file isn’t a JPEG, PNG or WebP picture.')).toBeTruthy();
    expect(state.uploads).toEqual([]);

    let finishUpload: () => void = () => undefined;
    const uploaded = new Promise<void>((resolve) => {
      finishUpload = resolve;
    });
    answerPhotoUploads(async (photo) => {
      await uploaded;
      state.uploads.push(photo);
      state.me = { ...state.me, photoURL: `/files/users/${state.me.id}/photo-2.webp` };
      return json(state.me);
    });
    fireEvent.change(input, { target: { files: [pngFile(64)] } });
    // The picked picture shows at once, while it uploads.
    expect((await screen.findByRole('img', { name: 'Your new photo' })).getAttribute('src')).toBe(
      'blob:preview',
    );
    expect(screen.getByText('Uploading your photo…')).toBeTruthy();
    finishUpload();
    expect(await screen.findByText('Photo updated.')).toBeTruthy();
    expect(state.uploads.map((file) => [file.name, file.size])).toEqual([['me.png', 64]]);
    const picture = screen.getByRole('img', { name: 'Photo of Ana Pérez' });
    expect(picture.getAttribute('src')).toBe(`/files/users/${state.me.id}/photo-2.webp`);
    expect(screen.queryByText('That file isn’t a JPEG, PNG or WebP picture.')).toBeNull();
  });

  it('maps the server’s photo refusals to translated text', async () => {
    signedInWith(meAnswer());
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderApp('/profile', { locale: 'es-ES' });
    const input = await screen.findByLabelText('Cambiar foto');
    answerPhotoUploads(() => apiError(415, 'UNSUPPORTED_MEDIA_TYPE'));
    fireEvent.change(input, { target: { files: [pngFile(64)] } });
    expect(await screen.findByText('Ese archivo no es una imagen JPEG, PNG o WebP.')).toBeTruthy();
    answerPhotoUploads(() => apiError(413, 'PAYLOAD_TOO_LARGE'));
    fireEvent.change(input, { target: { files: [pngFile(64)] } });
    expect(await screen.findByText('Esa imagen es demasiado grande: elige una de hasta 5 MB.')).toBeTruthy();
    expect(warn).toHaveBeenCalledWith('Error al subir la foto', expect.anything());
    // The old picture (initials) stays.
    expect(within(screen.getByRole('main')).getByText('AP')).toBeTruthy();
  });

  it('switches the language and saves it to the profile', async () => {
    const state = signedInWith(meAnswer({ locale: 'en-US' }));
    renderApp('/profile');
    const select = await screen.findByLabelText('Preferred language');
    fireEvent.change(select, { target: { value: 'es-ES' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mi perfil' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('es');
    expect(localStorage.getItem('locale')).toBe('es-ES');
    await screen.findByText('Idioma guardado.');
    expect(state.patches).toEqual([{ locale: 'es-ES' }]);
  });

  it('shows the account’s language (the one its e-mails use), not the screen’s', async () => {
    const state = signedInWith(meAnswer({ locale: 'es-ES' }));
    renderApp('/profile', { locale: 'en-US' });
    const select = (await screen.findByLabelText('Preferred language')) as HTMLSelectElement;
    expect(select.value).toBe('es-ES');
    // the screen stays in English until the diner picks a language here
    expect(screen.getByRole('heading', { level: 1, name: 'My profile' })).toBeTruthy();
    fireEvent.change(select, { target: { value: 'en-US' } });
    await screen.findByText('Language saved.');
    expect(state.patches).toEqual([{ locale: 'en-US' }]);
    expect(select.value).toBe('en-US');
  });

  it('lists points per restaurant, or says how to earn them', async () => {
    signedInWith(
      meAnswer({
        points: [
          { restaurantId: '00000000-0000-4000-8000-0000000000b1', restaurantName: 'Casa Lola', balance: 120 },
          {
            restaurantId: '00000000-0000-4000-8000-0000000000b2',
            restaurantName: 'La Picantería',
            balance: 1,
          },
        ],
      }),
    );
    renderApp('/profile', { locale: 'es-ES' });
    const section = (await screen.findByRole('heading', { level: 2, name: 'Mis puntos' })).closest(
      'section',
    )!;
    const items = within(section).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Casa Lola120 puntos', 'La Picantería1 punto']);
    expect(within(section).getByRole('link', { name: 'Casa Lola' }).getAttribute('href')).toBe(
      '/restaurants/00000000-0000-4000-8000-0000000000b1',
    );
  });

  it('has an empty state for points and a sign-out that lands on auth', async () => {
    let isSignedIn = true;
    mockApi({
      'GET /api/auth/get-session': () => json(isSignedIn ? sessionAnswer() : null),
      'GET /api/me': () => json(meAnswer()),
      'POST /api/auth/sign-out': () => {
        isSignedIn = false;
        return json({ success: true });
      },
    });
    const { router } = renderApp('/profile');
    expect(
      await screen.findByText('You have no points yet. You earn them when you pay at a restaurant.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Comensal' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
    expect(isSignedIn).toBe(false);
  });

  it('offers a retry when the profile cannot be loaded', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let fail = true;
    mockApi({
      'GET /api/auth/get-session': () => json(sessionAnswer()),
      'GET /api/me': () => (fail ? apiError(500, 'INTERNAL') : json(meAnswer())),
    });
    renderApp('/profile');
    expect(await screen.findByText('We couldn’t load your profile.')).toBeTruthy();
    expect(warn).toHaveBeenCalledWith('Error al cargar el perfil', expect.anything());
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('ana@example.com')).toBeTruthy();
  });
});

describe('profile of a guest', () => {
  it('shows the guest name and the way to keep their data, not the account form', async () => {
    localStorage.setItem(
      'guest',
      JSON.stringify({
        displayName: 'Invitado 42',
        email: 'g-abc123',
        photoURL: null,
        orders: [],
        guessUser: true,
        restaurantId: null,
        reservationId: null,
      }),
    );
    mockApi({
      'GET /api/auth/get-session': () => json(sessionAnswer({ name: 'Anonymous', isAnonymous: true })),
      'GET /api/me': () => json(meAnswer({ isGuest: true, displayName: 'Anonymous', email: 'temp@x.com' })),
    });
    renderApp('/profile', { locale: 'es-ES' });
    expect(await screen.findByText('Estás usando Comensal como invitado.')).toBeTruthy();
    expect(within(screen.getByRole('main')).getByText('Invitado 42')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Crear cuenta' }).getAttribute('href')).toBe(
      '/auth/register?redirect=%2Fprofile',
    );
    expect(screen.getByRole('link', { name: 'Iniciar sesión' }).getAttribute('href')).toBe(
      '/auth/login?redirect=%2Fprofile',
    );
    expect(screen.queryByLabelText('Nombre')).toBeNull();
    expect(screen.queryByLabelText('Cambiar foto')).toBeNull();
    expect(screen.queryByText('temp@x.com')).toBeNull();
    expect(screen.getByLabelText('Idioma preferido')).toBeTruthy();
    expect(screen.getByText('Como invitado, al cerrar sesión termina esta sesión de invitado.')).toBeTruthy();
  });

  it('says what signing out loses and offers an account first; signing out anyway lands on auth', async () => {
    let isSignedIn = true;
    mockApi({
      'GET /api/auth/get-session': () =>
        json(isSignedIn ? sessionAnswer({ name: 'Anonymous', isAnonymous: true }) : null),
      'GET /api/me': () => json(meAnswer({ isGuest: true, displayName: 'Anonymous' })),
      'POST /api/auth/sign-out': () => {
        isSignedIn = false;
        return json({ success: true });
      },
    });
    const { router } = renderApp('/profile');
    const signOut = await screen.findByRole('button', { name: 'Sign out' });
    fireEvent.click(signOut);
    const dialog = within(await screen.findByRole('dialog', { name: 'Sign out of your guest session?' }));
    for (const lost of [
      'your reservations and the invitations you accepted',
      'your orders and the cart you haven’t sent',
      'your favourite restaurants and dishes',
      'the points you earned',
    ])
      expect(dialog.getByText(lost)).toBeTruthy();
    expect(dialog.getByRole('link', { name: 'Create an account first' }).getAttribute('href')).toBe(
      '/auth/register?redirect=%2Fprofile',
    );
    expect(dialog.getByRole('link', { name: 'Sign in to my account first' }).getAttribute('href')).toBe(
      '/auth/login?redirect=%2Fprofile',
    );
    // nothing happened yet: staying closes the warning and gives the focus back
    fireEvent.click(dialog.getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(signOut);
    expect(isSignedIn).toBe(true);

    fireEvent.click(signOut);
    fireEvent.click(await screen.findByRole('link', { name: 'Sign out and lose it' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Comensal' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
    expect(isSignedIn).toBe(false);
  });
});

describe('my data on the profile', () => {
  /** A signed-in user whose DELETE /api/me answers `answer`; `state` records the calls. */
  function withDeletion(answer: () => Response) {
    const state = { signedIn: true, deletes: [] as unknown[] };
    mockApi({
      'GET /api/auth/get-session': () =>
        json(state.signedIn ? sessionAnswer({ email: 'ana@example.com' }) : null),
      'GET /api/me': () => json(meAnswer({ email: 'ana@example.com' })),
      'DELETE /api/me': async ({ request }) => {
        state.deletes.push(await request.json());
        const response = answer();
        if (response.ok) state.signedIn = false;
        return response;
      },
    });
    return state;
  }

  it('downloads the export with a plain link and links the privacy page', async () => {
    withDeletion(() => json({}));
    renderApp('/profile');
    const download = await screen.findByRole('link', { name: 'Download my data' });
    expect(download.getAttribute('href')).toBe('/api/me/export');
    expect(download.hasAttribute('download')).toBe(true);
    expect(screen.getByRole('link', { name: 'How we use your data' }).getAttribute('href')).toBe('/privacy');
  });

  it('deletes in two taps after saying what goes and what stays; signed out, home (auth), a toast', async () => {
    const state = withDeletion(() =>
      json({ deleted: true, cancelledReservations: 0, anonymisedOrders: 2, anonymisedPayments: 1 }),
    );
    const { router } = renderApp('/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete your account?' }));
    for (const text of [
      'Your name, e-mail, photo, phone number, password and sign-in sessions.',
      'Your points, favourites, invitations and requests to join tables.',
      'Your reservations still to come: they are cancelled and your companions are told.',
      'Kept in the restaurants’ books, without your name or e-mail',
    ])
      expect(dialog.getByText(text)).toBeTruthy();
    expect(state.deletes).toEqual([]);
    fireEvent.click(dialog.getByRole('button', { name: 'Yes, delete my account' }));
    expect(await screen.findByText('Your account was deleted. Thank you for using Comensal.')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Comensal' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
    expect(state.deletes).toEqual([{ confirm: 'ana@example.com' }]);
  });

  it('keeping the account changes nothing; a refusal is explained and the diner stays', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const state = withDeletion(() => apiError(409, 'LAST_OWNER'));
    const { router } = renderApp('/profile', { locale: 'es-ES' });
    fireEvent.click(await screen.findByRole('button', { name: 'Borrar mi cuenta' }));
    let dialog = within(await screen.findByRole('dialog', { name: '¿Borrar tu cuenta?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Conservar mi cuenta' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(state.deletes).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Borrar mi cuenta' }));
    dialog = within(await screen.findByRole('dialog', { name: '¿Borrar tu cuenta?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Sí, borrar mi cuenta' }));
    expect(
      await dialog.findByText(
        'Eres el único propietario de un restaurante. Haz propietario a otra persona en la consola del personal (Equipo) y vuelve a intentarlo.',
      ),
    ).toBeTruthy();
    expect(warn).toHaveBeenCalledWith('Error al borrar la cuenta', expect.anything());
    expect(router.state.location.pathname).toBe('/profile');
    expect(state.signedIn).toBe(true);
  });
});
