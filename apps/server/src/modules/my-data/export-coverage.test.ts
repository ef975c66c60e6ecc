/**
 * Export completeness, by the schema: every column of src/db/schema.ts that refers to a user (a
 * foreign key to users, or a uuid column named like `…user_id`) must appear in EXPORT_COVERAGE —
 * shown in a section of the export, or left out with a reason. A new table holding the diner's
 * data fails here until the export covers it.
 */
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { MY_DATA_SECTIONS } from '@comensal/contracts';
import { describe, expect, it } from 'vitest';
import * as schema from '../../db/schema.ts';
import { EXPORT_COVERAGE } from './index.ts';

const USER_ID_NAME = /(^|_)user_id$/;

/** `table.column` of every user reference in the schema. */
function userReferences(): string[] {
  const found = new Set<string>();
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    if (config.name === 'users') {
      found.add('users.id');
      continue;
    }
    for (const fk of config.foreignKeys) {
      const reference = fk.reference();
      if (getTableConfig(reference.foreignTable).name !== 'users') continue;
      for (const column of reference.columns) found.add(`${config.name}.${column.name}`);
    }
    for (const column of config.columns) {
      if (column.getSQLType() === 'uuid' && USER_ID_NAME.test(column.name))
        found.add(`${config.name}.${column.name}`);
    }
  }
  return [...found].sort();
}

const covered = () =>
  Object.entries(EXPORT_COVERAGE)
    .flatMap(([table, columns]) => Object.keys(columns).map((column) => `${table}.${column}`))
    .sort();

describe('export coverage', () => {
  it('finds the user references of the schema (the detector works)', () => {
    const references = userReferences();
    // a few known ones, foreign keys and the audit's plain column alike
    expect(references).toEqual(
      expect.arrayContaining(['orders.user_id', 'orders.paid_by', 'staff_audit.actor_user_id', 'users.id']),
    );
    expect(references.length).toBeGreaterThanOrEqual(20);
  });

  it('covers every user reference of the schema, and lists none that does not exist', () => {
    expect(covered()).toEqual(userReferences());
  });

  it('sends each covered column to a section that exists, or says why it is left out', () => {
    for (const [table, columns] of Object.entries(EXPORT_COVERAGE)) {
      for (const [column, coverage] of Object.entries(columns)) {
        if ('section' in coverage) {
          expect([...MY_DATA_SECTIONS, 'profile'], `${table}.${column}`).toContain(coverage.section);
        } else {
          expect(coverage.excluded.length, `${table}.${column}`).toBeGreaterThan(20);
        }
      }
    }
  });
});
