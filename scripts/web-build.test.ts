import { spawn } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ensureWebBuild,
  hashInputs,
  layoutOf,
  productionEnvironment,
  switchPointer,
  type EnsureOptions,
} from './web-build.ts';

let root: string;
let builds: string[];

/** A miniature checkout: the files the hash reads, and some it must not. */
async function makeCheckout(dir: string): Promise<void> {
  const files: Record<string, string> = {
    'package-lock.json': '{"lockfileVersion":3}',
    'tsconfig.base.json': '{}',
    'apps/web/package.json': '{"name":"@comensal/web"}',
    'apps/web/index.html': '<div id="root"></div>',
    'apps/web/vite.config.ts': 'export default {};',
    'apps/web/src/main.tsx': 'render("v1");',
    'apps/web/src/main.test.tsx': 'test("v1");',
    'apps/web/public/favicon.svg': '<svg/>',
    'packages/domain/package.json': '{"name":"@comensal/domain"}',
    'packages/domain/src/index.ts': 'export const v = 1;',
    'packages/domain/src/index.test.ts': 'test("domain");',
    'packages/contracts/src/index.ts': 'export const c = 1;',
  };
  for (const [file, content] of Object.entries(files)) await put(file, content, dir);
}

async function put(file: string, content: string, dir = root): Promise<void> {
  await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
  await writeFile(path.join(dir, file), content);
}

/** Stands for Vite: writes an index.html naming the source it was built from. */
async function fakeVite(outDir: string): Promise<void> {
  builds.push(outDir);
  await mkdir(path.join(outDir, 'assets'), { recursive: true });
  const source = readFileSync(path.join(root, 'apps/web/src/main.tsx'), 'utf8');
  await writeFile(path.join(outDir, 'index.html'), `<p>${source}</p>`);
}

const ensure = (options: EnsureOptions = {}) =>
  ensureWebBuild({ root, build: fakeVite, env: {}, log: () => undefined, ...options });

