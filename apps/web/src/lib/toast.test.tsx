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

describe('the bottom bars’ clearance for the toasts (useToastClearance)', () => {
  it('takes the bar’s height from a ResizeObserver, never by forcing a layout, and clears it when gone', async () => {
    const { useToastClearance, BOTTOM_NAV_HEIGHT_VAR } = await import('./toast');
    const observers: { callback: ResizeObserverCallback; observed: Element[]; disconnected: boolean }[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        record: (typeof observers)[number];
        constructor(callback: ResizeObserverCallback) {
          this.record = { callback, observed: [], disconnected: false };
          observers.push(this.record);
        }
        observe(target: Element) {
          this.record.observed.push(target);
        }
        disconnect() {
          this.record.disconnected = true;
        }
      },
    );
    const bar = document.createElement('footer');
    const offsetHeight = vi.spyOn(bar, 'offsetHeight', 'get').mockReturnValue(64);
    function Bar({ shown }: { shown: boolean }) {
      useToastClearance(shown ? bar : null, BOTTOM_NAV_HEIGHT_VAR);
      return null;
    }
    const root = document.documentElement;
    const view = render(<Bar shown />);
    expect(offsetHeight).not.toHaveBeenCalled();
    expect(root.style.getPropertyValue(BOTTOM_NAV_HEIGHT_VAR)).toBe('');
    const [observer] = observers;
    expect(observer?.observed).toEqual([bar]);
    const entry = { target: bar, borderBoxSize: [{ blockSize: 63.6, inlineSize: 400 }] };
    act(() => observer?.callback([entry as unknown as ResizeObserverEntry], {} as ResizeObserver));
    expect(root.style.getPropertyValue(BOTTOM_NAV_HEIGHT_VAR)).toBe('64px');
    expect(offsetHeight).not.toHaveBeenCalled();
    view.rerender(<Bar shown={false} />);
    expect(observer?.disconnected).toBe(true);
    expect(root.style.getPropertyValue(BOTTOM_NAV_HEIGHT_VAR)).toBe('');
    vi.unstubAllGlobals();
  });
});
