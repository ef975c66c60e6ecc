/**
 * Runs around every server test file (vitest.config.ts `setupFiles`): a log line at level error
 * or fatal from a test app (test/app.ts) fails the test that was running when it was written —
 * or the file, when it came after its last test — unless the test took it with `expectErrorLog`.
 */
import { afterAll, afterEach } from 'vitest';
import { takeUnexpectedErrorLogs, type LogLine } from './logs.ts';

function failOnErrorLogs(when: string): void {
  const lines = takeUnexpectedErrorLogs();
  if (lines.length === 0) return;
  const describe = (line: LogLine) =>
    `${line.msg}${line.err ? `: ${JSON.stringify((line.err as { message?: unknown }).message)}` : ''}`;
  throw new Error(
    `Unexpected error log ${when} (take an expected one with expectErrorLog):\n${lines.map(describe).join('\n')}`,
  );
}

afterEach(() => failOnErrorLogs('during this test'));
afterAll(() => failOnErrorLogs('after the last test of this file'));
