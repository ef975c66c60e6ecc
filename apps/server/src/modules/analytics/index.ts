/**
 * Analytics: the configuration the web app fetches before it measures anything
 * (docs/telemetry.md#analytics-configuration). The module's front door.
 */
export { analyticsRoutes } from './routes.ts';
