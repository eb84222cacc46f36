// Ways into an account: password, Google, and registering a new one. Each answers the user and
// the first tokens of a new session.
import type { Locale, RegisterBody } from '@protokoll/contract';
import { users, type User } from '../../db/schema.ts';
import type { GoogleVerifier } from '../../lib/auth/google.ts';
import { hashPassword, verifyPassword } from '../../lib/auth/passwords.ts';
import { startSession, type IssuedSession } from '../../lib/auth/sessions.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { findUserByEmail } from '../../lib/users.ts';
import { awayFromDatabase, type AccountDeps } from './deps.ts';
import { emailExists, googleAuthFailed, invalidCredentials } from './errors.ts';

export interface SignedIn {
  user: User;
  session: IssuedSession;
}

/** @throws ApiError 401 for an unknown address or a wrong password, alike. */
export async function signIn(
  deps: AccountDeps,
  { email, password }: { email: string; password: string },
): Promise<SignedIn> {
  const user = await findUserByEmail(deps.db, email);
  // Unknown address and wrong password: the same answer after the same work (a hash check).
  const valid = await awayFromDatabase(deps, () => verifyPassword(user?.passwordHash, password));
  if (!user || !valid) throw invalidCredentials();
  return { user, session: await startSession(deps.db, deps.jwtSecret, user.id) };
}

/**
 * Signs in with a Google ID token; an address without an account gets one (no password).
 * @throws ApiError 401 when Google does not vouch for the token.
 */
export async function signInWithGoogle(
  deps: AccountDeps,
  { google, credential, locale }: { google: GoogleVerifier; credential: string; locale: Locale },
): Promise<SignedIn> {
  const identity = await google.verify(credential);
  if (!identity) throw googleAuthFailed();
  let user = await findUserByEmail(deps.db, identity.email);
  if (!user) {
    try {
      [user] = await deps.db
        .insert(users)
        .values({
          email: identity.email,
          firstName: identity.givenName ?? null,
          lastName: identity.familyName ?? null,
          locale,
        })
        .returning();
    } catch (error) {
      // Created by a concurrent sign-in a moment ago.
      if (!isUniqueViolation(error)) throw error;
      user = await findUserByEmail(deps.db, identity.email);
    }
  }
  if (!user) throw googleAuthFailed();
  return { user, session: await startSession(deps.db, deps.jwtSecret, user.id) };
}

/** @throws ApiError 409 when the address has an account already. */
export async function register(
  deps: AccountDeps,
  body: RegisterBody,
  locale: Locale,
): Promise<SignedIn> {
  if (await findUserByEmail(deps.db, body.email)) throw emailExists();
  const passwordHash = await awayFromDatabase(deps, () => hashPassword(body.password));
  let created: User | undefined;
  try {
    [created] = await deps.db
      .insert(users)
      .values({
        email: body.email,
        passwordHash,
        firstName: body.first_name,
        lastName: body.last_name,
        company: body.company || null,
        phoneNumber: body.phone_number || null,
        locale,
      })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw emailExists();
    throw error;
  }
  if (!created) throw new Error('insert returned no user');
  return { user: created, session: await startSession(deps.db, deps.jwtSecret, created.id) };
}
