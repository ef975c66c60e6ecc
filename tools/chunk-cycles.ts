// Chunks of a build that import each other (apps/web/vite.config.ts fails the build on any).
//
// When two chunks import each other statically, which one's code runs first depends on the page
// the diner lands on: a module that reads another's export while its own chunk is evaluated (a
// query key root, a table of messages) then finds it not yet defined, and the page fails to start
// only when it is opened first. Grouping small modules into shared files (the `codeSplitting`
// groups) is what can make such a pair, so the build refuses one rather than the diner finding it.
//
// TypeScript, imported by the web build's config (Vite compiles it) and by its test.

/**
 * The groups of chunks that reach one another through static imports (Tarjan's strongly
 * connected components of more than one chunk, or a chunk importing itself), each sorted, in the
 * order they are completed. `imports`: each chunk's file and the files it imports statically.
 */
export function chunkCycles(imports: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;

  function visit(chunk: string): void {
    index.set(chunk, next);
    low.set(chunk, next);
    next += 1;
    stack.push(chunk);
    onStack.add(chunk);
    for (const imported of imports.get(chunk) ?? []) {
      if (!index.has(imported)) {
        visit(imported);
        low.set(chunk, Math.min(low.get(chunk) ?? 0, low.get(imported) ?? 0));
      } else if (onStack.has(imported)) {
        low.set(chunk, Math.min(low.get(chunk) ?? 0, index.get(imported) ?? 0));
      }
    }
    if (low.get(chunk) !== index.get(chunk)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== chunk);
    const importsItself = (imports.get(chunk) ?? []).includes(chunk);
    if (group.length > 1 || importsItself) cycles.push(group.sort());
  }

  for (const chunk of imports.keys()) if (!index.has(chunk)) visit(chunk);
  return cycles;
}
