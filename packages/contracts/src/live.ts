import { z } from 'zod';

/**
 * Live updates over ONE WebSocket per tab at `GET /api/live` (same origin; the session cookie
 * authenticates, anonymous sockets may read public topics; a foreign Origin is refused at the
 * upgrade with 403). Messages are JSON text frames.
 *
 * Client → server:
 *   { "op": "subscribe",   "topic": T }   → { "op": "subscribed",   "topic": T } | error
 *   { "op": "unsubscribe", "topic": T }   → { "op": "unsubscribed", "topic": T }
 *   { "op": "ping" }                      → { "op": "pong" }     (optional app-level keep-alive)
 * Server → client:
 *   { "op": "error", "topic"?: T, "code": LiveErrorCode, "message"?: string }
 *   { "topic": T, "event": E, "data": … }                        (pushed after the DB commit)
 *
 * The server pings every LIVE_PING_INTERVAL_MS (WebSocket ping frames, answered by browsers
 * automatically) and drops sockets that miss a pong. A frame above LIVE_MAX_MESSAGE_BYTES closes
 * the socket with 1009; LIVE_CLOSE lists the server's other close codes. When a subscription's
 * right ends (the diner left the reservation), the server drops it and sends
 * `{ "op": "error", "topic": T, "code": "FORBIDDEN" }`. Events carry ids, not state: on an event — and after every reconnect —
 * the client refetches what it shows (e.g. the menu on `menu.changed`).
 */

export const LIVE_PATH = '/api/live';
export const LIVE_MAX_MESSAGE_BYTES = 4096;
export const LIVE_MAX_SUBSCRIPTIONS = 50;
export const LIVE_MAX_TOPIC_LENGTH = 200;
export const LIVE_PING_INTERVAL_MS = 30_000;

/**
 * Close codes the server ends a socket with (besides 1008 for too many messages and 1009 for a
 * frame too large). A client should not reconnect at once after `tooManySockets`.
 */
export const LIVE_CLOSE = {
  /** The socket's session ended (signed out, revoked, expired): reconnect to read as who you are now. */
  sessionEnded: { code: 4001, reason: 'session ended' },
  /** Too many sockets for this session or this client address (LIVE_MAX_SOCKETS_PER_*). */
  tooManySockets: { code: 4029, reason: 'too many sockets' },
  /**
   * The instance is stopping (1012, "service restart"): reconnect — the balancer sends the new
   * socket to another instance — and refetch, since events may be missed meanwhile.
   */
  restart: { code: 1012, reason: 'server restarting' },
} as const;

export const LIVE_ERROR_CODES = [
  'FORBIDDEN',
  'UNKNOWN_TOPIC',
  'BAD_MESSAGE',
  'TOO_MANY_SUBSCRIPTIONS',
] as const;
export const liveErrorCodeSchema = z.enum(LIVE_ERROR_CODES);
export type LiveErrorCode = z.infer<typeof liveErrorCodeSchema>;

export const liveTopicSchema = z.string().min(1).max(LIVE_MAX_TOPIC_LENGTH);

// ---------------------------------------------------------------------------------------------
// Topics and events

/** The restaurant's menu: event `menu.changed` when a product is created, edited, hidden, restocked… */
export const menuTopic = (restaurantId: string) => `restaurant:${restaurantId}:menu`;
/**
 * Which tables of the restaurant are held when (anyone, for an existing restaurant): event
 * `availability.changed` when a reservation is made, moved or cancelled there. Carries the
 * restaurant's id only — never who booked.
 */
export const availabilityTopic = (restaurantId: string) => `restaurant:${restaurantId}:availability`;
/** A reservation (members only): the reservation, its orders, pending payments, flags. */
export const reservationTopic = (reservationId: string) => `reservation:${reservationId}`;
/** The caller's own reservations list. */
export const USER_RESERVATIONS_TOPIC = 'user:me:reservations';
/** The caller's own invitations list. */
export const USER_INVITATIONS_TOPIC = 'user:me:invitations';

/**
 * Sent on every subscribed topic when the server may have missed events (its PostgreSQL listener
 * reconnected): refetch as after a reconnect. `data` is null.
 */
export const LIVE_RESYNC_EVENT = 'resync';

export const MENU_CHANGED_EVENT = 'menu.changed';
export const menuChangedDataSchema = z.object({ productId: z.uuid() });
export type MenuChangedData = z.infer<typeof menuChangedDataSchema>;

export const AVAILABILITY_CHANGED_EVENT = 'availability.changed';
export const availabilityChangedDataSchema = z.object({ restaurantId: z.uuid() });
export type AvailabilityChangedData = z.infer<typeof availabilityChangedDataSchema>;

// ---------------------------------------------------------------------------------------------
// Messages

export const liveClientMessageSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('subscribe'), topic: liveTopicSchema }).strict(),
  z.object({ op: z.literal('unsubscribe'), topic: liveTopicSchema }).strict(),
  z.object({ op: z.literal('ping') }).strict(),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessageSchema>;

export const liveSubscribedSchema = z.object({ op: z.literal('subscribed'), topic: z.string() });
export const liveUnsubscribedSchema = z.object({ op: z.literal('unsubscribed'), topic: z.string() });
export const livePongSchema = z.object({ op: z.literal('pong') });
export const liveErrorSchema = z.object({
  op: z.literal('error'),
  /** The topic of the refused (un)subscribe; absent when the message could not be read. */
  topic: z.string().optional(),
  code: liveErrorCodeSchema,
  message: z.string().optional(),
});
export const liveEventSchema = z.object({ topic: z.string(), event: z.string(), data: z.unknown() });
export type LiveEvent = z.infer<typeof liveEventSchema>;

export const liveServerMessageSchema = z.union([
  liveSubscribedSchema,
  liveUnsubscribedSchema,
  livePongSchema,
  liveErrorSchema,
  liveEventSchema,
]);
export type LiveServerMessage = z.infer<typeof liveServerMessageSchema>;
