import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database.ts';
import { testConfig } from '../test/app.ts';
import { createAuth, type AuthLogger } from './auth.ts';

let db: TestDatabase;
const lines: { level: string; msg: string | undefined }[] = [];
const logger: AuthLogger = {
  debug: (_obj, msg) => void lines.push({ level: 'debug', msg }),
  info: (_obj, msg) => void lines.push({ level: 'info', msg }),
  warn: (_obj, msg) => void lines.push({ level: 'warn', msg }),
  error: (_obj, msg) => void lines.push({ level: 'error', msg }),
};

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.drop());

describe('auth logging', () => {
  it("logs 'El usuario no existe' (never shows it) when a sign-in finds no user", async () => {
    const auth = createAuth({ config: testConfig(), db: db.db, logger });
    const failure = await auth.api
      .signInEmail({ body: { email: 'nobody@example.com', password: 'whatever-password' } })
      .catch((error: unknown) => error as { body?: { message?: string } });
    expect(failure).toMatchObject({ body: { message: 'Invalid email or password' } });
    expect(lines).toContainEqual({ level: 'warn', msg: 'auth: El usuario no existe' });
  });
});
