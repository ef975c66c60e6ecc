import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstScreen, SETTLE_MAX_WAIT_MS, SETTLE_POLL_MS } from './after-first-screen';

describe('afterFirstScreen (what the first screen does not need waits for it)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // jsdom has no requestIdleCallback: the idle moment is the next timer
    vi.stubGlobal('requestIdleCallback', undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('runs once the first screen has settled, not before', () => {
    let settled = false;
    const then = vi.fn();
    afterFirstScreen(() => settled, then, { now: () => Date.now() });
    vi.advanceTimersByTime(SETTLE_POLL_MS * 5);
    expect(then).not.toHaveBeenCalled();
    settled = true;
    vi.advanceTimersByTime(SETTLE_POLL_MS);
    vi.advanceTimersByTime(1);
    expect(then).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(SETTLE_POLL_MS * 10);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('runs at the next idle moment when the screen is settled already', () => {
    const then = vi.fn();
    afterFirstScreen(() => true, then, { now: () => Date.now() });
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('runs anyway after the longest wait when the page never settles', () => {
    const then = vi.fn();
    afterFirstScreen(() => false, then, { now: () => Date.now() });
    vi.advanceTimersByTime(SETTLE_MAX_WAIT_MS - SETTLE_POLL_MS);
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersByTime(SETTLE_POLL_MS * 2);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('waits for an idle moment once settled', () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    const then = vi.fn();
    afterFirstScreen(() => true, then, { now: () => Date.now() });
    expect(then).not.toHaveBeenCalled();
    idle.forEach((run) => run());
    expect(then).toHaveBeenCalledTimes(1);
  });
});
