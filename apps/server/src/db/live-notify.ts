import { sql } from 'drizzle-orm';
import { encodeLiveEvent, LIVE_NOTIFY_CHANNEL, type LiveEventMessage } from '../live/live-event.ts';
import type { DbExecutor } from './client.ts';

/**
 * Publishes a live event to every instance through PostgreSQL NOTIFY (use cases reach it as
 * `ctx.live.publish(message, tx)`, see src/lib/context.ts).
 *
 * Call it with the transaction that made the change: PostgreSQL delivers a NOTIFY only when (and
 * right after) that transaction commits, and drops it on rollback — so an event never announces
 * a change that did not happen, and a committed change is never left unannounced by a crash
 * between COMMIT and a separate publish. Outside a transaction it is delivered at once.
 */
export async function publishLiveEvent(executor: DbExecutor, message: LiveEventMessage): Promise<void> {
  await executor.execute(sql`SELECT pg_notify(${LIVE_NOTIFY_CHANNEL}, ${encodeLiveEvent(message)})`);
}
