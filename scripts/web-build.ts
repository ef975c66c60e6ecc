/**
 * `npm run build`, and the first step of `npm start`: makes `apps/web/dist` the build of the web
 * sources as they are now, building only when they changed (docs/decisions/0015-web-build-on-change.md).
 *
 *   node scripts/web-build.ts            build if the inputs changed, else say so (≈ 0.1 s)
 *   node scripts/web-build.ts --force    build even if they did not
 *
 * Layout, under apps/web:
 *   builds/<hash>-<stamp>/                 one complete build; <hash> names its inputs
 *   builds/<hash>-<stamp>.partial-<pid>/   a build being written (never served)
 *   builds/.lock                           the pid of the one build script at work
 *   dist -> builds/<hash>-<stamp>          the current build: a symbolic link, replaced by rename(2)
 *
 * A build is never written where anything is served from: Vite writes a fresh folder, and only
 * when it is complete does the link change, in one atomic rename. A server resolves the link once,
 * when it starts, and serves that folder for its whole life (apps/server/src/plugins/static.ts);
 * it marks the folder as in use with a lease file, `<build>/.leases/<pid>-<random>`. After a switch
 * the script removes the builds that are neither current, nor the one just replaced, nor leased
 * by a live process.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  type Dirent,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The repository this script belongs to. */
const OWN_ROOT = path.resolve(import.meta.dirname, '..');

/** Files outside apps/web that the build reads: the shared packages' sources (not their tests). */
const PACKAGE_DIRS = ['packages/domain', 'packages/contracts'];
/** Root files that change what Vite resolves or what Tailwind scans, and this script. */
const ROOT_FILES = ['package-lock.json', 'tsconfig.base.json', '.gitignore', 'scripts/web-build.ts'];
/** Never inputs: what the build writes, what npm installs. */
const WEB_SKIPPED_DIRS = new Set(['node_modules', 'dist', 'builds']);
const HASH_LENGTH = 16;
const LOCK_POLL_MS = 200;
const LOCK_WAIT_MS = 10 * 60_000;

export interface Layout {
  root: string;
  webDir: string;
  /** The complete and partial builds. */
  buildsDir: string;
  /** The link naming the current build. */
  pointer: string;
}

export function layoutOf(root: string = OWN_ROOT): Layout {
  const webDir = path.join(root, 'apps/web');
  return { root, webDir, buildsDir: path.join(webDir, 'builds'), pointer: path.join(webDir, 'dist') };
}

function walk(dir: string, keep: (relative: string, isDir: boolean) => boolean, base: string, out: string[]) {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    const relative = path.relative(base, full).split(path.sep).join('/');
    if (entry.isDirectory()) {
      if (keep(relative, true)) walk(full, keep, base, out);
    } else if (entry.isFile() && keep(relative, false)) {
      out.push(relative);
    }
  }
}

/**
 * Every file whose content can change the build, relative to `root`, sorted: all of apps/web but
 * what the build writes and what npm installs (Vite reads the sources, index.html, public/, the
 * config and the `.env*` files; Tailwind scans the whole folder for class names, tests included),
 * the shared packages' sources and manifests, and the root files that steer resolution.
 */
export function webInputs(root: string): string[] {
  const files: string[] = [];
  walk(
    path.join(root, 'apps/web'),
    (relative, isDir) => {
      const name = relative.slice(relative.lastIndexOf('/') + 1);
      if (isDir)
        return !name.startsWith('.') && !(relative.split('/').length === 3 && WEB_SKIPPED_DIRS.has(name));
      return !name.startsWith('.') || name.startsWith('.env');
    },
    root,
    files,
  );
  for (const dir of PACKAGE_DIRS) {
    walk(
      path.join(root, dir),
      (relative, isDir) =>
        isDir
          ? relative === `${dir}/src` || relative.startsWith(`${dir}/src/`)
          : /^[^/]+\/[^/]+\/(package|tsconfig)\.json$/.test(relative) ||
            (relative.startsWith(`${dir}/src/`) && !/\.test\.tsx?$/.test(relative)),
      root,
      files,
    );
  }
  for (const file of ROOT_FILES) if (existsSync(path.join(root, file))) files.push(file);
  return files.sort();
}

