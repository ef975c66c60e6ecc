import { useEffect, useRef, useState } from 'react';
import {
  addHighlights,
  CUE_HIGHLIGHT_MS,
  type BoardCue,
  boardCues,
  type CueReservation,
  type Highlights,
  NO_HIGHLIGHTS,
} from './board-cues';
import { beep, isMuted } from './cue-sound';

/**
 * Watches the board's successive reads: each new assistance call or order highlights its table,
 * is announced (the returned `announcement`, for an aria-live region) and beeps unless muted.
 * `key` (restaurant and date) restarts the comparison: another day's board is not news.
 */
export function useBoardCues(
  key: string,
  reservations: ReadonlyArray<CueReservation> | undefined,
  describe: (cues: ReadonlyArray<BoardCue>) => string,
  play: () => unknown = beep,
): { highlights: Highlights; announcement: string; now: number } {
  const previous = useRef<{ key: string; reservations: ReadonlyArray<CueReservation> } | null>(null);
  const [state, setState] = useState({ highlights: NO_HIGHLIGHTS, announcement: '', now: 0 });
  const latest = useRef({ describe, play });
  useEffect(() => {
    latest.current = { describe, play };
  });

  useEffect(() => {
    if (!reservations) return;
    const before = previous.current?.key === key ? previous.current.reservations : null;
    previous.current = { key, reservations };
    const cues = boardCues(before, reservations);
    if (cues.length === 0) return;
    const now = Date.now();
    // A state update from a new read of the board (an external system), not from a render.
    setState((current) => ({
      highlights: addHighlights(current.highlights, cues, now),
      announcement: latest.current.describe(cues),
      now,
    }));
    if (!isMuted()) latest.current.play();
  }, [key, reservations]);

  // Let the highlights fade: one render after the newest one ends.
  useEffect(() => {
    if (state.highlights.until.size === 0) return undefined;
    const timer = setTimeout(
      () => setState((current) => ({ ...current, now: Date.now() })),
      CUE_HIGHLIGHT_MS,
    );
    return () => clearTimeout(timer);
  }, [state.highlights]);

  return state;
}
