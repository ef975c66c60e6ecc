import { describe, expect, it } from 'vitest';
import { cookiePairs } from './cookie-header.ts';

describe('cookiePairs', () => {
  it('reads names and values in order, values keeping their own "="', () => {
    expect(cookiePairs('locale=es-ES; better-auth.session_token=abc.d=e==')).toEqual([
      ['locale', 'es-ES'],
      ['better-auth.session_token', 'abc.d=e=='],
    ]);
  });

  it('has nothing for no header, and skips empty parts', () => {
    expect(cookiePairs(undefined)).toEqual([]);
    expect(cookiePairs('')).toEqual([]);
    expect(cookiePairs(' ; a=1;;b')).toEqual([
      ['a', '1'],
      ['b', ''],
    ]);
  });
});
