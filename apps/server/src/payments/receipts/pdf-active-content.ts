/**
 * Does a PDF carry active content (script, launch, auto-actions, embedded files, rich media,
 * XFA forms)? A scanner in the manner of PDFiD: it does not build the document as a viewer
 * would, it looks for the names such content needs, everywhere a viewer could find them, so
 * that a lenient viewer's reading of a broken file cannot hide one. Rules in README.md.
 *
 *   inspectPdf(bytes) → { ok: true }
 *                     | { ok: false, reason: 'ACTIVE_CONTENT', name }   // e.g. name 'JavaScript'
 *                     | { ok: false, reason: 'ENCRYPTED' }
 *                     | { ok: false, reason: 'UNCHECKABLE', why }       // refused: could not be checked
 *
 * Pure and bounded: no I/O, at most `maxInflatedBytes` decompressed in all, each object's
 * dictionary read at most once.
 */
import { constants, inflateRawSync, inflateSync } from 'node:zlib';

export type PdfVerdict =
  | { ok: true }
  | { ok: false; reason: 'ACTIVE_CONTENT'; name: string }
  | { ok: false; reason: 'ENCRYPTED' }
  | { ok: false; reason: 'UNCHECKABLE'; why: string };

export interface PdfLimits {
  /** Decompressed bytes of all object streams together. */
  maxInflatedBytes: number;
  /** The longest stream dictionary (from `N G obj` to `stream`), in bytes. */
  maxDictionaryBytes: number;
}

export const DEFAULT_PDF_LIMITS: PdfLimits = {
  maxInflatedBytes: 64 * 1024 * 1024,
  maxDictionaryBytes: 64 * 1024,
};

/**
 * Names that mean active content wherever they stand (as a key or as an action or annotation
 * type): script, launching programs, automatic actions, embedded files, forms that submit or
 * import, remote go-tos, media and 3D players.
 */
const ACTIVE_NAMES = new Set([
  'JavaScript',
  'JS',
  'Launch',
  'AA',
  'EmbeddedFile',
  'EmbeddedFiles',
  'EF',
  'FileAttachment',
  'RichMedia',
  'RichMediaExecute',
  'XFA',
  'SubmitForm',
  'ImportData',
  'GoToE',
  'GoToR',
  'Rendition',
  'Movie',
  'Sound',
  '3D',
]);
/**
 * Names of 2 characters come by chance in compressed bytes (about once in 150 MB of random
 * data each): inside a stream's raw data they are looked for only once it is decoded.
 */
const isShort = (name: string) => name.length <= 2;

const WHITESPACE = '\\x00\\t\\n\\f\\r ';
const DELIMITERS = '()<>\\[\\]{}/%';
/**
 * A name that may be one of those looked for: it starts with the first letter of one of them, or
 * with a `#` escape (the others are passed over unread: a file of names costs little).
 */
const NAME = new RegExp(
  `/(?=[#${[...new Set([...ACTIVE_NAMES, 'Encrypt', 'OpenAction'].map((name) => name[0]))].join('')}])` +
    `([^${WHITESPACE}${DELIMITERS}]+)`,
  'g',
);
const STREAM_KEYWORD = new RegExp(
  `(?<=^|[${WHITESPACE}${DELIMITERS}])stream(?=[${WHITESPACE}${DELIMITERS}]|$)`,
  'g',
);
const OBJECT_HEADER = new RegExp(
  `(?<![0-9])([0-9]+)[${WHITESPACE}]+([0-9]+)[${WHITESPACE}]+obj(?=[${WHITESPACE}${DELIMITERS}])`,
  'g',
);
const INTEGER_OBJECT = new RegExp(
  `(?<![0-9])([0-9]+)[${WHITESPACE}]+([0-9]+)[${WHITESPACE}]+obj[${WHITESPACE}]*([0-9]+)[${WHITESPACE}]*endobj`,
  'g',
);
/** What follows the object number of a reference: ` 0 R`. */
const REFERENCE_TAIL = new RegExp(
  `[${WHITESPACE}]+([0-9]+)[${WHITESPACE}]+R(?=[${WHITESPACE}${DELIMITERS}]|$)`,
  'y',
);
const TO_ENDSTREAM = new RegExp(`[${WHITESPACE}]*endstream`, 'y');
const isWhitespace = (c: string) => c !== '' && '\x00\t\n\f\r '.includes(c);
const isDelimiter = (c: string) => c !== '' && '()<>[]{}/%'.includes(c);

