/**
 * The restaurant's dishes as staff edit them (docs/product.md#staff-console): every product,
 * hidden ones too, and the change of price, discount, stock, hidden, schedule and picture through
 * the restaurants module's updateProduct — so diners' open menus follow at once (`menu.changed`)
 * — with the audit record and `staff.product_changed` in the same transaction.
 */
import { randomBytes } from 'node:crypto';
import type { StaffProduct, StaffProductList, UpdateStaffProductInput } from '@comensal/contracts';
import {
  MIN_DISH_PICTURE_WIDTH,
  pictureFileName,
  pictureHeight,
  pictureWidths,
  uploadedPictureFiles,
} from '@comensal/domain';
import { fileTypeFromBuffer } from 'file-type';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import { AppError } from '../../lib/app-error.ts';
import { PICTURE_TYPES, pictureSize, reencodePicture } from '../../lib/pictures.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { listAllProducts, updateProduct, type UpdateProductOptions } from '../restaurants/index.ts';
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
  'imageUrl',
] as const;

export async function listStaffProducts(
  ctx: RequestContext,
  diner: Diner,
  restaurantId: string,
): Promise<StaffProductList> {
  await requireStaff(ctx, diner, restaurantId);
  return { items: await listAllProducts(ctx, restaurantId), nextCursor: null };
}

/** The audit record and the staff event of a product change, in its transaction. */
const recordChange =
  (
    ctx: RequestContext,
    diner: Diner,
    restaurantId: string,
    productId: string,
  ): UpdateProductOptions['record'] =>
  async (tx, { before, after }) => {
    const diff = changedFields(before, after, EDITABLE);
    await recordAction(ctx, tx, diner, {
      restaurantId,
      action: 'product.updated',
      target: { type: 'product', id: productId },
      ...diff,
    });
    await publishStaffEvent(ctx, tx, STAFF_EVENTS.productChanged, { restaurantId, productId });
  };

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
    record: recordChange(ctx, diner, restaurantId, productId),
  });
}

const unreadable = { message: 'The picture could not be read as a picture' };
/** The folder of a product's uploaded pictures; what is not in it was not made by an upload. */
const pictureFolder = (restaurantId: string, productId: string) =>
  `restaurants/${restaurantId}/products/${productId}/`;

/** The keys of every stored width of the upload `url` names, or [] for a URL no upload of this product made. */
function uploadedKeys(storage: FileStorage, folder: string, url: string | null): string[] {
  const keys =
    (url === null ? null : uploadedPictureFiles(url))?.map((file) => storage.keyOf(file.url)) ?? [];
  return keys.filter((key): key is string => key?.startsWith(folder) ?? false);
}

async function removeFiles(
  ctx: Pick<RequestContext, 'log'>,
  storage: FileStorage,
  keys: readonly string[],
  reason: string,
): Promise<void> {
  for (const key of keys) {
    try {
      await storage.deletePublic(key);
    } catch (error) {
      ctx.log.warn({ key, reason, err: error }, 'dish picture file not removed');
    }
  }
}

/**
 * POST /api/staff/restaurants/:id/products/:productId/picture: a JPEG, PNG or WebP (checked by
 * content) is decoded, cut to 4:3 around its centre and encoded anew as WebP at each width of
 * `pictureWidths` (never wider than it is), stored under a new name in the product's folder; the
 * product's `imageUrl` then names the widest (one transaction: audit, `menu.changed`,
 * `staff.product_changed`). Once committed, the files of the upload it replaced are removed; a
 * refused or failed upload leaves the product and its files as they were and removes its own.
 */
export async function uploadStaffProductPicture(
  ctx: RequestContext,
  storage: FileStorage,
  diner: Diner,
  restaurantId: string,
  productId: string,
  data: Buffer,
): Promise<StaffProduct> {
  await requireStaff(ctx, diner, restaurantId);
  if (!isUuid(productId)) throw AppError.notFound('Product');
  const type = await fileTypeFromBuffer(data);
  if (!type || !PICTURE_TYPES.has(type.mime)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The picture must be a JPEG, PNG or WebP picture');
  }
  const size = await pictureSize(data, unreadable);
  const cutWidth = Math.min(size.width, Math.floor((size.height * 4) / 3));
  if (cutWidth < MIN_DISH_PICTURE_WIDTH) {
    throw new AppError(
      'VALIDATION_FAILED',
      `The picture must be at least ${MIN_DISH_PICTURE_WIDTH} pixels wide once cut to 4:3`,
      { reason: 'PICTURE_TOO_SMALL', field: 'picture', minWidth: MIN_DISH_PICTURE_WIDTH },
    );
  }
  const widths = pictureWidths(cutWidth);
  const encoded: Buffer[] = [];
  // one at a time: a big picture decoded three times at once would hold three copies in memory
  for (const width of widths) {
    encoded.push(
      await reencodePicture(
        data,
        (image) =>
          image
            .resize(width, pictureHeight(width), { fit: 'cover', position: 'centre' })
            .webp({ quality: 78, effort: 4 }),
        unreadable,
      ),
    );
  }
  const folder = pictureFolder(restaurantId, productId);
  const name = randomBytes(8).toString('hex');
  const keys = widths.map((width) => folder + pictureFileName(name, width));
  let previous: string | null = null;
  let product: StaffProduct;
  try {
    let url = '';
    for (const [index, key] of keys.entries()) url = (await storage.put(key, encoded[index]!)).url;
    const record = recordChange(ctx, diner, restaurantId, productId)!;
    product = await updateProduct(
      ctx,
      restaurantId,
      productId,
      { imageUrl: url },
      {
        record: async (tx, change) => {
          previous = change.before.imageUrl;
          await record(tx, change);
        },
      },
    );
  } catch (error) {
    await removeFiles(ctx, storage, keys, 'upload failed');
    throw error;
  }
  await removeFiles(ctx, storage, uploadedKeys(storage, folder, previous), 'picture replaced');
  return product;
}
