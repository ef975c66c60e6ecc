/**
 * What a writer (update-product / create-product) may set on a product. The staff console's
 * endpoint (`PATCH /api/staff/restaurants/:id/products/:productId`) takes a subset of it.
 */
import { dietaryTagSchema, hhmmSchema, localizedSchema, preferenceSchema } from '@comensal/contracts';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { ProductChanges } from './product-repository.ts';

const money = z.number().int().min(0).max(1_000_000_000);

export const productFieldsSchema = z
  .object({
    section: z.string().min(1).max(50),
    position: z.number().int().min(0).max(100_000),
    name: localizedSchema,
    description: localizedSchema,
    priceMinor: money,
    calories: z.number().int().min(0).max(100_000).nullable(),
    /** `vegan` implies vegetarian; both flags are derived from the tags. */
    tags: z.array(dietaryTagSchema).max(10),
    preferences: z.array(preferenceSchema).max(30),
    discount: z
      .discriminatedUnion('type', [
        z.object({ type: z.literal('amount'), value: money }).strict(),
        z.object({ type: z.literal('percent'), value: z.number().int().min(0).max(100) }).strict(),
      ])
      .nullable(),
    scheduleStart: hhmmSchema.nullable(),
    scheduleEnd: hhmmSchema.nullable(),
    scheduleDays: z.array(z.number().int().min(0).max(6)).max(7).nullable(),
    hidden: z.boolean(),
    stock: z.number().int().min(0).max(1_000_000).nullable(),
    preventSaleWithoutStock: z.boolean(),
    pointsPrice: z.number().int().min(0).max(1_000_000_000).nullable(),
    imageUrl: z.string().max(500).nullable(),
  })
  .strict();
export type ProductFields = z.infer<typeof productFieldsSchema>;

/** Turns validated fields into columns (tags → vegan/vegetarian, discount → two columns). */
export function toProductColumns(fields: Partial<ProductFields>): ProductChanges {
  const { discount, tags, ...rest } = fields;
  const columns: ProductChanges = { ...rest };
  if (tags !== undefined) {
    const unique = [...new Set(tags)];
    columns.tags = unique;
    columns.vegan = unique.includes('vegan');
    columns.vegetarian = columns.vegan || unique.includes('vegetarian');
  }
  if (discount !== undefined) {
    columns.discount = discount?.value ?? null;
    columns.discountType = discount?.type ?? null;
  }
  return columns;
}

/** Parses with `schema`, answering 400 VALIDATION_FAILED with the zod issues. */
export function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) {
    const details = result.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      code: issue.code,
      message: issue.message,
    }));
    throw new AppError(
      'VALIDATION_FAILED',
      `Invalid product: ${details[0]?.path} ${details[0]?.message}`,
      details,
    );
  }
  return result.data;
}

export function assertSection(sections: readonly { key: string }[], section: string | undefined): void {
  if (section !== undefined && !sections.some((s) => s.key === section)) {
    throw new AppError('VALIDATION_FAILED', `Unknown section "${section}" for this restaurant`, {
      reason: 'UNKNOWN_SECTION',
    });
  }
}
