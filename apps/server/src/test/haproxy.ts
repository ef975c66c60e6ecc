/**
 * Debian's HAProxy in front of app instances on loopback, configured as docs/deploy.md
 * configures it (health checks on /readyz, WebSocket upgrade, redispatch): for
 * src/instances.test.ts and bench/instances.bench.ts.
 *
 *   const haproxy = findHaproxy();   // throws a clear "install haproxy" error when missing
 *   await writeFile(file, haproxyConfig(port, [{ name: 'a', url: 'http://127.0.0.1:4001' }]));
 *   spawn(haproxy, ['-db', '-f', file]);   // foreground; SIGTERM stops it
 *
 * Every answer carries `x-served-by: <server name>`, so callers see which instance answered.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** The haproxy binary: HAPROXY_PATH, where Debian puts it, or on PATH. */
export function findHaproxy(): string {
  for (const candidate of [process.env.HAPROXY_PATH, '/usr/sbin/haproxy', '/usr/bin/haproxy']) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  const which = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' });
  const found = which.stdout.trim();
  if (which.status === 0 && found) return found;
  throw new Error(
    'HAProxy is not installed: two app instances run behind it here. Install it with ' +
      '`apt-get install haproxy` (Debian; .ci/run does) or set HAPROXY_PATH.',
  );
}

/** Throws with haproxy's own words when it refuses `file`. */
export function checkHaproxyConfig(haproxy: string, file: string): void {
  const check = spawnSync(haproxy, ['-c', '-q', '-f', file], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy refused its configuration:\n${check.stderr}`);
}

/** A balancer on 127.0.0.1:`port` in front of `servers` (round robin). */
export function haproxyConfig(port: number, servers: readonly { name: string; url: string }[]): string {
  return [
    'global',
    '  maxconn 2000',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 30s',
    '  timeout server 30s',
    '  timeout tunnel 1h',
    '  timeout http-keep-alive 5s',
    '  option redispatch',
    '  retries 3',
    'frontend web',
    `  bind 127.0.0.1:${port}`,
    '  option forwardfor',
    '  default_backend app',
    'backend app',
    '  balance roundrobin',
    '  option httpchk GET /readyz',
    '  http-check expect status 200',
    '  http-response set-header x-served-by %s',
    '  timeout check 2s',
    // a loaded test machine may miss one check; two misses take a server out
    '  default-server inter 500ms fall 2 rise 2',
    ...servers.map(({ name, url }) => `  server ${name} ${new URL(url).host} check`),
    '',
  ].join('\n');
}
