import { act, render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { HydrateLater, hydratingPageSoon } from './hydrate-later';

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

    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(seen).toHaveBeenCalled();
    expect(container.querySelector('button')).toBe(written);
    act(() => written?.click());
    expect(onTap).toHaveBeenCalledTimes(1);
    container.remove();
  });

  it('draws its children at once outside that pass (the app drawing a page itself)', () => {
    const seen = vi.fn();
    const view = render(<Tree seen={seen} onTap={() => undefined} />);
    expect(seen).toHaveBeenCalled();
    expect(view.container.querySelector('div.contents > button')?.textContent).toBe('Order');
  });
});
