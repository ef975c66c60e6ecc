/**
 * Users: the list of signed-up diners others may find (never guests). The module's front door:
 * other code imports only what is exported here.
 */
export { userRoutes } from './routes.ts';
