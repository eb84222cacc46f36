import { createRemoteJWKSet, jwtVerify } from 'jose';

/** What a verified Google ID token tells us about the person. */
export interface GoogleIdentity {
  email: string;
  givenName: string | undefined;
  familyName: string | undefined;
}

export interface GoogleVerifier {
  /** The identity of a valid ID token; undefined for any invalid one. */
  verify(idToken: string): Promise<GoogleIdentity | undefined>;
}

const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/**
 * Checks Google ID tokens the way Google prescribes: signature against the published keys (cached
 * and refreshed by jose), issuer, audience = our client id, expiry, and a verified e-mail address.
 */
export function createGoogleVerifier(options: {
  clientId: string;
  jwksUrl: string;
}): GoogleVerifier {
  const keys = createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 5_000 });
  return {
    async verify(idToken) {
      try {
        const { payload } = await jwtVerify(idToken, keys, {
          issuer: GOOGLE_ISSUERS,
          audience: options.clientId,
          algorithms: ['RS256'],
          requiredClaims: ['exp', 'sub'],
        });
        const verified = payload.email_verified === true || payload.email_verified === 'true';
        if (!verified || typeof payload.email !== 'string' || !payload.email.includes('@')) {
          return undefined;
        }
        const text = (value: unknown) =>
          typeof value === 'string' && value.trim() ? value.trim() : undefined;
        return {
          email: payload.email.trim().toLowerCase(),
          givenName: text(payload.given_name),
          familyName: text(payload.family_name),
        };
      } catch {
        return undefined;
      }
    },
  };
}
