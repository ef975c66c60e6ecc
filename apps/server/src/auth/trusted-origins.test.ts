import { describe, expect, it } from 'vitest';
import { usesSecureCookies } from './auth.ts';
import { isTrustedOrigin, requestOrigin, trustedOriginsFor } from './trusted-origins.ts';

describe('trustedOriginsFor', () => {
  it.each([
    ['http://localhost:3000', ['http://localhost:3000', 'http://127.0.0.1:3000']],
    ['http://127.0.0.1:3107', ['http://127.0.0.1:3107', 'http://localhost:3107']],
    ['http://localhost:5173', ['http://localhost:5173', 'http://127.0.0.1:5173']],
    ['https://comensal.example', ['https://comensal.example']],
    ['http://192.168.1.20:3000', ['http://192.168.1.20:3000']],
  ])('%s → %j', (publicUrl, origins) => {
    expect(trustedOriginsFor(publicUrl)).toEqual(origins);
  });
});

describe('requestOrigin / isTrustedOrigin', () => {
  const trusted = trustedOriginsFor('http://localhost:3000');
  it.each([
    [{ origin: 'http://localhost:3000' }, true],
    [{ origin: 'http://127.0.0.1:3000' }, true],
    [{ referer: 'http://localhost:3000/reservations?x=1' }, true],
    [{ origin: 'http://localhost:3001' }, false],
    [{ origin: 'https://localhost:3000' }, false],
    [{ origin: 'null' }, false],
    [{ origin: 'null', referer: 'http://localhost:3000/' }, true],
    [{ referer: 'not a url' }, false],
    [{}, false],
  ])('%j → %s', (headers, expected) => {
    expect(isTrustedOrigin(requestOrigin(headers), trusted)).toBe(expected);
  });
});

describe('usesSecureCookies', () => {
  it.each([
    ['http://localhost:3000', false],
    ['http://127.0.0.1:3107', false],
    ['https://comensal.example', true],
    ['https://localhost:3443', true],
    ['http://comensal.example', true],
  ])('%s → %s', (publicUrl, expected) => {
    expect(usesSecureCookies(publicUrl)).toBe(expected);
  });
});
