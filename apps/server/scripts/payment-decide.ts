/**
 * Dev-only: the restaurant confirms or rejects a Pago Móvil transfer or a cash payment, the way
 * the staff console will, through the payments module's use cases (so the table sees it live and
 * the payer gets the e-mail). It talks to the database of a running server: DATABASE_URL, or the
 * embedded PostgreSQL of DATA_DIR (default ./data).
 *
 *   node apps/server/scripts/payment-decide.ts --transaction <id> --confirm [--staff owner@comensal.test]
 *   node apps/server/scripts/payment-decide.ts --transaction <id> --reject "No transfer arrived"
 *
 * `--staff` is the e-mail of an owner or staff member of the payment's restaurant (default: the
 * demo owner). Prints `{ transaction, changed }` as JSON on stdout; exits 1 with a message otherwise.
 */
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { createDatabase } from '../src/db/client.ts';
import { users } from '../src/db/schema.ts';
import { createContext } from '../src/lib/context.ts';
import { confirmTransaction, rejectTransaction } from '../src/modules/payments/index.ts';
import { devDatabaseUrl, failWith } from './dev-database.ts';

function fail(message: string): never {
  return failWith('payment-decide', message);
}

async function main(): Promise<void> {
  if (process.env.NODE_ENV === 'production')
    fail('this is a development tool; it does not run with NODE_ENV=production');
  const { values } = parseArgs({
    options: {
      transaction: { type: 'string' },
      confirm: { type: 'boolean' },
      reject: { type: 'string' },
      staff: { type: 'string', default: 'owner@comensal.test' },
    },
    strict: true,
  });
  if (!values.transaction) fail('--transaction <id> is required');
  if (Boolean(values.confirm) === (values.reject !== undefined)) fail('give --confirm or --reject <reason>');

  const databaseUrl = devDatabaseUrl('payment-decide');
  const database = createDatabase(databaseUrl, { max: 2 });
  const ctx = createContext({ db: database.db });
  try {
    const [staff] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, values.staff.toLowerCase()));
    if (!staff) fail(`no user ${values.staff}`);
    const decision = values.confirm
      ? await confirmTransaction(ctx, values.transaction, staff.id)
      : await rejectTransaction(ctx, values.transaction, staff.id, values.reject ?? '');
    console.info(JSON.stringify(decision));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  fail(error instanceof Error ? error.message : String(error));
});
