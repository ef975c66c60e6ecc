import { describe, expect, it } from 'vitest';
import { createTestLogger, expectErrorLog, takeUnexpectedErrorLogs } from './logs.ts';

describe('the log lines of test apps', () => {
  it('keeps every line from info up, and watches the error ones', () => {
    const { logger, logs } = createTestLogger();
    logger.debug('not kept');
    logger.info({ id: 1 }, 'kept');
    logger.error({ id: 2 }, 'watched');
    logger.fatal('watched too');
    expect(logs.map((line) => line.msg)).toEqual(['kept', 'watched', 'watched too']);
    expect(takeUnexpectedErrorLogs().map((line) => line.msg)).toEqual(['watched', 'watched too']);
    expect(takeUnexpectedErrorLogs()).toEqual([]);
  });

  it('lets a test take the error lines it expects, and only those', () => {
    const { logger } = createTestLogger();
    logger.error('the mail server is down');
    logger.error('something else broke');
    expect(expectErrorLog(/mail server/)).toHaveLength(1);
    expect(() => expectErrorLog('the mail server is down')).toThrow(
      'expected an error log "the mail server is down"; error lines logged: something else broke',
    );
    // what is left would fail the test (test/setup.ts); take it here to show it
    expect(takeUnexpectedErrorLogs().map((line) => line.msg)).toEqual(['something else broke']);
  });
});
