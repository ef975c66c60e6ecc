/**
 * Analytics (docs/telemetry.md): the configuration the web app fetches before it measures
 * anything, the events it posts, and the restaurant's daily funnel read by the staff module.
 * The module's front door.
 */
export { countFunnel, type FunnelCounts } from './funnel.ts';
export { analyticsRoutes } from './routes.ts';
