import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html.ts';
import {
  BRAND_COLOR,
  LOCALES,
  renderEmail,
  TEMPLATE_NAMES,
  type TemplateName,
  type TemplateParams,
} from './index.ts';

const PUBLIC_URL = 'https://comensal.example';
const EVIL = `<img src=x onerror="alert('x')">&`;

/** Every template with every parameter set to something that must be escaped in HTML. */
const HOSTILE: { [N in TemplateName]: Omit<TemplateParams<N>, 'locale'> } = {
  account_created: { displayName: EVIL },
  reservation_invitation: {
    inviterName: EVIL,
    restaurantName: EVIL,
    dateTime: EVIL,
    invitationUrl: '/invitations/1?a="b"&c=<d>',
  },
  reservation_confirmation: { restaurantName: EVIL, dateTime: EVIL, reservationUrl: '/reservations/1' },
  reservation_cancelled: { restaurantName: EVIL, dateTime: EVIL, reservationUrl: '/reservations/1' },
  payment_receipt: {
    restaurantName: EVIL,
    dateTime: EVIL,
    method: 'mobile_transfer',
    lines: [{ name: EVIL, quantity: 2, amount: EVIL, share: true }],
    amount: EVIL,
    tip: EVIL,
    total: EVIL,
    cardLast4: null,
    bankReference: EVIL,
    pointsEarned: 3,
    reservationUrl: '/r/1',
  },
  payment_rejected: {
    restaurantName: EVIL,
    method: 'cash',
    total: EVIL,
    reason: EVIL,
    reservationUrl: '/r/1',
  },
  // only links: a hostile one is encoded into the URL
  email_verification: { verifyUrl: `/verify-email?token="'<x>` },
  password_reset: { resetUrl: `/reset-password?token="'<x>` },
};

/** Templates whose only parameters are links (nothing of EVIL shows as text). */
const LINKS_ONLY: readonly TemplateName[] = ['email_verification', 'password_reset'];

/** Fixed text: no parameter ever reaches a subject (docs/security.md#no-phishing-through-the-app). */
const SUBJECTS: Record<TemplateName, Record<(typeof LOCALES)[number], string>> = {
  account_created: { 'es-ES': 'Tu cuenta de Comensal está lista', 'en-US': 'Your Comensal account is ready' },
  reservation_invitation: {
    'es-ES': 'Tienes una invitación en Comensal',
    'en-US': 'You have an invitation on Comensal',
  },
  reservation_confirmation: {
    'es-ES': 'Tu reserva está confirmada',
    'en-US': 'Your reservation is confirmed',
  },
  reservation_cancelled: { 'es-ES': 'Tu reserva se ha cancelado', 'en-US': 'Your reservation was cancelled' },
  payment_receipt: { 'es-ES': 'Tu pago en Comensal', 'en-US': 'Your payment on Comensal' },
  payment_rejected: {
    'es-ES': 'No se pudo confirmar tu pago',
    'en-US': 'Your payment could not be confirmed',
  },
  email_verification: {
    'es-ES': 'Confirma tu correo en Comensal',
    'en-US': 'Confirm your e-mail on Comensal',
  },
  password_reset: { 'es-ES': 'Cambia tu contraseña de Comensal', 'en-US': 'Reset your Comensal password' },
};

const FRIENDLY: { [N in TemplateName]: Omit<TemplateParams<N>, 'locale'> } = {
  account_created: { displayName: 'Ana' },
  reservation_invitation: {
    inviterName: 'Ana',
    restaurantName: 'Casa Lola',
    dateTime: '12/12 21:00',
    invitationUrl: '/i/1',
  },
  reservation_confirmation: { restaurantName: 'Casa Lola', dateTime: '12/12 21:00', reservationUrl: '/r/1' },
  reservation_cancelled: { restaurantName: 'Casa Lola', dateTime: '12/12 21:00', reservationUrl: '/r/1' },
  payment_receipt: {
    restaurantName: 'Casa Lola',
    dateTime: '12/12 21:00',
    method: 'webpay',
    lines: [
      { name: 'Pizza', quantity: 1, amount: '$5.000', share: true },
      { name: 'Agua', quantity: 2, amount: '$10.000', share: false },
      { name: null, quantity: 1, amount: '$0', share: false },
    ],
    amount: '$15.000',
    tip: '$1.500',
    total: '$16.500',
    cardLast4: '6623',
    bankReference: null,
    pointsEarned: 15,
    reservationUrl: '/restaurants/1/reservations/2/summary',
  },
  payment_rejected: {
    restaurantName: 'Casa Lola',
    method: 'mobile_transfer',
    total: '$16.500',
    reason: 'No llegó la transferencia',
    reservationUrl: '/r/1',
  },
  email_verification: { verifyUrl: '/verify-email?token=abc' },
  password_reset: { resetUrl: '/reset-password?token=abc' },
};

const render = <N extends TemplateName>(name: N, params: TemplateParams<N>) =>
  renderEmail(name, params, { publicUrl: PUBLIC_URL });

