/**
 * A restaurant's daily funnel (docs/telemetry.md#the-funnel): how many distinct visitors reached
 * each step on a day. Each step counts on its own (a diner may arrive at the menu by a table's
 * QR code without the restaurant's page), so a later step can count more than an earlier one.
 */
import { FUNNEL_STEPS, type FunnelStep } from '@comensal/contracts';
import type { RequestContext } from '../../lib/context.ts';
import { analyticsRepository } from './analytics-repository.ts';

const EVENT_OF_STEP: Readonly<Record<Exclude<FunnelStep, 'order_or_reserve'>, string>> = {
  restaurant: 'restaurant',
  menu: 'menu',
  add_to_cart: 'add_to_cart',
  pay: 'pay',
};

export interface FunnelCounts {
  steps: { step: FunnelStep; visitors: number }[];
  sendOrder: number;
  reserve: number;
}

/** Distinct visitors per step of the restaurant's events in [start, end). */
export async function countFunnel(
  ctx: Pick<RequestContext, 'db'>,
  restaurantId: string,
  range: { start: Date; end: Date },
): Promise<FunnelCounts> {
  const names = [...Object.values(EVENT_OF_STEP), 'send_order', 'reserve'];
  const { byName, either } = await analyticsRepository(ctx.db).distinctVisitors(restaurantId, range, names, [
    'send_order',
    'reserve',
  ]);
  return {
    steps: FUNNEL_STEPS.map((step) => ({
      step,
      visitors: step === 'order_or_reserve' ? either : (byName.get(EVENT_OF_STEP[step]) ?? 0),
    })),
    sendOrder: byName.get('send_order') ?? 0,
    reserve: byName.get('reserve') ?? 0,
  };
}