/** A name's text with its `#xx` escapes decoded (PDF 1.2+; any case of hex digit). */
export function decodePdfName(raw: string): string {
  let name = '';
  for (let i = 0; i < raw.length; i += 1) {
    const high = raw[i] === '#' ? hexValue(raw.charCodeAt(i + 1)) : -1;
    const low = high >= 0 ? hexValue(raw.charCodeAt(i + 2)) : -1;
    if (low >= 0) {
      name += String.fromCharCode(high * 16 + low);
      i += 2;
    } else name += raw[i];
  }
  return name;
}

/** The value of a hex digit's character code, or -1. */
function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  const lower = code | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}

/** The index of the first character after whitespace and comments from `i`. */
function skipSpace(text: string, i: number): number {
  for (;;) {
    while (i < text.length && isWhitespace(text[i]!)) i += 1;
    if (text[i] !== '%') return i;
    while (i < text.length && text[i] !== '\n' && text[i] !== '\r') i += 1;
  }
}

type Finding = Exclude<PdfVerdict, { ok: true } | { reason: 'UNCHECKABLE' }>;

/**
 * The first active name of `text` (latin1), or null. Short names inside `quiet` ranges (raw
 * stream data, sorted, disjoint) are passed over.
 */
function findActiveName(text: string, quiet: readonly (readonly [number, number])[] = []): Finding | null {
  let q = 0;
  NAME.lastIndex = 0;
  for (let match = NAME.exec(text); match; match = NAME.exec(text)) {
    const raw = match[1]!;
    const name = raw.includes('#') ? decodePdfName(raw) : raw;
    if (name === 'Encrypt') return { ok: false, reason: 'ENCRYPTED' };
    if (name === 'OpenAction') {
      // a destination to open at is harmless; anything else (an action) is refused
      if (text[skipSpace(text, match.index + match[0].length)] !== '[') {
        return { ok: false, reason: 'ACTIVE_CONTENT', name };
      }
      continue;
    }
    if (!ACTIVE_NAMES.has(name)) continue;
    if (isShort(name)) {
      while (q < quiet.length && quiet[q]![1] <= match.index) q += 1;
      if (q < quiet.length && quiet[q]![0] <= match.index) continue;
    }
    return { ok: false, reason: 'ACTIVE_CONTENT', name };
  }
  return null;
}

// ---- stream dictionaries ----------------------------------------------------------------------

type PdfValue =
  | { kind: 'name'; name: string }
  | { kind: 'number'; value: number }
  | { kind: 'ref'; num: number; gen: number }
  | { kind: 'array'; items: PdfValue[] }
  | { kind: 'dict'; entries: Map<string, PdfValue> }
  | { kind: 'other' };

class Unreadable extends Error {}

/** Reads one object (a dictionary, array, name, number, reference, string, keyword). */
class ObjectReader {
  pos: number;
  private readonly text: string;
  private readonly end: number;

  constructor(text: string, start: number, end: number) {
    this.text = text;
    this.pos = start;
    this.end = end;
  }

  private peek(): string {
    return this.pos < this.end ? this.text[this.pos]! : '';
  }

  space(): void {
    this.pos = Math.min(skipSpace(this.text, this.pos), this.end);
  }

  value(depth = 0): PdfValue {
    if (depth > 64) throw new Unreadable('objects nested too deep');
    this.space();
    const c = this.peek();
    if (c === '') throw new Unreadable('the dictionary does not end');
    if (c === '/') return { kind: 'name', name: this.name() };
    if (c === '<' && this.text[this.pos + 1] === '<') return this.dictionary(depth);
    if (c === '<') return this.skipHexString();
    if (c === '(') return this.skipLiteralString();
    if (c === '[') {
      this.pos += 1;
      const items: PdfValue[] = [];
      for (;;) {
        this.space();
        if (this.peek() === ']') {
          this.pos += 1;
          return { kind: 'array', items };
        }
        items.push(this.value(depth + 1));
      }
    }
    if (/[0-9+\-.]/.test(c)) return this.numberOrReference();
    const word = this.regularRun();
    if (word === '') throw new Unreadable(`unexpected "${c}"`);
    return { kind: 'other' }; // true, false, null
  }

  private regularRun(): string {
    const start = this.pos;
    while (this.pos < this.end && !isWhitespace(this.text[this.pos]!) && !isDelimiter(this.text[this.pos]!)) {
      this.pos += 1;
    }
    return this.text.slice(start, this.pos);
  }

  private name(): string {
    this.pos += 1;
    return decodePdfName(this.regularRun());
  }

  private dictionary(depth: number): PdfValue {
    this.pos += 2;
    const entries = new Map<string, PdfValue>();
    for (;;) {
      this.space();
      if (this.peek() === '>' && this.text[this.pos + 1] === '>') {
        this.pos += 2;
        return { kind: 'dict', entries };
      }
      if (this.peek() !== '/') throw new Unreadable('a dictionary key is not a name');
      const key = this.name();
      entries.set(key, this.value(depth + 1));
    }
  }

