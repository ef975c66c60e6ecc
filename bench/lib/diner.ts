// A diner's HTTP calls, as the SPA makes them (same-origin `origin` header, the session cookie),
// and the figures benchmarks print from timings.
import type { Menu, Reservation } from '@comensal/contracts';
import { makeGuestProfile } from '@comensal/domain';

export interface Diner {
  cookie: string;
  userId: string;
}

/** "Continue as guest": a guest session. */
export async function signInGuest(url: string): Promise<Diner> {
  const response = await fetch(`${url}/api/auth/sign-in/anonymous`, {
    method: 'POST',
    headers: { origin: url, 'content-type': 'application/json' },
    body: '{}',
  });
  if (response.status !== 200) throw new Error(`guest sign-in answered ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const { user } = (await response.json()) as { user: { id: string } };
  // the guest's profile, which the app keeps in localStorage and in a cookie the server reads
  // (apps/web/src/lib/storage.ts) to write the diner's pages with their name
  const profile = encodeURIComponent(JSON.stringify(makeGuestProfile(Math.random)));
  return { cookie: `${cookie}; guest=${profile}`, userId: user.id };
}

/** One JSON call of the API as `diner`; throws unless 2xx. */
export async function api<T>(
  url: string,
  diner: Diner,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      origin: url,
      cookie: diner.cookie,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

export function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** "p50 … ms  p95 … ms  p99 … ms  max … ms" of `values` (milliseconds). */
export function figures(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => quantile(sorted, q).toFixed(1);
  return `p50 ${at(0.5)} ms  p95 ${at(0.95)} ms  p99 ${at(0.99)} ms  max ${sorted.at(-1)!.toFixed(1)} ms`;
}

/** A date `days` from now in `timeZone`, as YYYY-MM-DD. */
export function dateIn(timeZone: string, days = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(Date.now() + days * 86_400_000));
}

/** The bench restaurant's time zone (bench/lib/seed.ts builds it in Santiago). */
export const BENCH_ZONE = 'America/Santiago';

/**
 * A guest with a table-less reservation for two tomorrow at 13:00 on `restaurantId`, and a dish of
 * its menu that needs no choice (to order in one call).
 */
export async function guestWithReservation(url: string, restaurantId: string) {
  const menu = (await (await fetch(`${url}/api/restaurants/${restaurantId}/menu`)).json()) as Menu;
  const dish = menu.items.find((item) => !item.choiceRequired);
  if (!dish) throw new Error('the bench menu has no dish without a choice to make');
  const diner = await signInGuest(url);
  const reservation = await api<Reservation>(url, diner, 'POST', '/api/reservations', {
    restaurantId,
    date: dateIn(BENCH_ZONE, 1),
    startAt: '13:00',
    duration: 60,
    quantity: 2,
  });
  return { diner, reservation, dish };
}
