import { LOCALE_COOKIE_KEY } from '@protokoll/contract';
import { describe, expect, it } from 'vitest';
import { readLocaleCookie, writeLocaleCookie } from './locale.ts';

describe('locale cookie', () => {
  it('reads only known locales from i18n_redirected', () => {
    expect(readLocaleCookie(`a=1; ${LOCALE_COOKIE_KEY}=en; b=2`)).toBe('en');
    expect(readLocaleCookie(`${LOCALE_COOKIE_KEY}=fr`)).toBeUndefined();
    expect(readLocaleCookie('')).toBeUndefined();
  });

  it('writes the choice so it can be read back', () => {
    writeLocaleCookie('en');
    expect(readLocaleCookie()).toBe('en');
    writeLocaleCookie('de');
    expect(readLocaleCookie()).toBe('de');
  });
});
