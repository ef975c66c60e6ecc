import { MENU_CHANGED_EVENT, menuTopic } from '@comensal/contracts';
import type { DbExecutor } from '../../db/client.ts';
import type { RequestContext } from '../../lib/context.ts';

/**
 * Announces that what the restaurant's menu shows of a product changed (price, stock, hidden,
 * schedule…): `menu.changed` `{ productId }` on `restaurant:<id>:menu`, leaving with `tx`'s commit
 * (never on a rollback). Open menus refetch, and every instance drops its cached menu and list
 * answers of the restaurant (answer-caches.ts). Every write that changes a menu publishes it.
 */
export async function publishMenuChanged(
  ctx: Pick<RequestContext, 'live'>,
  tx: DbExecutor,
  restaurantId: string,
  productId: string,
): Promise<void> {
  await ctx.live.publish(
    { channel: menuTopic(restaurantId), event: MENU_CHANGED_EVENT, data: { productId } },
    tx,
  );
}
