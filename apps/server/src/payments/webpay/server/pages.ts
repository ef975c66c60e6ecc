/**
 * The server-rendered pages of the Webpay stand-in (the card form, its error pages and the
 * auto-submitting form that posts back to return_url), in Spanish or English by Accept-Language.
 * Built with the mail templates' auto-escaping `html` tag; every string is in COPY below.
 */
import { formatMoneyIn, pickLocale, type SupportedLocale } from '@comensal/domain';
import { html, SafeHtml } from '../../../mail/templates/html.ts';
import { WEBPAY_FORM_PATH } from '../rules.ts';
import type { CardView, FormProblem, ReturnTrip } from './core.ts';

/** The four choices the card page offers (the form also takes 'error' from tests). */
export const CARD_PAGE_OUTCOMES = ['approve', 'reject', 'abort', 'timeout'] as const;
type PageOutcome = (typeof CARD_PAGE_OUTCOMES)[number];

interface Copy {
  lang: string;
  moneyLocale: string;
  title: string;
  notice: string;
  commerce: string;
  buyOrder: string;
  amount: string;
  choose: string;
  timeLimit: string;
  buttons: Record<PageOutcome, { label: string; hint: string }>;
  problems: Record<FormProblem | 'bad-request', string>;
  returning: string;
  continue: string;
}

const COPY: Record<SupportedLocale, Copy> = {
  'es-ES': {
    lang: 'es',
    moneyLocale: 'es-CL',
    title: 'Webpay Plus · entorno de pruebas',
    notice: 'Simulador de Webpay Plus incluido en Comensal: aquí no se cobra dinero real.',
    commerce: 'Código de comercio',
    buyOrder: 'Orden de compra',
    amount: 'Monto',
    choose: '¿Cómo termina el pago?',
    timeLimit: 'Tienes 5 minutos desde que empezó el pago para elegir.',
    buttons: {
      approve: { label: 'Aprobar el pago', hint: 'La tarjeta se acepta y el comercio confirma el pago.' },
      reject: { label: 'Rechazar el pago', hint: 'El banco rechaza la tarjeta; no se cobra nada.' },
      abort: { label: 'Anular compra y volver', hint: 'Abandonas el pago y vuelves al comercio.' },
      timeout: {
        label: 'Simular tiempo agotado',
        hint: 'Como si pasaran 5 minutos sin elegir: Webpay devuelve al comercio.',
      },
    },
    problems: {
      unknown: 'Este pago no existe. Vuelve al comercio y empieza de nuevo.',
      expired: 'Se agotó el tiempo para pagar (5 minutos). Vuelve al comercio e inténtalo de nuevo.',
      finished: 'Este pago ya terminó. Vuelve al comercio para ver su estado.',
      'bad-request': 'La petición no es válida.',
    },
    returning: 'Volviendo al comercio…',
    continue: 'Continuar',
  },
  'en-US': {
    lang: 'en',
    moneyLocale: 'en-US',
    title: 'Webpay Plus · sandbox',
    notice: 'The Webpay Plus simulator built into Comensal: no real money is charged here.',
    commerce: 'Commerce code',
    buyOrder: 'Buy order',
    amount: 'Amount',
    choose: 'How does the payment end?',
    timeLimit: 'You have 5 minutes from the start of the payment to choose.',
    buttons: {
      approve: {
        label: 'Approve the payment',
        hint: 'The card is accepted and the shop confirms the payment.',
      },
      reject: { label: 'Reject the payment', hint: 'The bank declines the card; nothing is charged.' },
      abort: {
        label: 'Cancel and return to the shop',
        hint: 'You leave the payment and go back to the shop.',
      },
      timeout: {
        label: 'Simulate a time-out',
        hint: 'As if 5 minutes passed without a choice: Webpay sends you back to the shop.',
      },
    },
    problems: {
      unknown: 'This payment does not exist. Go back to the shop and start again.',
      expired: 'The time to pay ran out (5 minutes). Go back to the shop and try again.',
      finished: 'This payment has already finished. Go back to the shop to see how it went.',
      'bad-request': 'This request is not valid.',
    },
    returning: 'Returning to the shop…',
    continue: 'Continue',
  },
};

