import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { leaveApp } from '@/features/auth/api/leave-app';
import { json, mockApi } from '@/testing/fetch-mock';
import { meAnswer, sessionAnswer } from '@/testing/fixtures';
import { renderApp } from '@/app/testing/render-app';

vi.mock('@/features/auth/api/leave-app', () => ({ leaveApp: vi.fn() }));

/** better-auth answers errors as `{ code, message }`. */
const authError = (status: number, code: string) => json({ code, message: code }, { status });

const GUEST = {
  displayName: 'Invitado 7',
  email: 'g-xyz789',
  photoURL: null,
  orders: [],
  guessUser: true,
  restaurantId: null,
  reservationId: null,
};

function asGuest() {
  localStorage.setItem('guest', JSON.stringify(GUEST));
  mockApi({
    'GET /api/auth/get-session': () => json(sessionAnswer({ name: 'Anonymous', isAnonymous: true })),
  });
}

describe('social sign-in', () => {
  it('shows no provider button when the server has none configured', async () => {
    renderApp('/auth/login');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    await waitFor(() => expect(screen.queryByText('Or continue with')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue with Facebook' })).toBeNull();
  });

  it('shows only the listed providers, and Google goes by redirect to the provider and back to `redirect`', async () => {
    let body: unknown = null;
    mockApi({
      'GET /api/auth-providers': () => json({ providers: ['google'] }),
      'POST /api/auth/sign-in/social': async ({ request }) => {
        body = await request.json();
        return json({ url: 'https://accounts.example/authorize?state=s', redirect: false });
      },
    });
    renderApp('/auth?redirect=%2Fprofile');
    const google = await screen.findByRole('button', { name: 'Continue with Google' });
    expect(screen.queryByRole('button', { name: 'Continue with Facebook' })).toBeNull();
    fireEvent.click(google);
    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith('https://accounts.example/authorize?state=s'));
    expect(body).toMatchObject({
      provider: 'google',
      callbackURL: `${window.location.origin}/profile`,
      errorCallbackURL: `${window.location.origin}/auth/login?redirect=%2Fprofile`,
    });
    expect((google as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers Facebook on the login and register pages, landing home without a redirect', async () => {
    let body: unknown = null;
    mockApi({
      'GET /api/auth-providers': () => json({ providers: ['google', 'facebook'] }),
      'POST /api/auth/sign-in/social': async ({ request }) => {
        body = await request.json();
        return json({ url: 'https://facebook.example/dialog', redirect: false });
      },
    });
    const { router } = renderApp('/auth/register', { locale: 'es-ES' });
    expect(await screen.findByRole('button', { name: 'Continuar con Google' })).toBeTruthy();
    await router.navigate('/auth/login');
    // the register page has the same button: click the login page's one, once it is on screen
    await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' });
    fireEvent.click(await screen.findByRole('button', { name: 'Continuar con Facebook' }));
    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith('https://facebook.example/dialog'));
    expect(body).toMatchObject({ provider: 'facebook', callbackURL: `${window.location.origin}/` });
  });

  it('says so when the provider round trip failed, or the guest’s data could not move', async () => {
    const { router } = renderApp('/auth/login?error=access_denied');
    expect(
      await screen.findByText('We couldn’t sign you in with that account. Try again, or use your email.'),
    ).toBeTruthy();
    await router.navigate('/auth/login?error=guest_transfer_failed');
    expect(
      await screen.findByText(
        'We couldn’t move your guest data to the account, so you’re still a guest. Try again in a moment.',
      ),
    ).toBeTruthy();
  });

  it('forgets a leftover guest profile once a real account is signed in (social sign-in comes back by a page load)', async () => {
    localStorage.setItem('guest', JSON.stringify(GUEST));
    mockApi({
      'GET /api/auth/get-session': () => json(sessionAnswer({ name: 'Gina Google' })),
      'GET /api/me': () => json(meAnswer({ displayName: 'Gina Google' })),
    });
    renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'My profile' })).toBeTruthy();
    expect(localStorage.getItem('guest')).toBeNull();
  });
});

