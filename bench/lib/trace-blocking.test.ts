import { describe, expect, it } from 'vitest';
import { blockingOfTrace, type TraceEvent } from './trace-blocking.ts';

const PAGE = { pid: 7, tid: 7 };
const navigation: TraceEvent = {
  name: 'navigationStart',
  ph: 'R',
  ...PAGE,
  ts: 1_000,
  args: { data: { isLoadingMainFrame: true, documentLoaderURL: 'http://127.0.0.1:4000/' } },
};
const paint: TraceEvent = { name: 'firstContentfulPaint', ph: 'R', ...PAGE, ts: 100_000 };
const task = (ts: number, dur: number, tdur: number, where = PAGE): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  ...where,
  ts,
  dur,
  tdur,
});

describe('blockingOfTrace', () => {
  it('counts what each task after the first paint lasts beyond 50 ms at 4×, by wall and by thread time', () => {
    const events = [
      navigation,
      task(50_000, 40_000, 40_000), // before the paint: not counted
      paint,
      task(110_000, 20_000, 20_000), // 80 ms at 4×: 30 by both
      task(140_000, 37_000, 100), // waiting for the CPU: 98 by the wall, 0 by the thread
      task(200_000, 10_000, 10_000), // 40 ms at 4×: short
      task(210_000, 30_000, 30_000, { pid: 7, tid: 9 }), // another thread
      task(250_000, 30_000, 30_000, { pid: 8, tid: 8 }), // another process
    ];
    expect(blockingOfTrace(events)).toEqual({ wallMs: 128, cpuMs: 30 });
    expect(blockingOfTrace(events, 1)).toEqual({ wallMs: 0, cpuMs: 0 });
  });

  it('answers null without a page navigation or a first contentful paint', () => {
    expect(blockingOfTrace([paint, task(110_000, 20_000, 20_000)])).toBeNull();
    expect(blockingOfTrace([navigation, task(110_000, 20_000, 20_000)])).toBeNull();
    const blank = {
      ...navigation,
      args: { data: { isLoadingMainFrame: true, documentLoaderURL: 'about:blank' } },
    };
    expect(blockingOfTrace([blank, paint])).toBeNull();
  });
});
