/**
 * Error records (docs/telemetry.md#error-records): what broke for diners, posted by the web app,
 * scrubbed, capped, rate-limited and kept 30 days; staff read them through the staff module.
 * The module's front door.
 */
export { errorRoutes } from './routes.ts';
export { listErrorReports } from './list-error-reports.ts';