  private numberOrReference(): PdfValue {
    const first = this.regularRun();
    const value = Number(first);
    if (!Number.isFinite(value)) throw new Unreadable(`not a number: "${first}"`);
    if (/^[0-9]+$/.test(first)) {
      REFERENCE_TAIL.lastIndex = this.pos;
      const match = REFERENCE_TAIL.exec(this.text);
      if (match && REFERENCE_TAIL.lastIndex <= this.end) {
        this.pos = REFERENCE_TAIL.lastIndex;
        return { kind: 'ref', num: value, gen: Number(match[1]) };
      }
    }
    return { kind: 'number', value };
  }

  private skipHexString(): PdfValue {
    const close = this.text.indexOf('>', this.pos);
    if (close < 0 || close >= this.end) throw new Unreadable('a hex string does not end');
    this.pos = close + 1;
    return { kind: 'other' };
  }

  private skipLiteralString(): PdfValue {
    let depth = 0;
    while (this.pos < this.end) {
      const c = this.text[this.pos]!;
      this.pos += c === '\\' ? 2 : 1;
      if (c === '(') depth += 1;
      else if (c === ')' && --depth === 0) return { kind: 'other' };
    }
    throw new Unreadable('a string does not end');
  }
}

interface StreamObject {
  dict: Map<string, PdfValue>;
  /** Where the raw data starts (after `stream` and its end of line). */
  start: number;
  /** The ends a viewer could take: by `/Length`, and at the first `endstream`. */
  ends: number[];
}

/** The most readings of one stream's length looked at (by `endstream`, by each `/Length` found). */
const MAX_READINGS = 4;

function sortedPositions(text: string, pattern: RegExp): number[] {
  return Array.from(text.matchAll(pattern), (match) => match.index);
}

/** The last index of `sorted` whose value is at most `value`, or -1. */
function lastAtMost(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! <= value) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/**
 * Every stream of the file, found from its `stream` keyword (wherever it stands, inside another
 * stream's data too) back to the object header before it. A keyword whose dictionary cannot be
 * read makes the file uncheckable: that stream could hold objects.
 */
function findStreams(text: string, limits: PdfLimits): StreamObject[] | string {
  const headers = Array.from(text.matchAll(OBJECT_HEADER), (match) => ({
    at: match.index,
    end: match.index + match[0].length,
  }));
  const headerEnds = headers.map((header) => header.end);
  const used = new Set<number>();
  const integers = new Map<string, number[]>();
  for (const match of text.matchAll(INTEGER_OBJECT)) {
    const key = `${match[1]} ${match[2]}`;
    const values = integers.get(key);
    if (values) values.push(Number(match[3]));
    else integers.set(key, [Number(match[3])]);
  }
  const endstreams = sortedPositions(text, /endstream/g);

  const streams: StreamObject[] = [];
  for (const keyword of sortedPositions(text, STREAM_KEYWORD)) {
    const h = lastAtMost(headerEnds, keyword);
    if (h < 0 || used.has(h)) return `a stream at byte ${keyword} belongs to no object`;
    used.add(h);
    const header = headers[h]!;
    if (keyword - header.end > limits.maxDictionaryBytes)
      return `the stream at byte ${keyword} has no readable dictionary`;
    const reader = new ObjectReader(text, header.end, keyword);
    let dict: PdfValue;
    try {
      dict = reader.value();
      reader.space();
    } catch (error) {
      if (error instanceof Unreadable)
        return `the dictionary of the stream at byte ${keyword} is unreadable: ${error.message}`;
      throw error;
    }
    if (dict.kind !== 'dict' || reader.pos !== keyword)
      return `the stream at byte ${keyword} follows no dictionary`;

    let start = keyword + 'stream'.length;
    if (text.startsWith('\r\n', start)) start += 2;
    else if (text[start] === '\n' || text[start] === '\r') start += 1;
    const ends = new Set<number>();
    const e = endstreams[lastAtMost(endstreams, start - 1) + 1];
    ends.add(e ?? text.length);
    const length = dict.entries.get('Length');
    const lengths =
      length?.kind === 'number'
        ? [length.value]
        : length?.kind === 'ref'
          ? (integers.get(`${length.num} ${length.gen}`) ?? [])
          : [];
    for (const n of lengths) {
      if (!Number.isInteger(n) || n < 0 || start + n > text.length) continue;
      // the same reading when only an end of line lies between /Length and that endstream
      TO_ENDSTREAM.lastIndex = start + n;
      if (TO_ENDSTREAM.exec(text) && TO_ENDSTREAM.lastIndex - 'endstream'.length === e) continue;
      ends.add(start + n);
    }
    if (ends.size > MAX_READINGS) return `the stream at byte ${keyword} has too many possible lengths`;
    streams.push({ dict: dict.entries, start, ends: [...ends].sort((a, b) => a - b) });
  }
  return streams;
}

