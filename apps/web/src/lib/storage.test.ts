import { afterEach, describe, expect, it } from 'vitest';
import {
  cookieValue,
  localStore,
  mirrorServerVisibleKeys,
  readStorageCookiesFrom,
  sessionStore,
  STORAGE_KEYS,
} from './storage';

function clearCookies(): void {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
}

afterEach(() => {
  readStorageCookiesFrom(null);
  clearCookies();
  localStorage.clear();
  sessionStorage.clear();
});

const profile = JSON.stringify({ displayName: 'Invitado 7', email: 'g-1', photoURL: null });

describe('server-visible keys (the guest profile, the remembered restaurant)', () => {
  it('are kept in a cookie of their name too, URI-encoded, and lose it with their value', () => {
    localStore.set(STORAGE_KEYS.guest, profile);
    localStore.set(STORAGE_KEYS.restaurantId, 'r-1');
    expect(document.cookie).toContain(`guest=${encodeURIComponent(profile)}`);
    expect(cookieValue(document.cookie, 'guest')).toBe(profile);
    expect(cookieValue(document.cookie, 'restaurantId')).toBe('r-1');

    localStore.remove(STORAGE_KEYS.guest);
    expect(cookieValue(document.cookie, 'guest')).toBeNull();
    expect(cookieValue(document.cookie, 'restaurantId')).toBe('r-1');
  });

  it('other keys, and sessionStorage, stay out of cookies', () => {
    localStore.set(STORAGE_KEYS.locale, 'es-ES');
    localStore.set(`${STORAGE_KEYS.cart}:res-1`, '[]');
    sessionStore.set(STORAGE_KEYS.table, '{}');
    expect(document.cookie).toBe('');
  });

  it('at start-up: a value stored before gets its cookie, a cookie without its value gives it back', () => {
    localStorage.setItem('guest', profile);
    document.cookie = 'restaurantId=r-9; path=/';
    mirrorServerVisibleKeys();
    expect(cookieValue(document.cookie, 'guest')).toBe(profile);
    expect(localStorage.getItem('restaurantId')).toBe('r-9');

    // a cookie that differs from the stored value follows the stored value
    document.cookie = 'restaurantId=other; path=/';
    mirrorServerVisibleKeys();
    expect(cookieValue(document.cookie, 'restaurantId')).toBe('r-9');
  });

  it('on the server, are read from the cookies of the request being written, and nothing else is', () => {
    localStorage.setItem('guest', 'from this browser');
    localStorage.setItem('locale', 'en-US');
    let header: string | undefined = `a=1; guest=${encodeURIComponent(profile)}; restaurantId=r-2`;
    readStorageCookiesFrom(() => header);
    expect(localStore.get(STORAGE_KEYS.guest)).toBe(profile);
    expect(localStore.getJson(STORAGE_KEYS.restaurantId)).toBeNull(); // not JSON
    expect(localStore.get(STORAGE_KEYS.restaurantId)).toBe('r-2');
    // a key the server does not see is read as before
    expect(localStore.get(STORAGE_KEYS.locale)).toBe('en-US');
    header = undefined;
    expect(localStore.get(STORAGE_KEYS.guest)).toBeNull();
  });

  it('a malformed cookie value reads as absent', () => {
    expect(cookieValue('guest=%E0%A4%A', 'guest')).toBeNull();
    expect(cookieValue('xguest=1; guest =2', 'guest')).toBe('2');
    expect(cookieValue(undefined, 'guest')).toBeNull();
  });
});
