import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectDomainError } from '../testing/expect-domain-error.ts';
import {
  classifyWebpayReturn,
  isWebpayApproved,
  isWebpayBuyOrder,
  uuidFromWebpayBuyOrder,
  WEBPAY_BUY_ORDER_CHARACTERS,
  webpayBuyOrder,
  type WebpayOutcome,
  type WebpayReturn,
} from './webpay.ts';

const TOKEN = 'e9d555262db0f989e49d724b4db0b0af367cc415cde41f500a776550fc5fddd3';
const OTHER_TOKEN = '01ab8d8a8b2f3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5';
const BUY_ORDER = '0bq3xk1j3v8m2d7s9l4n6p0r5';
const SESSION = 'session-1234';

describe('classifyWebpayReturn', () => {
  it.each<[string, Record<string, string | undefined>, WebpayReturn]>([
    ['normal return: token_ws only → commit', { token_ws: TOKEN }, { kind: 'commit', token: TOKEN }],
    [
      'aborted: TBK_TOKEN, buy order and session',
      { TBK_TOKEN: TOKEN, TBK_ORDEN_COMPRA: BUY_ORDER, TBK_ID_SESION: SESSION },
      { kind: 'aborted', token: TOKEN, buyOrder: BUY_ORDER, sessionId: SESSION },
    ],
    ['aborted: TBK_TOKEN alone', { TBK_TOKEN: TOKEN }, { kind: 'aborted', token: TOKEN }],
    [
      'error page then back: token_ws and TBK_TOKEN → aborted, never commit',
      { token_ws: OTHER_TOKEN, TBK_TOKEN: TOKEN, TBK_ORDEN_COMPRA: BUY_ORDER, TBK_ID_SESION: SESSION },
      { kind: 'aborted', token: TOKEN, buyOrder: BUY_ORDER, sessionId: SESSION },
    ],
    [
      'timed out: buy order and session, no token',
      { TBK_ORDEN_COMPRA: BUY_ORDER, TBK_ID_SESION: SESSION },
      { kind: 'timed_out', buyOrder: BUY_ORDER, sessionId: SESSION },
    ],
    [
      'timed out: buy order alone',
      { TBK_ORDEN_COMPRA: BUY_ORDER },
      { kind: 'timed_out', buyOrder: BUY_ORDER },
    ],
    [
      'token_ws wins over a buy order when there is no TBK_TOKEN',
      { token_ws: TOKEN, TBK_ORDEN_COMPRA: BUY_ORDER },
      { kind: 'commit', token: TOKEN },
    ],
    [
      'an empty TBK_TOKEN counts as absent',
      { TBK_TOKEN: '', token_ws: TOKEN },
      { kind: 'commit', token: TOKEN },
    ],
    [
      'unrelated parameters are ignored',
      { token_ws: TOKEN, utm_source: 'x' },
      { kind: 'commit', token: TOKEN },
    ],
    ['nothing', {}, { kind: 'invalid' }],
    ['only a session id', { TBK_ID_SESION: SESSION }, { kind: 'invalid' }],
    ['only empty values', { token_ws: '', TBK_TOKEN: '', TBK_ORDEN_COMPRA: '' }, { kind: 'invalid' }],
    ['undefined values', { token_ws: undefined, TBK_TOKEN: undefined }, { kind: 'invalid' }],
    ['a token longer than 64', { token_ws: `${TOKEN}0` }, { kind: 'invalid' }],
    ['a token with other characters', { token_ws: `${TOKEN.slice(0, 60)}<x/>` }, { kind: 'invalid' }],
    ['a TBK_TOKEN out of limits', { TBK_TOKEN: 'a'.repeat(65), token_ws: TOKEN }, { kind: 'invalid' }],
    ['a buy order longer than 26', { TBK_ORDEN_COMPRA: 'a'.repeat(27) }, { kind: 'invalid' }],
    ['a buy order with a space', { TBK_ORDEN_COMPRA: 'order 1' }, { kind: 'invalid' }],
    [
      'a session id longer than 61',
      { TBK_ORDEN_COMPRA: BUY_ORDER, TBK_ID_SESION: 's'.repeat(62) },
      { kind: 'invalid' },
    ],
  ])('%s', (_label, params, expected) => {
    expect(classifyWebpayReturn(params)).toEqual(expected);
  });

  it('classifies any mix of the four parameters by the documented rule', () => {
    const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
    const token = fc.stringMatching(/^[0-9a-f]{64}$/);
    fc.assert(
      fc.property(
        maybe(token),
        maybe(token),
        maybe(fc.stringMatching(/^[0-9a-z]{1,26}$/)),
        maybe(fc.string({ minLength: 1, maxLength: 61 })),
        (tokenWs, tbkToken, buyOrder, sessionId) => {
          const result = classifyWebpayReturn({
            token_ws: tokenWs,
            TBK_TOKEN: tbkToken,
            TBK_ORDEN_COMPRA: buyOrder,
            TBK_ID_SESION: sessionId,
          });
          const expected = tbkToken ? 'aborted' : tokenWs ? 'commit' : buyOrder ? 'timed_out' : 'invalid';
          expect(result.kind).toBe(expected);
        },
      ),
    );
  });
});