const layout = () => layoutOf(root);
const servedPage = () => readFileSync(path.join(layout().pointer, 'index.html'), 'utf8');
const buildFolders = () =>
  readdirSync(layout().buildsDir)
    .filter((name) => !name.startsWith('.'))
    .sort();

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'comensal-web-build-'));
  builds = [];
  await makeCheckout(root);
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('ensureWebBuild', () => {
  it('builds on the first run into a fresh folder named by the hash, and points dist at it', async () => {
    const result = await ensure();
    expect(result).toMatchObject({ built: true, switched: true });
    expect(result.folder).toMatch(new RegExp(`^${result.hash}-[0-9a-z]+$`));
    expect(lstatSync(layout().pointer).isSymbolicLink()).toBe(true);
    expect(readlinkSync(layout().pointer)).toBe(path.join('builds', result.folder));
    expect(servedPage()).toContain('render("v1")');
    expect(builds).toEqual([path.join(layout().buildsDir, `${result.folder}.partial-${process.pid}`)]);
    expect(existsSync(path.join(layout().buildsDir, '.lock'))).toBe(false);
  });

  it('does not build again when nothing changed, whatever happens outside the inputs', async () => {
    const first = await ensure();
    await put('apps/web/node_modules/some-dep/index.js', 'changed');
    await put('packages/domain/src/index.test.ts', 'test("changed");');
    await put('packages/domain/node_modules/x.js', 'changed');
    await put('apps/server/src/app.ts', 'changed');
    await put('e2e/home.spec.ts', 'changed');
    const again = await ensure();
    expect(again).toEqual({ ...first, built: false, switched: false, removed: [] });
    expect(builds).toHaveLength(1);
    expect(readlinkSync(layout().pointer)).toBe(path.join('builds', first.folder));
  });

  it.each([
    ['a web source', 'apps/web/src/main.tsx', 'render("v2");'],
    ['a web test (Tailwind scans it for class names)', 'apps/web/src/main.test.tsx', 'test("v2");'],
    ['a new web file', 'apps/web/src/new.ts', 'export {};'],
    ['index.html', 'apps/web/index.html', '<div id="app"></div>'],
    ['the Vite config', 'apps/web/vite.config.ts', 'export default { base: "/" };'],
    ['a public file', 'apps/web/public/favicon.svg', '<svg width="1"/>'],
    ['a .env file', 'apps/web/.env.production', 'VITE_API_ORIGIN=https://api.example.com'],
    ['a domain source', 'packages/domain/src/index.ts', 'export const v = 2;'],
    ['a contracts source', 'packages/contracts/src/index.ts', 'export const c = 2;'],
    ['a package manifest', 'packages/domain/package.json', '{"name":"@comensal/domain","x":1}'],
    ['the lockfile', 'package-lock.json', '{"lockfileVersion":3,"x":1}'],
    ['this script', 'scripts/web-build.ts', '// another way to build'],
  ])('builds into a new folder and switches dist when %s changes', async (_what, file, content) => {
    const first = await ensure();
    await put(file, content);
    const second = await ensure();
    expect(second).toMatchObject({ built: true, switched: true });
    expect(second.hash).not.toBe(first.hash);
    expect(second.folder).not.toBe(first.folder);
    expect(readlinkSync(layout().pointer)).toBe(path.join('builds', second.folder));
    // the build it replaced stays (a server started on it goes on serving it)
    expect(buildFolders()).toEqual([first.folder, second.folder].sort());
  });

  it('builds again when a VITE_ variable, which Vite writes into the bundle, changes', async () => {
    const first = await ensure({ env: { VITE_API_ORIGIN: 'https://a.example.com', PATH: '/bin' } });
    expect(
      (await ensure({ env: { VITE_API_ORIGIN: 'https://a.example.com', PATH: '/usr/bin' } })).built,
    ).toBe(false);
    const second = await ensure({ env: { VITE_API_ORIGIN: 'https://b.example.com' } });
    expect(second.built).toBe(true);
    expect(second.hash).not.toBe(first.hash);
  });

  it('keeps the current build, the one it replaced and the leased ones; removes the others', async () => {
    const v1 = await ensure();
    await put('apps/web/src/main.tsx', 'render("v2");');
    const v2 = await ensure();
    // a live server holds v1, a crashed one had leased v2 (a pid that cannot be running)
    await put(`apps/web/builds/${v1.folder}/.leases/${process.pid}-abc`, '');
    await put(`apps/web/builds/${v2.folder}/.leases/999999999-dead`, '');
    await put('apps/web/src/main.tsx', 'render("v3");');
    const v3 = await ensure();
    expect(v3.removed).toEqual([]);
    expect(buildFolders()).toEqual([v1.folder, v2.folder, v3.folder].sort());

    await put('apps/web/src/main.tsx', 'render("v4");');
    const v4 = await ensure();
    expect(v4.removed).toEqual([v2.folder]);
    expect(buildFolders()).toEqual([v1.folder, v3.folder, v4.folder].sort());
    expect(servedPage()).toContain('render("v4")');
  });

  it('goes back to an earlier build without building when the sources come back to it', async () => {
    const v1 = await ensure();
    await put('apps/web/src/main.tsx', 'render("v2");');
    await ensure();
    await put('apps/web/src/main.tsx', 'render("v1");');
    const back = await ensure();
    expect(back).toMatchObject({ folder: v1.folder, built: false, switched: true });
    expect(builds).toHaveLength(2);
    expect(servedPage()).toContain('render("v1")');
  });

  it('builds again with --force, into a new folder', async () => {
    const first = await ensure();
    const forced = await ensure({ force: true });
    expect(forced).toMatchObject({ hash: first.hash, built: true, switched: true });
    expect(forced.folder).not.toBe(first.folder);
    expect(builds).toHaveLength(2);
  });

  it('builds again with --force within the same millisecond, into a new folder', async () => {
    const now = vi.spyOn(Date, 'now').mockReturnValue(Date.UTC(2026, 10, 25, 4, 0, 0));
    try {
      const first = await ensure();
      const forced = await ensure({ force: true });
      expect(forced).toMatchObject({ hash: first.hash, built: true, switched: true });
      expect(forced.folder).not.toBe(first.folder);
    } finally {
      now.mockRestore();
    }
  });

  it('leaves dist as it was and no partial folder behind when the build fails', async () => {
    const first = await ensure();
    await put('apps/web/src/main.tsx', 'render("broken");');
    await expect(
      ensure({
        build: async (outDir) => {
          await put(path.relative(root, path.join(outDir, 'assets/half.js')), '//');
          throw new Error('vite build failed (exit code 1)');
        },
      }),
    ).rejects.toThrow('vite build failed');
    await expect(ensure({ build: async (outDir) => void (await mkdir(outDir)) })).rejects.toThrow(
      'the build wrote no index.html',
    );
    expect(readlinkSync(layout().pointer)).toBe(path.join('builds', first.folder));
    expect(buildFolders()).toEqual([first.folder]);
    expect(existsSync(path.join(layout().buildsDir, '.lock'))).toBe(false);
  });

  it('builds once when two runs start at the same time; both end on that build', async () => {
    const [a, b] = await Promise.all([ensure(), ensure()]);
    expect(builds).toHaveLength(1);
    expect(a.folder).toBe(b.folder);
    expect([a.built, b.built].sort()).toEqual([false, true]);
  });

  it('takes over the lock a dead process left', async () => {
    await put('apps/web/builds/.lock', '999999999\n');
    expect((await ensure()).built).toBe(true);
  });

  it('moves a dist folder left by an older checkout aside, then removes it', async () => {
    await put('apps/web/dist/index.html', '<p>legacy</p>');
    const result = await ensure();
    expect(lstatSync(layout().pointer).isSymbolicLink()).toBe(true);
    expect(servedPage()).toContain('render("v1")');
    expect(result.removed).toEqual([expect.stringMatching(/^legacy-/)]);
    expect(buildFolders()).toEqual([result.folder]);
  });
});