// ---- object streams -----------------------------------------------------------------------------

/**
 * A stream a viewer could read objects from: an object stream, or anything shaped like one —
 * some viewers do not look at `/Type`, and some take a missing `/First` for 0, needing only `/N`.
 * (An ICC profile's `/N` makes it one too: it is decoded and read, which costs little.)
 */
function holdsObjects(dict: Map<string, PdfValue>): boolean {
  const type = dict.get('Type');
  return dict.has('First') || dict.has('N') || (type?.kind === 'name' && type.name === 'ObjStm');
}

/** The filter names of a stream, or a reason it cannot be decoded here. */
function filtersOf(dict: Map<string, PdfValue>): string[] | string {
  const filter = dict.get('Filter');
  if (filter === undefined) return [];
  const items = filter.kind === 'array' ? filter.items : [filter];
  const names: string[] = [];
  for (const item of items) {
    if (item.kind !== 'name') return 'an object stream names its filter indirectly';
    names.push(item.name);
  }
  const parms = dict.get('DecodeParms') ?? dict.get('DP');
  const parmsList = parms === undefined ? [] : parms.kind === 'array' ? parms.items : [parms];
  for (const p of parmsList) {
    if (p.kind === 'other') continue; // null
    if (p.kind !== 'dict') return 'an object stream has indirect decode parameters';
    const predictor = p.entries.get('Predictor');
    if (predictor !== undefined && !(predictor.kind === 'number' && predictor.value <= 1)) {
      return 'an object stream uses a predictor';
    }
  }
  return names;
}

function inflate(data: Buffer, maxOutputLength: number): Buffer | 'too large' | 'broken' {
  const options = { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength };
  for (const decompress of [inflateSync, inflateRawSync]) {
    try {
      return decompress(data, options);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return 'too large';
    }
  }
  return 'broken';
}

/**
 * Looks for active content in `pdf`. Encrypted files and files whose object streams cannot be
 * decoded (a filter other than FlateDecode, a predictor, a stream whose dictionary is unreadable,
 * too much to decompress) are refused, not passed.
 */
export function inspectPdf(pdf: Uint8Array, limits: PdfLimits = DEFAULT_PDF_LIMITS): PdfVerdict {
  const text = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString('latin1');
  if (!text.startsWith('%PDF-')) return { ok: false, reason: 'UNCHECKABLE', why: 'no %PDF- header' };
  const streams = findStreams(text, limits);

  // 1. the raw file: every name, except short ones inside raw stream data
  const quiet: [number, number][] = [];
  if (typeof streams !== 'string') {
    for (const s of [...streams].sort((a, b) => a.start - b.start)) {
      const end = s.ends[0]!;
      const last = quiet.at(-1);
      if (last && s.start <= last[1]) last[1] = Math.max(last[1], end);
      else quiet.push([s.start, end]);
    }
  }
  const raw = findActiveName(text, quiet);
  if (raw) return raw;
  if (typeof streams === 'string') return { ok: false, reason: 'UNCHECKABLE', why: streams };

  // 2. what object streams hold, decoded as a viewer would (each reading of their length)
  let budget = limits.maxInflatedBytes;
  for (const stream of streams) {
    if (!holdsObjects(stream.dict)) continue;
    const filters = filtersOf(stream.dict);
    if (typeof filters === 'string') return { ok: false, reason: 'UNCHECKABLE', why: filters };
    const other = filters.find((name) => name !== 'FlateDecode' && name !== 'Fl');
    if (other) {
      if (other === 'Crypt') return { ok: false, reason: 'ENCRYPTED' };
      return { ok: false, reason: 'UNCHECKABLE', why: `an object stream uses the filter ${other}` };
    }
    for (const end of stream.ends) {
      let data: Buffer = Buffer.from(text.slice(stream.start, end), 'latin1');
      for (let f = 0; f < filters.length; f += 1) {
        const decoded = inflate(data, budget);
        if (decoded === 'too large') {
          return { ok: false, reason: 'UNCHECKABLE', why: 'too much compressed content' };
        }
        if (decoded === 'broken') {
          return { ok: false, reason: 'UNCHECKABLE', why: 'an object stream does not decompress' };
        }
        budget -= decoded.length;
        data = decoded;
      }
      const found = findActiveName(data.toString('latin1'));
      if (found) return found;
    }
  }
  return { ok: true };
}
