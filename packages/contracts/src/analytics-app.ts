/**
 * The analytics app constants, apart from the schemas (./analytics.ts) so that the web
 * app's lazy analytics chunk takes them without zod.
 */

/** The request header carrying the analytics API key. */
export const ANALYTICS_API_KEY_HEADER = 'x-api-key';

/** What the server and the web app use when nothing is configured (the demo works out of the box). */
export const DEFAULT_ANALYTICS_APP = {
  appId: 'comensal-web',
  apiKey: 'comensal-demo-analytics-key',
  measurementId: 'CM-DEMO-0001',
} as const;
