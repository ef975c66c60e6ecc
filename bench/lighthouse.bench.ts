// Lighthouse (mobile preset: the default config, simulated slow 4G and CPU slowdown) on the
// real server with the built SPA and the demo data: the home page (signed in as a guest: the
// session cookie goes in `extraHeaders`) and a restaurant's menu page. Debian's chromium
// (CHROME_PATH, default /usr/bin/chromium), headless. Prints performance and accessibility, with
// budgets, and best practices (Lighthouse 13 has no PWA category any more: the installable and
// offline app is proven by e2e/offline.spec.ts).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { BenchServerInfo } from './lib/bench-server.ts';
import { describeMachine, ensureWebBuild, mark, startChild, WEB_DIST } from './lib/harness.ts';

const PERFORMANCE_BUDGET = 95;
const ACCESSIBILITY_BUDGET = 100;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** LIGHTHOUSE_REPORT_DIR=/tmp/lh keeps each page's whole report (JSON) there, to study a score. */
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;
/** Runs per page (LIGHTHOUSE_RUNS, default 3): a score swings by a few points from run to run. */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3) || 3);

console.info(describeMachine());
await ensureWebBuild();
const server = await startChild<BenchServerInfo>('bench/lib/bench-server.ts', [
  '--restaurants',
  '0',
  '--menu-products',
  '20',
  '--demo',
  '--web-dist',
  WEB_DIST,
]);
const { url, demoRestaurantId } = server.info;

/** A guest session, as "Continue as guest" starts it. */
async function guestCookie(): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-in/anonymous`, {
    method: 'POST',
    headers: { origin: url, 'content-type': 'application/json' },
    body: '{}',
  });
  if (!response.ok) throw new Error(`guest sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

interface Score {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** Requests for the restaurant's menu during the cold load (one is the budget on the menu page). */
  menuRequests: number;
  metrics: string;
  failedAudits: string[];
}

const chrome = await chromeLauncher.launch({
  chromePath: CHROME_PATH,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const scores: Score[] = [];
try {
  const pages: { page: string; target: string; headers: Record<string, string> }[] = [
    { page: 'home (guest)', target: `${url}/`, headers: { Cookie: await guestCookie() } },
    { page: 'menu', target: `${url}/restaurants/${demoRestaurantId}/menu`, headers: {} },
  ];
  for (let run = 1; run <= RUNS; run++) {
    for (const { page, target, headers } of pages) {
      const result = await lighthouse(target, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        extraHeaders: headers,
      });
      if (!result) throw new Error(`lighthouse gave no result for ${target}`);
      const { lhr } = result;
      if (REPORT_DIR) {
        const file = path.join(REPORT_DIR, `${page.replace(/\W+/g, '-')}.json`);
        writeFileSync(file, JSON.stringify(lhr, null, 1));
        console.info(`${page}: report in ${file}`);
      }
      if (lhr.runtimeError) throw new Error(`${page}: ${lhr.runtimeError.message}`);
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const metric = (id: string) => lhr.audits[id]?.displayValue ?? '?';
      const requests = (lhr.audits['network-requests']?.details as { items?: { url?: string }[] } | undefined)
        ?.items;
      const menuRequests = (requests ?? []).filter((request) =>
        /\/api\/restaurants\/[^/]+\/menu(\?|$)/.test(request.url ?? ''),
      ).length;
      scores.push({
        page,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        menuRequests,
        metrics: `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}`,
        failedAudits: Object.values(lhr.audits)
          .filter(
            (audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative',
          )
          .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`),
      });
    }
  }
} finally {
  await chrome.kill();
  await server.stop();
}

for (const score of scores) {
  console.info(
    `\n${score.page}: performance ${score.performance}, accessibility ${score.accessibility}, best practices ${score.bestPractices}`,
  );
  console.info(`  ${score.metrics}`);
  if (score.failedAudits.length > 0) console.info(`  below 0.9: ${score.failedAudits.join(', ')}`);
}
/** The middle value (the lower middle for an even count). */
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
console.info(`\nbudgets (median of ${RUNS} run${RUNS === 1 ? '' : 's'}, range in brackets)`);
for (const page of [...new Set(scores.map((score) => score.page))]) {
  const runs = scores.filter((score) => score.page === page);
  for (const [category, budget, label] of [
    ['performance', PERFORMANCE_BUDGET, `≥ ${PERFORMANCE_BUDGET}`],
    ['accessibility', ACCESSIBILITY_BUDGET, `${ACCESSIBILITY_BUDGET}`],
  ] as const) {
    const values = runs.map((score) => score[category]);
    const middle = median(values);
    console.info(
      `  ${mark(middle >= budget)} ${page}: ${category} ${middle} [${Math.min(...values)}–${Math.max(...values)}] (budget ${label})`,
    );
  }
  if (page === 'menu') {
    const counts = runs.map((score) => score.menuRequests);
    console.info(
      `  ${mark(Math.max(...counts) === 1)} ${page}: menu requests on a cold load ${counts.join(', ')} (budget 1)`,
    );
  }
  const practices = runs.map((score) => score.bestPractices);
  console.info(
    `  · ${page}: best practices ${median(practices)} [${Math.min(...practices)}–${Math.max(...practices)}]`,
  );
}
