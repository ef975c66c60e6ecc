import { z } from 'zod';

/**
 * First-party analytics configuration (docs/telemetry.md#analytics-configuration).
 *
 *   GET /api/analytics/config?appId=<app id>   header `x-api-key: <key>`, `Accept: application/json`
 *     → 200 AnalyticsConfig `{ measurementId, appId }`
 *     → 401 UNAUTHENTICATED  the key header is missing or does not match the app's key
 *     → 404 NOT_FOUND        no app with that id
 *     → 400 VALIDATION_FAILED no appId, or an unknown query field
 *
 * No session: the web app asks before anyone signs in. The key identifies the client build, it
 * is not a secret from the diner (it ships inside the page).
 */

export const analyticsConfigQuerySchema = z.object({ appId: z.string().trim().min(1).max(100) }).strict();
export type AnalyticsConfigQuery = z.infer<typeof analyticsConfigQuerySchema>;

export const analyticsConfigSchema = z.object({ measurementId: z.string(), appId: z.string() }).strict();
export type AnalyticsConfig = z.infer<typeof analyticsConfigSchema>;