export function pageLocale(acceptLanguage: string | undefined): SupportedLocale {
  return pickLocale(null, acceptLanguage);
}

/** Dark text on white and white on the button colours: every pair is above 4.5:1 (WCAG AA). */
const STYLE = new SafeHtml(`
  body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
    color: #1f2328; background: #f4f1ee; }
  main { max-width: 32rem; margin: 2rem auto; padding: 1.5rem; background: #ffffff;
    border: 1px solid #d0c7c0; border-radius: 8px; }
  h1 { font-size: 1.375rem; margin: 0 0 0.5rem; }
  .notice { margin: 0 0 1rem; padding: 0.5rem 0.75rem; background: #fff4d6; border-left: 4px solid #8a5a00; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 1rem; margin: 0 0 1rem; }
  dt { color: #4d4540; } dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
  fieldset { border: 0; padding: 0; margin: 0; }
  legend { font-weight: 600; margin-bottom: 0.5rem; }
  .choice { margin: 0 0 0.75rem; }
  .choice p { margin: 0.25rem 0 0; color: #4d4540; font-size: 0.9375rem; }
  button { font: inherit; font-weight: 600; min-height: 44px; width: 100%; padding: 0.5rem 1rem;
    border-radius: 6px; border: 2px solid #1f2328; background: #ffffff; color: #1f2328; cursor: pointer; }
  button.approve { background: #17632a; border-color: #17632a; color: #ffffff; }
  button.reject { background: #a61b0f; border-color: #a61b0f; color: #ffffff; }
  button:focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
`);

function page(copy: Copy, title: string, content: SafeHtml, script?: SafeHtml): string {
  return html`<!doctype html>
    <html lang="${copy.lang}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title}</title>
        <style>
          ${STYLE}
        </style>
      </head>
      <body>
        <main>${content}</main>
        ${script ?? null}
      </body>
    </html>`.value;
}

export function renderCardPage(view: CardView, locale: SupportedLocale): string {
  const copy = COPY[locale];
  const choices = CARD_PAGE_OUTCOMES.map((outcome) => {
    const { label, hint } = copy.buttons[outcome];
    return html`<div class="choice">
      <button
        type="submit"
        name="outcome"
        value="${outcome}"
        class="${outcome}"
        aria-describedby="hint-${outcome}"
      >
        ${label}
      </button>
      <p id="hint-${outcome}">${hint}</p>
    </div>`;
  });
  return page(
    copy,
    copy.title,
    html`<h1>${copy.title}</h1>
      <p class="notice">${copy.notice}</p>
      <dl>
        <dt>${copy.commerce}</dt>
        <dd>${view.commerceCode}</dd>
        <dt>${copy.buyOrder}</dt>
        <dd>${view.buyOrder}</dd>
        <dt>${copy.amount}</dt>
        <dd>${formatMoneyIn(view.amount, 'CLP', copy.moneyLocale)}</dd>
      </dl>
      <form method="post" action="${WEBPAY_FORM_PATH}">
        <input type="hidden" name="token_ws" value="${view.token}" />
        <fieldset>
          <legend>${copy.choose}</legend>
          <p>${copy.timeLimit}</p>
          ${choices}
        </fieldset>
      </form>`,
  );
}

export function renderProblemPage(problem: FormProblem | 'bad-request', locale: SupportedLocale): string {
  const copy = COPY[locale];
  return page(
    copy,
    copy.title,
    html`<h1>${copy.title}</h1>
      <p role="alert">${copy.problems[problem]}</p>`,
  );
}

/** POST mode: a form that submits itself to return_url (a button when scripts are off). */
export function renderReturnForm(trip: ReturnTrip, locale: SupportedLocale): string {
  const copy = COPY[locale];
  const inputs = Object.entries(trip.params).map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`,
  );
  return page(
    copy,
    copy.returning,
    html`<h1>${copy.returning}</h1>
      <form id="return" method="post" action="${trip.url}">
        ${inputs}
        <button type="submit">${copy.continue}</button>
      </form>`,
    html`<script>
      document.getElementById('return').submit();
    </script>`,
  );
}
