import { describe, expect, it } from 'vitest';
import { acceptsEncoding, acceptsGzip, RawJson, toCachedBody } from './cached-body.ts';

describe('a cached body', () => {
  it('sends JSON text made elsewhere as is', () => {
    const text = '{"items":[],"nextCursor":null}';
    expect(toCachedBody(new RawJson(text)).body.toString()).toBe(text);
    expect(toCachedBody(new RawJson(text)).etag).toBe(toCachedBody({ items: [], nextCursor: null }).etag);
  });
});

describe('Accept-Encoding', () => {
  it.each([
    ['gzip, deflate, br', 'br', true],
    ['gzip, deflate, br', 'gzip', true],
    ['br;q=0, gzip', 'br', false],
    ['br;q=0, gzip', 'gzip', true],
    ['BR;Q=0.5', 'br', true],
    ['*', 'br', true],
    ['identity', 'gzip', false],
    [undefined, 'gzip', false],
  ] as const)('%j takes %s: %s', (header, coding, expected) => {
    expect(acceptsEncoding(header, coding)).toBe(expected);
    if (coding === 'gzip') expect(acceptsGzip(header)).toBe(expected);
  });
});
