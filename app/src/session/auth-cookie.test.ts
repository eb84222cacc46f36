import { describe, expect, it } from 'vitest';
import { clearAuthCookies, writeAuthCookies } from './auth-cookie.ts';

// docs/sessions.md#auth-cookie and #refresh-cookie: what the session writes into `document.cookie`.

/** A document that records every cookie written, in order. */
function recordingDocument() {
  const written: string[] = [];
  const doc = {
    set cookie(value: string) {
      written.push(value);
    },
  } as unknown as Document;
  return { doc, written };
}

const NOW = 1_800_000_000_000;

describe('the session cookies', () => {
  it('carry the access token for 8 hours and the refresh token until the session ends', () => {
    const { doc, written } = recordingDocument();
    writeAuthCookies({ token: 'a.b.c', refreshToken: 'r/1', expiresAt: NOW + 90_500 }, doc, NOW);
    expect(written).toEqual([
      'auth=a.b.c; Max-Age=28800; Path=/; Secure; SameSite=Strict',
      'auth_refresh=r%2F1; Max-Age=90; Path=/; Secure; SameSite=Lax',
    ]);
  });

  it('remove the refresh cookie when there is no refresh token or the session has ended', () => {
    for (const session of [
      { token: 't', refreshToken: null, expiresAt: NOW + 60_000 },
      { token: 't', refreshToken: 'r', expiresAt: NOW },
    ]) {
      const { doc, written } = recordingDocument();
      writeAuthCookies(session, doc, NOW);
      expect(written[1]).toBe('auth_refresh=; Max-Age=0; Path=/; Secure; SameSite=Lax');
    }
  });

  it('are both removed when the session is cleared', () => {
    const { doc, written } = recordingDocument();
    clearAuthCookies(doc);
    expect(written).toEqual([
      'auth=; Max-Age=0; Path=/; Secure; SameSite=Strict',
      'auth_refresh=; Max-Age=0; Path=/; Secure; SameSite=Lax',
    ]);
  });
});
