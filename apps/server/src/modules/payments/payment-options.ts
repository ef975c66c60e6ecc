import type { PaymentOptions } from '@comensal/contracts';
import type { DbExecutor } from '../../db/client.ts';
import type { RequestContext } from '../../lib/context.ts';
import { offeredBy, paymentRestaurant } from './payment-access.ts';

/**
 * How a table at the restaurant can pay, for the bill (members only): the offered methods, the
 * Pago Móvil payee for the copy buttons, and the suggested tip (a suggestion: nothing is
 * pre-selected).
 */
export async function paymentOptionsOf(
  ctx: Pick<RequestContext, 'db'>,
  restaurantId: string,
  tx: DbExecutor = ctx.db,
): Promise<PaymentOptions> {
  const restaurant = await paymentRestaurant(ctx, restaurantId, tx);
  const details = restaurant.payments.mobileTransfer;
  return {
    methods: offeredBy(restaurant),
    mobileTransfer: details
      ? {
          bankCode: details.bankCode,
          bankName: details.bankName,
          phone: details.phone,
          idNumber: details.idNumber,
        }
      : null,
    suggestedTipPercent: restaurant.suggestedTipPercent,
  };
}
