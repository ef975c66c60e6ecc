/**
 * My data: the diner's export of everything the app holds about them, and the deletion of their
 * account with their orders and payments kept, anonymised, in the restaurants' books
 * (docs/privacy.md, docs/decisions/0030-export-and-account-deletion.md). The module's front door.
 */
export { myDataRoutes } from './routes.ts';
export { EXPORT_COVERAGE, type Coverage } from './export-coverage.ts';
