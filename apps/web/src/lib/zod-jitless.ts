/**
 * zod compiles its object parsers with `new Function` when it may, and finds out by trying once:
 * under the app's Content-Security-Policy (no 'unsafe-eval', docs/security.md#security-headers)
 * that try is refused and reported as a violation, even though zod catches it. `jitless` skips
 * the try. zod reads its settings from `globalThis.__zod_globalConfig` (what `z.config()`
 * writes), so this sets the flag without putting zod on the start-up path; it runs first in
 * main.tsx, before any schema parses.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });
