import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { apiError, json, mockApi } from '@/testing/fetch-mock';
import type { ReservationFormValues } from './form-model';
import { useSubmitReservation } from './use-submit-reservation';

const RESTAURANT_ID = '5219391c-d008-40ed-b9de-6c53d8e9f0f5';

const values = {
  kind: 'table',
  date: '2026-03-10',
  startAt: '13:00',
  duration: 60,
  quantity: 2,
  table: 'T2',
  comments: '',
  address: '',
  location: null,
} as unknown as ReservationFormValues;

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { mutations: { retryDelay: 0 } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('creating a reservation (docs/security.md#idempotent-creates)', () => {
  it('sends one Idempotency-Key per submit, the same on the retries of a lost answer', async () => {
    const keys: (string | null)[] = [];
    let answers = 0;
    mockApi({
      'POST /api/reservations': ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        answers += 1;
        // the first submit's answer is lost twice (a server failure), then arrives
        return answers <= 2 ? apiError(503, 'INTERNAL') : json({ id: `r${answers}` }, { status: 201 });
      },
    });
    const saved: string[] = [];
    const { result } = renderHook(
      () => useSubmitReservation(RESTAURANT_ID, null, (reservation) => saved.push(reservation.id)),
      { wrapper },
    );
    act(() => result.current.submit(values));
    await waitFor(() => expect(saved).toEqual(['r3']));
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(1);

    // a second submit is a new action: a new key
    act(() => result.current.submit(values));
    await waitFor(() => expect(saved).toEqual(['r3', 'r4']));
    expect(keys[3]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it('does not retry a refusal (a 4xx answers the same again)', async () => {
    let calls = 0;
    mockApi({
      'POST /api/reservations': () => {
        calls += 1;
        return apiError(409, 'TABLE_TAKEN');
      },
    });
    const { result } = renderHook(() => useSubmitReservation(RESTAURANT_ID, null, () => undefined), {
      wrapper,
    });
    act(() => result.current.submit(values));
    await waitFor(() => expect(result.current.errorId).not.toBeNull());
    expect(calls).toBe(1);
  });
});
