// The booking form's slot computations (packages/domain/src/reservations/slots.ts) at their worst:
// the browser's 61-day date list, one day's start times, and the server's next free slot when
// every table of a busy restaurant is held for the whole booking horizon but its last evening.
// Prints the median of a few runs; no assertion (docs: performance is measured, not asserted).
import {
  addDays,
  bookableStarts,
  bookingDays,
  instantFromLocal,
  nextFreeSlot,
  type ClashCandidate,
  type OpeningHours,
} from '@comensal/domain';

const ZONE = 'Europe/Madrid';
const HOURS: OpeningHours = Array.from({ length: 7 }, () => [
  { open: '12:00', close: '16:00' },
  { open: '20:00', close: '00:00' },
]);
const DAYS = 60;
const TABLES = Array.from({ length: 20 }, (_, index) => ({ roomId: 'room', tableId: `table-${index}` }));
const now = new Date('2026-03-02T08:00:00Z');
const today = '2026-03-02';

function median(run: () => unknown, times = 7): number {
  const samples: number[] = [];
  for (let index = 0; index < times; index += 1) {
    const start = performance.now();
    run();
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b)[Math.floor(times / 2)] ?? Number.NaN;
}

// every table held in 2-hour blocks over both windows of every day but the last evening
const reservations: ClashCandidate[] = [];
for (let offset = 0; offset <= DAYS; offset += 1) {
  const date = addDays(today, offset);
  const blocks = offset === DAYS ? ['12:00', '14:00'] : ['12:00', '14:00', '20:00', '22:00'];
  for (const table of TABLES) {
    for (const startAt of blocks) {
      const start = instantFromLocal(date, startAt, ZONE);
      reservations.push({
        status: 'confirmed',
        table,
        time: { start, end: new Date(start.getTime() + 7_200_000) },
      });
    }
  }
}
const until = new Date(now.getTime() + DAYS * 86_400_000 + 86_400_000);

const worstCase = () =>
  nextFreeSlot({
    hours: HOURS,
    timeZone: ZONE,
    from: now,
    until,
    duration: 60,
    tables: TABLES,
    reservations,
  });
const found = worstCase();
console.info(
  `next free slot: ${found?.date} ${found?.startAt} (${reservations.length} reservations, ${TABLES.length} tables)`,
);
console.info(
  `bookingDays, ${DAYS + 1} days:          ${median(() => bookingDays(HOURS, ZONE, now, DAYS)).toFixed(1)} ms`,
);
console.info(
  `bookableStarts, one day:          ${median(() => bookableStarts(HOURS, ZONE, today)).toFixed(2)} ms`,
);
console.info(`nextFreeSlot, whole horizon full: ${median(worstCase).toFixed(1)} ms`);
