// A local stand-in for Google's published signing keys (https://www.googleapis.com/oauth2/v3/certs):
// real HTTP on 127.0.0.1, a JWKS document, and RS256 ID tokens signed with the matching private key.
// Only node:crypto and node:http, so it needs nothing the server does not already trust.
import { createSign, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SignOptions {
  /** Sign with a key the JWKS does not publish (an attacker's key). */
  foreignKey?: boolean;
}

export interface JwksPeer {
  /** URL of the JWKS document, for GOOGLE_JWKS_URL. */
  url: string;
  /** A compact RS256 JWT over `claims` with the published key's `kid`. */
  sign(claims: Record<string, unknown>, options?: SignOptions): string;
  /** How often the key set was fetched. */
  requests(): number;
  close(): Promise<void>;
}

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

function signJwt(claims: Record<string, unknown>, key: KeyObject, kid: string): string {
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid }));
  const payload = base64url(JSON.stringify(claims));
  const signer = createSign('RSA-SHA256');
  signer.update(`${header}.${payload}`);
  return `${header}.${payload}.${signer.sign(key).toString('base64url')}`;
}

/** Google-shaped ID token claims for `email`, valid for an hour from now. */
export function googleClaims(
  clientId: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: 'https://accounts.google.com',
    aud: clientId,
    azp: clientId,
    sub: String(Math.floor(Math.random() * 1e15)),
    email: 'google.user@example.com',
    email_verified: true,
    given_name: 'Greta',
    family_name: 'Google',
    iat: now,
    exp: now + 3600,
    ...overrides,
  };
}

export async function startJwksPeer(): Promise<JwksPeer> {
  const kid = randomUUID();
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const foreign = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
  let count = 0;

  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/oauth2/v3/certs') {
      count += 1;
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'max-age=60' });
      res.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    sign: (claims, options = {}) => signJwt(claims, options.foreignKey ? foreign : privateKey, kid),
    requests: () => count,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
