import { z } from 'zod';
import { calendarDateSchema, LOCALES, paymentTypeSchema, reservationKindSchema } from './vocabulary.ts';

/**
 * First-party analytics events and the restaurant's daily funnel (docs/telemetry.md#events).
 *
 *   POST /api/analytics/events   body AnalyticsEventBatch as JSON, with Content-Type
 *     application/json or text/plain (navigator.sendBeacon); same origin only
 *     → 202 `{ accepted }`   events already received (same id) are not stored twice
 *     → 400 VALIDATION_FAILED  more than ANALYTICS_BATCH_MAX events, an unknown name or field
 *     → 413 PAYLOAD_TOO_LARGE  a body past ANALYTICS_BODY_MAX_BYTES
 *     → 429 RATE_LIMITED       too many batches from one address
 *
 *   GET /api/staff/restaurants/:id/funnel?date=YYYY-MM-DD   staff and owners of the restaurant
 *     → 200 StaffFunnel: distinct visitors per step on the restaurant's local day
 *
 * Nothing in an event is free text: names are a closed list, each event's fields are closed,
 * and the only strings are ids (UUIDs), route patterns (letters and punctuation, no digits, no
 * `@` or `.`) and enumerations. The visitor id is a random UUID the browser makes; it is not the
 * account's id and the server never joins it to one.
 */

export const ANALYTICS_BATCH_MAX = 20;
export const ANALYTICS_BODY_MAX_BYTES = 16 * 1024;

export const ANALYTICS_EVENT_NAMES = [
  'page_view',
  'search',
  'restaurant',
  'menu',
  'add_to_cart',
  'send_order',
  'reserve',
  'invite',
  'pay',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

/** A route pattern of the web app, e.g. `/restaurants/:restaurantId/menu` (never an address with values). */
export const analyticsRouteSchema = z
  .string()
  .min(1)
  .max(120)
  .regex(/^\/[A-Za-z_:?/-]*$/, 'a route pattern: letters, "/", ":", "?", "_" and "-" only');

const common = {
  /** Random UUID per event: a batch sent twice (a fetch, then the beacon) is stored once. */
  id: z.uuid(),
  /** When it happened, ms since the epoch by the browser's clock (the server clamps it). */
  at: z.number().int().nonnegative().max(8.64e15),
  locale: z.enum(LOCALES).optional(),
};
const restaurantId = z.uuid();

export const analyticsEventSchema = z.discriminatedUnion('name', [
  z
    .object({
      ...common,
      name: z.literal('page_view'),
      route: analyticsRouteSchema,
      restaurantId: restaurantId.optional(),
    })
    .strict(),
  /** A search was submitted; what was typed is never sent, only whether filters were on. */
  z.object({ ...common, name: z.literal('search'), filtered: z.boolean().optional() }).strict(),
  z.object({ ...common, name: z.literal('restaurant'), restaurantId }).strict(),
  z.object({ ...common, name: z.literal('menu'), restaurantId }).strict(),
  z.object({ ...common, name: z.literal('add_to_cart'), restaurantId }).strict(),
  z.object({ ...common, name: z.literal('send_order'), restaurantId }).strict(),
  z.object({ ...common, name: z.literal('reserve'), restaurantId, kind: reservationKindSchema }).strict(),
  z.object({ ...common, name: z.literal('invite'), restaurantId }).strict(),
  z.object({ ...common, name: z.literal('pay'), restaurantId, method: paymentTypeSchema }).strict(),
]);
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/** Distributes Omit over the union: an event as the page reports it, before id and time. */
type WithoutStamp<T> = T extends unknown ? Omit<T, 'id' | 'at'> : never;
export type AnalyticsEventInput = WithoutStamp<AnalyticsEvent>;

export const analyticsEventBatchSchema = z
  .object({
    /** The browser's random visitor id (renewed every day); never the account's id. */
    visitorId: z.uuid(),
    events: z.array(analyticsEventSchema).min(1).max(ANALYTICS_BATCH_MAX),
  })
  .strict();
export type AnalyticsEventBatch = z.infer<typeof analyticsEventBatchSchema>;

export const analyticsEventsAcceptedSchema = z.object({ accepted: z.number().int() }).strict();
export type AnalyticsEventsAccepted = z.infer<typeof analyticsEventsAcceptedSchema>;

/** The steps of the funnel, in order; `order_or_reserve` counts a visitor who did either. */
export const FUNNEL_STEPS = ['restaurant', 'menu', 'add_to_cart', 'order_or_reserve', 'pay'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export const staffFunnelQuerySchema = z.object({ date: calendarDateSchema.optional() }).strict();
export type StaffFunnelQuery = z.infer<typeof staffFunnelQuerySchema>;

export const staffFunnelSchema = z.object({
  restaurantId: z.uuid(),
  /** The restaurant-local day. */
  date: z.string(),
  timeZone: z.string(),
  steps: z.array(z.object({ step: z.enum(FUNNEL_STEPS), visitors: z.number().int() })),
  /** The two halves of `order_or_reserve`. */
  sendOrder: z.number().int(),
  reserve: z.number().int(),
});
export type StaffFunnel = z.infer<typeof staffFunnelSchema>;
