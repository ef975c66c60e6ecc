/**
 * zod alone, loaded (and its code run) in a task of its own before the analytics chunk
 * (app/main.tsx): together with the event schemas and the client they made one task of 80–90 ms
 * on a 4× slower CPU, a long task just after the first screen (docs/decisions/0036-first-screen.md).
 * The build puts zod in a chunk that both imports share, so nothing is loaded twice.
 */
import { z } from 'zod';

/** Runs zod's code and makes its first parser, in this task. */
export function warmUpSchemas(): void {
  z.string().safeParse('');
}
