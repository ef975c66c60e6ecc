/**
 * PostgreSQL's text types cannot hold the NUL character (U+0000): a query carrying one fails
 * (SQLSTATE 22021) instead of storing or finding anything. Input is refused before it gets
 * there (plugins/input-guard.ts, lib/cursor.ts; docs/security.md#errors-and-hostile-input).
 */

/** Where the first NUL character is in `value` (a string, a key or a string inside arrays and objects): a dotted path, '' for the value itself; null when there is none. */
export function nulPath(value: unknown): string | null {
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path;
    } else if (Array.isArray(current)) {
      current.forEach((item, index) =>
        stack.push({ value: item, path: path ? `${path}.${index}` : `${index}` }),
      );
    } else if (current !== null && typeof current === 'object' && !ArrayBuffer.isView(current)) {
      const prototype = Object.getPrototypeOf(current) as unknown;
      if (prototype !== Object.prototype && prototype !== null) continue; // streams, files…
      for (const [key, item] of Object.entries(current)) {
        const at = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return at;
        stack.push({ value: item, path: at });
      }
    }
  }
  return null;
}
