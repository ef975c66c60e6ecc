import { type ReactNode, Suspense } from 'react';

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

/** Runs `hydrate` (Preact's synchronous `hydrateRoot`) with the deferred parts of the page suspending. */
export function hydratingPageSoon(hydrate: () => void): void {
  hydrationOpen = true;
  try {
    hydrate();
  } finally {
    hydrationOpen = false;
  }
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
  return <div className="contents">{children}</div>;
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
