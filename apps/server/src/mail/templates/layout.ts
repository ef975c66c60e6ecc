/**
 * The one layout every e-mail shares: a table-based, inline-styled HTML page (what mail clients
 * render reliably) and the matching plain-text alternative, both built from `EmailContent`.
 */
import { html } from './html.ts';
import type { EmailContent, Locale } from './types.ts';

export const BRAND_COLOR = '#b4411d';
const TEXT_COLOR = '#2b2320';
const MUTED_COLOR = '#7a6a63';
const PAGE_COLOR = '#f6efe9';
const PANEL_COLOR = '#fbf5f1';
const FONT = 'Helvetica, Arial, sans-serif';

const LAYOUT_COPY = {
  'es-ES': {
    lang: 'es',
    fallback: '¿El botón no funciona? Copia y pega este enlace en tu navegador:',
    tagline: 'Comensal: descubre restaurantes, reserva, pide y paga desde la mesa.',
  },
  'en-US': {
    lang: 'en',
    fallback: 'Button not working? Copy and paste this link into your browser:',
    tagline: 'Comensal: discover restaurants, book, order and pay from your table.',
  },
} as const satisfies Record<Locale, { lang: string; fallback: string; tagline: string }>;

export function renderHtml(
  content: EmailContent,
  options: { locale: Locale; subject: string; publicUrl: string },
): string {
  const copy = LAYOUT_COPY[options.locale];
  const paragraph = (text: string) =>
    html`<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:${TEXT_COLOR};">${text}</p>`;

  const details =
    content.details && content.details.length > 0
      ? html`<table
          role="presentation"
          width="100%"
          cellpadding="0"
          cellspacing="0"
          border="0"
          style="margin:8px 0 24px;border-collapse:collapse;background-color:${PANEL_COLOR};border-left:4px solid ${BRAND_COLOR};"
        >
          ${content.details.map(
            (row) =>
              html`<tr>
                <td
                  style="padding:10px 12px;font-size:14px;line-height:1.4;color:${MUTED_COLOR};white-space:nowrap;vertical-align:top;"
                >
                  ${row.label}
                </td>
                <td
                  style="padding:10px 12px;font-size:16px;line-height:1.4;font-weight:bold;color:${TEXT_COLOR};"
                >
                  ${row.value}
                </td>
              </tr> `,
          )}
        </table> `
      : null;

  const action = content.action
    ? html`<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;">
          <tr>
            <td
              align="center"
              bgcolor="${BRAND_COLOR}"
              style="border-radius:6px;background-color:${BRAND_COLOR};"
            >
              <a
                href="${content.action.url}"
                target="_blank"
                style="display:inline-block;padding:12px 28px;font-family:${FONT};font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px;"
                >${content.action.label}</a
              >
            </td>
          </tr>
        </table>
        <p style="margin:0 0 8px;font-size:13px;line-height:1.5;color:${MUTED_COLOR};">
          ${copy.fallback}<br />
          <a href="${content.action.url}" target="_blank" style="color:${BRAND_COLOR};word-break:break-all;"
            >${content.action.url}</a
          >
        </p> `
    : null;

  return html`<!doctype html>
    <html lang="${copy.lang}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>${options.subject}</title>
      </head>
      <body style="margin:0;padding:0;background-color:${PAGE_COLOR};">
        <div style="display:none;max-height:0;overflow:hidden;opacity:0;">${content.preheader}</div>
        <table
          role="presentation"
          width="100%"
          cellpadding="0"
          cellspacing="0"
          border="0"
          style="background-color:${PAGE_COLOR};"
        >
          <tr>
            <td align="center" style="padding:24px 12px;">
              <table
                role="presentation"
                width="600"
                cellpadding="0"
                cellspacing="0"
                border="0"
                style="width:100%;max-width:600px;background-color:#ffffff;border-radius:8px;font-family:${FONT};color:${TEXT_COLOR};"
              >
                <tr>
                  <td
                    style="background-color:${BRAND_COLOR};border-radius:8px 8px 0 0;padding:20px 32px;font-size:22px;font-weight:bold;letter-spacing:0.5px;color:#ffffff;"
                  >
                    Comensal
                  </td>
                </tr>
                <tr>
                  <td style="padding:32px 32px 16px;">
                    <h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${TEXT_COLOR};">
                      ${content.heading}
                    </h1>
                    ${content.paragraphs.map(paragraph)} ${details} ${action}
                  </td>
                </tr>
                <tr>
                  <td
                    style="padding:16px 32px 24px;border-top:1px solid #eee2da;font-size:12px;line-height:1.5;color:${MUTED_COLOR};"
                  >
                    ${content.footnote}<br />
                    ${copy.tagline}
                    <a href="${options.publicUrl}/" target="_blank" style="color:${BRAND_COLOR};"
                      >${displayHost(options.publicUrl)}</a
                    >
                  </td>
                </tr>
              </table>
            </td>
          </tr>
        </table>
      </body>
    </html> `.value.replace(/\n\s*/g, '\n'); // the indentation is for reading the source, not for the wire
}

export function renderText(content: EmailContent, options: { locale: Locale; publicUrl: string }): string {
  const copy = LAYOUT_COPY[options.locale];
  const blocks = [content.heading, ...content.paragraphs];
  if (content.details && content.details.length > 0) {
    blocks.push(content.details.map((row) => `${row.label}: ${row.value}`).join('\n'));
  }
  if (content.action) blocks.push(`${content.action.label}: ${content.action.url}`);
  blocks.push(`--\n${content.footnote}\n${copy.tagline} ${options.publicUrl}/`);
  return `${blocks.join('\n\n')}\n`;
}

function displayHost(publicUrl: string): string {
  try {
    return new URL(publicUrl).host;
  } catch {
    return publicUrl;
  }
}
