import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_TTL_S, signAccessToken, verifyAccessToken } from './tokens.ts';

const SECRET = 'a-test-secret-of-enough-length-for-hs256';
const claims = { userId: 7, sessionId: 'session-1' };

describe('verifyAccessToken', () => {
  afterEach(() => vi.useRealTimers());

  it('answers a token it checked before from memory, until the token expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const signedAt = new Date('2026-11-24T10:00:00.000Z');
    vi.setSystemTime(signedAt);
    const token = await signAccessToken(SECRET, claims, signedAt);
    expect(await verifyAccessToken(SECRET, token)).toEqual(claims);
    // Second check: from memory, the same answer.
    vi.setSystemTime(signedAt.getTime() + (ACCESS_TOKEN_TTL_S - 1) * 1000);
    expect(await verifyAccessToken(SECRET, token)).toEqual(claims);
    // Past its expiry the remembered token is refused like any expired one.
    vi.setSystemTime(signedAt.getTime() + (ACCESS_TOKEN_TTL_S + 1) * 1000);
    expect(await verifyAccessToken(SECRET, token)).toBeUndefined();
    expect(await verifyAccessToken(SECRET, token)).toBeUndefined();
  });

  it('keeps what it remembers per secret: another secret checks the signature again', async () => {
    const token = await signAccessToken(SECRET, claims);
    expect(await verifyAccessToken(SECRET, token)).toEqual(claims);
    expect(await verifyAccessToken(`${SECRET}-rotated`, token)).toBeUndefined();
  });

  it('never remembers a refused token', async () => {
    const token = await signAccessToken(SECRET, claims);
    const forged = `${token.slice(0, -2)}${token.endsWith('A') ? 'BB' : 'AA'}`;
    expect(await verifyAccessToken(SECRET, forged)).toBeUndefined();
    expect(await verifyAccessToken(SECRET, forged)).toBeUndefined();
    expect(await verifyAccessToken(SECRET, token)).toEqual(claims);
  });
});
