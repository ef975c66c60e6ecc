import { currencyForCountry, offeredPaymentTypes } from '@comensal/domain';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, CATEGORY_LABELS } from './categories.ts';
import { DEMO_RESTAURANTS, DEMO_USERS } from './demo-data.ts';
import { MOTIFS, productPicture, restaurantPicture } from './images.ts';
import type { DietaryTag, SeedProduct, SeedRestaurant } from './types.ts';

const ALL_TAGS: DietaryTag[] = ['vegetarian', 'vegan', 'spicy', 'gluten_free', 'dairy_free', 'halal'];
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const products = DEMO_RESTAURANTS.flatMap((r) => r.products);
const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/** Visible at every minute of every day: no hiding, no schedule, no weekday limit, no stock gate. */
function alwaysVisible(p: SeedProduct): boolean {
  return (
    !p.hidden &&
    (p.scheduleStart === null || p.scheduleStart === '00:00') &&
    (p.scheduleEnd === null || p.scheduleEnd === '23:59') &&
    (p.scheduleDays === null || p.scheduleDays.length === 0 || p.scheduleDays.length === 7) &&
    !(p.preventSaleWithoutStock && (p.stock ?? 0) < 1)
  );
}

/** Great-circle distance in km. */
function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

const CITIES: Record<
  string,
  { min: number; country: string; timeZone: string; center: { lat: number; lng: number } }
> = {
  Santiago: { min: 3, country: 'CL', timeZone: 'America/Santiago', center: { lat: -33.4489, lng: -70.6693 } },
  Valparaíso: {
    min: 2,
    country: 'CL',
    timeZone: 'America/Santiago',
    center: { lat: -33.0472, lng: -71.6127 },
  },
  Lima: { min: 2, country: 'PE', timeZone: 'America/Lima', center: { lat: -12.0464, lng: -77.0428 } },
  Madrid: { min: 2, country: 'ES', timeZone: 'Europe/Madrid', center: { lat: 40.4168, lng: -3.7038 } },
  Barcelona: { min: 1, country: 'ES', timeZone: 'Europe/Madrid', center: { lat: 41.3874, lng: 2.1686 } },
  Caracas: { min: 1, country: 'VE', timeZone: 'America/Caracas', center: { lat: 10.4806, lng: -66.9036 } },
  Amsterdam: { min: 1, country: 'NL', timeZone: 'Europe/Amsterdam', center: { lat: 52.3676, lng: 4.9041 } },
  Brussels: { min: 1, country: 'BE', timeZone: 'Europe/Brussels', center: { lat: 50.8503, lng: 4.3517 } },
};

const POINTS_BY_COUNTRY: Record<string, { points: number; perMinor: number }> = {
  CL: { points: 1, perMinor: 1000 },
  VE: { points: 1, perMinor: 1000 },
  PE: { points: 1, perMinor: 100 },
  ES: { points: 1, perMinor: 100 },
  NL: { points: 1, perMinor: 100 },
  BE: { points: 1, perMinor: 100 },
};

function allMoney(r: SeedRestaurant): number[] {
  const delivery = !r.delivery.enabled
    ? []
    : r.delivery.mode === 'fixed'
      ? [r.delivery.priceMinor]
      : r.delivery.zones.map((z) => z.priceMinor);
  return [
    ...delivery,
    ...r.products.flatMap((p) => [
      p.priceMinor,
      ...(p.discount ? [p.discount.value] : []),
      ...(p.pointsPrice === null ? [] : [p.pointsPrice]),
      ...p.preferences.flatMap((pref) => pref.options.map((o) => o.priceMinor)),
    ]),
  ];
}

