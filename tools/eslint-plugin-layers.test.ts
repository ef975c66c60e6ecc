import { describe, expect, it } from 'vitest';
import { layerViolation } from './eslint-plugin-layers.js';

describe('layering rule', () => {
  it.each([
    ['packages/domain/src/pricing/price.ts', '../currency/format-money.ts', false],
    ['packages/domain/src/pricing/price.ts', 'node:fs', true],
    ['packages/domain/src/pricing/price.ts', '@comensal/contracts', true],
    ['packages/domain/src/pricing/price.ts', '../../../contracts/src/index.ts', true],
    ['packages/domain/src/pricing/price.test.ts', 'vitest', false],
    ['packages/domain/src/pricing/price.ts', 'vitest', true],
    ['packages/domain/src/payments/splits.test.ts', 'fast-check', false],
    ['packages/domain/src/payments/splits.ts', 'fast-check', true],
    ['packages/contracts/src/restaurants.ts', 'zod', false],
    ['packages/contracts/src/restaurants.ts', 'drizzle-orm', true],
    ['apps/web/src/features/menu/api/get-menu.ts', 'pg', true],
    ['apps/web/src/features/menu/api/get-menu.ts', '../../../../../server/src/app.ts', true],
    ['apps/web/src/features/menu/components/menu.tsx', '../../restaurants/api/get-restaurant.ts', true],
    ['apps/web/src/features/menu/components/menu.tsx', '@/features/restaurants/api/x', true],
    ['apps/web/src/features/menu/components/menu.tsx', '../api/get-menu.ts', false],
    ['apps/web/src/features/menu/components/menu.tsx', '../../../lib/format.ts', false],
    ['apps/web/src/features/menu/components/menu.tsx', '../../../app/router.tsx', true],
    ['apps/web/src/lib/format.ts', '../features/menu/api/get-menu.ts', true],
    ['apps/web/src/app/routes/menu.tsx', '../../features/menu/components/menu.tsx', false],
    ['apps/server/src/modules/restaurants/routes.ts', 'drizzle-orm', true],
    ['apps/server/src/modules/restaurants/routes.ts', './restaurant-repository.ts', true],
    ['apps/server/src/modules/restaurants/routes.ts', './list-restaurants.ts', false],
    ['apps/server/src/modules/restaurants/list-restaurants.ts', 'drizzle-orm', true],
    ['apps/server/src/modules/restaurants/restaurant-repository.ts', 'drizzle-orm', false],
    ['apps/server/src/db/schema.ts', 'drizzle-orm/pg-core', false],
  ])('%s importing %s → violation: %s', (from, spec, expected) => {
    expect(layerViolation(from, spec) !== null).toBe(expected);
  });
});
