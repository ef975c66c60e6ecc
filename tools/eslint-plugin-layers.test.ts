import { describe, expect, it } from 'vitest';
import {
  cyclePath,
  findCycles,
  importGraph,
  layerFileViolation,
  layerViolation,
  runtimeImports,
} from './eslint-plugin-layers.js';

const M = 'apps/server/src/modules';

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
    ['apps/web/src/features/menu/api/get-menu.ts', '@fastify/static', true],
    ['apps/web/src/features/menu/api/get-menu.ts', '../../../../../server/src/app.ts', true],
    ['apps/web/src/features/menu/components/menu.tsx', '../../restaurants/api/get-restaurant.ts', true],
    ['apps/web/src/features/menu/components/menu.tsx', '@/features/restaurants/api/x', true],
    ['apps/web/src/features/menu/components/menu.tsx', '../api/get-menu.ts', false],
    ['apps/web/src/features/menu/components/menu.tsx', '../../../lib/format.ts', false],
    ['apps/web/src/features/menu/components/menu.tsx', '../../../app/router.tsx', true],
    ['apps/web/src/lib/format.ts', '../features/menu/api/get-menu.ts', true],
    ['apps/web/src/app/routes/menu.tsx', '../../features/menu/components/menu.tsx', false],
    [`${M}/restaurants/routes.ts`, 'drizzle-orm', true],
    [`${M}/restaurants/routes.ts`, './restaurant-repository.ts', true],
    [`${M}/restaurants/routes.ts`, './list/list-restaurants.ts', false],
    [`${M}/restaurants/list/list-restaurants.ts`, 'drizzle-orm', true],
    [`${M}/restaurants/restaurant-repository.ts`, 'drizzle-orm', false],
    ['apps/server/src/db/schema.ts', 'drizzle-orm/pg-core', false],
  ])('%s importing %s → violation: %s', (from, spec, expected) => {
    expect(layerViolation(from, spec) !== null).toBe(expected);
  });
});

describe('route → use case → repository → database', () => {
  it.each([
    // a route calls use cases, with what src/http gives it
    [`${M}/reservations/routes.ts`, './cancel-reservation.ts', false],
    [`${M}/reservations/routes.ts`, '../../http/request.ts', false],
    [`${M}/reservations/routes.ts`, 'fastify', false],
    [`${M}/reservations/routes.ts`, '../../db/schema.ts', true],
    [`${M}/reservations/routes.ts`, '../../db/transaction.ts', true],
    [`${M}/reservations/routes.ts`, './invitation-repository.ts', true],
    // a use case knows nothing of HTTP and no SQL
    [`${M}/reservations/cancel-reservation.ts`, 'fastify', true],
    [`${M}/reservations/cancel-reservation.ts`, '@fastify/multipart', true],
    [`${M}/reservations/cancel-reservation.ts`, 'fastify-type-provider-zod', true],
    [`${M}/reservations/cancel-reservation.ts`, '../../http/request.ts', true],
    [`${M}/reservations/cancel-reservation.ts`, '../../plugins/auth.ts', true],
    [`${M}/reservations/cancel-reservation.ts`, './routes.ts', true],
    [`${M}/reservations/cancel-reservation.ts`, './index.ts', true],
    [`${M}/reservations/cancel-reservation.ts`, '../../db/schema.ts', true],
    [`${M}/reservations/cancel-reservation.ts`, '../../db/sql.ts', true],
    [`${M}/reservations/cancel-reservation.ts`, 'pg', true],
    [`${M}/reservations/cancel-reservation.ts`, './reservation-repository.ts', false],
    [`${M}/reservations/cancel-reservation.ts`, '../../db/transaction.ts', false],
    [`${M}/reservations/cancel-reservation.ts`, '../../db/client.ts', false],
    [`${M}/reservations/cancel-reservation.ts`, '../../lib/context.ts', false],
    [`${M}/reservations/cancel-reservation.ts`, '@comensal/domain', false],
    // a repository reaches nothing above it
    [`${M}/reservations/reservation-repository.ts`, 'drizzle-orm', false],
    [`${M}/reservations/reservation-repository.ts`, '../../db/schema.ts', false],
    [`${M}/reservations/reservation-repository.ts`, '../../db/transaction.ts', false],
    [`${M}/reservations/reservation-repository.ts`, '../../lib/app-error.ts', false],
    [`${M}/restaurants/restaurant-repository.ts`, './list/list-repository.ts', false],
    [`${M}/restaurants/list/list-repository.ts`, '../../../db/schema.ts', false],
    [`${M}/reservations/reservation-repository.ts`, 'fastify', true],
    [`${M}/reservations/reservation-repository.ts`, '../../http/request.ts', true],
    [`${M}/reservations/reservation-repository.ts`, '../../plugins/db.ts', true],
    [`${M}/reservations/reservation-repository.ts`, './routes.ts', true],
    [`${M}/reservations/reservation-repository.ts`, './index.ts', true],
    [`${M}/favorites/favorite-repository.ts`, '../restaurants/index.ts', true],
    // the SQL layer is the repositories' and src/db's
    ['apps/server/src/plugins/db.ts', 'drizzle-orm', true],
    ['apps/server/src/plugins/live.ts', 'pg', false],
    ['apps/server/src/auth/auth.ts', '../db/schema.ts', false],
    ['apps/server/src/auth/auth-handler.ts', '../db/schema.ts', true],
    ['apps/server/src/lib/context.ts', 'drizzle-orm', true],
    ['apps/server/src/db/live-notify.ts', 'drizzle-orm', false],
    [`${M}/reservations/testing.ts`, 'drizzle-orm', false],
  ])('%s importing %s → violation: %s', (from, spec, expected) => {
    expect(layerViolation(from, spec) !== null).toBe(expected);
  });
});

