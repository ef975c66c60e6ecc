/** The `[name, value]` pairs of a `Cookie` header, in order (none for a missing header). */
export function cookiePairs(header: string | undefined): [string, string][] {
  const pairs: [string, string][] = [];
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    const name = (at < 0 ? part : part.slice(0, at)).trim();
    if (name !== '') pairs.push([name, at < 0 ? '' : part.slice(at + 1).trim()]);
  }
  return pairs;
}
