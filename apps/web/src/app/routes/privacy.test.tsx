import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '@/testing/fetch-mock';
import { renderApp } from '@/app/testing/render-app';

describe('privacy page', () => {
  it('is open without a session and says what is collected, in English', async () => {
    mockApi({ 'GET /api/auth/get-session': () => json(null) });
    const { router } = renderApp('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/privacy');
    for (const heading of [
      'Your account',
      'Reservations, orders and payments',
      'Usage figures',
      'Error records',
      'No third-party trackers',
      'How long we keep it',
      'Take it away or delete it',
    ])
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeTruthy();
    expect(screen.getByText(/Do Not Track or Global Privacy Control/)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Privacy · Comensal'));
  });

  it('speaks Spanish in Spanish', async () => {
    mockApi({ 'GET /api/auth/get-session': () => json(null) });
    renderApp('/privacy', { locale: 'es-ES' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacidad' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Sin rastreadores de terceros' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Llévatelos o bórralos' })).toBeTruthy();
  });

  it('is linked from the sign-up form', async () => {
    mockApi({
      'GET /api/auth/get-session': () => json(null),
      'GET /api/auth-providers': () => json({ providers: [] }),
    });
    renderApp('/auth/register');
    const link = await screen.findByRole('link', { name: 'How we use your data' });
    expect(link.getAttribute('href')).toBe('/privacy');
  });
});
