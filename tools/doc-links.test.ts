import { describe, expect, it } from 'vitest';
import { checkFile, commentText, listFiles, markdownAnchors } from './doc-links.js';

// Fixtures are assembled from pieces so that this file does not itself cite what it tests.
const PRODUCT = ['docs', 'product.md'].join('/');
const SECTION = '§';
const MD = '.md';

describe('markdownAnchors (GitHub heading ids)', () => {
  it.each([
    ['## Planned: orders', 'planned-orders'],
    ['### Order, pending payment and transaction tables', 'order-pending-payment-and-transaction-tables'],
    ['## E-mail', 'e-mail'],
    ['### `priceProduct` and *the* rule', 'priceproduct-and-the-rule'],
    ['### [Guest](#guest) to user', 'guest-to-user'],
    ['# Comensal — the product’s rules', 'comensal--the-products-rules'],
  ])('%s → #%s', (heading, anchor) => {
    expect([...markdownAnchors(`${heading}\n`)]).toEqual([anchor]);
  });

  it('numbers repeated headings and skips code blocks', () => {
    const text = ['## Context', '```sh', '# not a heading', '```', '## Context', '<a id="kept"></a>'].join(
      '\n',
    );
    expect([...markdownAnchors(text)]).toEqual(['context', 'context-1', 'kept']);
  });
});

describe('commentText', () => {
  it('keeps comments only, with their line numbers, never strings, regexes or JSX', () => {
    const source = [
      "const url = 'http://x/apps/nowhere.ts'; // see apps/server",
      'const re = /\\/\\/ not a comment/;',
      '/** block',
      ' * apps/web */',
      'const el = <a href="//cdn">{/* jsx comment */}</a>;',
    ].join('\n');
    const lines = commentText('apps/web/src/x.tsx', source).split('\n');
    expect(lines.map((line) => line.trim())).toEqual([
      '// see apps/server',
      '',
      '/** block',
      '* apps/web */',
      '/* jsx comment */',
    ]);
  });
});

describe('checkFile', () => {
  const problems = (file: string, text: string) => checkFile(file, text).map((p) => p.problem);

  it.each([
    ['an anchor that exists', `// the rule (${PRODUCT}#table-clash)`, []],
    ['an ADR that exists', '// see docs/decisions/0005-layering-lint-rule.md', []],
    ['a README section', '// (README.md#configuration)', []],
    ['a repository path that exists', '// apps/server/src/modules/reservations/slot.ts', []],
    ['a folder that exists', '// under apps/server/src/modules/<m>/index.ts', []],
    ['a path that exists only once built', '// served from apps/web/builds/current', []],
    ['a path in code, not prose', "const file = 'apps/web/src/nowhere.ts';", []],
    ['a path from the workspace', '// the plugin is src/plugins/live.ts', []],
    ['a path from a parent folder', '// see db/schema.ts and modules/users/index.ts', []],
    [
      'a short path to a file that moved',
      '// throttling (src/auth/rate-limit.ts)',
      ['src/auth/rate-limit.ts: no such file from apps/server/src, its parents or a workspace'],
    ],
    [
      'an anchor that does not exist',
      `// the rule (${PRODUCT}#no-such-rule)`,
      [`${PRODUCT}#no-such-rule: ${PRODUCT} has no heading #no-such-rule`],
    ],
    [
      'an anchor in a string (an OpenAPI description)',
      `const d = 'Visible products (${PRODUCT}#no-such-rule)';`,
      [`${PRODUCT}#no-such-rule: ${PRODUCT} has no heading #no-such-rule`],
    ],
    [
      'an ADR that does not exist',
      `// see docs/decisions/0099-nothing${MD}`,
      [`docs/decisions/0099-nothing${MD}: no such file`],
    ],
    [
      'a moved file',
      '// see apps/server/src/modules/restaurants/nearby-index.ts',
      ['apps/server/src/modules/restaurants/nearby-index.ts: no such file or folder in the repository'],
    ],
    [
      'a section of the old specification',
      `// the clash rule (SPEC ${SECTION}5)`,
      [`"SPEC ${SECTION}" cites a document outside the repository: link docs/product.md or an ADR`],
    ],
    [
      'a section of the old design, even in a test name',
      `it('lists the statuses of DESIGN ${SECTION}5', () => {});`,
      [`"DESIGN ${SECTION}" cites a document outside the repository: link docs/product.md or an ADR`],
    ],
    [
      'the old design file by name',
      `// two modes (${['DESIGN', 'md'].join('.')} ${SECTION}2)`,
      [
        `"${['DESIGN', 'md'].join('.')} ${SECTION}" cites a document outside the repository: link docs/product.md or an ADR`,
        `"${['DESIGN', 'md'].join('.')}" cites a document outside the repository: link docs/product.md or an ADR`,
      ],
    ],
    [
      'a mention in passing',
      `// the ${'spec'}'s \`payer\``,
      [`"the ${'spec'}'s" cites a document outside the repository: link docs/product.md or an ADR`],
    ],
  ])('%s', (_what, text, expected) => {
    expect(problems('apps/server/src/x.ts', text)).toEqual(expected);
  });

  it('checks the links of a document: files, headings of others and of itself', () => {
    const text = [
      '# 0099 — Something',
      '## Context',
      `See [the rule](../product${MD}#table-clash), [ADR 0005](0005-layering-lint-rule${MD}),`,
      `[context](#context), [the web](https://example.org/#x) and [the stack](../../README${MD}#architecture).`,
      `[gone](../product${MD}#no-such-rule) · [moved](0099-nothing${MD}) · [here](#nowhere)`,
      '```md',
      '[in a code block](nothing.md)',
      '```',
      'In code: `[not a link](nothing.md)`, but a path in code is still a path: `modules/nowhere/x.ts`.',
    ].join('\n');
    const adr = `docs/decisions/0099-something${MD}`;
    expect(checkFile(adr, text)).toEqual([
      { line: 5, problem: `link ../product${MD}#no-such-rule: ${PRODUCT} has no heading #no-such-rule` },
      { line: 5, problem: `link 0099-nothing${MD}: no such file` },
      { line: 5, problem: `link #nowhere: ${adr} has no heading #nowhere` },
      {
        line: 9,
        problem: 'modules/nowhere/x.ts: no such file from docs/decisions, its parents or a workspace',
      },
    ]);
  });
});

describe('the repository', () => {
  // Parses every file of the tree: the limit guards a hang, it does not measure speed.
  it('cites only rules, files and headings that exist', { timeout: 60_000 }, () => {
    const files = listFiles();
    expect(files).toContain('docs/product.md');
    expect(files).toContain('apps/server/src/db/schema.ts');
    expect(files.some((file) => file.includes('node_modules/'))).toBe(false);
    const problems = files.flatMap((file) =>
      checkFile(file).map(({ line, problem }) => `${file}:${line}: ${problem}`),
    );
    expect(problems).toEqual([]);
  });
});
