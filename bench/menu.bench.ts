// The 200-dish menu on a slow phone (issue 18, item 3): the real server with the built SPA and
// the bench restaurant's menu of 200 dishes.
//
// 1. The answer on the wire: `GET /api/restaurants/:id/menu` in bytes, plain and gzip (what the
//    server sends a browser), and KB per dish.
// 2. Long tasks: Debian's chromium through Playwright (a phone-sized window), the CPU slowed 4×
//    (CDP `Emulation.setCPUThrottlingRate`), opens the menu, waits for every dish, then scrolls to
//    the end as a diner does. A `longtask` PerformanceObserver records every main-thread task over
//    50 ms; printed are the longest task and the count over 50 ms, median of MENU_RUNS runs
//    (default 3): for the dishes and the scrolling, beside the budget (no task over 50 ms) —
//    from the task that put the first dish on the page when the app draws it, or, as the server
//    writes the menu's first screen (ADR 0039), from the moment the app has taken that page over
//    (its `comensal:taken-over` event); then, without a budget here, the written page's start-up
//    before that (its parse and first layout, the app's code, the takeover: Lighthouse's total
//    blocking time budgets it) and the whole visit.
import { request as httpRequest } from 'node:http';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import type { BenchServerInfo } from './lib/bench-server.ts';
import { describeMachine, ensureWebBuild, mark, startChild, WEB_DIST } from './lib/harness.ts';

