/**
 * What travels through PostgreSQL NOTIFY between instances: `{ c: channel, e: event, d: data }`,
 * kept small (ids only; the receiving instance or the client loads the rest).
 */
import { z } from 'zod';

/** The one NOTIFY channel of the app (per database). */
export const LIVE_NOTIFY_CHANNEL = 'comensal_live';
/** Channel given to `app.live.onEvent` listeners with `resync`: every cached thing may be stale. */
export const ALL_CHANNELS = '*';
/**
 * The internal channel (no topic maps onto it, so no client can subscribe) on which the end of a
 * session is told: every instance closes that session's sockets.
 */
export const sessionChannel = (sessionId: string) => `session:${sessionId}`;
export const SESSION_ENDED_EVENT = 'session.ended';

/** PostgreSQL caps a NOTIFY payload at 8000 bytes; ours are ids, far below this. */
export const MAX_LIVE_PAYLOAD_BYTES = 2000;

export interface LiveEventMessage {
  /** The channel (usually the topic, e.g. `restaurant:<id>:menu`). */
  channel: string;
  event: string;
  data: unknown;
}

const payloadSchema = z.object({ c: z.string().min(1), e: z.string().min(1), d: z.unknown() });

export function encodeLiveEvent(message: LiveEventMessage): string {
  const payload = JSON.stringify({ c: message.channel, e: message.event, d: message.data ?? null });
  if (Buffer.byteLength(payload) > MAX_LIVE_PAYLOAD_BYTES) {
    throw new Error(
      `live event ${message.event} on ${message.channel} is ${Buffer.byteLength(payload)} bytes; ` +
        `publish ids (≤ ${MAX_LIVE_PAYLOAD_BYTES} bytes) and let the receiver load the rest`,
    );
  }
  return payload;
}

export function decodeLiveEvent(payload: string | undefined): LiveEventMessage | null {
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(payload ?? ''));
    return parsed.success ? { channel: parsed.data.c, event: parsed.data.e, data: parsed.data.d } : null;
  } catch {
    return null;
  }
}
