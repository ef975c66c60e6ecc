/**
 * Demo pictures drawn locally as small self-contained SVG documents: a gradient made from the
 * image's hue plus a simple motif built from basic shapes. Nothing is fetched from anywhere.
 * Restaurant pictures are 800×500, product pictures 600×600; each stays well under 3 KB.
 */

export const MOTIFS = [
  'plate',
  'bowl',
  'glass',
  'cup',
  'bread',
  'fish',
  'burger',
  'pizza',
  'salad',
  'dessert',
  'fries',
  'sushi',
  'storefront',
  'terrace',
  'bar',
] as const;
export type Motif = (typeof MOTIFS)[number];

export interface PictureSpec {
  hue: number;
  motif: string;
}

interface Palette {
  accent: string;
  dark: string;
  light: string;
}

const GREEN = '#6aa84f';
const WOOD = '#8d6e63';
const CRUST = '#e0a458';

function normalizeHue(hue: number): number {
  const h = Number.isFinite(hue) ? Math.round(hue) : 0;
  return ((h % 360) + 360) % 360;
}

const hsl = (hue: number, s: number, l: number): string => `hsl(${normalizeHue(hue)},${s}%,${l}%)`;

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function smallHash(text: string): string {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) >>> 0;
  return h.toString(36);
}