describe('escapeHtml', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe.each(TEMPLATE_NAMES)('template %s', (name) => {
  it.each(LOCALES)('has its own subject in %s', (locale) => {
    const email = render(name, { ...FRIENDLY[name], locale } as TemplateParams<typeof name>);
    expect(email.subject).toBe(SUBJECTS[name][locale]);
  });

  it('differs between Spanish and English in every part', () => {
    const es = render(name, { ...FRIENDLY[name], locale: 'es-ES' } as TemplateParams<typeof name>);
    const en = render(name, { ...FRIENDLY[name], locale: 'en-US' } as TemplateParams<typeof name>);
    expect(es.html).toContain('lang="es"');
    expect(en.html).toContain('lang="en"');
    expect(es.text).not.toBe(en.text);
    expect(es.subject).not.toBe(en.subject);
  });

  it.each(LOCALES)('never puts a parameter in the subject (%s)', (locale) => {
    const email = render(name, { ...HOSTILE[name], locale } as TemplateParams<typeof name>);
    expect(email.subject).toBe(SUBJECTS[name][locale]);
    expect(email.subject).not.toContain(EVIL);
  });

  it.each(LOCALES)('escapes every parameter in the HTML (%s) and keeps the text readable', (locale) => {
    const email = render(name, { ...HOSTILE[name], locale } as TemplateParams<typeof name>);
    expect(email.html).not.toContain('<img');
    expect(email.html).not.toContain(`onerror="`);
    expect(email.html).toContain(BRAND_COLOR);
    expect(email.html).toMatch(/^<!doctype html>/);
    if (LINKS_ONLY.includes(name)) {
      expect(email.html).not.toContain(`"'<x>`);
    } else {
      expect(email.html).toContain(escapeHtml(EVIL));
      expect(email.text).toContain(EVIL);
    }
    expect(email.text).not.toContain('<table');
    if (name === 'reservation_invitation') {
      const href = `${PUBLIC_URL}/invitations/1?a=%22b%22&c=%3Cd%3E`;
      expect(email.html).toContain(`href="${escapeHtml(href)}"`);
      expect(email.text).toContain(href);
    }
  });
});

describe('renderEmail', () => {
  it('keeps an explicit subject on one line', () => {
    const email = renderEmail(
      'account_created',
      { locale: 'en-US', displayName: 'Ana' },
      { publicUrl: PUBLIC_URL, subject: 'Hello\r\nBcc: x@evil.test' },
    );
    expect(email.subject).toBe('Hello Bcc: x@evil.test');
  });

  it('links the welcome button to PUBLIC_URL', () => {
    const email = render('account_created', { locale: 'es-ES', displayName: 'Ana' });
    expect(email.html).toContain(`<a href="${PUBLIC_URL}/" target="_blank"`);
  });

  it('accepts absolute http(s) links and refuses other schemes', () => {
    const ok = render('reservation_confirmation', {
      locale: 'es-ES',
      restaurantName: 'Casa Lola',
      dateTime: 'hoy',
      reservationUrl: 'https://other.example/r/1',
    });
    expect(ok.text).toContain('Ver reserva: https://other.example/r/1');
    for (const reservationUrl of ['javascript:alert(1)', 'data:text/html,hi', 'mailto:a@b.c']) {
      expect(() =>
        render('reservation_confirmation', {
          locale: 'es-ES',
          restaurantName: 'X',
          dateTime: 'hoy',
          reservationUrl,
        }),
      ).toThrow(expect.objectContaining({ code: 'INVALID_PARAMS' }));
    }
  });

  it('refuses blank parameters', () => {
    expect(() => render('account_created', { locale: 'es-ES', displayName: '   ' })).toThrow(
      expect.objectContaining({
        code: 'INVALID_PARAMS',
        details: [expect.objectContaining({ path: 'displayName' })],
      }),
    );
  });
});

describe('payment_receipt', () => {
  const receipt = (
    locale: (typeof LOCALES)[number],
    overrides: Partial<TemplateParams<'payment_receipt'>> = {},
  ) => render('payment_receipt', { ...FRIENDLY.payment_receipt, locale, ...overrides });

  it.each<[(typeof LOCALES)[number], string[]]>([
    [
      'es-ES',
      [
        'Pago recibido',
        'Casa Lola recibió tu pago de $16.500',
        'Pizza (una parte): $5.000',
        '2 × Agua: $10.000',
        'Despacho: $0',
        'Importe: $15.000',
        'Propina: $1.500',
        'Total: $16.500',
        'Forma de pago: Tarjeta (Webpay) ···· 6623',
        'Ganaste 15 puntos en Casa Lola.',
        'Ver la cuenta: https://comensal.example/restaurants/1/reservations/2/summary',
      ],
    ],
    [
      'en-US',
      [
        'Payment received',
        'Casa Lola received your payment of $16.500',
        'Pizza (a share): $5.000',
        '2 × Agua: $10.000',
        'Delivery: $0',
        'Amount: $15.000',
        'Tip: $1.500',
        'Total: $16.500',
        'Paid by: Card (Webpay) ···· 6623',
        'You earned 15 points at Casa Lola.',
        'See the bill: https://comensal.example/restaurants/1/reservations/2/summary',
      ],
    ],
  ])('says what was paid, how, and the points earned (%s, text and HTML)', (locale, phrases) => {
    const email = receipt(locale);
    for (const phrase of phrases) expect(email.text).toContain(phrase);
    expect(email.html).toContain('6623');
    expect(email.html).toContain('$16.500');
  });

  it.each(LOCALES)(
    'names the bank reference of a transfer and leaves out points when none (%s)',
    (locale) => {
      const email = receipt(locale, {
        method: 'mobile_transfer',
        cardLast4: null,
        bankReference: '00123456',
        pointsEarned: 0,
      });
      expect(email.text).toContain('Pago Móvil');
      expect(email.text).toContain('00123456');
      expect(email.text).not.toMatch(/Ganaste|You earned/);
    },
  );

  it('refuses a card number that is not its last four digits', () => {
    expect(() => receipt('en-US', { cardLast4: '4051885600446623' })).toThrow(
      expect.objectContaining({ code: 'INVALID_PARAMS' }),
    );
  });
});
