import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useProgressiveCount } from './use-progressive-count';

describe('useProgressiveCount (a long list rendered a slice at each idle moment)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Runs the next scheduled step (jsdom has no requestIdleCallback: the fallback timer). */
  const nextIdle = () =>
    act(() => {
      vi.advanceTimersToNextTimer();
    });

  it('shows `first` at once, then `step` more at each idle moment, up to the total', () => {
    const { result } = renderHook(() => useProgressiveCount(50, { first: 12, step: 16 }));
    expect(result.current[0]).toBe(12);
    const seen = [];
    for (let i = 0; i < 5; i++) {
      nextIdle();
      seen.push(result.current[0]);
    }
    expect(seen).toEqual([28, 44, 50, 50, 50]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('never shows more than the list holds, and nothing is scheduled for a short list', () => {
    const { result } = renderHook(() => useProgressiveCount(5, { first: 12, step: 16 }));
    expect(result.current[0]).toBe(5);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows everything at once on demand', () => {
    const { result } = renderHook(() => useProgressiveCount(200, { first: 12, step: 16 }));
    act(() => result.current[1]());
    expect(result.current[0]).toBe(200);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('follows the list as it changes: a shorter one (a filter) at once, a longer one (a live update) by steps', () => {
    const { result, rerender } = renderHook(
      ({ total }) => useProgressiveCount(total, { first: 12, step: 16 }),
      {
        initialProps: { total: 40 },
      },
    );
    nextIdle();
    expect(result.current[0]).toBe(28);
    rerender({ total: 20 });
    expect(result.current[0]).toBe(20);
    expect(vi.getTimerCount()).toBe(0);
    rerender({ total: 60 });
    expect(result.current[0]).toBe(28);
    nextIdle();
    expect(result.current[0]).toBe(44);
  });

  it('uses the browser’s idle callback where there is one, and cancels it on unmount', () => {
    const requestIdleCallback = vi.fn((_run: IdleRequestCallback, _options?: IdleRequestOptions) => 7);
    const cancelIdleCallback = vi.fn();
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    vi.stubGlobal('cancelIdleCallback', cancelIdleCallback);
    try {
      const { unmount } = renderHook(() => useProgressiveCount(100, { first: 12, step: 16 }));
      expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 200 });
      unmount();
      expect(cancelIdleCallback).toHaveBeenCalledWith(7);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
