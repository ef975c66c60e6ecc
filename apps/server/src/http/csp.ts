/**
 * Content-Security-Policy helpers (docs/security.md#security-headers): the hashes of a page's
 * inline scripts and styles, so that a page the server sends (the web app's index.html, the
 * Webpay sandbox's pages) runs exactly its own inline code and nothing injected.
 */
import { createHash } from 'node:crypto';

/** A CSP source for `text`: `'sha256-<base64>'` of its UTF-8 bytes. */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The hashes of every inline `<script>` (one without `src`) and `<style>` element of `html`. */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const match of html.matchAll(/<(script|style)\b([^>]*)>([\s\S]*?)<\/\1\s*>/gi)) {
    const [, tag = '', attributes = '', content = ''] = match;
    if (tag.toLowerCase() === 'style') styles.push(cspHash(content));
    else if (!/\bsrc\s*=/i.test(attributes)) scripts.push(cspHash(content));
  }
  return { scripts, styles };
}

/** `directives` as a header value; a directive with no sources is written alone. */
export function serializeCsp(directives: Readonly<Record<string, readonly string[]>>): string {
  return Object.entries(directives)
    .map(([name, sources]) => (sources.length > 0 ? `${name} ${sources.join(' ')}` : name))
    .join('; ');
}
