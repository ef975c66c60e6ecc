import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockApi, seenRequests } from '@/testing/fetch-mock';
import { DEDUPE_MS, listenForUncaughtErrors, MAX_PER_PAGE, reportAnError } from './report-error';

const RESTAURANT = '3f2b8c1e-9d4a-4b7e-8c2f-1a2b3c4d5e6f';
const RESERVATION = '9a8b7c6d-1111-4222-8333-444455556666';

/** The bodies posted to /api/errors so far. */
function posted(): Record<string, unknown>[] {
  return bodies;
}
let bodies: Record<string, unknown>[] = [];

beforeEach(() => {
  bodies = [];
  mockApi({
    'POST /api/errors': async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return json({ id: RESTAURANT }, { status: 201 });
    },
  });
  document.documentElement.lang = 'es';
  window.history.replaceState(null, '', `/restaurants/${RESTAURANT}/reservations/${RESERVATION}/order?x=1`);
});
afterEach(() => {
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('reportAnError', () => {
  it('posts the kind, the product message, the stack, the route, the ids of the page and the locale', async () => {
    const error = new Error('HTTP 500');
    reportAnError('menu_load_failed', 'Error al cargar el menú', error);
    await vi.waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]).toMatchObject({
      kind: 'menu_load_failed',
      message: 'Error al cargar el menú',
      route: `/restaurants/${RESTAURANT}/reservations/${RESERVATION}/order?x=1`,
      restaurantId: RESTAURANT,
      reservationId: RESERVATION,
      locale: 'es',
      appVersion: expect.any(String),
    });
    expect(posted()[0]?.stack).toContain('HTTP 500');
  });

  it('sends identical failures once within the window, and again after it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    reportAnError('geolocation_failed', 'Unable to retrieve your location');
    reportAnError('geolocation_failed', 'Unable to retrieve your location');
    reportAnError('geolocation_failed', 'Unable to retrieve your location');
    // another kind is another record
    reportAnError('geolocation_unsupported', 'Geolocation is not supported by this browser');
    await vi.waitFor(() => expect(posted()).toHaveLength(2));
    vi.setSystemTime(Date.now() + DEDUPE_MS + 1);
    reportAnError('geolocation_failed', 'Unable to retrieve your location');
    await vi.waitFor(() => expect(posted()).toHaveLength(3));
  });

  it('never throws and never reports its own failure when the POST fails (no loop)', async () => {
    mockApi({ 'POST /api/errors': () => Promise.reject(new TypeError('Failed to fetch')) });
    expect(() => reportAnError('uncaught', 'boom one')).not.toThrow();
    expect(() => reportAnError('uncaught', 'boom two')).not.toThrow();
    await settle();
    await settle();
    expect(seenRequests.filter((request) => request.startsWith('POST /api/errors'))).toHaveLength(2);
  });

  it('stops after a 429 until Retry-After has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let answered = 0;
    mockApi({
      'POST /api/errors': () => {
        answered += 1;
        const response = apiError(429, 'RATE_LIMITED');
        response.headers.set('Retry-After', '30');
        return response;
      },
    });
    reportAnError('uncaught', 'first');
    await vi.waitFor(() => expect(answered).toBe(1));
    await settle();
    reportAnError('uncaught', 'second');
    await settle();
    expect(answered).toBe(1);
    vi.setSystemTime(Date.now() + 31_000);
    reportAnError('uncaught', 'third');
    await vi.waitFor(() => expect(answered).toBe(2));
  });

  it(`sends at most ${MAX_PER_PAGE} records per page`, async () => {
    for (let i = 0; i < MAX_PER_PAGE + 5; i += 1) reportAnError('uncaught', `failure ${i}`);
    await vi.waitFor(() => expect(posted()).toHaveLength(MAX_PER_PAGE));
    await settle();
    expect(posted()).toHaveLength(MAX_PER_PAGE);
  });

  it('caps a long message and stack to what the server takes', async () => {
    const error = new Error('x');
    error.stack = 's'.repeat(20_000);
    reportAnError('uncaught', 'm'.repeat(5000), error);
    await vi.waitFor(() => expect(posted()).toHaveLength(1));
    expect(String(posted()[0]?.message)).toHaveLength(1000);
    expect(String(posted()[0]?.stack)).toHaveLength(8000);
  });
});

describe('listenForUncaughtErrors', () => {
  // a window of its own: the test runner listens to the real one
  const target = new EventTarget() as unknown as Window;
  listenForUncaughtErrors(target);

  it('records a promise nobody handled as unhandled_rejection', async () => {
    const reason = new Error('lost promise');
    const event = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(event, 'reason', { value: reason });
    target.dispatchEvent(event);
    await vi.waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]).toMatchObject({ kind: 'unhandled_rejection', message: 'lost promise' });
  });

  it('records an error nobody caught as uncaught', async () => {
    target.dispatchEvent(
      new ErrorEvent('error', { message: 'x is not a function', error: new TypeError('x') }),
    );
    await vi.waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]).toMatchObject({ kind: 'uncaught', message: 'x is not a function' });
  });
});
