/** Every database a test run creates starts with this (so a run can clean up after itself). */
export const TEST_DATABASE_PREFIX = 'comensal_test_';

/** The same server URL pointing at another database. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}
