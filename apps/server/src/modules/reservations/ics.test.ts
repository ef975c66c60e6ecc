import { describe, expect, it } from 'vitest';
import { buildIcs, escapeIcsText, foldIcsLine, formatIcsUtc } from './ics.ts';

describe('iCalendar writer (RFC 5545)', () => {
  it('writes UTC date-times in the basic form', () => {
    expect(formatIcsUtc(new Date('2026-03-10T16:00:00.000Z'))).toBe('20260310T160000Z');
    expect(formatIcsUtc(new Date('2026-12-31T23:59:59.999Z'))).toBe('20261231T235959Z');
  });

  it.each([
    ['Calle 1, Santiago', 'Calle 1\\, Santiago'],
    ['a;b', 'a\\;b'],
    ['back\\slash', 'back\\\\slash'],
    ['two\nlines', 'two\\nlines'],
    ['crlf\r\nline', 'crlf\\nline'],
    ['bell\u0007tab\tok', 'belltab\tok'],
    ['ñandú: 10:00', 'ñandú: 10:00'],
  ])('escapes TEXT %j', (input, output) => {
    expect(escapeIcsText(input)).toBe(output);
  });

  it('folds lines at 75 octets without splitting a UTF-8 character', () => {
    expect(foldIcsLine('SUMMARY:short')).toBe('SUMMARY:short');
    const long = `DESCRIPTION:${'ñ'.repeat(100)}`;
    const folded = foldIcsLine(long);
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(2);
    for (const [index, line] of physical.entries()) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
      if (index > 0) expect(line.startsWith(' ')).toBe(true);
    }
    // unfolding (remove CRLF + one space) gives the line back, character for character
    expect(folded.replace(/\r\n /g, '')).toBe(long);
  });

  it('writes a complete calendar with CRLF line ends', () => {
    const ics = buildIcs(
      {
        uid: 'abc@comensal.example',
        stamp: new Date('2026-03-02T15:00:00Z'),
        start: new Date('2026-03-10T16:00:00Z'),
        end: new Date('2026-03-10T17:00:00Z'),
        summary: 'Reserva en La Picá, Santiago',
        description: '2 personas\nMesa 2',
        location: 'La Picá, Av. 1; local 2',
        geo: { lat: -33.4, lng: -70.6 },
        url: 'https://comensal.example/r/abc',
        status: 'CONFIRMED',
      },
      { prodId: '-//Comensal//Reservations//EN' },
    );
    expect(ics).toBe(
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Comensal//Reservations//EN',
        'CALSCALE:GREGORIAN',
        'METHOD:PUBLISH',
        'BEGIN:VEVENT',
        'UID:abc@comensal.example',
        'DTSTAMP:20260302T150000Z',
        'DTSTART:20260310T160000Z',
        'DTEND:20260310T170000Z',
        'SUMMARY:Reserva en La Picá\\, Santiago',
        'DESCRIPTION:2 personas\\nMesa 2',
        'LOCATION:La Picá\\, Av. 1\\; local 2',
        'GEO:-33.4;-70.6',
        'URL:https://comensal.example/r/abc',
        'STATUS:CONFIRMED',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
  });
});