/** The hash of the inputs' names and contents and of the `VITE_*` variables Vite builds in. */
export function hashInputs(
  root: string,
  env: NodeJS.ProcessEnv = process.env,
): { hash: string; count: number } {
  const hash = createHash('sha256');
  const files = webInputs(root);
  for (const file of files) {
    const content = readFileSync(path.join(root, file));
    hash.update(`${file}\0${content.length}\0`);
    hash.update(content);
  }
  for (const key of Object.keys(env)
    .filter((name) => name.startsWith('VITE_'))
    .sort()) {
    hash.update(`env ${key}=${env[key]}\0`);
  }
  return { hash: hash.digest('hex').slice(0, HASH_LENGTH), count: files.length };
}

/** The build folder the pointer names (its base name), or null: no link, or a legacy folder. */
export function currentBuild(layout: Layout): string | null {
  try {
    if (!lstatSync(layout.pointer).isSymbolicLink()) return null;
    return path.basename(readlinkSync(layout.pointer));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

const isComplete = (layout: Layout, folder: string) =>
  existsSync(path.join(layout.buildsDir, folder, 'index.html'));

const isBuildOf = (folder: string, hash: string) => new RegExp(`^${hash}-[0-9a-z]+$`).test(folder);

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, someone else's
  }
}

/** Whether a live process serves this build: a lease `<pid>-…` in its `.leases` folder. Dead ones go. */
function isLeased(folder: string): boolean {
  const leases = path.join(folder, '.leases');
  let leased = false;
  let names: string[];
  try {
    names = readdirSync(leases);
  } catch {
    return false;
  }
  for (const name of names) {
    const pid = Number.parseInt(name, 10);
    if (Number.isSafeInteger(pid) && pid > 0 && isAlive(pid)) leased = true;
    else rmSync(path.join(leases, name), { force: true });
  }
  return leased;
}

/**
 * Makes the pointer name `folder` (a folder in builds/) in one rename(2): a reader opening
 * `dist/…` finds either the old build or the new one, never nothing. A real `dist` folder left by
 * an older checkout is moved into builds/ first (once).
 */
