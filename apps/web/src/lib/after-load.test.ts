import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  afterFirstScreen,
  afterLoadWhenIdle,
  IDLE_TIMEOUT_MS,
  SETTLE_POLL_MS,
  SETTLE_TIMEOUT_MS,
} from './after-load';

describe('afterLoadWhenIdle', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('waits for the `load` event, then for an idle moment (at most IDLE_TIMEOUT_MS)', () => {
    const idle = vi.fn((callback: IdleRequestCallback) => {
      callback({ didTimeout: false, timeRemaining: () => 10 });
      return 1;
    });
    vi.stubGlobal('requestIdleCallback', idle);
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    const run = vi.fn();

    afterLoadWhenIdle(run);
    expect(idle).not.toHaveBeenCalled();
    expect(run).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('load'));
    expect(idle).toHaveBeenCalledWith(run, { timeout: IDLE_TIMEOUT_MS });
    expect(run).toHaveBeenCalledTimes(1);
    // once only
    window.dispatchEvent(new Event('load'));
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('asks for the idle moment at once when the page has already loaded', () => {
    const idle = vi.fn(() => 1);
    vi.stubGlobal('requestIdleCallback', idle);
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    const run = vi.fn();

    afterLoadWhenIdle(run);
    expect(idle).toHaveBeenCalledWith(run, { timeout: IDLE_TIMEOUT_MS });
  });

  it('falls back to the next task where the browser has no requestIdleCallback', () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal('requestIdleCallback', undefined);
      vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
      const run = vi.fn();

      afterLoadWhenIdle(run);
      expect(run).not.toHaveBeenCalled();
      vi.runAllTimers();
      expect(run).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('afterFirstScreen', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  const setUp = () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) =>
      setTimeout(() => callback({ didTimeout: false, timeRemaining: () => 10 }), 1),
    );
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
  };

  it('waits until the first screen has settled on two looks in a row, then for an idle moment', () => {
    setUp();
    // one settled look is not enough (the route's reads may not have started yet)
    const looks = [false, true, false, true, true];
    const isSettled = vi.fn(() => looks.shift() ?? true);
    const run = vi.fn();
    afterFirstScreen(run, isSettled);

    vi.advanceTimersByTime(SETTLE_POLL_MS * 3);
    expect(isSettled.mock.calls.length).toBeLessThan(5);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(SETTLE_POLL_MS * 3);
    expect(run).toHaveBeenCalledTimes(1);
    expect(isSettled).toHaveBeenCalledTimes(5);
    vi.advanceTimersByTime(SETTLE_TIMEOUT_MS);
    expect(run).toHaveBeenCalledTimes(1);
    expect(isSettled).toHaveBeenCalledTimes(5);
  });

  it('runs anyway once SETTLE_TIMEOUT_MS have passed', () => {
    setUp();
    const run = vi.fn();
    afterFirstScreen(run, () => false);

    vi.advanceTimersByTime(SETTLE_TIMEOUT_MS - SETTLE_POLL_MS);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(SETTLE_POLL_MS * 2 + 1);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
