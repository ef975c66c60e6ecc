import { describe, expect, it } from 'vitest';
import { displayNameProblem } from './display-name.ts';

describe('displayNameProblem', () => {
  it.each([
    ['Ana', null],
    ['María José Pérez-Soto', null],
    ['Dr. Smith', null],
    ['J.R.R. Tolkien', null],
    ["O'Brien & Co", null],
    ['Invitado 12', null],
    ['李小龙', null],
    ['', 'EMPTY'],
    ['   ', 'EMPTY'],
    ['a'.repeat(40), null],
    ['a'.repeat(41), 'TOO_LONG'],
    ['ñ'.repeat(40), null],
    ['Ana\u0007', 'CONTROL'],
    ['Banco: verifique su cuenta en evil.example', 'TOO_LONG'],
    ['Banco: verifique en evil.example', 'LINK'],
    ['evil.example', 'LINK'],
    ['Visit EVIL.COM', 'LINK'],
    ['evil。example', 'LINK'],
    ['https://x.y', 'LINK'],
    ['hxxp://evil', 'LINK'],
    ['www.evil', 'LINK'],
    ['write to ana@evil', 'LINK'],
    ['go //evil', 'LINK'],
  ] as const)('%j → %s', (name, expected) => {
    expect(displayNameProblem(name, 40)).toBe(expected);
  });
});