describe('modules behind their front door', () => {
  it.each([
    // one module to another: through index.ts only
    [`${M}/favorites/list-favorites.ts`, '../restaurants/index.ts', false],
    [`${M}/favorites/list-favorites.ts`, '../restaurants/mappers.ts', true],
    [`${M}/favorites/routes.ts`, '../restaurants/live-channels.ts', true],
    [`${M}/favorites/list-favorites.ts`, '../restaurants/list/list-restaurants.ts', true],
    // inside one module, anything
    [`${M}/restaurants/answer-caches.ts`, './list/list-cache.ts', false],
    [`${M}/restaurants/index.ts`, './routes.ts', false],
    // tests too, though they may use another module's testing helpers
    [`${M}/favorites/favorites.test.ts`, '../restaurants/live-channels.ts', true],
    [`${M}/favorites/favorites.test.ts`, '../restaurants/index.ts', false],
    ['apps/server/src/auth/oauth.test.ts', '../modules/guest-transfer/testing/guest-rows.ts', false],
    ['apps/server/src/auth/oauth.test.ts', '../modules/guest-transfer/transfer-guest.ts', true],
    // app.ts wires the modules in; plugins and shared code never import one
    ['apps/server/src/app.ts', './modules/reservations/index.ts', false],
    ['apps/server/src/app.ts', './modules/reservations/routes.ts', true],
    ['apps/server/src/plugins/live.ts', '../modules/reservations/index.ts', true],
    ['apps/server/src/plugins/auth.ts', '../modules/guest-transfer/index.ts', true],
    ['apps/server/src/plugins/live.test.ts', '../modules/restaurants/index.ts', false],
    ['apps/server/src/auth/auth.ts', '../modules/guest-transfer/index.ts', true],
    ['apps/server/src/lib/context.ts', '../modules/reservations/index.ts', true],
    ['apps/server/src/http/request.ts', '../modules/me/index.ts', true],
    ['apps/server/src/live/live-hub.ts', '../modules/reservations/index.ts', true],
    ['apps/server/src/db/seed/seed.ts', '../../modules/reservations/index.ts', true],
    // scripts and benchmarks as well
    ['apps/server/scripts/menu-change.ts', '../src/modules/restaurants/index.ts', false],
    ['apps/server/scripts/menu-change.ts', '../src/modules/restaurants/update-product.ts', true],
    ['bench/live.bench.ts', '../apps/server/src/modules/restaurants/update-product.ts', true],
    ['bench/lib/bench-server.ts', '../../apps/server/src/modules/restaurants/index.ts', false],
  ])('%s importing %s → violation: %s', (from, spec, expected) => {
    expect(layerViolation(from, spec) !== null).toBe(expected);
  });
});

