import type { z } from 'zod';

export const LOCALES = ['es-ES', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];

/** What every template produces; the layout turns it into HTML and plain text. */
export interface EmailContent {
  /** Hidden preview line shown by mail clients next to the subject. */
  preheader: string;
  heading: string;
  paragraphs: string[];
  /** Label / value rows, e.g. restaurant and date. */
  details?: { label: string; value: string }[];
  /** The call to action; `url` is absolute (see `TemplateContext.link`). */
  action?: { label: string; url: string };
  /** Small print: why the recipient gets this e-mail. */
  footnote: string;
}

export interface TemplateContext {
  locale: Locale;
  /** The app's origin without trailing slash, e.g. "https://comensal.example". */
  publicUrl: string;
  /**
   * An absolute http(s) URL for a link parameter: relative paths are resolved against
   * `publicUrl`; any other scheme (javascript:, data:…) is refused.
   */
  link(url: string, param: string): string;
}

export interface EmailTemplate<S extends z.ZodType = z.ZodType> {
  /** The template's own parameters (without `locale`). */
  params: S;
  /**
   * The subject in each language: fixed text, never a parameter — a name or any other text a
   * diner typed must not reach a mail client's subject line (docs/security.md#no-phishing-through-the-app).
   */
  subject: Readonly<Record<Locale, string>>;
  content(params: z.output<S>, context: TemplateContext): EmailContent;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** Keeps the parameter type of each template while checking its shape. */
export function defineTemplate<S extends z.ZodType>(template: EmailTemplate<S>): EmailTemplate<S> {
  return template;
}
