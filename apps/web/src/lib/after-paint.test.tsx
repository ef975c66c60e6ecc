import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint, usePaintedFor } from './after-paint';

/** Frames are run by the test (`paint()`), timers by vitest's fake clock. */
let frames: FrameRequestCallback[] = [];
const paint = () => {
  const due = frames;
  frames = [];
  due.forEach((callback) => callback(performance.now()));
};

/** The next frame, then the tasks it scheduled. */
const paintAndSettle = () => {
  paint();
  vi.runAllTimers();
};

beforeEach(() => {
  vi.useFakeTimers();
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => {
    frames = frames.filter((_, index) => index !== id - 1);
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('afterNextPaint', () => {
  it('runs in a task of its own after the next frame, not before', () => {
    const run = vi.fn();
    afterNextPaint(run);
    vi.runAllTimers();
    expect(run).not.toHaveBeenCalled();
    paint();
    expect(run).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('can be cancelled before the frame and before its task', () => {
    const early = vi.fn();
    afterNextPaint(early)();
    paint();
    vi.runAllTimers();
    expect(early).not.toHaveBeenCalled();
    const late = vi.fn();
    const cancel = afterNextPaint(late);
    paint();
    cancel();
    vi.runAllTimers();
    expect(late).not.toHaveBeenCalled();
  });
});

describe('usePaintedFor', () => {
  it('is false in the render that shows a key and until the paint after it, then true; again for a new key', () => {
    const { result, rerender } = renderHook(({ key }: { key: string | null }) => usePaintedFor(key), {
      initialProps: { key: null as string | null },
    });
    expect(result.current).toBe(false);
    act(paintAndSettle);
    expect(result.current).toBe(false); // null is never painted
    rerender({ key: 'r1' });
    expect(result.current).toBe(false);
    act(paintAndSettle);
    expect(result.current).toBe(true);
    rerender({ key: 'r2' });
    expect(result.current).toBe(false);
    act(paintAndSettle);
    expect(result.current).toBe(true);
  });
});