describe('isWebpayApproved', () => {
  it.each<[WebpayOutcome, boolean]>([
    [{ response_code: 0, status: 'AUTHORIZED' }, true],
    [{ response_code: -1, status: 'FAILED' }, false],
    [{ response_code: 0, status: 'FAILED' }, false],
    [{ response_code: -1, status: 'AUTHORIZED' }, false],
    [{ response_code: '0', status: 'AUTHORIZED' }, false],
    [{ response_code: 0, status: 'authorized' }, false],
    [{ response_code: 0, status: 'INITIALIZED' }, false],
    [{ response_code: 0, status: 'REVERSED' }, false],
    [{ status: 'AUTHORIZED' }, false],
    [{ response_code: 0 }, false],
    [{}, false],
    [{ response_code: null, status: null }, false],
  ])('%j → %s', (outcome, expected) => {
    expect(isWebpayApproved(outcome)).toBe(expected);
  });
});

describe('webpay buy orders', () => {
  it.each<[string, string]>([
    ['00000000-0000-0000-0000-000000000000', '0000000000000000000000000'],
    ['00000000-0000-0000-0000-000000000001', '0000000000000000000000001'],
    ['00000000-0000-0000-0000-000000000024', '0000000000000000000000010'],
    ['ffffffff-ffff-ffff-ffff-ffffffffffff', 'f5lxx1zz5pnorynqglhzmsp33'],
    ['FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF', 'f5lxx1zz5pnorynqglhzmsp33'],
  ])('webpayBuyOrder(%s) = %s', (uuid, buyOrder) => {
    expect(webpayBuyOrder(uuid)).toBe(buyOrder);
    expect(uuidFromWebpayBuyOrder(buyOrder)).toBe(uuid.toLowerCase());
  });

  it.each([
    '',
    'not-a-uuid',
    '00000000000000000000000000000000',
    '00000000-0000-0000-0000-00000000000g',
    42 as never,
  ])('webpayBuyOrder rejects %j with INVALID_BUY_ORDER', (value) => {
    expectDomainError(() => webpayBuyOrder(value), 'INVALID_BUY_ORDER');
  });

  it.each([
    '',
    '000000000000000000000000', // 24 characters
    '00000000000000000000000000', // 26
    'F5LXX1ZZ5PNORYNQGLHZMSP33', // upper case is not what webpayBuyOrder writes
    'f5lxx1zz5pnorynqglhzmsp34', // 2^128: above every uuid
    'zzzzzzzzzzzzzzzzzzzzzzzzz',
    '000000000000000000000000-',
  ])('uuidFromWebpayBuyOrder(%j) = null', (value) => {
    expect(uuidFromWebpayBuyOrder(value)).toBeNull();
  });

  it.each<[unknown, boolean]>([
    ['a', true],
    ['x'.repeat(26), true],
    [WEBPAY_BUY_ORDER_CHARACTERS.slice(0, 26), true],
    [WEBPAY_BUY_ORDER_CHARACTERS.slice(-26), true],
    ['|_=&%.,~:/?[+!@()>-', true],
    ['', false],
    ['x'.repeat(27), false],
    ['order 1', false],
    ['orden#1', false],
    ['ñandú', false],
    ['a]b', false],
    [12, false],
    [null, false],
  ])('isWebpayBuyOrder(%j) = %s', (value, expected) => {
    expect(isWebpayBuyOrder(value)).toBe(expected);
  });

  it('turns every uuid into a distinct valid buy order and back', () => {
    const uuid = fc.bigInt(0n, (1n << 128n) - 1n).map((value) => {
      const hex = value.toString(16).padStart(32, '0');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    });
    fc.assert(
      fc.property(uuid, uuid, (a, b) => {
        const buyOrder = webpayBuyOrder(a);
        expect(isWebpayBuyOrder(buyOrder)).toBe(true);
        expect(buyOrder).toHaveLength(25);
        expect(uuidFromWebpayBuyOrder(buyOrder)).toBe(a);
        expect(webpayBuyOrder(b) === buyOrder).toBe(a === b);
      }),
    );
  });
});