const DISHES = 200;
const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;
const RUNS = Math.max(1, Number(process.env.MENU_RUNS ?? 3) || 3);
/** MENU_WIRE_ONLY=1: only the answers' bytes (no browser). */
const WIRE_ONLY = process.env.MENU_WIRE_ONLY === '1';
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** The body's size as sent for `acceptEncoding` (no decompression). */
function wireBytes(url: string, acceptEncoding: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, {
      headers: { 'accept-encoding': acceptEncoding, accept: 'application/json' },
    });
    req.on('response', (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () =>
        resolve({ bytes, encoding: response.headers['content-encoding'] ?? 'identity' }),
      );
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

// Code run in the page (strings: the bench's TypeScript has no DOM types).
/** Before the app: every task over 50 ms, from the start. */
const RECORD_LONG_TASKS = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  window.__firstDishAt = 0;
  // a page the server wrote: when the app has taken it over (apps/web/src/lib/hydrate-later.tsx)
  window.__takenOverAt = 0;
  document.addEventListener('comensal:taken-over', () => (window.__takenOverAt = performance.now()), { once: true });
  const watch = new MutationObserver(() => {
    if (document.querySelector('main article')) {
      window.__firstDishAt = performance.now();
      watch.disconnect();
    }
  });
  watch.observe(document, { childList: true, subtree: true });`;
/** Scrolls by 90 % of a screen; whether the end is reached. */
const SCROLL_A_SCREEN = `(() => {
  window.scrollBy(0, window.innerHeight * 0.9);
  return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
})()`;
interface PageFigures {
  tasks: { start: number; duration: number }[];
  /** When the first dish was on the page (ms since the navigation). */
  firstDishAt: number;
  /** When the app had taken the server's page over (0: the app drew the page itself). */
  takenOverAt: number;
  dishes: number;
}
const PAGE_FIGURES = `(() => {
  return {
    tasks: window.__longTasks,
    firstDishAt: window.__firstDishAt,
    takenOverAt: window.__takenOverAt,
    dishes: document.querySelectorAll('main article').length,
  };
})()`;

const loadBefore = describeMachine();
console.info(loadBefore);
if (!WIRE_ONLY) await ensureWebBuild();
const server = await startChild<BenchServerInfo>('bench/lib/bench-server.ts', [
  '--restaurants',
  '0',
  '--menu-products',
  String(DISHES),
  ...(WIRE_ONLY ? [] : ['--web-dist', WEB_DIST]),
]);
const { url, restaurantId } = server.info;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

interface Run {
  dishes: number;
  longest: number;
  over: number;
  longestAfterFirstDish: number;
  overAfterFirstDish: number;
  /** A written page's tasks before the app had taken it over. */
  longestStartUp: number;
  overStartUp: number;
  takenOverAt: number;
}
const runs: Run[] = [];
const menuUrl = `${url}/api/restaurants/${restaurantId}/menu`;
const plain = (await wireBytes(menuUrl, 'identity')).bytes;
const compressed = await wireBytes(menuUrl, 'gzip');
const gzip = compressed.bytes;
/** What a browser is sent (Chromium asks for gzip, deflate, br, zstd). */
const asBrowser = await wireBytes(menuUrl, 'gzip, deflate, br, zstd');
const menuText = await (await fetch(menuUrl)).text();
const brotli = brotliCompressSync(menuText).length;
try {
  console.info(
    `menu answer, ${DISHES} dishes: ${kib(plain)} plain, ${kib(gzip)} ${compressed.encoding} on the wire (${(plain / DISHES / 1024).toFixed(2)} KiB a dish); ` +
      `a browser is sent ${kib(asBrowser.bytes)} ${asBrowser.encoding}; brotli (q11, not sent) would be ${kib(brotli)}`,
  );
  // what one language's text alone would weigh (the answer carries both: ADR 0037)
  const oneLanguage = JSON.stringify(JSON.parse(menuText), (key, value: unknown) =>
    value && typeof value === 'object' && 'es' in value && 'en' in value
      ? (value as { es: string }).es
      : value,
  );
  console.info(
    `  with one language's text only (not sent): ${kib(Buffer.byteLength(oneLanguage))} plain, ${kib(gzipSync(oneLanguage).length)} gzip`,
  );
  const firstId = (JSON.parse(menuText) as { items: { id: string }[] }).items[0]?.id;
  if (firstId) {
    const detailText = await (await fetch(`${menuUrl}/${firstId}`)).text();
    console.info(
      `one product's details (the product page): ${detailText.length} B plain, ${gzipSync(detailText).length} B gzip`,
    );
  }
  if (WIRE_ONLY) {
    await server.stop();
    process.exit(0);
  }

  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox'] });
  try {
    for (let run = 1; run <= RUNS; run++) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
        locale: 'es-ES',
      });
      await context.addInitScript(RECORD_LONG_TASKS);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await page.goto(`${url}/restaurants/${restaurantId}/menu`);
      await page
        .locator('main article')
        .nth(DISHES - 1)
        .waitFor({ state: 'attached', timeout: 60_000 });
      // scroll to the end as a diner does, a screen at a time
      for (let step = 0; step < 200; step++) {
        const atEnd = await page.evaluate<boolean>(SCROLL_A_SCREEN);
        await page.waitForTimeout(100);
        if (atEnd) break;
      }
      await page.waitForTimeout(500);
      const result = await page.evaluate<PageFigures>(PAGE_FIGURES);
      // The dishes' own rendering and the scrolling: from the first dish the app put on the page,
      // or, on the page the server wrote (its first dishes in the HTML), from the moment the app
      // had taken it over. What comes before that on a written page (the document's parse and
      // first layout, the app's code, the takeover) is its start-up, which Lighthouse's total
      // blocking time budgets (lighthouse.bench.ts); it is printed apart.
      const written = result.takenOverAt > 0;
      const after = result.tasks.filter((task) =>
        written ? task.start >= result.takenOverAt : task.start + task.duration > result.firstDishAt,
      );
      const startUp = written ? result.tasks.filter((task) => task.start < result.takenOverAt) : [];
      const longest = (tasks: { duration: number }[]) => Math.max(0, ...tasks.map((task) => task.duration));
      const over = (tasks: { duration: number }[]) =>
        tasks.filter((task) => task.duration > LONG_TASK_MS).length;
      runs.push({
        dishes: result.dishes,
        longest: Math.round(longest(result.tasks)),
        over: over(result.tasks),
        longestAfterFirstDish: Math.round(longest(after)),
        overAfterFirstDish: over(after),
        longestStartUp: Math.round(longest(startUp)),
        overStartUp: over(startUp),
        takenOverAt: Math.round(result.takenOverAt),
      });
      console.info(
        `run ${run}: ${result.dishes} dishes${written ? `, the written page taken over at ${runs.at(-1)!.takenOverAt} ms` : ''}; whole visit: longest task ${runs.at(-1)!.longest} ms, ${runs.at(-1)!.over} over ${LONG_TASK_MS} ms; the dishes and scrolling: longest ${runs.at(-1)!.longestAfterFirstDish} ms, ${runs.at(-1)!.overAfterFirstDish} over ${LONG_TASK_MS} ms`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
} finally {
  await server.stop();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
const figure = (key: keyof Run) => median(runs.map((run) => run[key]));
const range = (key: keyof Run) =>
  `[${Math.min(...runs.map((run) => run[key]))}–${Math.max(...runs.map((run) => run[key]))}]`;
console.info(`\nbudgets (median of ${RUNS} run${RUNS === 1 ? '' : 's'}, CPU ${CPU_SLOWDOWN}× slower)`);
console.info(`  machine before: ${loadBefore}`);
console.info(`  machine after:  ${describeMachine()}`);
console.info(
  `  · menu answer: ${kib(plain)} plain, ${kib(gzip)} gzip for ${DISHES} dishes (was 188 KiB plain, 8.7 KiB gzip before ADR 0037)`,
);
console.info(
  `  ${mark(figure('overAfterFirstDish') === 0)} the dishes and scrolling (from the first dish the app drew, or from the app's takeover of the written page): longest task ${figure('longestAfterFirstDish')} ms ${range('longestAfterFirstDish')}, tasks over ${LONG_TASK_MS} ms ${figure('overAfterFirstDish')} ${range('overAfterFirstDish')} (budget 0)`,
);
// not budgeted here: the start-up's blocking is Lighthouse's total blocking time (lighthouse.bench.ts)
console.info(
  `  · the written page's start-up (its parse and first layout, the app's code, the takeover): longest task ${figure('longestStartUp')} ms ${range('longestStartUp')}, tasks over ${LONG_TASK_MS} ms ${figure('overStartUp')} ${range('overStartUp')}`,
);
console.info(
  `  · whole visit: longest task ${figure('longest')} ms ${range('longest')}, tasks over ${LONG_TASK_MS} ms ${figure('over')} ${range('over')}`,
);