/** Each motif is drawn inside a 100×100 box. */
const DRAW: Record<Motif, (c: Palette) => string> = {
  plate: (c) =>
    `<path d="M8 30v44M92 30v44" stroke="#fff" stroke-width="3" stroke-linecap="round"/>` +
    `<circle cx="50" cy="52" r="36" fill="#fff"/><circle cx="50" cy="52" r="26" fill="#f3efe7"/>` +
    `<path d="M33 56c2-12 12-16 20-12s15 2 15 10-8 12-18 12-18-3-17-10z" fill="${c.accent}"/>` +
    `<circle cx="44" cy="47" r="3" fill="${GREEN}"/><circle cx="57" cy="46" r="2.5" fill="${GREEN}"/>`,
  bowl: (c) =>
    `<path d="M38 32c-4-6 4-8 0-14M50 30c-4-6 4-8 0-14M62 32c-4-6 4-8 0-14" stroke="#fff" stroke-width="2.5" fill="none" stroke-linecap="round"/>` +
    `<path d="M12 46h76c0 20-17 34-38 34S12 66 12 46z" fill="${c.accent}"/>` +
    `<ellipse cx="50" cy="46" rx="38" ry="7" fill="#f6d7a7"/><path d="M38 80h24l-3 6H41z" fill="${c.dark}"/>`,
  glass: (c) =>
    `<path d="M60 8l-8 64" stroke="${c.dark}" stroke-width="3" stroke-linecap="round"/>` +
    `<path d="M32 18h36l-5 64a5 5 0 0 1-5 4H42a5 5 0 0 1-5-4z" fill="#fff" fill-opacity=".5" stroke="#fff" stroke-width="2"/>` +
    `<path d="M35 40h30l-3 40a3 3 0 0 1-3 3H41a3 3 0 0 1-3-3z" fill="${c.accent}"/>` +
    `<circle cx="67" cy="22" r="9" fill="#f4d03f" stroke="#fff" stroke-width="2"/>`,
  cup: (c) =>
    `<path d="M40 30c-4-5 4-8 0-14M54 30c-4-5 4-8 0-14" stroke="#fff" stroke-width="2.5" fill="none" stroke-linecap="round"/>` +
    `<ellipse cx="48" cy="80" rx="36" ry="7" fill="#fff"/><path d="M74 44c12 0 12 18 0 18" stroke="#fff" stroke-width="5" fill="none"/>` +
    `<path d="M22 38h52v22c0 14-12 22-26 22S22 74 22 60z" fill="#fff"/><path d="M24 54h48" stroke="${c.accent}" stroke-width="4"/>` +
    `<ellipse cx="48" cy="38" rx="26" ry="5" fill="#6f4e37"/>`,
  bread: (c) =>
    `<ellipse cx="50" cy="78" rx="42" ry="5" fill="${c.dark}" opacity=".25"/>` +
    `<path d="M14 66c0-24 16-36 36-36s36 12 36 36a6 6 0 0 1-6 6H20a6 6 0 0 1-6-6z" fill="#d9a15b"/>` +
    `<path d="M32 46l8 10M47 41l8 10M62 46l8 10" stroke="#f3d3a0" stroke-width="3" stroke-linecap="round"/>`,
  fish: (c) =>
    `<ellipse cx="50" cy="56" rx="44" ry="26" fill="#fff"/>` +
    `<path d="M20 54c14-20 40-20 54 0-14 20-40 20-54 0zM72 54l14-12v24z" fill="${c.accent}"/>` +
    `<circle cx="30" cy="51" r="3" fill="#fff"/><circle cx="30" cy="51" r="1.4" fill="#333"/>` +
    `<path d="M44 44q4 10 0 20M54 44q4 10 0 20" stroke="#fff" stroke-width="1.5" fill="none" opacity=".7"/>` +
    `<circle cx="68" cy="72" r="6" fill="#f4d03f"/>`,
  burger: (c) =>
    `<path d="M18 46c0-18 14-26 32-26s32 8 32 26z" fill="${CRUST}"/>` +
    `<path d="M36 32h2M50 27h2M62 33h2" stroke="#fff" stroke-width="2" stroke-linecap="round"/>` +
    `<rect x="14" y="45" width="72" height="7" rx="3.5" fill="${GREEN}"/><path d="M18 52h64l-14 10-10-6-12 8-8-8z" fill="#f4c430"/>` +
    `<rect x="16" y="54" width="68" height="11" rx="5.5" fill="#6b3e26"/>` +
    `<path d="M18 67h64v3a9 9 0 0 1-9 9H27a9 9 0 0 1-9-9z" fill="${CRUST}"/>` +
    `<rect x="86" y="30" width="4" height="50" rx="2" fill="${c.dark}" opacity=".4"/>`,
  pizza: (c) =>
    `<circle cx="50" cy="50" r="40" fill="#e5b567"/><circle cx="50" cy="50" r="33" fill="#d9534f"/>` +
    `<path d="M26 44c6-10 18-4 24-12s20 0 22 10-4 22-14 26-24 2-30-8-8-8-2-16z" fill="#f7e3a1"/>` +
    `<circle cx="38" cy="40" r="5" fill="${c.dark}"/><circle cx="62" cy="46" r="5" fill="${c.dark}"/><circle cx="46" cy="64" r="5" fill="${c.dark}"/>` +
    `<path d="M50 10v80M15 30l70 40M15 70l70-40" stroke="#e5b567" stroke-width="1.5" opacity=".8"/>` +
    `<circle cx="58" cy="60" r="2.5" fill="${GREEN}"/><circle cx="36" cy="54" r="2.5" fill="${GREEN}"/>`,
  salad: (c) =>
    `<circle cx="30" cy="46" r="12" fill="${GREEN}"/><circle cx="46" cy="38" r="13" fill="#8bc34a"/>` +
    `<circle cx="64" cy="42" r="12" fill="#5b8c3a"/><circle cx="74" cy="48" r="8" fill="#8bc34a"/>` +
    `<circle cx="40" cy="47" r="6" fill="#e74c3c"/><circle cx="58" cy="49" r="5" fill="#e74c3c"/>` +
    `<path d="M12 50h76c0 20-17 32-38 32S12 70 12 50z" fill="${c.accent}"/><path d="M20 58h60" stroke="${c.light}" stroke-width="2"/>`,
  dessert: (c) =>
    `<ellipse cx="50" cy="80" rx="40" ry="7" fill="#fff"/><rect x="24" y="42" width="52" height="34" rx="3" fill="#f6e0b5"/>` +
    `<rect x="24" y="55" width="52" height="6" fill="${c.accent}"/>` +
    `<path d="M24 44q0-8 8-8h36q8 0 8 8v4q-4 4-8 0-4 6-8 0-4 6-8 0-4 6-8 0-4 6-8 0-4 6-8 0-4 4-4-4z" fill="#fff"/>` +
    `<path d="M50 24q4-8 10-10" stroke="${GREEN}" stroke-width="2" fill="none"/><circle cx="50" cy="29" r="6" fill="#c0392b"/>`,
  fries: (c) =>
    `<path d="M34 24v36M42 16v44M50 20v40M58 14v46M66 22v38" stroke="#f4c430" stroke-width="6" stroke-linecap="round"/>` +
    `<path d="M26 42h48l-6 42H32z" fill="${c.accent}"/><path d="M26 42q24 12 48 0" fill="none" stroke="#fff" stroke-width="2"/>`,
  sushi: (c) =>
    `<path d="M14 20l72 14M14 27l72 9" stroke="${c.dark}" stroke-width="2.5" stroke-linecap="round"/>` +
    `<rect x="8" y="62" width="84" height="14" rx="4" fill="${WOOD}"/>` +
    [32, 68]
      .map(
        (x) =>
          `<circle cx="${x}" cy="50" r="16" fill="#1f2d1f"/><circle cx="${x}" cy="50" r="12" fill="#fff"/>` +
          `<circle cx="${x}" cy="50" r="5" fill="#f08a5d"/><circle cx="${x + 3}" cy="47" r="2" fill="${GREEN}"/>`,
      )
      .join(''),
  storefront: (c) =>
    `<rect x="12" y="30" width="76" height="62" fill="${c.light}"/><rect x="8" y="20" width="84" height="11" rx="2" fill="${c.dark}"/>` +
    Array.from(
      { length: 8 },
      (_, i) => `<path d="M${10 + i * 10} 31h10v10a5 5 0 0 1-10 0z" fill="${i % 2 ? '#fff' : c.accent}"/>`,
    ).join('') +
    `<rect x="42" y="56" width="16" height="36" fill="${c.dark}"/><rect x="18" y="54" width="18" height="22" fill="#bfe3f5"/>` +
    `<rect x="64" y="54" width="18" height="22" fill="#bfe3f5"/><circle cx="16" cy="88" r="6" fill="${GREEN}"/><circle cx="84" cy="88" r="6" fill="${GREEN}"/>`,
  terrace: (c) =>
    `<path d="M0 8q50 16 100 0" stroke="#fff" fill="none"/><circle cx="20" cy="12" r="2" fill="#ffe08a"/>` +
    `<circle cx="50" cy="16" r="2" fill="#ffe08a"/><circle cx="80" cy="12" r="2" fill="#ffe08a"/>` +
    `<path d="M50 26v58" stroke="#555" stroke-width="2"/><path d="M14 44a36 20 0 0 1 72 0z" fill="${c.accent}"/>` +
    `<path d="M32 44a18 20 0 0 1 36 0" fill="#fff" opacity=".35"/><rect x="28" y="66" width="44" height="4" fill="${WOOD}"/>` +
    `<path d="M50 70v16M18 58v30M18 74h10v14M82 58v30M82 74H72v14" stroke="${c.dark}" stroke-width="3" fill="none"/>` +
    `<rect x="36" y="58" width="5" height="8" fill="#fff" opacity=".8"/><rect x="58" y="58" width="5" height="8" fill="#fff" opacity=".8"/>`,
  bar: (c) =>
    `<path d="M30 0v10M70 0v10" stroke="#444"/><path d="M23 16a7 7 0 0 1 14 0zM63 16a7 7 0 0 1 14 0z" fill="#ffe08a"/>` +
    `<rect x="10" y="42" width="80" height="3" fill="${WOOD}"/>` +
    [16, 28, 40, 52, 64, 76]
      .map((x, i) => {
        const fill = i % 3 === 0 ? c.accent : i % 3 === 1 ? c.dark : '#7cb342';
        return `<rect x="${x}" y="24" width="8" height="18" rx="2" fill="${fill}"/><rect x="${x + 2.5}" y="18" width="3" height="7" fill="${fill}"/>`;
      })
      .join('') +
    `<rect x="6" y="60" width="88" height="7" rx="2" fill="${c.dark}"/><rect x="10" y="67" width="80" height="22" fill="${WOOD}"/>` +
    `<path d="M30 52h8l-1 8h-6z" fill="#fff" opacity=".8"/>`,
};

