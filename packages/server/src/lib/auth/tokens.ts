import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';

/** Access tokens live this long; refresh tokens renew them. */
export const ACCESS_TOKEN_TTL_S = 15 * 60;
const ISSUER = 'protokoll';
const AUDIENCE = 'protokoll-api';

/** A random opaque token for a refresh token or a mailed link (256 bits, URL-safe). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Opaque tokens are stored only as this hash: a database leak does not hand out sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

/**
 * The HMAC key of a secret, imported once: handed raw bytes, jose imports a key on every call,
 * which doubled the cost of checking a token (about 55 µs of CPU instead of 27 per request).
 */
const keys = new Map<string, Promise<CryptoKey>>();
function keyOf(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    keys.set(secret, key);
  }
  return key;
}

export async function signAccessToken(
  secret: string,
  claims: AccessClaims,
  now: Date = new Date(),
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return await new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_S)
    .sign(await keyOf(secret));
}

/** A checked token's claims and the second it stops being valid. */
interface Checked {
  claims: AccessClaims;
  validUntil: number;
}

/**
 * Tokens whose signature and claims were checked, per secret (docs/architecture.md#hot-queries):
 * a client sends the same access token with every request for its 15 minutes, and checking the
 * HMAC again each time was the largest single cost of a signed-in read. Bounded: past `max`
 * tokens the least recently used is forgotten and checked again when it comes back. Whether the
 * session is still live is not cached; that is asked on every request.
 */
const CHECKED_TOKENS_MAX = 10_000;
const checkedBySecret = new Map<string, LRUCache<string, Checked>>();
function checkedOf(secret: string): LRUCache<string, Checked> {
  let checked = checkedBySecret.get(secret);
  if (!checked) {
    checked = new LRUCache({ max: CHECKED_TOKENS_MAX });
    checkedBySecret.set(secret, checked);
  }
  return checked;
}

/** The claims of a valid access token; undefined for anything else (bad signature, expired, …). */
export async function verifyAccessToken(
  secret: string,
  token: string,
): Promise<AccessClaims | undefined> {
  const checked = checkedOf(secret);
  const nowS = Date.now() / 1000;
  const known = checked.get(token);
  if (known) {
    if (nowS < known.validUntil) return known.claims;
    checked.delete(token);
    return undefined;
  }
  try {
    const { payload } = await jwtVerify(token, await keyOf(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      // jose checks exp only when it is present: a token without it would never expire.
      requiredClaims: ['exp', 'iat', 'sub'],
      maxTokenAge: ACCESS_TOKEN_TTL_S,
    });
    const userId = Number(payload.sub);
    const sessionId = payload.sid;
    if (!Number.isSafeInteger(userId) || userId <= 0 || typeof sessionId !== 'string') {
      return undefined;
    }
    const claims = { userId, sessionId };
    // jose refuses from `exp` on, and from `iat` + the maximum age on (both required above).
    const validUntil = Math.min(
      payload.exp as number,
      (payload.iat as number) + ACCESS_TOKEN_TTL_S,
    );
    checked.set(token, { claims, validUntil });
    return claims;
  } catch {
    return undefined;
  }
}
