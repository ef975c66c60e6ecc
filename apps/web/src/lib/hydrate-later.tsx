import { type ReactNode, Suspense, useEffect } from 'react';

/**
 * Taking a server-written page over in two tasks instead of one (docs/decisions/0036-first-screen.md).
 * Preact hydrates a tree in one task, ≈ 25 ms of CPU for a written menu here (100 ms on a 4×
 * slower phone CPU, a long task). During that pass `HydrateLater` suspends once: Preact keeps the
 * server's element for it as it is (its one root element, with everything inside) and goes on with
 * the rest of the page; the next task takes that element over, its handlers and effects included.
 *
 * Only during the hydration pass that `main.tsx` opens with {@link hydratingPageSoon}: the server's
 * render, the app's own drawing and the tests never suspend here.
 */

let hydrationOpen = false;
let resume: Promise<void> | null = null;
/** The page is being taken over: the event is still to be sent. */
let announcing = false;

/**
 * Sent on `document` once the app has taken a written page over, its deferred part included: the
 * early-requests script (apps/web/early-requests.js) then hands over the taps and changes it kept
 * until then.
 */
export const TAKEN_OVER_EVENT = 'comensal:taken-over';

function announceTakenOver(): void {
  if (!announcing) return;
  announcing = false;
  document.dispatchEvent(new Event(TAKEN_OVER_EVENT));
}

/** Runs `hydrate` (Preact's synchronous `hydrateRoot`) with the deferred parts of the page suspending. */
export function hydratingPageSoon(hydrate: () => void): void {
  hydrationOpen = true;
  announcing = true;
  try {
    hydrate();
  } finally {
    hydrationOpen = false;
  }
  // nothing deferred: the page is the app's now (else the deferred part says so, below)
  if (resume === null) setTimeout(announceTakenOver, 0);
}

/** Renders nothing; its effect runs once the deferred part it closes has been taken over. */
function TakenOver() {
  useEffect(announceTakenOver, []);
  return null;
}

function nextTask(): Promise<void> {
  resume ??= new Promise<void>((resolve) => setTimeout(resolve, 0)).finally(() => {
    resume = null;
  });
  return resume;
}

function Deferred({ children }: { children: ReactNode }) {
  // A thrown promise is how a component says "not yet" to Suspense (and to Preact's hydration).
  if (hydrationOpen) throw nextTask();
  return (
    <div className="contents">
      {children}
      <TakenOver />
    </div>
  );
}

/**
 * Its children, in one element that takes no box of its own (`display: contents`), taken over from
 * the server's markup in a task after the rest of the page.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Deferred>{children}</Deferred>
    </Suspense>
  );
}
