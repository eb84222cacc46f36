import { AUTH_STORAGE_KEY, STORED_SESSION_MAX_AGE_MS, type User } from '@protokoll/contract';

/**
 * The persisted `auth-token` entry (docs/sessions.md#stored-session): token, user, refresh token
 * and when it was saved.
 */
export interface StoredSession {
  token: string;
  refreshToken: string;
  user: User;
  /** Epoch ms of the last save (sign-in or refresh). */
  savedAt: number;
  /** Epoch ms after which the session is over: 7 days after sign-in, kept across refreshes. */
  expiresAt: number;
}

/**
 * A stored session is rejected if expired, older than 7 days, or if the token, the
 * session data or the refresh token is missing. Rejected or unreadable entries are removed.
 */
export function readStoredSession(storage: Storage, now = Date.now()): StoredSession | null {
  let entry: Partial<StoredSession> | null = null;
  try {
    const raw = storage.getItem(AUTH_STORAGE_KEY);
    entry = raw ? (JSON.parse(raw) as Partial<StoredSession>) : null;
  } catch {
    entry = null;
  }
  const valid =
    entry !== null &&
    typeof entry.token === 'string' &&
    entry.token.length > 0 &&
    typeof entry.refreshToken === 'string' &&
    entry.refreshToken.length > 0 &&
    typeof entry.user === 'object' &&
    entry.user !== null &&
    typeof entry.savedAt === 'number' &&
    typeof entry.expiresAt === 'number' &&
    now < entry.expiresAt &&
    now - entry.savedAt <= STORED_SESSION_MAX_AGE_MS;
  if (!valid) {
    storage.removeItem(AUTH_STORAGE_KEY);
    return null;
  }
  return entry as StoredSession;
}

export function writeStoredSession(storage: Storage, session: StoredSession): void {
  try {
    storage.setItem(AUTH_STORAGE_KEY, JSON.stringify(session));
  } catch {
    // Storage full or disabled: the session lives until the tab closes.
  }
}

export function clearStoredSession(storage: Storage): void {
  storage.removeItem(AUTH_STORAGE_KEY);
}
