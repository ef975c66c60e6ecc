/**
 * inTransaction runs a transaction again when PostgreSQL ends a deadlock by aborting it (SQLSTATE
 * 40P01): a real deadlock here, two transactions taking two rows in opposite orders.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { inTransaction } from './transaction.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await t.db.db.execute(sql`CREATE TABLE deadlock_probe (id int PRIMARY KEY, n int NOT NULL)`);
  await t.db.db.execute(sql`INSERT INTO deadlock_probe VALUES (1, 0), (2, 0)`);
});
afterAll(() => t.close());

/** Resolves once `count` parties have arrived. */
function barrier(count: number) {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return () => {
    arrived += 1;
    if (arrived === count) open();
    return opened;
  };
}

describe('inTransaction and deadlocks', () => {
  it('run the transaction PostgreSQL aborted again, so both writes land exactly once', async () => {
    const bothHoldOneRow = barrier(2);
    let attempts = 0;
    const crosswise = (first: number, second: number) =>
      inTransaction(t.db.db, async (tx) => {
        attempts += 1;
        await tx.execute(sql`UPDATE deadlock_probe SET n = n + 1 WHERE id = ${first}`);
        // only the first round waits for the other: the second attempt runs on its own
        if (attempts <= 2) await bothHoldOneRow();
        await tx.execute(sql`UPDATE deadlock_probe SET n = n + 10 WHERE id = ${second}`);
        return `${first}->${second}`;
      });
    const results = await Promise.all([crosswise(1, 2), crosswise(2, 1)]);
    expect(results).toEqual(['1->2', '2->1']);
    // one of the two was chosen as the deadlock victim and ran again (on a loaded machine PostgreSQL
    // may pick a victim more than once; what matters is that every write lands exactly once)
    expect(attempts).toBeGreaterThanOrEqual(3);
    const rows = await t.db.db.execute(sql`SELECT id, n FROM deadlock_probe ORDER BY id`);
    expect(rows.rows).toEqual([
      { id: 1, n: 11 },
      { id: 2, n: 11 },
    ]);
  });

  it('do not run again after other failures', async () => {
    let attempts = 0;
    await expect(
      inTransaction(t.db.db, async (tx) => {
        attempts += 1;
        await tx.execute(sql`INSERT INTO deadlock_probe VALUES (1, 0)`);
      }),
    ).rejects.toMatchObject({ cause: { code: '23505' } });
    expect(attempts).toBe(1);
  });
});
