// Starts the real server for the end-to-end run: a fresh DATA_DIR (embedded PostgreSQL,
// demo data seeded), the built SPA, loopback only. Signals are forwarded so PostgreSQL stops.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { OAuth2Server } from 'oauth2-mock-server';
import { SMTPServer } from 'smtp-server';

const root = path.resolve(import.meta.dirname, '../..');
const port = process.env.E2E_PORT ?? '3107';
// one folder per port, so runs on different ports (e2e, screenshots) never share a database
const dataDir = path.join(root, `e2e/.data-${port}`);
rmSync(dataDir, { recursive: true, force: true });

/**
 * "Continue with Google" against a local OIDC provider (oauth2-mock-server on a free loopback
 * port), on unless E2E_OAUTH_MOCK=0. Whoever signs in is the e-mail passed as `login_hint`
 * (better-auth's `loginHint`), else e2e-google@example.com; the e-mail is verified.
 */
async function startOAuthMock(): Promise<OAuth2Server> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  // the library names itself http://localhost:PORT; keep every URL on the address it listens on
  server.issuer.url = `http://127.0.0.1:${server.address().port}`;
  const emailByCode = new Map<string, string>();
  const claimsFor = (email: string) => ({
    sub: `e2e-${email}`,
    email,
    email_verified: true,
    name: email.split('@')[0] ?? email,
  });
  server.service.on('beforeAuthorizeRedirect', (redirect: { url: URL }, req: IncomingMessage) => {
    const hint = new URL(req.url ?? '/', 'http://mock').searchParams.get('login_hint');
    const code = redirect.url.searchParams.get('code');
    if (code) emailByCode.set(code, hint || 'e2e-google@example.com');
  });
  server.service.on(
    'beforeTokenSigning',
    (token: { payload: Record<string, unknown> }, req: { body?: { code?: string } }) => {
      const email = emailByCode.get(req.body?.code ?? '');
      if (email) Object.assign(token.payload, claimsFor(email));
    },
  );
  server.service.on('beforeUserinfo', (response: { body: unknown }, req: IncomingMessage) => {
    const jwt = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const payload = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString() || '{}') as {
      email?: string;
    };
    if (payload.email) response.body = claimsFor(payload.email);
  });
  return server;
}

/**
 * The app's e-mail goes to a real SMTP server on loopback, which writes each message it receives
 * to e2e/.data-<port>-mail/<n>.eml: journeys read the links they need there (e2e/fixtures/mail.ts).
 */
async function startSmtp(): Promise<{ url: string; server: SMTPServer }> {
  const mailDir = path.join(root, `e2e/.data-${port}-mail`);
  rmSync(mailDir, { recursive: true, force: true });
  mkdirSync(mailDir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        count += 1;
        writeFileSync(path.join(mailDir, `${String(count).padStart(5, '0')}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return { url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`, server };
}

const smtp = await startSmtp();
const oauthMock = process.env.E2E_OAUTH_MOCK === '0' ? null : await startOAuthMock();
const oauthEnv = oauthMock
  ? {
      // OAUTH_MOCK_ISSUER is test-only: the server refuses it under NODE_ENV=production
      NODE_ENV: 'test',
      OAUTH_MOCK_ISSUER: oauthMock.issuer.url,
      GOOGLE_CLIENT_ID: 'comensal-e2e',
      GOOGLE_CLIENT_SECRET: 'comensal-e2e-secret',
    }
  : {};

const child = spawn(process.execPath, [path.join(root, 'apps/server/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: port,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // every journey signs in from 127.0.0.1: keep the per-IP sign-in limit out of their way
    AUTH_RATE_LIMIT_PER_IP: process.env.AUTH_RATE_LIMIT_PER_IP ?? '100000',
    SMTP_URL: smtp.url,
    // and the per-address booking and guest sign-in bursts
    ABUSE_BURST_PER_ADDRESS: process.env.ABUSE_BURST_PER_ADDRESS ?? '100000',
    ...oauthEnv,
  },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => {
  smtp.server.close();
  void (oauthMock?.stop() ?? Promise.resolve()).catch(() => undefined).finally(() => process.exit(code ?? 0));
});
