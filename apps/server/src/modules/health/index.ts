/**
 * Health: the load-balancer probes /healthz and /readyz. The module's front door: other code
 * imports only what is exported here.
 */
export { healthRoutes } from './routes.ts';
