import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  loadConfig,
  readOrCreateSecret,
  resolveConfig,
  WEBPAY_INTEGRATION_API_KEY,
  WEBPAY_INTEGRATION_COMMERCE_CODE,
} from './config.ts';

const errorsOf = (env: Record<string, string>) => {
  const result = loadConfig(env, '/srv/app');
  if (result.ok) throw new Error('expected the configuration to be rejected');
  return result.errors;
};

describe('loadConfig', () => {
  it('has working defaults for an embedded install', () => {
    const result = loadConfig({}, '/srv/app');
    expect(result).toEqual({
      ok: true,
      config: expect.objectContaining({
        port: 3000,
        host: '0.0.0.0',
        dataDir: '/srv/app/data',
        databaseUrl: null,
        seedDemo: true,
        publicUrl: 'http://localhost:3000',
        authSecret: null,
        logLevel: 'info',
        webpay: {
          env: 'sandbox',
          commerceCode: WEBPAY_INTEGRATION_COMMERCE_CODE,
          apiKey: WEBPAY_INTEGRATION_API_KEY,
          baseUrl: null,
          timeoutMs: 30_000,
        },
        google: null,
        facebook: null,
        s3: null,
        trustProxy: false,
      }),
    });
  });

  it('reads every variable', () => {
    const result = loadConfig(
      {
        PORT: '8080',
        HOST: '127.0.0.1',
        DATA_DIR: '../var/comensal',
        DATABASE_URL: 'postgres://u:p@db:5432/comensal',
        AUTH_SECRET: 'x'.repeat(40),
        SEED_DEMO: '0',
        PUBLIC_URL: 'https://comensal.example/',
        LOG_LEVEL: 'debug',
        SMTP_URL: 'smtps://user:pass@mail.example:465',
        S3_ENDPOINT: 'https://s3.example/',
        S3_BUCKET: 'files',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        WEBPAY_ENV: 'integration',
        GOOGLE_CLIENT_ID: 'g-id',
        GOOGLE_CLIENT_SECRET: 'g-secret',
        TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      },
      '/srv/app',
    );
    expect(result).toEqual({
      ok: true,
      config: expect.objectContaining({
        port: 8080,
        host: '127.0.0.1',
        dataDir: '/srv/var/comensal',
        databaseUrl: 'postgres://u:p@db:5432/comensal',
        authSecret: 'x'.repeat(40),
        seedDemo: false,
        publicUrl: 'https://comensal.example',
        logLevel: 'debug',
        smtpUrl: 'smtps://user:pass@mail.example:465',
        s3: {
          endpoint: 'https://s3.example',
          bucket: 'files',
          accessKeyId: 'id',
          secretAccessKey: 'secret',
          region: 'us-east-1',
        },
        webpay: expect.objectContaining({
          env: 'integration',
          commerceCode: WEBPAY_INTEGRATION_COMMERCE_CODE,
        }),
        google: { clientId: 'g-id', clientSecret: 'g-secret' },
        facebook: null,
        trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      }),
    });
  });

  it('treats empty values as unset', () => {
    const result = loadConfig({ PORT: '', SMTP_URL: '  ' }, '/srv/app');
    expect(result.ok && result.config.port).toBe(3000);
    expect(result.ok && result.config.smtpUrl).toBeNull();
  });

  it('prints one clear line per problem, all at once', () => {
    expect(
      errorsOf({
        PORT: 'abc',
        LOG_LEVEL: 'loud',
        SEED_DEMO: 'maybe',
        PUBLIC_URL: 'localhost:3000',
        TRUST_PROXY: 'everyone',
        GOOGLE_CLIENT_ID: 'only-the-id',
        WEBPAY_ENV: 'production',
      }),
    ).toEqual([
      'config: PORT must be an integer between 1 and 65535 (got "abc")',
      'config: SEED_DEMO must be 0, 1, true or false (got "maybe")',
      'config: PUBLIC_URL must be an http(s) origin without a path, e.g. https://comensal.example (got "localhost:3000")',
      'config: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
      'config: TRUST_PROXY must be true, false, a number of proxy hops, or a comma-separated list of addresses/CIDRs (got "everyone")',
      'config: WEBPAY_COMMERCE_CODE is required when WEBPAY_ENV is production',
      'config: WEBPAY_API_KEY is required when WEBPAY_ENV is production',
      'config: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
    ]);
  });

  it.each<[Record<string, string>, string]>([
    [{ PORT: '0' }, 'config: PORT must be an integer between 1 and 65535 (got "0")'],
    [{ PORT: '70000' }, 'config: PORT must be an integer between 1 and 65535 (got "70000")'],
    [{ PORT: '80.5' }, 'config: PORT must be an integer between 1 and 65535 (got "80.5")'],
    [
      { DATABASE_URL: 'mysql://x', AUTH_SECRET: 'y'.repeat(32) },
      'config: DATABASE_URL must be a postgres:// or postgresql:// URL (got 9 characters)',
    ],
    [{ SMTP_URL: 'http://mail' }, 'config: SMTP_URL must be an smtp:// or smtps:// URL (got 11 characters)'],
    [
      { WEBPAY_ENV: 'live' },
      'config: WEBPAY_ENV must be one of sandbox, integration, production (got "live")',
    ],
    [{ S3_BUCKET: 'files' }, 'config: S3_ACCESS_KEY_ID is required when any S3_* variable is set'],
    [
      {
        S3_ENDPOINT: 'http://127.0.0.1:9000/comensal',
        S3_BUCKET: 'comensal',
        S3_ACCESS_KEY_ID: 'i',
        S3_SECRET_ACCESS_KEY: 's',
      },
      'config: S3_ENDPOINT must be an http(s) origin without a path, e.g. https://s3.example:9000 (got "http://127.0.0.1:9000/comensal")',
    ],
    [
      { S3_ENDPOINT: 's3://bucket' },
      'config: S3_ENDPOINT must be an http(s) origin without a path, e.g. https://s3.example:9000 (got "s3://bucket")',
    ],
    ...['Comensal', 'ab', 'my_bucket', 'a..b', '-files', `f${'x'.repeat(63)}`].map(
      (name): [Record<string, string>, string] => [
        { S3_BUCKET: name, S3_ACCESS_KEY_ID: 'i', S3_SECRET_ACCESS_KEY: 's' },
        `config: S3_BUCKET must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens (got ${JSON.stringify(name)})`,
      ],
    ),
    [
      { FACEBOOK_CLIENT_SECRET: 's' },
      'config: FACEBOOK_CLIENT_ID and FACEBOOK_CLIENT_SECRET must be set together',
    ],
  ])('rejects %j', (env, line) => {
    expect(errorsOf(env)).toContain(line);
  });

  it('reads an S3 bucket on AWS (no endpoint) in its region, and keeps no bucket when S3_* is unset', () => {
    const result = loadConfig(
      {
        S3_BUCKET: 'comensal.files-1',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_REGION: 'sa-east-1',
      },
      '/srv/app',
    );
    expect(result.ok && result.config.s3).toEqual({
      endpoint: null,
      bucket: 'comensal.files-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      region: 'sa-east-1',
    });
    const none = loadConfig({ S3_ENDPOINT: '', S3_BUCKET: ' ' }, '/srv/app');
    expect(none.ok && none.config.s3).toBeNull();
  });

  it('reads the auth rate limits and the test-only OAuth issuer', () => {
    const result = loadConfig(
      {
        AUTH_RATE_LIMIT_WINDOW: '60',
        AUTH_RATE_LIMIT_PER_IP: '5',
        AUTH_RATE_LIMIT_PER_ACCOUNT: '3',
        OAUTH_MOCK_ISSUER: 'http://127.0.0.1:4010/',
        NODE_ENV: 'test',
      },
      '/srv/app',
    );
    expect(result.ok && result.config.authRateLimit).toEqual({ windowSeconds: 60, perIp: 5, perAccount: 3 });
    expect(result.ok && result.config.oauthMockIssuer).toBe('http://127.0.0.1:4010');
    const defaults = loadConfig({}, '/srv/app');
    expect(defaults.ok && defaults.config.authRateLimit).toEqual({
      windowSeconds: 600,
      perIp: 100,
      perAccount: 10,
    });
    expect(defaults.ok && defaults.config.oauthMockIssuer).toBeNull();
  });

  it('reads the pool size and the drain of a stopping instance (docs/deploy.md)', () => {
    const defaults = loadConfig({}, '/srv/app');
    expect(defaults.ok && defaults.config.shutdown).toEqual({ drainDelayMs: 0, drainTimeoutMs: 10_000 });
    expect(defaults.ok && defaults.config.databasePoolSize).toBe(10);
    const set = loadConfig(
      { DRAIN_DELAY_SECONDS: '3', DRAIN_TIMEOUT_SECONDS: '0', DATABASE_POOL_SIZE: '20' },
      '/srv/app',
    );
    expect(set.ok && set.config.shutdown).toEqual({ drainDelayMs: 3_000, drainTimeoutMs: 0 });
    expect(set.ok && set.config.databasePoolSize).toBe(20);
    expect(
      errorsOf({ DRAIN_DELAY_SECONDS: '-1', DRAIN_TIMEOUT_SECONDS: '301', DATABASE_POOL_SIZE: '0' }),
    ).toEqual([
      'config: DATABASE_POOL_SIZE must be a whole number of at least 1 (got "0")',
      'config: DRAIN_DELAY_SECONDS must be a whole number of seconds from 0 to 300 (got "-1")',
      'config: DRAIN_TIMEOUT_SECONDS must be a whole number of seconds from 0 to 300 (got "301")',
    ]);
  });

  it('reads the Webpay host override and timeout; production needs its own credentials and https', () => {
    const result = loadConfig(
      { WEBPAY_ENV: 'integration', WEBPAY_BASE_URL: 'http://127.0.0.1:4010/', WEBPAY_TIMEOUT_SECONDS: '5' },
      '/srv/app',
    );
    expect(result.ok && result.config.webpay).toEqual({
      env: 'integration',
      commerceCode: WEBPAY_INTEGRATION_COMMERCE_CODE,
      apiKey: WEBPAY_INTEGRATION_API_KEY,
      baseUrl: 'http://127.0.0.1:4010',
      timeoutMs: 5_000,
    });
    const production = loadConfig(
      {
        WEBPAY_ENV: 'production',
        WEBPAY_COMMERCE_CODE: '597012345678',
        WEBPAY_API_KEY: 'k'.repeat(64),
        WEBPAY_BASE_URL: 'https://egress.example/transbank',
      },
      '/srv/app',
    );
    expect(production.ok && production.config.webpay).toMatchObject({
      commerceCode: '597012345678',
      apiKey: 'k'.repeat(64),
      baseUrl: 'https://egress.example/transbank',
    });
    expect(
      errorsOf({
        WEBPAY_ENV: 'production',
        WEBPAY_COMMERCE_CODE: '597012345678',
        WEBPAY_API_KEY: 'k'.repeat(64),
        WEBPAY_BASE_URL: 'http://egress.example',
      }),
    ).toEqual([
      'config: WEBPAY_BASE_URL must be https when WEBPAY_ENV is production (got "http://egress.example")',
    ]);
    expect(errorsOf({ WEBPAY_BASE_URL: 'ftp://x', WEBPAY_TIMEOUT_SECONDS: '0' })).toEqual([
      'config: WEBPAY_BASE_URL must be an http(s) URL without query or credentials, e.g. http://127.0.0.1:4010 (got "ftp://x")',
      'config: WEBPAY_TIMEOUT_SECONDS must be a whole number of at least 1 (got "0")',
    ]);
  });

  it('refuses the test-only OAuth issuer in production, and bad rate limits', () => {
    expect(errorsOf({ OAUTH_MOCK_ISSUER: 'http://127.0.0.1:4010', NODE_ENV: 'production' })).toEqual([
      'config: OAUTH_MOCK_ISSUER is for tests only and is refused when NODE_ENV is production (got "http://127.0.0.1:4010")',
    ]);
    expect(errorsOf({ OAUTH_MOCK_ISSUER: 'http://127.0.0.1:4010/path' })).toEqual([
      'config: OAUTH_MOCK_ISSUER must be an http(s) origin without a path, e.g. http://127.0.0.1:4010 (got "http://127.0.0.1:4010/path")',
    ]);
    expect(errorsOf({ AUTH_RATE_LIMIT_PER_ACCOUNT: '0', AUTH_RATE_LIMIT_WINDOW: 'soon' })).toEqual([
      'config: AUTH_RATE_LIMIT_WINDOW must be a whole number of at least 1 (got "soon")',
      'config: AUTH_RATE_LIMIT_PER_ACCOUNT must be a whole number of at least 1 (got "0")',
    ]);
  });

  it('reads the analytics app, with the demo app as the default; never echoes the key', () => {
    const defaults = loadConfig({}, '/srv/app');
    expect(defaults.ok && defaults.config.analytics).toEqual({
      appId: 'comensal-web',
      apiKey: 'comensal-demo-analytics-key',
      measurementId: 'CM-DEMO-0001',
    });
    const set = loadConfig(
      { ANALYTICS_APP_ID: 'web-prod', ANALYTICS_API_KEY: 'k'.repeat(40), ANALYTICS_MEASUREMENT_ID: 'CM-9' },
      '/srv/app',
    );
    expect(set.ok && set.config.analytics).toEqual({
      appId: 'web-prod',
      apiKey: 'k'.repeat(40),
      measurementId: 'CM-9',
    });
    expect(
      errorsOf({
        ANALYTICS_APP_ID: 'has space',
        ANALYTICS_API_KEY: 'short',
        ANALYTICS_MEASUREMENT_ID: 'a/b',
      }),
    ).toEqual([
      'config: ANALYTICS_APP_ID must be 1 to 100 letters, digits, ".", ":", "_" or "-" (got "has space")',
      'config: ANALYTICS_API_KEY must be 8 to 200 characters (got 5 characters)',
      'config: ANALYTICS_MEASUREMENT_ID must be 1 to 100 letters, digits, ".", ":", "_" or "-" (got "a/b")',
    ]);
  });

  it('needs a shared AUTH_SECRET with an external database, and never echoes secrets', () => {
    expect(errorsOf({ DATABASE_URL: 'postgres://u:hunter2@db/comensal' })).toEqual([
      'config: AUTH_SECRET is required when DATABASE_URL is set (at least 32 characters, the same on every instance)',
    ]);
    const errors = errorsOf({ AUTH_SECRET: 'hunter2' });
    expect(errors).toEqual([
      'config: AUTH_SECRET must be at least 32 characters (e.g. `openssl rand -base64 32`) (got 7 characters)',
    ]);
    expect(errors.join('\n')).not.toContain('hunter2');
  });
});

describe('the embedded install secret', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('is generated once into DATA_DIR/secret (0600) and reused', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'comensal-secret-'));
    const dataDir = path.join(dir, 'data');
    const first = await readOrCreateSecret(dataDir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect((await readFile(path.join(dataDir, 'secret'), 'utf8')).trim()).toBe(first);
    expect((await stat(path.join(dataDir, 'secret'))).mode & 0o777).toBe(0o600);
    expect(await readOrCreateSecret(dataDir)).toBe(first);
    const resolved = await resolveConfig({ DATA_DIR: dataDir }, '/');
    expect(resolved.ok && resolved.config.authSecret).toBe(first);
  });

  it('is not used when AUTH_SECRET is set', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'comensal-secret-'));
    const resolved = await resolveConfig({ DATA_DIR: dir, AUTH_SECRET: 's'.repeat(32) }, '/');
    expect(resolved.ok && resolved.config.authSecret).toBe('s'.repeat(32));
  });
});
