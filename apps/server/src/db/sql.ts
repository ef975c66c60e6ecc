import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * `"table"."column"`, always. In the selected fields of a single-table query drizzle prints bare
 * column names, so inside a correlated subquery `${products.restaurantId} = ${restaurants.id}`
 * would silently become `"restaurant_id" = "id"` (both resolving to the inner table).
 */
export function qualified(column: AnyPgColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
