import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scrubSecrets } from './scrub-secrets.ts';

const JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';
const UUID = '3f2b8c1e-9d4a-4b7e-8c2f-1a2b3c4d5e6f';

describe('scrubSecrets', () => {
  it.each([
    // what, input, output
    ['an e-mail', 'No user ana.perez+1@example.com here', 'No user [email] here'],
    ['an upper-case e-mail', 'Sent to ANA@EXAMPLE.CL.', 'Sent to [email].'],
    ['a percent-encoded e-mail', '/api/users?q=ana%40example.com', '/api/users?q=[email]'],
    ['two e-mails', 'a@b.co, c@d.org', '[email], [email]'],
    ['a bearer token', 'Authorization: Bearer abc.DEF-123_456~x', 'Authorization: Bearer [token]'],
    ['a basic token', 'authorization: basic dXNlcjpwYXNz==', 'authorization: basic [token]'],
    ['a JWT', `token ${JWT} expired`, 'token [jwt] expired'],
    [
      'a session cookie',
      'cookie better-auth.session_token=AbCdEf.123456',
      'cookie better-auth.session_token=[token]',
    ],
    [
      'a query-string token',
      '/auth/reset-password?token=abc123&lang=es',
      '/auth/reset-password?token=[token]&lang=es',
    ],
    ['a query-string code after a hash', '/callback#code=xyz&state=1', '/callback#code=[token]&state=1'],
    [
      'token_ws',
      '/payments/webpay/return?token_ws=e9d555262db0f989e49d724b4db0b0af',
      '/payments/webpay/return?token_ws=[token]',
    ],
    ['an api key parameter', 'GET /x?appId=web&api_key=s3cr3t', 'GET /x?appId=web&api_key=[token]'],
    ['a password field in JSON', '{"email":"x","password":"hunter2"}', '{"email":"x","password":"[token]"}'],
    ['an Idempotency-Key header', 'Idempotency-Key: 7c1f-aa-01', 'Idempotency-Key: [token]'],
    ['an idempotencyKey field', "idempotency_key='k-123'", "idempotency_key='[token]'"],
    [
      'a long hex secret',
      'sig 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08 bad',
      'sig [secret] bad',
    ],
    ['a long base64 secret', 'key QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo0NTY3ODkw==', 'key [secret]'],
    ['a base64url secret', 'x dGhpcy1pcy1hLXNlY3JldC1rZXktMTIzNDU2Nzg5MA_x y', 'x [secret] y'],
  ])('removes %s', (_, input, output) => {
    expect(scrubSecrets(input)).toBe(output);
  });

  it.each([
    ['a route with UUIDs', `/restaurants/${UUID}/reservation/${UUID}/order`],
    ['a product message', 'Producto no encontrado'],
    ['a stack line', 'at loadMenu (https://comensal.test/assets/menu-BzQ1x9aa.js:12:345)'],
    ['a Spanish message', 'Error al aceptar invitación'],
    ['a plain query string', '/?q=sushi&category=japanese&sort=distance&lat=-33.4&lng=-70.6'],
    ['a long hyphenated word', 'restaurant-reservation-confirmation-page-layout'],
    ['a long number of words', 'TypeError: Cannot read properties of undefined (reading "items")'],
    ['an empty text', ''],
  ])('keeps %s', (_, input) => {
    expect(scrubSecrets(input)).toBe(input);
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const once = scrubSecrets(text);
        expect(scrubSecrets(once)).toBe(once);
      }),
    );
  });

  it('leaves no address in any text that holds one (the local part goes with it unless it is only URL characters)', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }),
        fc.emailAddress(),
        fc.string({ maxLength: 40 }),
        (a, email, b) => {
          const scrubbed = scrubSecrets(`${a} ${email} ${b}`);
          expect(scrubbed).not.toContain(email.slice(email.indexOf('@')));
          if (/^[\w.+-]+@/.test(email)) expect(scrubbed).not.toContain(email);
        },
      ),
    );
  });
});
