/**
 * The one call pages make to report a step of the diner's visit (docs/telemetry.md#events):
 *
 *   track({ name: 'menu', restaurantId });
 *
 * Tiny on purpose: it is in the first download, while the client that batches and sends the
 * events (events-client.ts) is a chunk of its own loaded after the first screen. Until then the
 * events wait here (a few at most). When the browser asks not to be tracked (Do Not Track or
 * Global Privacy Control), nothing is kept at all.
 */
import type { AnalyticsEventInput } from '@comensal/contracts';
import { useEffect } from 'react';

/** An event as the page reported it, with the browser's time. */
export interface TrackedEvent {
  event: AnalyticsEventInput;
  at: number;
}

type Sink = (tracked: TrackedEvent) => void;

const EARLY_MAX = 50;
const early: TrackedEvent[] = [];
let sink: Sink | null = null;

interface PrivacySignals {
  doNotTrack?: string | null;
  globalPrivacyControl?: boolean;
}

/** False when the browser says Do Not Track (navigator or window) or Global Privacy Control. */
export function trackingAllowed(
  nav: PrivacySignals | undefined = globalThis.navigator as PrivacySignals | undefined,
  win: PrivacySignals | undefined = globalThis as PrivacySignals,
): boolean {
  if (nav?.doNotTrack === '1' || nav?.doNotTrack === 'yes' || win?.doNotTrack === '1') return false;
  return nav?.globalPrivacyControl !== true;
}

export function track(event: AnalyticsEventInput): void {
  if (!trackingAllowed()) return;
  const tracked = { event, at: Date.now() };
  if (sink) sink(tracked);
  else if (early.length < EARLY_MAX) early.push(tracked);
}

/** The events client takes over: what waited is handed over first. */
export function connectTracker(next: Sink): void {
  sink = next;
  for (const tracked of early.splice(0)) next(tracked);
}

/** Tests only: back to no client and nothing waiting. */
export function resetTracker(): void {
  sink = null;
  early.length = 0;
}

/** The restaurant of the page's address (`/restaurants/<id>/…`), if any. */
export function restaurantInPath(pathname: string = globalThis.location?.pathname ?? ''): string | undefined {
  return /^\/restaurants\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\/|$)/i.exec(
    pathname,
  )?.[1];
}

type AtRestaurant<T> = T extends { restaurantId: string } ? Omit<T, 'restaurantId'> : never;

/**
 * A step at the restaurant of the page's address (the reservation, order and payment screens are
 * all under `/restaurants/:restaurantId/…`): `trackHere({ name: 'pay', method: 'cash' })`.
 */
export function trackHere(event: AtRestaurant<AnalyticsEventInput>): void {
  const restaurantId = restaurantInPath();
  if (restaurantId) track({ ...event, restaurantId } as AnalyticsEventInput);
}

/** Reports a step once per restaurant a page shows: `useTrackView('menu', restaurantId)`. */
export function useTrackView(name: 'restaurant' | 'menu', restaurantId: string): void {
  useEffect(() => {
    if (restaurantId) track({ name, restaurantId });
  }, [name, restaurantId]);
}
