import type { FunnelStep } from '@comensal/contracts';

export interface FunnelRow {
  step: FunnelStep;
  visitors: number;
  /** Share of the first step's visitors, 0–100 (null when the first step has none). */
  ofFirst: number | null;
  /** Visitors lost since the step before, 0–100 of that step (null for the first step or none before). */
  dropOff: number | null;
}

const percent = (part: number, whole: number) => Math.round((part / whole) * 1000) / 10;

/**
 * The funnel's rows with their percentages. Steps count on their own (a diner may reach the menu
 * by a table's QR code), so a step can hold more visitors than the one before: no drop-off then (0).
 */
export function funnelRows(steps: readonly { step: FunnelStep; visitors: number }[]): FunnelRow[] {
  const first = steps[0]?.visitors ?? 0;
  return steps.map((entry, index) => {
    const before = index === 0 ? null : (steps[index - 1]?.visitors ?? 0);
    return {
      ...entry,
      ofFirst: first > 0 ? percent(entry.visitors, first) : null,
      dropOff: before === null || before === 0 ? null : percent(Math.max(0, before - entry.visitors), before),
    };
  });
}
