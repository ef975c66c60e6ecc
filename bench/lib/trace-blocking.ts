/**
 * The page's blocking time read from a Lighthouse trace in two ways, to tell the page's own work
 * from the machine's: Lighthouse's total blocking time times each main-thread task by the wall
 * clock, and on a machine of few cores a task also lasts while the page's thread waits for the CPU
 * (an empty task of 37 ms had used 0.1 ms of it). Its thread time counts only the page's own.
 */

/** A trace event, as much of it as is read here (Chrome's trace event format; times in µs). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  /** wall time */
  dur?: number;
  /** the thread's CPU time */
  tdur?: number;
  args?: { data?: { isLoadingMainFrame?: boolean; documentLoaderURL?: string } };
}

export interface Blocking {
  /** Σ over tasks after the first contentful paint of max(0, slowdown × wall − 50 ms). */
  wallMs: number;
  /** the same from each task's thread time: the page's own work */
  cpuMs: number;
}

/** A task blocks the page for what it lasts beyond 50 ms (on the slowed CPU). */
const BLOCKING_FROM_MS = 50;

/**
 * Blocking time of the page's main thread from its first contentful paint to the end of the
 * trace, each task slowed `slowdown` times (Lighthouse's mobile CPU: 4). Null when the trace has no
 * navigation of a page or no first contentful paint.
 */
export function blockingOfTrace(events: readonly TraceEvent[], slowdown = 4): Blocking | null {
  const navigation = events.find(
    (event) =>
      event.name === 'navigationStart' &&
      event.args?.data?.isLoadingMainFrame === true &&
      /^https?:/.test(event.args.data.documentLoaderURL ?? ''),
  );
  if (!navigation) return null;
  const paint = events.find(
    (event) =>
      event.name === 'firstContentfulPaint' && event.pid === navigation.pid && event.ts >= navigation.ts,
  );
  if (!paint) return null;
  const blocking = { wallMs: 0, cpuMs: 0 };
  for (const event of events) {
    if (event.name !== 'RunTask' || event.ph !== 'X') continue;
    if (event.pid !== navigation.pid || event.tid !== navigation.tid || event.ts < paint.ts) continue;
    const over = (micros: number | undefined) =>
      Math.max(0, ((micros ?? 0) / 1000) * slowdown - BLOCKING_FROM_MS);
    blocking.wallMs += over(event.dur);
    blocking.cpuMs += over(event.tdur);
  }
  return { wallMs: Math.round(blocking.wallMs), cpuMs: Math.round(blocking.cpuMs) };
}
