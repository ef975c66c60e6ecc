// Finds references in the repository that lead nowhere, so that a comment or a document cannot
// cite a rule that is not written down (tools/doc-links.test.ts runs it over the whole tree):
//
//   - a citation of the product documents that live outside the repository (a section sign after
//     SPEC or DESIGN, their file names, the shared folder beside the repository): the rules the
//     code relies on are in docs/product.md and the ADRs (docs/decisions);
//   - a Markdown link `[text](path#anchor)` (in .md files) to a file that does not exist, or to a
//     heading that the target document does not have (GitHub's heading ids, by github-slugger);
//   - a path to a Markdown file named anywhere (`docs/product.md#table-clash` in a comment or an
//     OpenAPI description, `decisions/0005-layering-lint-rule.md`), likewise: the file and the
//     anchor must exist;
//   - a repository path named in a comment or in a document (`apps/server/src/modules/…/slot.ts`,
//     `packages/domain/src/…`): it must exist, as a file or a folder; a shorter path to a file
//     (`src/plugins/live.ts`, `modules/users/index.ts`) must exist from the file's folder, one of its
//     parents, or a workspace (`apps/server`, `apps/server/src`…). Code itself is left out (tests
//     build paths that do not exist on purpose), and so are bare file names.
//
// Plain JavaScript with no build, like eslint-plugin-layers.js beside it.
import fs from 'node:fs';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import ts from 'typescript';

export const ROOT = path.resolve(import.meta.dirname, '..');

/** Text files whose comments and prose may name a document or a path. */
const SCANNED = /\.(?:ts|tsx|js|mjs|cjs|md|css|sql|html)$/;
/** Folders never scanned (see .gitignore): dependencies and reports anywhere, builds and run-time data. */
const SKIPPED_NAMES = new Set(['node_modules', 'dist', 'coverage', 'test-results', 'playwright-report']);
const SKIPPED_PATHS = new Set(['data', 'apps/web/builds']);
/** Top-level folders: a token starting with one of these and a slash is a repository path. */
const TOP_DIRS = ['apps', 'packages', 'docs', 'tools', 'scripts', 'e2e', 'bench'];
/** Folders a short path may start from besides the file's own: every workspace and its src. */
const WORKSPACES = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).workspaces.flatMap(
  (workspace) => [workspace, `${workspace}/src`],
);
/** Paths that exist only at run time or after a build (ignored by git), named on purpose. */
const RUNTIME_PATHS = [/^apps\/web\/(?:builds|dist)(?:\/|\.|$)/, /^e2e\/\.data/, /\/dist(?:\/|$)/];

/** Relative paths (from ROOT, with `/`) of every scanned file. */
export function listFiles(dir = ROOT) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      const relPath = path.relative(ROOT, path.join(dir, entry.name)).split(path.sep).join('/');
      const skipped = SKIPPED_NAMES.has(entry.name) || SKIPPED_PATHS.has(relPath);
      if (skipped || entry.name.startsWith('.') || entry.name.startsWith('dist.')) continue;
      out.push(...listFiles(path.join(dir, entry.name)));
    } else if (SCANNED.test(entry.name)) {
      out.push(path.relative(ROOT, path.join(dir, entry.name)).split(path.sep).join('/'));
    }
  }
  return out;
}

/** The lines of a Markdown text with its fenced code blocks blanked (line numbers hold). */
function withoutFences(text) {
  let fence = null;
  return text.split('\n').map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      return '';
    }
    if (marker) fence = marker;
    return marker ? '' : line;
  });
}

/** The same, inline code spans blanked too: what renders as prose (and may hold links). */
function proseLines(text) {
  return withoutFences(text).map((line) => line.replace(/(`+)[^`]*?\1/g, (code) => ' '.repeat(code.length)));
}

const SCRIPT_KINDS = {
  ts: ts.ScriptKind.TS,
  tsx: ts.ScriptKind.TSX,
  js: ts.ScriptKind.JS,
  mjs: ts.ScriptKind.JS,
  cjs: ts.ScriptKind.JS,
};

