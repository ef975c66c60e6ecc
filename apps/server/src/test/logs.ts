/**
 * The log lines of test apps, and the rule that an error log fails a test (test/setup.ts), as
 * `console.error` fails a web test. A test that means to cause one says so:
 *
 *   const res = await callApi(t.app, 'POST', …);            // the mailer is down
 *   expect(expectErrorLog('invitation e-mail failed')).toHaveLength(1);
 */
import pino from 'pino';
import type { Logger } from '../logger.ts';

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

/** pino's level number of `error`; `fatal` is above it. */
const ERROR_LEVEL = 50;

/** Error lines of every test logger of this file that no test has taken yet. */
let unexpected: LogLine[] = [];

/** A pino logger at `info` whose lines are parsed into `logs` (and error lines watched). */
export function createTestLogger(): { logger: Logger; logs: LogLine[] } {
  const logs: LogLine[] = [];
  const logger = pino(
    { level: 'info' },
    {
      write(text: string) {
        for (const json of text.split('\n')) {
          if (!json.trim()) continue;
          const line = JSON.parse(json) as LogLine;
          logs.push(line);
          if (line.level >= ERROR_LEVEL) unexpected.push(line);
        }
      },
    },
  );
  return { logger, logs };
}

const matches = (line: LogLine, message: string | RegExp) =>
  typeof message === 'string' ? line.msg === message : message.test(line.msg);

/**
 * For a test that expects an error log: takes the error lines logged so far whose message is
 * `message` (or matches it), so they do not fail the test, and answers them. Fails when there is
 * none.
 */
export function expectErrorLog(message: string | RegExp): LogLine[] {
  const taken = unexpected.filter((line) => matches(line, message));
  if (taken.length === 0) {
    const others = unexpected.map((line) => line.msg).join(', ') || 'none';
    throw new Error(`expected an error log "${String(message)}"; error lines logged: ${others}`);
  }
  unexpected = unexpected.filter((line) => !matches(line, message));
  return taken;
}

/** The error lines no test took, forgotten once answered (test/setup.ts). */
export function takeUnexpectedErrorLogs(): LogLine[] {
  const lines = unexpected;
  unexpected = [];
  return lines;
}
