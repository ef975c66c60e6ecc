import { describe, expect, it } from 'vitest';
import { RawJson, toCachedBody } from './cached-body.ts';

describe('a cached body', () => {
  it('sends JSON text made elsewhere as is', () => {
    const text = '{"items":[],"nextCursor":null}';
    expect(toCachedBody(new RawJson(text)).body.toString()).toBe(text);
    expect(toCachedBody(new RawJson(text)).etag).toBe(toCachedBody({ items: [], nextCursor: null }).etag);
  });
});