describe('demo restaurants: shape', () => {
  it('has at least 13 restaurants with unique slugs', () => {
    expect(DEMO_RESTAURANTS.length).toBeGreaterThanOrEqual(13);
    const slugs = DEMO_RESTAURANTS.map((r) => r.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('covers every city with its country, time zone and a location inside the city', () => {
    for (const [city, rule] of Object.entries(CITIES)) {
      const inCity = DEMO_RESTAURANTS.filter((r) => r.city === city);
      expect(inCity.length, city).toBeGreaterThanOrEqual(rule.min);
      for (const r of inCity) {
        expect(r.country, r.slug).toBe(rule.country);
        expect(r.timeZone, r.slug).toBe(rule.timeZone);
        expect(distanceKm(r.location, rule.center), r.slug).toBeLessThan(15);
      }
    }
    for (const r of DEMO_RESTAURANTS) expect(Object.keys(CITIES)).toContain(r.city);
  });

  it('uses valid IANA time zones', () => {
    for (const r of DEMO_RESTAURANTS) {
      expect(() => new Intl.DateTimeFormat(undefined, { timeZone: r.timeZone }), r.slug).not.toThrow();
    }
  });

  it('uses known categories, each labelled in both languages', () => {
    for (const r of DEMO_RESTAURANTS) expect(CATEGORIES as readonly string[]).toContain(r.category);
    for (const c of CATEGORIES) {
      expect(CATEGORY_LABELS[c].es.length).toBeGreaterThan(0);
      expect(CATEGORY_LABELS[c].en.length).toBeGreaterThan(0);
    }
    expect(new Set(DEMO_RESTAURANTS.map((r) => r.category)).size).toBeGreaterThanOrEqual(10);
  });

  it('has texts in both languages, a phone, an address and 2-3 pictures', () => {
    for (const r of DEMO_RESTAURANTS) {
      expect(r.name.length, r.slug).toBeGreaterThan(0);
      expect(r.description.es.length, r.slug).toBeGreaterThan(20);
      expect(r.description.en.length, r.slug).toBeGreaterThan(20);
      expect(r.address.length, r.slug).toBeGreaterThan(5);
      expect(r.phone, r.slug).toMatch(/^[+(0][\d ()+-]{6,}$/);
      expect(r.images.length, r.slug).toBeGreaterThanOrEqual(2);
      expect(r.images.length, r.slug).toBeLessThanOrEqual(3);
      for (const p of r.products) {
        for (const text of [p.name.es, p.name.en, p.description.es, p.description.en]) {
          expect(text.trim().length, p.key).toBeGreaterThan(0);
        }
      }
    }
  });

  it('draws every picture with a known motif', () => {
    const used = [...DEMO_RESTAURANTS.flatMap((r) => r.images), ...products.map((p) => p.image)];
    for (const image of used) {
      expect(MOTIFS as readonly string[]).toContain(image.motif);
      expect(Number.isInteger(image.hue) && image.hue >= 0 && image.hue < 360).toBe(true);
    }
  });

  it('has seven days of valid opening hours, with Monday closures, split services and after-midnight closing', () => {
    for (const r of DEMO_RESTAURANTS) {
      expect(r.openingHours, r.slug).toHaveLength(7);
      for (const day of r.openingHours) {
        for (const w of day) {
          expect(w.open, r.slug).toMatch(HHMM);
          expect(w.close, r.slug).toMatch(HHMM);
        }
      }
      expect(
        r.openingHours.some((day) => day.length > 0),
        r.slug,
      ).toBe(true);
    }
    expect(DEMO_RESTAURANTS.some((r) => r.openingHours[1]?.length === 0)).toBe(true);
    expect(DEMO_RESTAURANTS.some((r) => r.openingHours.some((day) => day.length === 2))).toBe(true);
    const lateBar = DEMO_RESTAURANTS.some((r) =>
      r.openingHours.some((day) =>
        day.some(
          (w) => minutes(w.close) < minutes(w.open) && minutes(w.close) >= 60 && minutes(w.open) >= 18 * 60,
        ),
      ),
    );
    expect(lateBar).toBe(true);
  });

  it('has 1-3 rooms of 4-12 tables with 2-8 seats, numbered uniquely per restaurant', () => {
    for (const r of DEMO_RESTAURANTS) {
      expect(r.rooms.length, r.slug).toBeGreaterThanOrEqual(1);
      expect(r.rooms.length, r.slug).toBeLessThanOrEqual(3);
      expect(new Set(r.rooms.map((room) => room.key)).size, r.slug).toBe(r.rooms.length);
      const numbers = r.rooms.flatMap((room) => room.tables.map((t) => t.number));
      expect(new Set(numbers).size, r.slug).toBe(numbers.length);
      for (const room of r.rooms) {
        expect(room.tables.length, `${r.slug}/${room.key}`).toBeGreaterThanOrEqual(4);
        expect(room.tables.length, `${r.slug}/${room.key}`).toBeLessThanOrEqual(12);
        for (const t of room.tables) {
          expect(t.seats).toBeGreaterThanOrEqual(2);
          expect(t.seats).toBeLessThanOrEqual(8);
        }
      }
    }
  });

  it('mixes pickup and fixed, zoned and disabled delivery', () => {
    expect(DEMO_RESTAURANTS.filter((r) => r.pickup).length).toBeGreaterThan(DEMO_RESTAURANTS.length / 2);
    const modes = DEMO_RESTAURANTS.map((r) => (r.delivery.enabled ? r.delivery.mode : 'none'));
    expect(modes).toContain('fixed');
    expect(modes).toContain('zones');
    expect(modes).toContain('none');
    for (const r of DEMO_RESTAURANTS) {
      if (r.delivery.enabled && r.delivery.mode === 'zones') {
        const zones = r.delivery.zones;
        expect(zones.length, r.slug).toBeGreaterThanOrEqual(2);
        for (let i = 1; i < zones.length; i++) {
          expect(zones[i]!.radiusMeters, r.slug).toBeGreaterThan(zones[i - 1]!.radiusMeters);
          expect(zones[i]!.priceMinor, r.slug).toBeGreaterThan(zones[i - 1]!.priceMinor);
        }
      }
    }
  });

  it('has payment methods everywhere (Webpay and cash in Chile), Pago Móvil in Caracas and one Santiago café, review links on most', () => {
    const offered = (r: SeedRestaurant) =>
      offeredPaymentTypes({
        currency: currencyForCountry(r.country),
        webpay: r.payments.webpay,
        cash: r.payments.cash,
        mobileTransfer: r.payments.mobileTransfer !== null,
      });
    for (const r of DEMO_RESTAURANTS) {
      expect(offered(r).length, r.slug).toBeGreaterThan(0);
      if (r.country === 'CL') expect(offered(r), r.slug).toEqual(expect.arrayContaining(['webpay', 'cash']));
      // Webpay charges pesos only: nobody else switches it on
      else expect(r.payments.webpay, r.slug).toBe(false);
      if (r.reviewUrl !== null) expect(r.reviewUrl).toMatch(/^https:\/\//);
    }
    expect(
      DEMO_RESTAURANTS.filter((r) => offered(r).includes('mobile_transfer')).map((r) => [r.city, r.slug]),
    ).toEqual([
      ['Santiago', 'tostaduria-los-leones'],
      ['Caracas', 'el-budare-de-los-palos-grandes'],
    ]);
    for (const r of DEMO_RESTAURANTS) {
      const details = r.payments.mobileTransfer;
      if (!details) continue;
      expect(details.bankCode, r.slug).toMatch(/^\d{4}$/);
      expect(details.phone, r.slug).toMatch(/^04(12|14|16|24|26)-\d{7}$/);
      expect(details.idNumber, r.slug).toMatch(/^[VEJGP]-\d{8}-\d$/);
    }
    const caracas = DEMO_RESTAURANTS.find((r) => r.city === 'Caracas');
    expect(caracas?.payments.mobileTransfer).toEqual({
      bankCode: '0102',
      bankName: 'Banco de Venezuela',
      phone: '0414-5550199',
      idNumber: 'J-40012345-6',
    });
    expect(DEMO_RESTAURANTS.filter((r) => r.reviewUrl !== null).length).toBeGreaterThan(
      DEMO_RESTAURANTS.length / 2,
    );
  });

  it('uses the points rate of the displayed currency', () => {
    for (const r of DEMO_RESTAURANTS) expect(r.pointsRate, r.slug).toEqual(POINTS_BY_COUNTRY[r.country]);
  });

  it('keeps every amount a non-negative integer, and CLP-displayed prices in whole pesos', () => {
    for (const r of DEMO_RESTAURANTS) {
      for (const amount of allMoney(r)) {
        expect(Number.isSafeInteger(amount) && amount >= 0, `${r.slug}: ${amount}`).toBe(true);
      }
      for (const p of r.products) {
        expect(p.calories === null || (Number.isInteger(p.calories) && p.calories >= 0), p.key).toBe(true);
        if (r.country === 'CL' || r.country === 'VE') expect(p.priceMinor % 100, p.key).toBe(0);
      }
      if (r.suggestedTipPercent !== null) expect(r.suggestedTipPercent).toBeGreaterThan(0);
    }
  });
});

describe('demo restaurants: menus', () => {
  it('has 15+ products in 3-5 sections per restaurant, all keys unique, every section used', () => {
    const keys = products.map((p) => p.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const r of DEMO_RESTAURANTS) {
      expect(r.products.length, r.slug).toBeGreaterThanOrEqual(15);
      expect(r.sections.length, r.slug).toBeGreaterThanOrEqual(3);
      expect(r.sections.length, r.slug).toBeLessThanOrEqual(5);
      const sectionKeys = r.sections.map((s) => s.key);
      expect(new Set(sectionKeys).size, r.slug).toBe(sectionKeys.length);
      for (const p of r.products) expect(sectionKeys, p.key).toContain(p.section);
      for (const s of sectionKeys)
        expect(
          r.products.some((p) => p.section === s),
          `${r.slug}/${s}`,
        ).toBe(true);
    }
  });

  it('covers every dietary tag, and vegan always implies vegetarian', () => {
    for (const tag of ALL_TAGS)
      expect(
        products.some((p) => p.tags.includes(tag)),
        tag,
      ).toBe(true);
    for (const p of products) {
      if (p.tags.includes('vegan')) expect(p.tags, p.key).toContain('vegetarian');
      expect(new Set(p.tags).size, p.key).toBe(p.tags.length);
    }
  });

  it('gives every restaurant an always-visible vegetarian product', () => {
    for (const r of DEMO_RESTAURANTS) {
      const visible = r.products.filter(alwaysVisible);
      expect(
        visible.some((p) => p.tags.includes('vegetarian') && !p.tags.includes('vegan')),
        r.slug,
      ).toBe(true);
    }
  });

  it('keeps the vegan badge telling something: some restaurants have no vegan dish, the others one always visible', () => {
    const withVegan = DEMO_RESTAURANTS.filter((r) => r.products.some((p) => p.tags.includes('vegan')));
    expect(withVegan.length).toBeLessThan(DEMO_RESTAURANTS.length);
    expect(
      DEMO_RESTAURANTS.find((r) => r.slug === 'maison-moules-sablon')!.products.some((p) =>
        p.tags.includes('vegan'),
      ),
    ).toBe(false);
    for (const r of withVegan) {
      expect(
        r.products.filter(alwaysVisible).some((p) => p.tags.includes('vegan')),
        r.slug,
      ).toBe(true);
    }
    // the vegan search finds a restaurant in Santiago (the e2e journeys start there)
    expect(withVegan.filter((r) => r.city === 'Santiago').length).toBeGreaterThan(0);
  });

  it('has single-choice preferences with priced options', () => {
    const singles = products.flatMap((p) => p.preferences.filter((pref) => !pref.multiple));
    expect(singles.some((pref) => pref.options.some((o) => o.priceMinor > 0))).toBe(true);
    expect(singles.some((pref) => pref.options.some((o) => o.priceMinor === 0))).toBe(true);
    for (const pref of singles) {
      expect(pref.options.length).toBeGreaterThanOrEqual(2);
      for (const o of pref.options) expect(o.maxQuantity).toBeUndefined();
    }
  });

  it('has multiple-choice preferences with priced options that can be taken several times', () => {
    const multiples = products.flatMap((p) => p.preferences.filter((pref) => pref.multiple));
    expect(multiples.length).toBeGreaterThan(0);
    const options = multiples.flatMap((pref) => pref.options);
    expect(options.some((o) => o.priceMinor > 0 && (o.maxQuantity ?? 1) > 1)).toBe(true);
    for (const o of options) {
      expect(Number.isInteger(o.maxQuantity) && (o.maxQuantity ?? 0) >= 1 && (o.maxQuantity ?? 0) <= 3).toBe(
        true,
      );
    }
  });

  it('has unique preference and option keys within each product', () => {
    for (const p of products) {
      const prefKeys = p.preferences.map((pref) => pref.key);
      expect(new Set(prefKeys).size, p.key).toBe(prefKeys.length);
      for (const pref of p.preferences) {
        const optionKeys = pref.options.map((o) => o.key);
        expect(new Set(optionKeys).size, `${p.key}/${pref.key}`).toBe(optionKeys.length);
      }
    }
  });

  it('has amount and percent discounts within range', () => {
    const discounted = products.filter((p) => p.discount !== null);
    expect(discounted.some((p) => p.discount?.type === 'amount')).toBe(true);
    expect(discounted.some((p) => p.discount?.type === 'percent')).toBe(true);
    for (const p of discounted) {
      const d = p.discount!;
      if (d.type === 'percent') {
        expect(d.value, p.key).toBeGreaterThanOrEqual(1);
        expect(d.value, p.key).toBeLessThanOrEqual(100);
      } else {
        expect(d.value, p.key).toBeGreaterThan(0);
        expect(d.value, p.key).toBeLessThan(p.priceMinor);
      }
    }
  });

  it('has time-limited products: a breakfast and one that runs across midnight', () => {
    for (const p of products) {
      if (p.scheduleStart !== null) expect(p.scheduleStart, p.key).toMatch(HHMM);
      if (p.scheduleEnd !== null) expect(p.scheduleEnd, p.key).toMatch(HHMM);
    }
    expect(products.some((p) => p.scheduleStart === '08:00' && p.scheduleEnd === '11:30')).toBe(true);
    expect(
      products.some(
        (p) =>
          p.scheduleStart !== null &&
          p.scheduleEnd !== null &&
          minutes(p.scheduleEnd) < minutes(p.scheduleStart),
      ),
    ).toBe(true);
  });

  it('has weekday-limited products: a weekend special and a Monday-Friday menu', () => {
    for (const p of products) {
      if (p.scheduleDays === null) continue;
      expect(p.scheduleDays.length, p.key).toBeGreaterThan(0);
      expect(p.scheduleDays.length, p.key).toBeLessThan(7);
      for (const d of p.scheduleDays) expect(Number.isInteger(d) && d >= 0 && d <= 6, p.key).toBe(true);
    }
    const days = products.map((p) => [...(p.scheduleDays ?? [])].sort().join(','));
    expect(days.some((d) => d === '5,6' || d === '0,6')).toBe(true);
    expect(days).toContain('1,2,3,4,5');
  });

  it('has hidden and stock-limited products', () => {
    expect(products.some((p) => p.hidden)).toBe(true);
    const stocked = products.filter((p) => p.stock !== null);
    for (const p of stocked) expect(Number.isInteger(p.stock) && p.stock! >= 0, p.key).toBe(true);
    expect(stocked.some((p) => p.preventSaleWithoutStock && p.stock! >= 3 && p.stock! <= 8)).toBe(true);
    expect(stocked.some((p) => p.preventSaleWithoutStock && p.stock === 0)).toBe(true);
    expect(stocked.some((p) => !p.preventSaleWithoutStock && p.stock! > 0)).toBe(true);
  });

  it('makes some products redeemable with points', () => {
    const redeemable = products.filter((p) => p.pointsPrice !== null);
    expect(redeemable.length).toBeGreaterThanOrEqual(DEMO_RESTAURANTS.length);
    for (const p of redeemable)
      expect(p.pointsPrice! > 0 && Number.isInteger(p.pointsPrice), p.key).toBe(true);
  });
});

describe('demo users', () => {
  it('has three diners and two restaurant accounts with unique e-mails, long passwords and both languages', () => {
    expect(DEMO_USERS).toHaveLength(5);
    expect(new Set(DEMO_USERS.map((u) => u.email)).size).toBe(5);
    for (const u of DEMO_USERS) {
      expect(u.email).toMatch(/^[a-z]+@comensal\.test$/);
      expect(u.password.length).toBeGreaterThanOrEqual(10);
      expect(u.displayName.length).toBeGreaterThan(0);
    }
    expect(DEMO_USERS.map((u) => u.locale)).toContain('es-ES');
    expect(DEMO_USERS.map((u) => u.locale)).toContain('en-US');
  });

  it('has an owner of every restaurant and a staff member of the Santiago ones', () => {
    expect(DEMO_USERS.find((u) => u.email === 'owner@comensal.test')?.staff).toEqual({
      role: 'owner',
      restaurants: 'all',
    });
    const staff = DEMO_USERS.find((u) => u.email === 'staff@comensal.test')?.staff;
    expect(staff?.role).toBe('staff');
    expect(staff?.restaurants).toEqual(
      DEMO_RESTAURANTS.filter((r) => r.city === 'Santiago').map((r) => r.slug),
    );
  });

  it('gives every diner points at several restaurants, enough to redeem a dish of the menu', () => {
    for (const user of DEMO_USERS.filter((u) => !u.staff)) {
      expect(user.points.length, user.email).toBeGreaterThanOrEqual(2);
      expect(new Set(user.points.map((p) => p.restaurant)).size, user.email).toBe(user.points.length);
      for (const { restaurant: slug, balance } of user.points) {
        const restaurant = DEMO_RESTAURANTS.find((r) => r.slug === slug);
        expect(restaurant, `${user.email} at ${slug}`).toBeDefined();
        expect(Number.isInteger(balance) && balance > 0, `${user.email} at ${slug}`).toBe(true);
        // a dish on the menu (some have hours or a stock) that the balance pays for
        const redeemable = restaurant!.products.filter(
          (p) => p.pointsPrice !== null && p.pointsPrice <= balance && !p.hidden,
        );
        expect(redeemable.length, `${user.email} at ${slug}`).toBeGreaterThan(0);
      }
    }
  });
});

/** Opening and closing tags balance (a cheap well-formedness check). */
function tagsBalance(svg: string): boolean {
  const stack: string[] = [];
  for (const m of svg.matchAll(/<(\/?)([a-zA-Z]+)[^>]*?(\/?)>/g)) {
    const [, closing, name, selfClosing] = m;
    if (selfClosing) continue;
    if (closing) {
      if (stack.pop() !== name) return false;
    } else stack.push(name!);
  }
  return stack.length === 0;
}

describe('pictures', () => {
  const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

  it('draws every restaurant picture as a small, self-contained 800×500 SVG', () => {
    for (const r of DEMO_RESTAURANTS) {
      for (const image of r.images) {
        const svg = restaurantPicture(image, r.name);
        expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
        expect(svg.endsWith('</svg>')).toBe(true);
        expect(svg).toContain('width="800" height="500"');
        expect(svg).toContain('role="img"');
        expect(svg).toContain(`<title>`);
        expect(tagsBalance(svg), `${r.slug} ${image.motif}`).toBe(true);
        expect(bytes(svg), `${r.slug} ${image.motif}`).toBeLessThan(4096);
      }
    }
  });

  it('draws every product picture as a small, self-contained 600×600 SVG', () => {
    for (const p of products) {
      const svg = productPicture(p.image, p.name.en);
      expect(svg.startsWith('<svg ')).toBe(true);
      expect(svg).toContain('width="600" height="600"');
      expect(svg).toContain('role="img"');
      expect(tagsBalance(svg), p.key).toBe(true);
      expect(bytes(svg), p.key).toBeLessThan(4096);
    }
  });

  it('draws every motif, never links outside and escapes the label', () => {
    for (const motif of MOTIFS) {
      for (const svg of [
        restaurantPicture({ hue: 200, motif }, 'x'),
        productPicture({ hue: 10, motif }, 'x'),
      ]) {
        expect(bytes(svg), motif).toBeLessThan(3200);
        expect(svg.replace('xmlns="http://www.w3.org/2000/svg"', '')).not.toMatch(
          /https?:|<script|<image|href=/,
        );
        expect(tagsBalance(svg), motif).toBe(true);
      }
    }
    const svg = productPicture({ hue: -30, motif: 'unknown' }, 'Fish & <chips> "special"');
    expect(svg).toContain('<title>Fish &#38; &#60;chips&#62; &#34;special&#34;</title>');
    expect(svg).not.toContain('<chips>');
    expect(svg).toContain('hsl(330,');
    expect(productPicture({ hue: 40, motif: 'bread' }, 'a')).toBe(
      productPicture({ hue: 40, motif: 'bread' }, 'a'),
    );
  });
});
