/**
 * No secret reaches a log line (docs/security.md#logs): a failing query that carried a session
 * token, credentials in headers, secrets in URLs and fields named like secrets.
 */
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_SAFETY, redactUrl } from './logger.ts';
import { buildTestApp, type TestApp } from './test/app.ts';
import { expectErrorLog } from './test/logs.ts';
import { callApi, sessionTokenOf, signUpUser } from './test/sessions.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

describe('a database error logged while a session token was a query parameter', () => {
  it('is logged (query, cause) without the token, in every line of the request', async () => {
    const user = await signUpUser(t.app);
    const token = sessionTokenOf(user.cookie)!;
    // the session lookup (`… where token = $1`) now fails in PostgreSQL
    await t.db.db.execute(sql`ALTER TABLE sessions RENAME COLUMN expires_at TO expires_at_away`);
    const from = t.logs.length;
    try {
      const response = await callApi(t.app, 'GET', '/api/me', { as: user });
      expect(response.statusCode).toBe(500);
    } finally {
      await t.db.db.execute(sql`ALTER TABLE sessions RENAME COLUMN expires_at_away TO expires_at`);
    }
    const lines = t.logs.slice(from).map((line) => JSON.stringify(line));
    expect(expectErrorLog('request failed')).toHaveLength(1);
    expectErrorLog(/^auth: /);
    expect(lines.join('\n')).toContain('where \\"sessions\\".\\"token\\" = $1');
    expect(lines.join('\n')).toContain('expires_at\\" does not exist');
    for (const line of lines) {
      expect(line).not.toContain(token);
      expect(line).not.toContain(user.cookie);
    }
  });
});

describe('the log serializers and redaction', () => {
  const capture = () => {
    const written: string[] = [];
    const logger = pino(
      { level: 'info', ...LOG_SAFETY },
      { write: (text: string) => void written.push(text) },
    );
    return { logger, text: () => written.join('') };
  };

  it('censor credentials in headers and fields named like secrets', () => {
    const { logger, text } = capture();
    logger.info(
      {
        req: { headers: { cookie: 'better-auth.session_token=S1', authorization: 'Bearer S2' } },
        headers: { cookie: 'S3' },
        token: 'S4',
        session: { token: 'S5', id: 'kept' },
        user: { password: 'S6' },
      },
      'something',
    );
    for (const secret of ['S1', 'S2', 'S3', 'S4', 'S5', 'S6']) expect(text()).not.toContain(secret);
    expect(text()).toContain('kept');
  });

  it('drop the parameters of a failed query from its error, its message, its stack and its causes', () => {
    const { logger, text } = capture();
    const failed = Object.assign(new Error('Failed query: select 1 where token = $1\nparams: SECRET-TOKEN'), {
      query: 'select 1 where token = $1',
      params: ['SECRET-TOKEN'],
      cause: Object.assign(new Error('duplicate key'), {
        code: '23505',
        detail: 'Key (token)=(SECRET-TOKEN)',
      }),
    });
    const wrapper = Object.assign(new Error('Failed to get session'), {
      body: { message: `Failed to get session: ${failed.message}: column missing` },
      cause: failed,
    });
    logger.error({ err: wrapper }, 'request failed');
    logger.error({ args: [failed, 'context'] }, 'auth: failed');
    expect(text()).not.toContain('SECRET-TOKEN');
    expect(text()).toContain('select 1 where token = $1');
  });

  it('censor secrets in request URLs: secret-looking query parameters and route parameters', () => {
    expect(redactUrl('/api/payments/webpay/return?token_ws=abc&x=1')).toBe(
      '/api/payments/webpay/return?token_ws=[redacted]&x=1',
    );
    expect(redactUrl('/api/auth/callback/google?code=C&state=S')).toBe(
      '/api/auth/callback/google?code=[redacted]&state=[redacted]',
    );
    expect(redactUrl('/api/payments/webpay/tok123', ['tok123'])).toBe('/api/payments/webpay/[redacted]');
    expect(redactUrl('/api/restaurants?q=pizza')).toBe('/api/restaurants?q=pizza');
  });
});
