const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a canonical uuid string (what PostgreSQL's uuid type accepts without error). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
