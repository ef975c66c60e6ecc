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
};

const SUBJECTS: Record<TemplateName, Record<(typeof LOCALES)[number], string>> = {
  account_created: { 'es-ES': '¡Bienvenido a Comensal, Ana!', 'en-US': 'Welcome to Comensal, Ana!' },
  reservation_invitation: { 'es-ES': 'Ana te invita a Casa Lola', 'en-US': 'Ana invited you to Casa Lola' },
  reservation_confirmation: {
    'es-ES': 'Reserva confirmada en Casa Lola',
    'en-US': 'Reservation confirmed at Casa Lola',
  },
  reservation_cancelled: {
    'es-ES': 'Reserva cancelada en Casa Lola',
    'en-US': 'Reservation cancelled at Casa Lola',
  },
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

  it.each(LOCALES)('escapes every parameter in the HTML (%s) and keeps the text readable', (locale) => {
    const email = render(name, { ...HOSTILE[name], locale } as TemplateParams<typeof name>);
    expect(email.html).not.toContain('<img');
    expect(email.html).not.toContain(`onerror="`);
    expect(email.html).toContain(escapeHtml(EVIL));
    expect(email.html).toContain(BRAND_COLOR);
    expect(email.html).toMatch(/^<!doctype html>/);
    expect(email.text).toContain(EVIL);
    expect(email.text).not.toContain('<table');
    if (name === 'reservation_invitation') {
      const href = `${PUBLIC_URL}/invitations/1?a=%22b%22&c=%3Cd%3E`;
      expect(email.html).toContain(`href="${escapeHtml(href)}"`);
      expect(email.text).toContain(href);
    }
  });
});

describe('renderEmail', () => {
  it('keeps a subject on one line', () => {
    const email = render('account_created', { locale: 'en-US', displayName: 'Ana\r\nBcc: x@evil.test' });
    expect(email.subject).toBe('Welcome to Comensal, Ana Bcc: x@evil.test!');
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
