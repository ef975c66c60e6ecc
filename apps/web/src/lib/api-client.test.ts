import { restaurantListSchema } from '@comensal/contracts';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json, mockApi } from '@/testing/fetch-mock';
import { restaurantPage, restaurantSummary } from '@/testing/fixtures';
import { ApiError, apiRequest, isClientError, isNotFound } from './api-client';
import { reasonOf } from './api-errors';

describe('apiRequest: reading', () => {
  it('sends the query and parses the answer with the schema', async () => {
    const page = restaurantPage([restaurantSummary()], 'next');
    let seenUrl: URL | null = null;
    mockApi({
      'GET /api/restaurants': ({ url }) => {
        seenUrl = url;
        return json(page);
      },
    });
    await expect(
      apiRequest('/api/restaurants', {
        schema: restaurantListSchema,
        query: { q: 'ceviche', cursor: undefined },
      }),
    ).resolves.toEqual(page);
    expect(seenUrl!.search).toBe('?q=ceviche');
  });

  it('throws ApiError with the server code and status', async () => {
    mockApi({ 'GET /api/restaurants/:id': () => apiError(404, 'NOT_FOUND', 'Restaurant not found') });
    const error = await apiRequest('/api/restaurants/x', { schema: restaurantListSchema }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404, message: 'Restaurant not found' });
    expect(isNotFound(error)).toBe(true);
    expect(isClientError(error)).toBe(true);
  });

  it('names answers that are not the error shape, unexpected bodies and network failures', async () => {
    mockApi({
      'GET /api/a': () => new Response('<html>', { status: 502 }),
      'GET /api/b': () => json({ items: 'nope' }),
      'GET /api/c': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(apiRequest('/api/a', { schema: restaurantListSchema })).rejects.toMatchObject({
      code: 'HTTP_ERROR',
      status: 502,
    });
    await expect(apiRequest('/api/b', { schema: restaurantListSchema })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
    const network = await apiRequest('/api/c', { schema: restaurantListSchema }).catch((e: unknown) => e);
    expect(network).toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
    expect(isClientError(network)).toBe(false);
  });
});

describe('apiRequest: failures, writing and logging', () => {
  it('keeps the server’s code, message and details', async () => {
    mockApi({
      'POST /api/reservations': () =>
        json(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Closed',
              details: { reason: 'OUTSIDE_OPENING_HOURS' },
            },
          },
          { status: 400 },
        ),
    });
    const error = await apiRequest('/api/reservations', { method: 'POST', body: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({
      code: 'VALIDATION_FAILED',
      status: 400,
      message: 'Closed',
      details: { reason: 'OUTSIDE_OPENING_HOURS' },
    });
    expect(reasonOf(error)).toBe('OUTSIDE_OPENING_HOURS');
  });

  it('sends JSON, or a form as it is, and answers null to an empty body', async () => {
    const seen: { type: string | null; body: string }[] = [];
    mockApi({
      'POST /api/a': async ({ request }) => {
        seen.push({ type: request.headers.get('Content-Type'), body: await request.text() });
        return new Response(null, { status: 204 });
      },
    });
    await expect(apiRequest('/api/a', { method: 'POST', body: { email: 'a@b.c' } })).resolves.toBeNull();
    const form = new FormData();
    form.append('photo', new File(['x'], 'x.png', { type: 'image/png' }));
    await apiRequest('/api/a', { method: 'POST', body: form });
    expect(seen[0]).toEqual({ type: 'application/json', body: '{"email":"a@b.c"}' });
    expect(seen[1]!.type).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('logs the product’s message on failure, not when the request was aborted', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockApi({ 'GET /api/restaurants/:id': () => apiError(404, 'NOT_FOUND') });
    await apiRequest('/api/restaurants/x', { logAs: 'Error al cargar restaurantes' }).catch(() => undefined);
    const controller = new AbortController();
    controller.abort();
    await apiRequest('/api/restaurants/z', { signal: controller.signal, logAs: 'never' }).catch(
      () => undefined,
    );
    expect(warn.mock.calls.map(([message]) => message)).toEqual(['Error al cargar restaurantes']);
    expect(warn.mock.calls[0]![1]).toBeInstanceOf(ApiError);
  });
});
