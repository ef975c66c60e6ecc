import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RegisterSWOptions } from 'virtual:pwa-register';
import { I18nProvider, loadMessages, type SupportedLocale } from '@/lib/i18n';
import { startServiceWorker } from '@/lib/service-worker';
import { UpdatePrompt } from './update-prompt';

/** A stand-in for vite-plugin-pwa's registerSW: keeps the callbacks, counts the updates asked for. */
function fakeRegistration() {
  const calls: RegisterSWOptions[] = [];
  const update = vi.fn(async (_reload?: boolean) => undefined);
  const registerSW = vi.fn((options: RegisterSWOptions) => {
    calls.push(options);
    return update;
  });
  return { calls, update, registerSW, load: () => Promise.resolve({ registerSW }) };
}

async function renderPrompt(locale: SupportedLocale) {
  const messages = await loadMessages(locale);
  return render(
    <I18nProvider locale={locale} messages={messages}>
      <UpdatePrompt />
    </I18nProvider>,
  );
}

describe('the service worker and the "new version" prompt (lib/service-worker.ts)', () => {
  // jsdom has no service workers: the registration itself is the fake below
  beforeEach(() => {
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('registers only after the page has loaded, and never under automation unless asked', async () => {
    const fake = fakeRegistration();
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    startServiceWorker({ enabled: true, load: fake.load });
    await act(() => Promise.resolve());
    expect(fake.registerSW).not.toHaveBeenCalled();
    readyState.mockReturnValue('complete');
    act(() => {
      window.dispatchEvent(new Event('load'));
    });
    await vi.waitFor(() => expect(fake.registerSW).toHaveBeenCalledTimes(1));

    Object.defineProperty(navigator, 'webdriver', { value: true, configurable: true });
    const automated = fakeRegistration();
    startServiceWorker({ enabled: true, load: automated.load });
    await act(() => Promise.resolve());
    expect(automated.registerSW).not.toHaveBeenCalled();
    localStorage.setItem('serviceWorker', 'on');
    startServiceWorker({ enabled: true, load: automated.load });
    await vi.waitFor(() => expect(automated.registerSW).toHaveBeenCalledTimes(1));
    Reflect.deleteProperty(navigator, 'webdriver');

    const development = fakeRegistration();
    startServiceWorker({ enabled: false, load: development.load });
    await act(() => Promise.resolve());
    expect(development.registerSW).not.toHaveBeenCalled();
  });

  it.each([
    ['en-US', 'A new version of Comensal is ready.', 'Reload', 'Later'],
    ['es-ES', 'Hay una nueva versión de Comensal.', 'Recargar', 'Más tarde'],
  ] as const)(
    'in %s, says a new version waits and lets it in only when asked',
    async (locale, text, reload, later) => {
      const fake = fakeRegistration();
      await renderPrompt(locale);
      startServiceWorker({ enabled: true, load: fake.load });
      await vi.waitFor(() => expect(fake.calls).toHaveLength(1));
      expect(screen.queryByTestId('update-prompt')).toBeNull();

      // a new version installed and waits: the prompt, and nothing taken over yet
      act(() => fake.calls[0]?.onNeedRefresh?.());
      const prompt = await screen.findByTestId('update-prompt');
      expect(prompt.textContent).toContain(text);
      expect(fake.update).not.toHaveBeenCalled();

      // "Later": the prompt goes, the waiting version stays waiting
      fireEvent.click(screen.getByRole('button', { name: later }));
      expect(screen.queryByTestId('update-prompt')).toBeNull();
      expect(fake.update).not.toHaveBeenCalled();

      // the next update found asks again; "Reload" lets it take over and reload
      act(() => fake.calls[0]?.onNeedRefresh?.());
      fireEvent.click(await screen.findByRole('button', { name: reload }));
      await vi.waitFor(() => expect(fake.update).toHaveBeenCalledWith(true));
      expect(screen.queryByTestId('update-prompt')).toBeNull();
    },
  );
});
