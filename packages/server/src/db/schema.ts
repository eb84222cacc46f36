import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    email: text('email').notNull(),
    /** Null for accounts that only sign in with Google. */
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    company: text('company'),
    phoneNumber: text('phone_number'),
    planId: text('plan_id').notNull().default('free'),
    /** Language of the mails the account receives (`de` or `en`). */
    locale: text('locale').notNull().default('de'),
    ...timestamps,
  },
  // E-mail addresses are unique regardless of case: Anna@x.de and anna@x.de are one account.
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/**
 * One sign-in: the family of refresh tokens that rotate from it. Access tokens name their session,
 * so revoking a session ends its access tokens at once, not only at their expiry.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    /** Random, opaque (it travels inside access tokens). */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute end: 7 days after sign-in, however often it is refreshed. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

/** Opaque refresh tokens, stored only as SHA-256 hashes; each is used once, then rotated. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tokenHash: text('token_hash').notNull(),
    familyId: text('family_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The token this one replaced; null for the first token of a sign-in. */
    parentId: integer('parent_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when rotated or revoked; presenting it again afterwards is reuse. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
);

export const ONE_TIME_TOKEN_PURPOSES = ['password_reset', 'email_change'] as const;
export type OneTimeTokenPurpose = (typeof ONE_TIME_TOKEN_PURPOSES)[number];

/** Tokens of mailed links (password reset, e-mail confirmation): hashed, single use, short-lived. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ONE_TIME_TOKEN_PURPOSES }).notNull(),
    /** The address being confirmed (e-mail change only). */
    newEmail: text('new_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('one_time_tokens_hash_key').on(t.tokenHash),
    index('one_time_tokens_user_idx').on(t.userId),
  ],
);

export const LEDGER_KINDS = ['grant', 'reserve', 'charge', 'refund'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * Every change of a user's minutes is a row here; the balance is summed from it, never stored.
 * grant: minutes for a period · reserve: held by an accepted job (running) · charge: a reserved
 * job succeeded (running → used) · refund: a reserved job failed (running released).
 */
export const minutesLedger = pgTable(
  'minutes_ledger',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    minutes: integer('minutes').notNull(),
    /** The quota period the row counts against, e.g. `2025-06` for a calendar month (UTC). */
    period: text('period').notNull(),
    /** Why: `free-monthly`, `plan:<id>`, `note`, … */
    reason: text('reason').notNull(),
    /** The note a reserve/charge/refund belongs to (the notes table arrives with uploads). */
    noteId: integer('note_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('minutes_ledger_user_period_idx').on(t.userId, t.period),
    // One grant per user, period and reason: a grant created on first read cannot be doubled by
    // concurrent reads (insert … on conflict do nothing).
    uniqueIndex('minutes_ledger_grant_key')
      .on(t.userId, t.period, t.reason)
      .where(sql`${t.kind} = 'grant'`),
    check('minutes_ledger_minutes_nonnegative', sql`${t.minutes} >= 0`),
  ],
);

/**
 * Fixed-window counters of rate-limited calls, shared by every API process through the database.
 * A row per key and window start; old windows are swept now and then.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index('rate_limits_window_idx').on(t.windowStart),
  ],
);
