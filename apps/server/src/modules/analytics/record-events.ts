/**
 * POST /api/analytics/events (docs/telemetry.md#events): a browser's batch of first-party events,
 * stored without anything that leads to a person. The per-address rate is taken before the body
 * is read (refused batches count too); each event's time is the browser's, clamped to the last
 * hour; an event id seen before is skipped (a batch sent by fetch and again by the beacon); the
 * inserts sweep the events past the retention.
 */
import type { AnalyticsEvent, AnalyticsEventBatch, AnalyticsEventsAccepted } from '@comensal/contracts';
import { takeToken } from '../../db/rate-limit-repository.ts';
import { AppError } from '../../lib/app-error.ts';
import { limitsOf, type RequestContext } from '../../lib/context.ts';
import { analyticsRepository, type EventRow } from './analytics-repository.ts';

/** Events are kept this long, then deleted (docs/telemetry.md#retention). */
export const ANALYTICS_RETENTION_DAYS = 90;
/** How far back a browser's clock may place an event: later than now or older is moved to the edge. */
export const ANALYTICS_CLOCK_WINDOW_MS = 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The event's time by the browser, within [now − 1 h, now]. */
export function clampEventTime(at: number, now: Date): Date {
  const latest = now.getTime();
  return new Date(Math.min(latest, Math.max(latest - ANALYTICS_CLOCK_WINDOW_MS, at)));
}

/** 429 RATE_LIMITED when the client's address sent too many batches (the address's bucket). */
export async function takeEventsToken(
  ctx: Pick<RequestContext, 'db' | 'now' | 'address' | 'limits'>,
): Promise<void> {
  if (!ctx.address) return;
  const decision = await takeToken(
    ctx.db,
    `analytics:ip:${ctx.address}`,
    limitsOf(ctx).analyticsBatchesPerAddress,
    ctx.now(),
  );
  if (!decision.allowed) {
    throw new AppError('RATE_LIMITED', 'Too many analytics batches from this address: wait a moment', {
      retryAfterSeconds: decision.retryAfterSeconds,
    });
  }
}

function toRow(visitorId: string, event: AnalyticsEvent, now: Date): EventRow {
  const { id, at, name, ...rest } = event;
  const { restaurantId, ...params } = rest as typeof rest & { restaurantId?: string };
  return {
    id,
    visitorId,
    name,
    restaurantId: restaurantId ?? null,
    params,
    occurredAt: clampEventTime(at, now),
    receivedAt: now,
  };
}

export async function recordEvents(
  ctx: Pick<RequestContext, 'db' | 'now'>,
  batch: AnalyticsEventBatch,
): Promise<AnalyticsEventsAccepted> {
  const now = ctx.now();
  const repository = analyticsRepository(ctx.db);
  await repository.insertEvents(batch.events.map((event) => toRow(batch.visitorId, event, now)));
  await repository.deleteBefore(new Date(now.getTime() - ANALYTICS_RETENTION_DAYS * DAY_MS));
  return { accepted: batch.events.length };
}
