/**
 * Me: the caller's own profile (users and guests), their photo, and the public list of social
 * sign-in providers. The module's front door: other code imports only what is exported here.
 */
export { meRoutes, type MeRoutesOptions } from './routes.ts';
export { removePhotoFile } from './photo-file.ts';
