import { restaurantListSchema } from '@comensal/contracts';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json, mockApi } from '@/testing/fetch-mock';
import { restaurantPage, restaurantSummary } from '@/testing/fixtures';
import { FakeXhr } from '@/testing/fake-xhr';
import { ApiError, apiRequest, apiUpload, isClientError, isNotFound } from './api-client';
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

describe('apiUpload', () => {
  const upload = (options: Parameters<typeof apiUpload>[2] = {}) => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.instances = [];
    const form = new FormData();
    form.append('field', 'value');
    const promise = apiUpload<{ id: string }>('/api/things', form, options);
    return { promise, xhr: FakeXhr.latest()!, form };
  };

  it('posts the form, reports progress and answers the JSON', async () => {
    const seen: Array<[number, number]> = [];
    const { promise, xhr, form } = upload({ onProgress: (sent, total) => seen.push([sent, total]) });
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/things');
    expect(xhr.headers).toEqual({ Accept: 'application/json' });
    expect(xhr.body).toBe(form);
    xhr.progress(10, 40);
    xhr.progress(40, 40);
    xhr.respond(201, { id: 't1' });
    await expect(promise).resolves.toEqual({ id: 't1' });
    expect(seen).toEqual([
      [10, 40],
      [40, 40],
    ]);
  });

  it('fails as apiRequest does: the server’s code and details, other answers, no answer', async () => {
    const refused = upload();
    refused.xhr.respond(415, {
      error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'no', details: { reason: 'PDF_ACTIVE_CONTENT' } },
    });
    const error = await refused.promise.catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', status: 415 });
    expect(reasonOf(error)).toBe('PDF_ACTIVE_CONTENT');

    const proxy = upload();
    proxy.xhr.respond(502, '<html>');
    await expect(proxy.promise).rejects.toMatchObject({ code: 'HTTP_ERROR', status: 502 });

    const garbled = upload();
    garbled.xhr.respond(200, '{not json');
    await expect(garbled.promise).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });

    const offline = upload();
    offline.xhr.fail();
    await expect(offline.promise).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
  });

  it('stops the upload when its signal aborts', async () => {
    const controller = new AbortController();
    const { promise } = upload({ signal: controller.signal });
    controller.abort();
    await expect(promise).rejects.toMatchObject({ name: 'AbortError' });
  });
});
