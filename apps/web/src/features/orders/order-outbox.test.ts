import type { PendingItem } from '@comensal/domain';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { readCartOf } from './cart-store';
import { flushOutbox, queueSend, queuedDishes, readOutbox, type SendBatch } from './order-outbox';

const line = (id: number, quantity = 1): PendingItem => ({
  id,
  productId: `00000000-0000-4000-8000-0000000000${String(id).padStart(2, '0')}`,
  quantity,
  comments: '',
  selections: [],
  payWithPoints: false,
});
const ANA = 'user-ana';
const BRUNO = 'user-bruno';
const asAna = async () => ANA;
const putCart = (reservationId: string, items: PendingItem[]) =>
  localStorage.setItem(`cart:${reservationId}`, JSON.stringify(items));

describe('the outbox of carts sent offline (features/orders/order-outbox.ts)', () => {
  it('takes the lines out of the cart and keeps them, with the tap’s key, across a reload', () => {
    putCart('r1', [line(1, 2), line(2)]);
    queueSend('r1', ANA, [line(1, 2)], 'key-1', 1000);
    expect(readCartOf('r1')).toEqual([line(2)]);
    const stored = JSON.parse(localStorage.getItem('outbox') ?? 'null') as unknown;
    expect(stored).toEqual([
      { reservationId: 'r1', dinerId: ANA, key: 'key-1', items: [line(1, 2)], queuedAt: 1000 },
    ]);
    expect(queuedDishes(readOutbox())).toBe(2);
  });

  it('sends each batch once with its own key, in the order queued, and forgets it when placed', async () => {
    queueSend('r1', ANA, [line(1)], 'key-1');
    queueSend('r2', ANA, [line(2, 3)], 'key-2');
    const send = vi.fn<SendBatch>(async () => ({ items: [] }));
    await expect(flushOutbox({ send, currentDinerId: asAna })).resolves.toBe(true);
    expect(send.mock.calls).toEqual([
      ['r1', [line(1)], 'key-1'],
      ['r2', [line(2, 3)], 'key-2'],
    ]);
    expect(readOutbox()).toEqual([]);
    expect(localStorage.getItem('outbox')).toBeNull();
    // nothing left: a second flush (the connection flapping) sends nothing
    await flushOutbox({ send, currentDinerId: asAna });
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('runs one flush at a time: taps on "online" in quick succession send a batch once', async () => {
    queueSend('r1', ANA, [line(1)], 'key-1');
    let answer: () => void = () => undefined;
    const send = vi.fn<SendBatch>(
      () =>
        new Promise((resolve) => {
          answer = () => resolve({ items: [] });
        }),
    );
    const first = flushOutbox({ send, currentDinerId: asAna });
    const second = flushOutbox({ send, currentDinerId: asAna });
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    answer();
    await Promise.all([first, second]);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('sends nothing in another diner’s name, nor with nobody signed in', async () => {
    queueSend('r1', BRUNO, [line(1)], 'key-b');
    const send = vi.fn<SendBatch>(async () => ({ items: [] }));
    await flushOutbox({ send, currentDinerId: asAna });
    await flushOutbox({ send, currentDinerId: async () => null });
    expect(send).not.toHaveBeenCalled();
    expect(readOutbox()).toHaveLength(1);
  });

  it.each([
    ['no answer', new ApiError('NETWORK_ERROR', 0)],
    ['a server failure', new ApiError('INTERNAL', 503)],
    ['the key still being answered (another tab)', new ApiError('IDEMPOTENCY_KEY_IN_USE', 409)],
  ])('keeps the batch and the ones after it on %s', async (_case, error) => {
    queueSend('r1', ANA, [line(1)], 'key-1');
    queueSend('r1', ANA, [line(2)], 'key-2');
    const send = vi.fn<SendBatch>(async () => Promise.reject(error));
    await expect(flushOutbox({ send, currentDinerId: asAna })).resolves.toBe(false);
    expect(send).toHaveBeenCalledTimes(1);
    expect(readOutbox().map((entry) => entry.key)).toEqual(['key-1', 'key-2']);
  });

  it('puts a refused batch back in the cart, before what was added meanwhile, and goes on', async () => {
    putCart('r1', [line(1), line(3)]);
    queueSend('r1', ANA, [line(1)], 'key-1');
    queueSend('r1', ANA, [line(3)], 'key-3');
    putCart('r1', [line(4)]);
    const send = vi.fn<SendBatch>(async (_reservation, _items, key) => {
      if (key === 'key-1') throw new ApiError('OUT_OF_STOCK', 409);
      return { items: [] };
    });
    await expect(flushOutbox({ send, currentDinerId: asAna })).resolves.toBe(true);
    expect(send).toHaveBeenCalledTimes(2);
    expect(readOutbox()).toEqual([]);
    expect(readCartOf('r1')).toEqual([line(1), line(4)]);
  });

  it('drops what cannot be a queued batch when it reads storage back', () => {
    localStorage.setItem(
      'outbox',
      JSON.stringify([
        { reservationId: 'r1', dinerId: ANA, key: 'ok', items: [line(1)], queuedAt: 1 },
        { reservationId: 'r1', dinerId: ANA, key: 'no-items', items: [{ id: 'x' }], queuedAt: 1 },
        { reservationId: 5, dinerId: ANA, key: 'bad', items: [line(2)], queuedAt: 1 },
        'garbage',
      ]),
    );
    expect(readOutbox().map((entry) => entry.key)).toEqual(['ok']);
    localStorage.setItem('outbox', '{not json');
    expect(readOutbox()).toEqual([]);
  });
});
