/**
 * Favourites: a diner's favourite restaurants and products (`/api/me/favorites*`).
 * The module's front door: other code imports only what is exported here.
 */
export { favoriteRoutes } from './routes.ts';