describe('sign-in and sign-up', () => {
  it('gives one message for a wrong password or an unknown e-mail', async () => {
    mockApi({ 'POST /api/auth/sign-in/email': () => authError(401, 'INVALID_EMAIL_OR_PASSWORD') });
    renderApp('/auth/login');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'nobody@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'whatever-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByText('That email and password don’t match.');
    mockApi({ 'POST /api/auth/sign-in/email': () => authError(401, 'USER_NOT_FOUND') });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByText('That email and password don’t match.')).toBeTruthy());
    expect(alert.closest('[role="alert"]')).toBeTruthy();
  });

  it.each([
    ['with a code', () => authError(429, 'TOO_MANY_REQUESTS')],
    [
      'without a code',
      () => json({ message: 'Too many requests. Please try again later.' }, { status: 429 }),
    ],
  ])('shows "too many attempts" on a 429 %s', async (_label, answer) => {
    mockApi({ 'POST /api/auth/sign-in/email': answer });
    renderApp('/auth/login', { locale: 'es-ES' });
    fireEvent.change(await screen.findByLabelText('Correo electrónico'), {
      target: { value: 'ana@example.com' },
    });
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'secret-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(
      await screen.findByText('Demasiados intentos. Espera un minuto y vuelve a intentarlo.'),
    ).toBeTruthy();
  });

  it('sends the language in use with a new account, and a sign-up that made no session does not tell whether the e-mail exists', async () => {
    let body: unknown = null;
    mockApi({
      'GET /api/auth/get-session': () => json(null),
      // the server answers a known address like a new one, only without a session
      'POST /api/auth/sign-up/email': async ({ request }) => {
        body = await request.json();
        return json({ token: null, user: null });
      },
    });
    renderApp('/auth/register', { locale: 'es-ES' });
    fireEvent.change(await screen.findByLabelText('Tu nombre'), { target: { value: 'Lucía' } });
    fireEvent.change(screen.getByLabelText('Correo electrónico'), { target: { value: 'lucia@example.com' } });
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'long-enough-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(
      await screen.findByText(
        'No pudimos crear una cuenta con estos datos. Si ya tienes una, inicia sesión.',
      ),
    ).toBeTruthy();
    expect(body).toEqual({
      name: 'Lucía',
      email: 'lucia@example.com',
      password: 'long-enough-password',
      locale: 'es-ES',
    });
  });
});

describe('a guest signing in', () => {
  it('is told their data moves to the account, on every auth page', async () => {
    asGuest();
    const { router } = renderApp('/auth');
    expect(
      await screen.findByText(
        'Sign in or create an account and your reservations, orders and favourites move to it.',
      ),
    ).toBeTruthy();
    await router.navigate('/auth/login');
    expect(
      await screen.findByText(
        'You’re browsing as Invitado 7. Your reservations, orders and favourites will move to this account.',
      ),
    ).toBeTruthy();
    await router.navigate('/auth/register');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create account' })).toBeTruthy();
    expect(screen.getByText(/You’re browsing as Invitado 7\./)).toBeTruthy();
  });

  it('becomes the new account: the local guest profile goes and the header shows the new name', async () => {
    let session = sessionAnswer({ name: 'Anonymous', isAnonymous: true });
    localStorage.setItem('guest', JSON.stringify(GUEST));
    mockApi({
      'GET /api/auth/get-session': () => json(session),
      'POST /api/auth/sign-up/email': () => {
        session = sessionAnswer({ name: 'Marta' });
        return json({ token: 't', user: session.user });
      },
      'GET /api/me': () => json(meAnswer({ displayName: 'Marta', email: 'marta@example.com' })),
    });
    const { router } = renderApp('/auth/register?redirect=%2Fprofile');
    fireEvent.change(await screen.findByLabelText('Your name'), { target: { value: 'Marta' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'marta@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long-enough-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('marta@example.com')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profile');
    expect(localStorage.getItem('guest')).toBeNull();
    const header = screen.getAllByRole('banner')[0]!;
    await waitFor(() => expect(within(header).getByRole('link', { name: /Marta/ })).toBeTruthy());
  });
});
