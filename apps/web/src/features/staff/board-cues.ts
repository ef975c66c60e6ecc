/**
 * What changed on the staff board between two reads that deserves a cue (a highlight, an
 * announcement and a beep): a table that started calling for assistance, a table that sent new
 * orders. Live events carry ids, not state, so the board is read again on every event and the
 * cues come from comparing the two reads.
 */

/** The parts of a board reservation the cues look at (the board's reservation shape fits). */
export interface CueReservation {
  id: string;
  requestedAssistance: boolean;
  orders: ReadonlyArray<{ id: string }>;
}

export type CueKind = 'assistance' | 'order';

export interface BoardCue {
  kind: CueKind;
  reservationId: string;
  /** How many orders are new (1 for an assistance call). */
  count: number;
}

/**
 * Cues from `previous` to `next`. The first read (`previous` null) gives none: what was there
 * before the screen opened is shown, not announced. A reservation that appears later with a call
 * or with orders is announced.
 */
export function boardCues(
  previous: ReadonlyArray<CueReservation> | null,
  next: ReadonlyArray<CueReservation>,
): BoardCue[] {
  if (previous === null) return [];
  const before = new Map(previous.map((reservation) => [reservation.id, reservation]));
  const cues: BoardCue[] = [];
  for (const reservation of next) {
    const old = before.get(reservation.id);
    if (reservation.requestedAssistance && !old?.requestedAssistance) {
      cues.push({ kind: 'assistance', reservationId: reservation.id, count: 1 });
    }
    const known = new Set(old?.orders.map((order) => order.id) ?? []);
    const added = reservation.orders.filter((order) => !known.has(order.id)).length;
    if (added > 0) cues.push({ kind: 'order', reservationId: reservation.id, count: added });
  }
  return cues;
}

/** How long a table stays highlighted after a cue. */
export const CUE_HIGHLIGHT_MS = 8000;

export interface Highlights {
  /** reservation id → when its highlight ends (ms since epoch) */
  readonly until: ReadonlyMap<string, number>;
}

/** The highlights after `cues` arrived at `now` (expired ones dropped). */
export function addHighlights(current: Highlights, cues: ReadonlyArray<BoardCue>, now: number): Highlights {
  const until = new Map([...current.until].filter(([, end]) => end > now));
  for (const cue of cues) until.set(cue.reservationId, now + CUE_HIGHLIGHT_MS);
  return { until };
}

export const NO_HIGHLIGHTS: Highlights = { until: new Map() };

export function isHighlighted(highlights: Highlights, reservationId: string, now: number): boolean {
  return (highlights.until.get(reservationId) ?? 0) > now;
}