describe('where a repository may live', () => {
  it.each([
    [`${M}/reservations/reservation-repository.ts`, false],
    [`${M}/restaurants/list/list-repository.ts`, false],
    ['apps/server/src/db/rate-limit-repository.ts', false],
    ['apps/server/src/auth/rate-limit-repository.ts', true],
    ['apps/server/src/lib/user-repository.ts', true],
    ['apps/server/src/plugins/session-repository.ts', true],
    ['apps/server/scripts/menu-repository.ts', true],
    [`${M}/reservations/create-reservation.ts`, false],
  ])('%s → violation: %s', (file, expected) => {
    expect(layerFileViolation(file) !== null).toBe(expected);
  });
});

describe('import cycles', () => {
  it('reads the imports that exist at run time', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type { B } from './b.ts';",
      "import { type C, type D } from './c.ts';",
      "import { type E, f } from './e.ts';",
      "import G from './g';",
      "import H, { type I } from './h';",
      "export * from './star.ts';",
      "export type { J } from './j.ts';",
      "export { k } from './k.ts';",
      "import './side-effect.css';",
      "const lazy = () => import('./lazy.tsx');",
      "import {\n  l,\n  m,\n} from './multi-line.ts';",
      'import { n } from "pkg";',
    ].join('\n');
    expect(runtimeImports(text)).toEqual([
      './a.ts',
      './e.ts',
      './g',
      './h',
      './star.ts',
      './k.ts',
      './side-effect.css',
      './lazy.tsx',
      './multi-line.ts',
      'pkg',
    ]);
  });

  it('resolves imports with or without an extension, index files and the web alias', () => {
    const graph = importGraph(
      new Map([
        ['apps/web/src/app/a.tsx', "import { b } from '@/lib/b';\nimport { c } from '../features/c';"],
        ['apps/web/src/lib/b.ts', ''],
        ['apps/web/src/features/c/index.tsx', ''],
        ['apps/server/src/x.ts', "import { y } from './y.ts';\nimport { z } from 'z';"],
        ['apps/server/src/y.ts', ''],
      ]),
    );
    expect([...graph.get('apps/web/src/app/a.tsx')!]).toEqual([
      'apps/web/src/lib/b.ts',
      'apps/web/src/features/c/index.tsx',
    ]);
    expect([...graph.get('apps/server/src/x.ts')!]).toEqual(['apps/server/src/y.ts']);
  });

  it('finds every cycle, a file importing itself included, and names a way round it', () => {
    const graph = importGraph(
      new Map([
        ['s/a.ts', "import { b } from './b.ts';"],
        ['s/b.ts', "import { c } from './c.ts';"],
        ['s/c.ts', "import { a } from './a.ts';\nimport { d } from './d.ts';"],
        ['s/d.ts', ''],
        ['s/self.ts', "import { self } from './self.ts';"],
        ['s/e.ts', "import { f } from './f.ts';"],
        ['s/f.ts', "import type { E } from './e.ts';"],
      ]),
    );
    const cycles = findCycles(graph).map((component) => [...component].sort());
    expect(cycles.sort()).toEqual([['s/a.ts', 's/b.ts', 's/c.ts'], ['s/self.ts']]);
    const component = new Set(['s/a.ts', 's/b.ts', 's/c.ts']);
    expect(cyclePath(graph, component, 's/b.ts', 's/a.ts')).toEqual(['s/b.ts', 's/c.ts', 's/a.ts']);
  });

  it('finds none in a graph without one', () => {
    const graph = importGraph(
      new Map([
        ['s/a.ts', "import { b } from './b.ts';\nimport { c } from './c.ts';"],
        ['s/b.ts', "import { c } from './c.ts';"],
        ['s/c.ts', ''],
      ]),
    );
    expect(findCycles(graph)).toEqual([]);
  });
});
