import { act, render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { HydrateLater, hydratingPageSoon, TAKEN_OVER_EVENT } from './hydrate-later';

function Page({ seen, onTap }: { seen: () => void; onTap: () => void }) {
  seen();
  return (
    <button type="button" onClick={onTap}>
      Order
    </button>
  );
}

function Tree(props: { seen: () => void; onTap: () => void }) {
  return (
    <div>
      <h1>Menu</h1>
      <HydrateLater>
        <Page {...props} />
      </HydrateLater>
    </div>
  );
}

describe('HydrateLater', () => {
  it('takes its part of a server-written page over in a later task, keeping the same elements', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Tree seen={() => undefined} onTap={() => undefined} />);
    document.body.append(container);
    const written = container.querySelector('button');
    const seen = vi.fn();
    const onTap = vi.fn();

    hydratingPageSoon(() => act(() => void hydrateRoot(container, <Tree seen={seen} onTap={onTap} />)));
    // the rest of the page is taken over; this part waits, as the server wrote it
    expect(seen).not.toHaveBeenCalled();
    expect(container.querySelector('button')).toBe(written);

    const takenOver = vi.fn();
    document.addEventListener(TAKEN_OVER_EVENT, takenOver);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(seen).toHaveBeenCalled();
    // the early-requests script hands over the taps it kept (apps/web/early-requests.js), once
    expect(takenOver).toHaveBeenCalledTimes(1);
    document.removeEventListener(TAKEN_OVER_EVENT, takenOver);
    expect(container.querySelector('button')).toBe(written);
    act(() => written?.click());
    expect(onTap).toHaveBeenCalledTimes(1);
    container.remove();
  });

  it('says so at once when nothing of the page waited', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<h1>Menu</h1>);
    const takenOver = vi.fn();
    document.addEventListener(TAKEN_OVER_EVENT, takenOver);
    hydratingPageSoon(() => act(() => void hydrateRoot(container, <h1>Menu</h1>)));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(takenOver).toHaveBeenCalledTimes(1);
    document.removeEventListener(TAKEN_OVER_EVENT, takenOver);
  });

  it('draws its children at once outside that pass (the app drawing a page itself)', () => {
    const seen = vi.fn();
    const takenOver = vi.fn();
    document.addEventListener(TAKEN_OVER_EVENT, takenOver);
    const view = render(<Tree seen={seen} onTap={() => undefined} />);
    expect(seen).toHaveBeenCalled();
    // no page was taken over: nothing to announce
    expect(takenOver).not.toHaveBeenCalled();
    document.removeEventListener(TAKEN_OVER_EVENT, takenOver);
    expect(view.container.querySelector('div.contents > button')?.textContent).toBe('Order');
  });
});
