import { restaurantListSchema } from '@comensal/contracts';
import { describe, expect, it } from 'vitest';
import { apiError, json, mockApi } from '@/testing/fetch-mock';
import { restaurantPage, restaurantSummary } from '@/testing/fixtures';
import { ApiError, apiGet, isClientError, isNotFound } from './api-client';

describe('apiGet', () => {
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
      apiGet('/api/restaurants', {
        schema: restaurantListSchema,
        query: { q: 'ceviche', cursor: undefined },
      }),
    ).resolves.toEqual(page);
    expect(seenUrl!.search).toBe('?q=ceviche');
  });

  it('throws ApiError with the server code and status', async () => {
    mockApi({ 'GET /api/restaurants/:id': () => apiError(404, 'NOT_FOUND', 'Restaurant not found') });
    const error = await apiGet('/api/restaurants/x', { schema: restaurantListSchema }).catch(
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
    await expect(apiGet('/api/a', { schema: restaurantListSchema })).rejects.toMatchObject({
      code: 'HTTP_ERROR',
      status: 502,
    });
    await expect(apiGet('/api/b', { schema: restaurantListSchema })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
    const network = await apiGet('/api/c', { schema: restaurantListSchema }).catch((e: unknown) => e);
    expect(network).toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
    expect(isClientError(network)).toBe(false);
  });
});