describe('hashInputs', () => {
  it('depends on names and contents, not on the order files were written', async () => {
    const other = await mkdtemp(path.join(os.tmpdir(), 'comensal-web-build-'));
    try {
      await makeCheckout(other);
      expect(hashInputs(other, {})).toEqual(hashInputs(root, {}));
      await put('apps/web/src/a.ts', 'x', other);
      await put('apps/web/src/b.ts', '', other);
      await put('apps/web/src/b.ts', '', root);
      await put('apps/web/src/a.ts', 'x', root);
      expect(hashInputs(other, {})).toEqual(hashInputs(root, {}));
      // the same bytes under another name is another input
      await rm(path.join(other, 'apps/web/src/b.ts'));
      await put('apps/web/src/c.ts', '', other);
      expect(hashInputs(other, {}).hash).not.toBe(hashInputs(root, {}).hash);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });
});

describe('productionEnvironment', () => {
  it('is the production build whatever the caller runs with (vitest sets NODE_ENV=test)', () => {
    // this very test runs under vitest
    expect(process.env.NODE_ENV).toBe('test');
    const env = productionEnvironment({ ...process.env, VITE_API_ORIGIN: 'https://api.example' });
    expect(env.NODE_ENV).toBe('production');
    expect(env.VITE_API_ORIGIN).toBe('https://api.example');
    expect(productionEnvironment({}).NODE_ENV).toBe('production');
  });
});

describe('switchPointer', () => {
  it('never leaves a moment without dist/index.html for a reader in another process', async () => {
    const { buildsDir, pointer } = layout();
    for (const name of ['a', 'b']) await put(`apps/web/builds/${name}/index.html`, name);
    switchPointer(layout(), 'a');
    const reader = spawn(
      process.execPath,
      [
        '-e',
        `const fs = require('node:fs');
         let reads = 0, misses = 0;
         const end = Date.now() + 1500;
         while (Date.now() < end) {
           try { fs.readFileSync(process.argv[1]); reads++; } catch { misses++; }
         }
         console.log(JSON.stringify({ reads, misses }));`,
        path.join(pointer, 'index.html'),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    reader.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const done = new Promise((resolve) => reader.once('exit', resolve));
    let switches = 0;
    while (reader.exitCode === null) {
      switchPointer(layout(), switches % 2 === 0 ? 'b' : 'a');
      switches++;
      await new Promise((resolve) => setImmediate(resolve));
    }
    await done;
    const { reads, misses } = JSON.parse(output) as { reads: number; misses: number };
    expect(switches).toBeGreaterThan(100);
    expect(reads).toBeGreaterThan(100);
    expect(misses).toBe(0);
    expect(readdirSync(path.dirname(pointer)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(readdirSync(buildsDir).sort()).toEqual(['a', 'b']);
  });
});
