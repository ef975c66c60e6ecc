import type { Product } from '@comensal/contracts';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { RequestContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import { inTransaction } from '../../db/transaction.ts';
import { toProduct } from './mappers.ts';
import { publishMenuChanged } from './menu-events.ts';
import { assertSection, parseOrThrow, productFieldsSchema, toProductColumns } from './product-input.ts';
import { productRepository } from './product-repository.ts';
import { restaurantRepository } from './restaurant-repository.ts';

/** Required: section, name, priceMinor. The rest defaults to a plain always-visible product. */
const createProductInputSchema = productFieldsSchema
  .partial()
  .required({ section: true, name: true, priceMinor: true })
  .extend({
    key: z
      .string()
      .regex(/^[a-z0-9-]{1,100}$/)
      .optional(),
  })
  .strict();

/**
 * Adds a product to a restaurant's menu (at the end of its section unless `position` is given)
 * in one transaction, announcing `menu.changed` `{ productId }` on `restaurant:<id>:menu` at commit.
 */
export async function createProduct(
  ctx: Pick<RequestContext, 'db' | 'live'>,
  restaurantId: string,
  input: unknown,
): Promise<Product> {
  const fields = parseOrThrow(createProductInputSchema, input);
  if (!isUuid(restaurantId)) throw AppError.notFound('Restaurant');
  const restaurants = restaurantRepository(ctx.db);
  const products = productRepository(ctx.db);
  return inTransaction(ctx.db, async (tx) => {
    const restaurant = await restaurants.findBasics(restaurantId, tx);
    if (!restaurant) throw AppError.notFound('Restaurant');
    assertSection(restaurant.sections, fields.section);
    if (fields.key !== undefined && (await products.findIdByKey(restaurantId, fields.key, tx))) {
      throw new AppError('CONFLICT', `The restaurant already has a product "${fields.key}"`);
    }
    const { key, ...rest } = fields;
    const columns = toProductColumns({ description: { es: '', en: '' }, tags: [], ...rest });
    const productId = await products.insert(
      {
        ...columns,
        restaurantId,
        key: key ?? null,
        section: fields.section,
        name: fields.name,
        description: columns.description ?? { es: '', en: '' },
        priceMinor: fields.priceMinor,
        position: fields.position ?? (await products.nextPosition(restaurantId, fields.section, tx)),
      },
      tx,
    );
    const row = await products.findById(restaurantId, productId, tx);
    if (!row) throw new Error('the new product is missing');
    await publishMenuChanged(ctx, tx, restaurantId, productId);
    return toProduct(row, restaurant.currency);
  });
}