/**
 * The comments of a TypeScript or JavaScript text, everything else blanked (line breaks kept, so
 * line numbers hold). The parser finds them, so strings, regular expressions and JSX that contain
 * `//` are never taken for comments.
 */
export function commentText(file, text) {
  const kind = SCRIPT_KINDS[file.slice(file.lastIndexOf('.') + 1)];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const kept = new Uint8Array(text.length);
  const seen = new Set();
  const keep = (ranges) => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      kept.fill(1, range.pos, range.end);
    }
  };
  const visit = (node) => {
    keep(ts.getLeadingCommentRanges(text, node.pos));
    keep(ts.getTrailingCommentRanges(text, node.end));
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return text.replace(/[^\n]/g, (char, index) => (kept[index] ? char : ' '));
}

/** The anchors GitHub gives the headings of a Markdown text (and explicit `id`/`name` anchors). */
export function markdownAnchors(text) {
  const slugger = new GithubSlugger();
  const anchors = new Set();
  for (const line of withoutFences(text)) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) anchors.add(slugger.slug(headingText(heading[1])));
    for (const explicit of line.matchAll(/<a\s[^>]*\b(?:id|name)="([^"]+)"/g)) anchors.add(explicit[1]);
  }
  return anchors;
}

/** The text a heading renders to: links keep their text, emphasis and code marks go. */
function headingText(source) {
  return source
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/(\*\*|__|\*|_|`)(.*?)\1/g, '$2');
}

const anchorCache = new Map();
function anchorsOf(relPath) {
  if (!anchorCache.has(relPath)) {
    anchorCache.set(relPath, markdownAnchors(fs.readFileSync(path.join(ROOT, relPath), 'utf8')));
  }
  return anchorCache.get(relPath);
}

function exists(relPath) {
  return relPath !== null && !relPath.startsWith('..') && fs.existsSync(path.join(ROOT, relPath));
}

function join(...parts) {
  return path.posix.normalize(path.posix.join(...parts)).replace(/\/$/, '');
}

/** Citations of documents that are not in the repository, anywhere in a file. */
const DEAD_CITATIONS = [
  /\b(?:SPEC|DESIGN)(?:\.md)?\s*\(?§/gi,
  /\b(?:SPEC|DESIGN|STYLE)\.md\b/g,
  /(?:^|[\s("'`])\.\.\/shared\//g,
  /\/work\/shared\b/g,
];
/** The same in passing, in a comment or a document: the word spec after "the", or before a quoted name. */
const INFORMAL_CITATIONS = [/\bthe spec\b(?:'s)?/gi, /\bspec [`"]/gi];

/**
 * Every dead reference in one file: `{ line, problem }`. `file` is relative to ROOT; `text` is
 * its content (read from disk when omitted).
 */
export function checkFile(file, text = fs.readFileSync(path.join(ROOT, file), 'utf8')) {
  const problems = [];
  const report = (index, problem) => problems.push({ line: index + 1, problem });
  const dir = path.posix.dirname(file);
  const isMarkdown = file.endsWith('.md');
  const isScript = file.slice(file.lastIndexOf('.') + 1) in SCRIPT_KINDS;
  const all = text.split('\n');
  // Prose: a document outside its code blocks, the comments of a script, any other file whole.
  const prose = isMarkdown ? withoutFences(text) : isScript ? commentText(file, text).split('\n') : all;

  const cites = (lines, patterns) =>
    lines.forEach((line, index) => {
      for (const pattern of patterns) {
        for (const match of line.matchAll(pattern)) {
          report(
            index,
            `"${match[0].trim()}" cites a document outside the repository: link docs/product.md or an ADR`,
          );
        }
      }
    });
  cites(all, DEAD_CITATIONS);
  cites(isMarkdown ? proseLines(text) : prose, INFORMAL_CITATIONS);
  // A reference to a file (maybe with #anchor) resolved to `resolved` (null: found nowhere). This
  // very file is checked against `text`, which need not be on disk.
  let ownAnchors = null;
  const check = (index, resolved, anchor, what) => {
    if (resolved !== file && !exists(resolved)) return report(index, `${what}: no such file`);
    if (!anchor || !resolved.endsWith('.md')) return;
    if (resolved === file) ownAnchors ??= markdownAnchors(text);
    const known = resolved === file ? ownAnchors : anchorsOf(resolved);
    if (!known.has(anchor.toLowerCase())) report(index, `${what}: ${resolved} has no heading #${anchor}`);
  };

  const linked = new Set();
  if (isMarkdown) {
    proseLines(text).forEach((line, index) => {
      const links = [
        ...line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g),
        ...line.matchAll(/^\s*\[[^\]]+\]:\s*<?([^\s>]+)>?/g),
      ];
      for (const [, target] of links) {
        if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(target)) continue;
        const [rawPath, anchor] = splitAnchor(decodeURI(target));
        linked.add(`${index}:${rawPath}`);
        const resolved =
          rawPath === '' ? file : rawPath.startsWith('/') ? join(rawPath.slice(1)) : join(dir, rawPath);
        check(index, resolved, anchor, `link ${target}`);
      }
    });
  }

  // A Markdown file named anywhere (a comment, a string, prose), with or without an anchor.
  (isMarkdown ? prose : all).forEach((line, index) => {
    for (const match of line.matchAll(MARKDOWN_PATH)) {
      const [token, rawPath, anchor] = match;
      if (linked.has(`${index}:${rawPath}`) || /^(?:\.{1,2}\/)*(?:node_modules|dist)\//.test(rawPath))
        continue;
      const resolved = [join(dir, rawPath), join(rawPath), join('docs', rawPath)].find(exists) ?? null;
      if (resolved === null && !rawPath.includes('/') && !anchor) continue; // a bare name: some package's README.md
      check(index, resolved, anchor, token);
    }
  });

  // A repository path named in prose: apps/…, packages/…, docs/… and the other top-level folders.
  prose.forEach((line, index) => {
    for (const match of line.matchAll(REPOSITORY_PATH)) {
      const token = match[1].replace(/[./-]+$/, '');
      if (token.endsWith('.md') || RUNTIME_PATHS.some((runtime) => runtime.test(token))) continue;
      if (!exists(join(token))) report(index, `${token}: no such file or folder in the repository`);
    }
    for (const match of line.matchAll(SHORT_PATH)) {
      const token = match[1];
      if (
        TOP_DIRS.some((top) => token.startsWith(`${top}/`)) ||
        /(?:^|\/)(?:node_modules|dist)\//.test(token)
      )
        continue;
      const bases = [...ancestors(dir), ...WORKSPACES];
      if (!bases.some((base) => exists(join(base, token)))) {
        report(index, `${token}: no such file from ${dir}, its parents or a workspace`);
      }
    }
  });
  return problems;
}

const MARKDOWN_PATH = /(?<![\w./-])((?:\.{1,2}\/)*(?:[\w@-][\w.@-]*\/)*[\w-][\w.-]*\.md)(?:#([\w-]+))?/g;
const REPOSITORY_PATH = new RegExp(`(?<![\\w./@-])((?:${TOP_DIRS.join('|')})\\/[\\w.@/-]*)`, 'g');

const SHORT_PATH =
  /(?<![\w./@*<>-])((?:\.{1,2}\/)*(?:[\w@-][\w.@-]*\/)+[\w-][\w.-]*\.(?:tsx?|[mc]?js|json|sql|css|html|ya?ml|sh))\b/g;

/** `a/b/c` → `a/b/c`, `a/b`, `a`, `.` (the repository root). */
function ancestors(dir) {
  const out = [];
  for (let current = dir; ; current = path.posix.dirname(current)) {
    out.push(current);
    if (current === '.' || current === '/') return out;
  }
}

function splitAnchor(target) {
  const hash = target.indexOf('#');
  return hash === -1 ? [target, null] : [target.slice(0, hash), target.slice(hash + 1)];
}
