import { formatTimeOfDay, MINUTES_PER_DAY, parseTimeOfDay } from '@comensal/domain';

export { formatLocalDate } from '@/lib/format';

/** "21:30–22:30": start and end in the restaurant's zone, 24-hour. */
export function formatTimeRange(startAt: string, duration: number): string {
  const end = (parseTimeOfDay(startAt) + duration) % MINUTES_PER_DAY;
  return `${startAt}–${formatTimeOfDay(end)}`;
}
