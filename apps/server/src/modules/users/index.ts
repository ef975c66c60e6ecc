/**
 * Users: whom a diner may invite without typing an address, their companions (people sharing a
 * reservation with them). Never a directory of diners. The module's front door: other code
 * imports only what is exported here.
 */
export { userRoutes } from './routes.ts';
export { isCompanion } from './user-repository.ts';
