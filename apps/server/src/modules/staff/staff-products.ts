/**
 * The restaurant's dishes as staff edit them (docs/product.md#staff-console): every product,
 * hidden ones too, and the change of price, discount, stock, hidden and schedule through the
 * restaurants module's updateProduct — so diners' open menus follow at once (`menu.changed`) —
 * with the audit record and `staff.product_changed` in the same transaction.
 */
import type { StaffProduct, StaffProductList, UpdateStaffProductInput } from '@comensal/contracts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import { AppError } from '../../lib/app-error.ts';
import { listAllProducts, updateProduct } from '../restaurants/index.ts';
import { changedFields, recordAction } from './audit.ts';
import { requireStaff } from './staff-access.ts';
import { publishStaffEvent, STAFF_EVENTS } from './staff-events.ts';

/** The fields staff change, as the product answer names them (the audit records these). */
const EDITABLE = [
  'price',
  'discount',
  'discountType',
  'stock',
  'preventSaleWithoutStock',
  'hidden',
  'scheduleStart',
  'scheduleEnd',
  'scheduleDays',
] as const;

export async function listStaffProducts(
  ctx: RequestContext,
  diner: Diner,
  restaurantId: string,
): Promise<StaffProductList> {
  await requireStaff(ctx, diner, restaurantId);
  return { items: await listAllProducts(ctx, restaurantId), nextCursor: null };
}

export async function editStaffProduct(
  ctx: RequestContext,
  diner: Diner,
  restaurantId: string,
  productId: string,
  input: UpdateStaffProductInput,
): Promise<StaffProduct> {
  await requireStaff(ctx, diner, restaurantId);
  if (!isUuid(productId)) throw AppError.notFound('Product');
  const { price, ...rest } = input;
  const changes = { ...rest, ...(price !== undefined ? { priceMinor: price } : {}) };
  return updateProduct(ctx, restaurantId, productId, changes, {
    record: async (tx, { before, after }) => {
      const diff = changedFields(before, after, EDITABLE);
      await recordAction(ctx, tx, diner, {
        restaurantId,
        action: 'product.updated',
        target: { type: 'product', id: productId },
        ...diff,
      });
      await publishStaffEvent(ctx, tx, STAFF_EVENTS.productChanged, { restaurantId, productId });
    },
  });
}
