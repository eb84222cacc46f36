import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// The library's default algorithm is argon2id (OWASP parameters: 19 MiB, 2 passes); its enum is a
// `const enum`, which isolated modules cannot import, so the default is relied on and tested.

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummy: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a hash (unknown e-mail, Google-only account)
 * it still verifies against a throwaway hash, so the answer takes about as long either way and
 * response times do not reveal which e-mail addresses have accounts.
 */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
  /** argon2's check; a test watches it through this. */
  check: typeof verify = verify,
): Promise<boolean> {
  if (!storedHash) {
    dummy ??= hash(randomBytes(24).toString('base64url'));
    await check(await dummy, password).catch(() => false);
    return false;
  }
  try {
    return await check(storedHash, password);
  } catch {
    return false;
  }
}
