import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SupportedLocale } from './i18n';

// The toaster's "wanted" state lives in the module: each test takes a fresh copy of it.
beforeEach(() => {
  vi.resetModules();
});

async function renderToaster(locale: SupportedLocale) {
  // the same fresh copy of i18n as the toaster's (translate reads the provider's messages)
  const [toast, { I18nProvider, loadMessages }] = await Promise.all([import('./toast'), import('./i18n')]);
  const messages = await loadMessages(locale);
  const view = render(
    <I18nProvider locale={locale} messages={messages}>
      <toast.AppToaster />
    </I18nProvider>,
  );
  return { toast, view };
}

describe('the toaster (lib/toast.tsx)', () => {
  it('is not mounted (sonner not drawn) before the first screen asks for it, then is, in the page language', async () => {
    const { toast, view } = await renderToaster('es-ES');
    // let sonner load, were it asked for
    await act(() => import('sonner').then(() => undefined));
    expect(view.container.innerHTML).toBe('');
    act(() => toast.mountToaster());
    expect(await screen.findByRole('region', { name: /Notificaciones/ })).toBeInstanceOf(HTMLElement);
  });

  it('is mounted by the first message, which it then shows', async () => {
    const { toast } = await renderToaster('en-US');
    expect(screen.queryByRole('region', { name: /Notifications/ })).toBeNull();
    act(() => toast.notify('success', 'toast.close'));
    expect(await screen.findByRole('region', { name: /Notifications/ })).toBeInstanceOf(HTMLElement);
    expect(await screen.findByText('Close notification')).toBeInstanceOf(HTMLElement);
  });
});
