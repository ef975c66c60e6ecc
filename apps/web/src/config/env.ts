import { z } from 'zod';

/**
 * Build-time configuration (Vite `VITE_*` variables), validated once at start-up.
 * Everything has a default: the built app talks to the API on its own origin.
 */
const envSchema = z.object({
  /** Origin of the API server, e.g. `https://api.example.com`; empty = same origin as the app. */
  VITE_API_ORIGIN: z
    .union([z.literal(''), z.url({ protocol: /^https?$/ })])
    .default('')
    .transform((value) => value.replace(/\/+$/, '')),
});

function parseEnv() {
  const result = envSchema.safeParse(import.meta.env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid web configuration:\n${problems.join('\n')}`);
  }
  return result.data;
}

const parsed = parseEnv();

export const env = {
  apiOrigin: parsed.VITE_API_ORIGIN,
} as const;
