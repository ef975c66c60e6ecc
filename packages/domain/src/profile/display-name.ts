/**
 * What a display name may be (docs/product.md#display-names): other diners read it, and the app
 * puts it in e-mails to people who never met its author — so it is short and carries no link, web
 * address or e-mail address that could lure a reader somewhere ("Banco: verifique su cuenta en
 * evil.example").
 */
export type DisplayNameProblem = 'EMPTY' | 'TOO_LONG' | 'CONTROL' | 'LINK';

/** A scheme (`https://`, `hxxp://`), `www.`, an e-mail address, or a domain (`evil.example`, `evil。example`). */
const LINK_PATTERNS: readonly RegExp[] = [
  /[a-z][a-z0-9+.-]*:\/\//iu,
  /\bwww[.。．]/iu,
  /@/u,
  /[\p{L}\p{N}-][.。．][\p{L}]{2,}/u,
  /\/\//u,
];

/** What is wrong with a trimmed display name, or null; `max` is the product's limit in characters. */
export function displayNameProblem(name: string, max: number): DisplayNameProblem | null {
  if (name.trim().length === 0) return 'EMPTY';
  if ([...name].length > max) return 'TOO_LONG';
  if (/\p{Cc}/u.test(name)) return 'CONTROL';
  if (LINK_PATTERNS.some((pattern) => pattern.test(name))) return 'LINK';
  return null;
}