function isMotif(value: string): value is Motif {
  return (MOTIFS as readonly string[]).includes(value);
}

function palette(hue: number): Palette {
  return { accent: hsl(hue, 62, 52), dark: hsl(hue, 45, 28), light: hsl(hue, 55, 93) };
}

function drawMotif(motif: string, c: Palette): string {
  return DRAW[isMotif(motif) ? motif : 'plate'](c);
}

function svgDocument(width: number, height: number, label: string, body: string): string {
  const title = escapeXml(label);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${title}">` +
    `<title>${title}</title>${body}</svg>`
  );
}

/** An 800×500 cover picture for a restaurant. */
export function restaurantPicture(image: PictureSpec, label: string): string {
  const hue = normalizeHue(image.hue);
  const c = palette(hue);
  const id = `r${smallHash(`${hue}${image.motif}${label}`)}`;
  const body =
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${hsl(hue, 70, 88)}"/><stop offset="1" stop-color="${hsl(hue + 40, 60, 68)}"/></linearGradient></defs>` +
    `<rect width="800" height="500" fill="url(#${id})"/>` +
    `<circle cx="660" cy="110" r="70" fill="#fff" opacity=".3"/><circle cx="120" cy="380" r="110" fill="#fff" opacity=".15"/>` +
    `<rect y="420" width="800" height="80" fill="${hsl(hue + 20, 35, 38)}" opacity=".35"/>` +
    `<g transform="translate(230 70) scale(3.4)">${drawMotif(image.motif, c)}</g>`;
  return svgDocument(800, 500, label, body);
}

/** A 600×600 square picture for a menu product. */
export function productPicture(image: PictureSpec, label: string): string {
  const hue = normalizeHue(image.hue);
  const c = palette(hue);
  const id = `p${smallHash(`${hue}${image.motif}${label}`)}`;
  const body =
    `<defs><radialGradient id="${id}" cx=".35" cy=".3" r=".9">` +
    `<stop offset="0" stop-color="${hsl(hue, 75, 92)}"/><stop offset="1" stop-color="${hsl(hue + 30, 55, 70)}"/></radialGradient></defs>` +
    `<rect width="600" height="600" fill="url(#${id})"/>` +
    `<circle cx="520" cy="90" r="60" fill="#fff" opacity=".25"/><circle cx="70" cy="540" r="90" fill="#fff" opacity=".18"/>` +
    `<ellipse cx="300" cy="462" rx="200" ry="24" fill="${c.dark}" opacity=".18"/>` +
    `<g transform="translate(100 90) scale(4)">${drawMotif(image.motif, c)}</g>`;
  return svgDocument(600, 600, label, body);
}