export function switchPointer(layout: Layout, folder: string): void {
  const temporary = `${layout.pointer}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  symlinkSync(path.join('builds', folder), temporary, process.platform === 'win32' ? 'junction' : 'dir');
  try {
    renameSync(temporary, layout.pointer);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'ENOTEMPTY' && code !== 'EEXIST' && code !== 'EPERM') {
      unlinkSync(temporary);
      throw error;
    }
    renameSync(layout.pointer, path.join(layout.buildsDir, `legacy-${Date.now().toString(36)}`));
    renameSync(temporary, layout.pointer);
  }
}

/**
 * `<hash>-<stamp>` for a new build, the stamp being the time in base 36, moved on until no build
 * has the name: a forced build of the same inputs within the same millisecond as the last one
 * would otherwise rename onto it (ENOTEMPTY).
 */
function freshFolder(layout: Layout, hash: string): string {
  for (let stamp = Date.now(); ; stamp++) {
    const folder = `${hash}-${stamp.toString(36)}`;
    if (!existsSync(path.join(layout.buildsDir, folder))) return folder;
  }
}

/** Removes every build but those in `keep` and those leased; partial builds of dead processes too. */
export function removeOldBuilds(layout: Layout, keep: ReadonlySet<string>): string[] {
  const removed: string[] = [];
  for (const entry of readdirSync(layout.buildsDir, { withFileTypes: true })) {
    if (!entry.isDirectory() || keep.has(entry.name)) continue;
    const partial = /\.partial-(\d+)$/.exec(entry.name);
    const folder = path.join(layout.buildsDir, entry.name);
    if (partial ? isAlive(Number(partial[1])) : isLeased(folder)) continue;
    rmSync(folder, { recursive: true, force: true });
    removed.push(entry.name);
  }
  return removed;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Takes builds/.lock (this pid), waiting while a live process holds it; a lock left by a dead
 * process is taken over. Two scripts at once (e2e and screenshots, two `npm start`s) build once.
 */
async function acquireLock(layout: Layout, log: (line: string) => void): Promise<() => void> {
  const file = path.join(layout.buildsDir, '.lock');
  const deadline = Date.now() + LOCK_WAIT_MS;
  let told = false;
  for (;;) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder: number;
    try {
      holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
    } catch {
      continue; // released between our two calls
    }
    if (!Number.isSafeInteger(holder) || !isAlive(holder)) {
      rmSync(file, { force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`web build: ${file} is still held by pid ${holder}`);
    if (!told) log(`web app: waiting for the build of process ${holder}`);
    told = true;
    await sleep(LOCK_POLL_MS);
  }
}

/**
 * The environment of Vite's build: the caller's, always with `NODE_ENV=production`. A build made
 * from a test run (vitest sets `NODE_ENV=test`, and apps/server's first-screen test builds the
 * app) would otherwise be a development build without its service worker, manifest or compressed
 * files, and, since the build's name depends only on its inputs, every later `npm run build`
 * and e2e run would reuse it.
 */
export function productionEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...env, NODE_ENV: 'production' };
}

/** The server's build of the app, inside the web build (not served: the static files skip dot folders). */
export const SERVER_RENDER_DIR = '.server';

/**
 * Vite's production build into `outDir`, run in apps/web as `npm run build -w @comensal/web` was,
 * then the server's build of the app (`vite build --ssr`, app/server-render.tsx) into
 * `outDir/.server`, with which the server writes a page's first screen
 * (docs/decisions/0039-server-written-first-screen.md).
 */
export function viteBuild(webDir: string): (outDir: string) => Promise<void> {
  const vite = path.join(
    path.dirname(createRequire(path.join(webDir, 'package.json')).resolve('vite/package.json')),
    'bin/vite.js',
  );
  const run = (args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, [vite, 'build', ...args], {
        cwd: webDir,
        stdio: 'inherit',
        env: productionEnvironment(process.env),
      });
      child.once('error', reject);
      child.once('exit', (code, signal) =>
        code === 0 ? resolve() : reject(new Error(`vite build failed (${signal ?? `exit code ${code}`})`)),
      );
    });
  return async (outDir) => {
    await run(['--outDir', outDir, '--emptyOutDir']);
    await run(['--ssr', 'src/app/server-render.tsx', '--outDir', path.join(outDir, SERVER_RENDER_DIR)]);
  };
}

export interface EnsureOptions {
  /** The repository (default: this one). */
  root?: string;
  /** Build even if a build of these inputs exists. */
  force?: boolean;
  env?: NodeJS.ProcessEnv;
  /** Writes a complete build into the (empty) folder given; default {@link viteBuild}. */
  build?: (outDir: string) => Promise<void>;
  log?: (line: string) => void;
}

export interface EnsureResult {
  hash: string;
  /** The build folder the pointer names now. */
  folder: string;
  built: boolean;
  /** Whether the pointer changed. */
  switched: boolean;
  removed: string[];
}

/** Makes the pointer name a build of the current inputs, building one only if none exists. */
export async function ensureWebBuild(options: EnsureOptions = {}): Promise<EnsureResult> {
  const layout = layoutOf(options.root);
  const log = options.log ?? ((line: string) => console.info(line));
  mkdirSync(layout.buildsDir, { recursive: true });
  const release = await acquireLock(layout, log);
  try {
    const { hash, count } = hashInputs(layout.root, options.env);
    const current = currentBuild(layout);
    if (!options.force && current !== null && isBuildOf(current, hash) && isComplete(layout, current)) {
      log(`web app: up to date (build ${current}, ${count} inputs)`);
      return { hash, folder: current, built: false, switched: false, removed: [] };
    }
    // the same inputs built before (e.g. back on a branch after a look at another one)
    let folder = options.force
      ? undefined
      : readdirSync(layout.buildsDir)
          .filter((name) => isBuildOf(name, hash) && isComplete(layout, name))
          .sort()
          .at(-1);
    const built = folder === undefined;
    if (folder === undefined) {
      folder = freshFolder(layout, hash);
      const partial = path.join(layout.buildsDir, `${folder}.partial-${process.pid}`);
      log(
        `web app: ${current === null ? 'no build yet' : 'sources changed'}; building into ${path.relative(layout.root, partial)}`,
      );
      try {
        await (options.build ?? viteBuild(layout.webDir))(partial);
        if (!existsSync(path.join(partial, 'index.html'))) throw new Error('the build wrote no index.html');
        renameSync(partial, path.join(layout.buildsDir, folder));
      } catch (error) {
        rmSync(partial, { recursive: true, force: true });
        throw error;
      }
    }
    switchPointer(layout, folder);
    const removed = removeOldBuilds(layout, new Set([folder, ...(current ? [current] : [])]));
    log(
      `web app: apps/web/dist → builds/${folder}${removed.length > 0 ? ` (removed ${removed.join(', ')})` : ''}`,
    );
    return { hash, folder, built, switched: true, removed };
  } finally {
    release();
  }
}

if (import.meta.main) {
  try {
    await ensureWebBuild({ force: process.argv.includes('--force') });
  } catch (error) {
    console.error(`web build: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
