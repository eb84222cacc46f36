import {
  GLOSSARY_KINDS,
  REVISION_KINDS,
  SIGNATURE_STATES,
  SIGNER_ROLES,
  SubscriptionStatus,
} from '@protokoll/contract';
import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
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
    /**
     * The summary template upload preselects (docs/product.md#summary-templates): a built-in one's
     * structure (`minutes`) or an own one's id as text; null: the Ergebnisprotokoll.
     */
    defaultTemplate: text('default_template'),
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
    /**
     * The note a reserve/charge/refund belongs to. No foreign key: the ledger outlives a deleted
     * note (its charge stays counted for the period).
     */
    noteId: integer('note_id'),
    /**
     * Who caused the row when it is not the ledger's owner: a team member drawing on the owner's
     * pool (docs/minutes.md#team-pool). No foreign key: the row stays counted when the member's
     * account is gone.
     */
    actorId: integer('actor_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('minutes_ledger_user_period_idx').on(t.userId, t.period),
    // One grant per user, period and reason: a grant created on first read cannot be doubled by
    // concurrent reads (insert … on conflict do nothing).
    uniqueIndex('minutes_ledger_grant_key')
      .on(t.userId, t.period, t.reason)
      .where(sql`${t.kind} = 'grant'`),
    // A note's processing runs are named by `reason` (`note-run-1`, `note-run-2` after a retry):
    // one reservation per run, and at most one charge or refund settling it, so a worker that
    // finishes a job twice (killed after committing, lease reclaimed) cannot charge twice.
    uniqueIndex('minutes_ledger_reserve_key')
      .on(t.noteId, t.reason)
      .where(sql`${t.kind} = 'reserve'`),
    uniqueIndex('minutes_ledger_settlement_key')
      .on(t.noteId, t.reason, t.period)
      .where(sql`${t.kind} in ('charge', 'refund')`),
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

/** Folders of one user; names are unique per user regardless of case (docs/product.md#folders). */
export const folders = pgTable(
  'folders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Kept as a Gremium: its final minutes enter the Beschluss-Sammlung (docs/formal-minutes.md#registers). */
    gremium: boolean('gremium').notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('folders_user_name_key').on(t.userId, sql`lower(${t.name})`)],
);

export type Folder = typeof folders.$inferSelect;

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** Read only by the database (search hits); never selected into a row of ours. */
const tsvectorArray = customType<{ data: string }>({ dataType: () => 'tsvector[]' });

export const NOTE_STATUSES = ['queued', 'transcribing', 'summarizing', 'done', 'error'] as const;

/** Transcript passage as stored (the contract's Segment). */
export interface StoredSegment {
  start: number;
  end: number;
  speaker: string;
  text: string;
}

/** A passage taken out as invented, as stored (the contract's RemovedSegment). */
export interface StoredRemovedSegment {
  start: number;
  end: number;
  text: string;
  reason: 'credit' | 'repeat' | 'loop';
}

/**
 * A recording and what became of it (docs/uploads.md#job-states). Transcript and summary are JSON
 * in the row: they are always read whole, with the note. The search vectors are kept by the
 * database: the transcript's in the language it was spoken in, the summary's in its own, and
 * storing a summary never turns the whole transcript into a vector again.
 */
/**
 * The text search configuration of a note's transcript (docs/product.md#search-hits): English
 * stemming for a transcript spoken in English (chosen at upload, or detected for an automatic
 * note), German for every other, as the triggers build its vectors (migration 0017).
 */
export function transcriptSearchConfig(): SQL {
  return sql`CASE WHEN coalesce(${notes.spokenLanguage}, ${notes.language}) = 'en'
          THEN 'english'::regconfig ELSE 'german'::regconfig END`;
}

/** The text search configuration of a note's summary: English for an English summary, else German. */
export function summarySearchConfig(): SQL {
  return sql`CASE WHEN ${notes.summaryLanguage} = 'en'
          THEN 'english'::regconfig ELSE 'german'::regconfig END`;
}

export const notes = pgTable(
  'notes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Deleting a folder keeps its notes, unfiled. */
    folderId: integer('folder_id').references(() => folders.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    status: text('status', { enum: NOTE_STATUSES }).notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    /** i18n key of the failure reason while status is `error`. */
    error: text('error'),
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    durationSeconds: doublePrecision('duration_seconds'),
    /** Minutes held for this note while it is processed (rounded-up duration). */
    minutesReserved: integer('minutes_reserved').notNull().default(0),
    minutesCharged: integer('minutes_charged').notNull().default(0),
    language: text('language').notNull(),
    /**
     * The language the transcript was spoken in, as the pipeline stored it with the transcript
     * (the detected one for an automatic note); null before. Only the search reads it.
     */
    spokenLanguage: text('spoken_language'),
    summaryLanguage: text('summary_language').notNull(),
    summaryModel: text('summary_model').notNull(),
    structure: text('structure').notNull(),
    design: text('design').notNull(),
    transcriptType: text('transcript_type').notNull(),
    speakers: integer('speakers').notNull().default(0),
    transcribe: boolean('transcribe').notNull().default(true),
    saved: boolean('saved').notNull().default(false),
    /** Storage key of the recording (relative to the audio folder); null once removed. */
    audioKey: text('audio_key'),
    /** MIME type detected from the content at upload. */
    audioType: text('audio_type'),
    speakerNames: jsonb('speaker_names').$type<Record<string, string>>().notNull().default({}),
    segments: jsonb('segments').$type<StoredSegment[]>().notNull().default([]),
    /**
     * Counts the changes to `segments` made by hand (docs/product.md#editing-the-transcript): an
     * edit names the version it was made on, so an edit from a stale tab is refused, not merged.
     */
    transcriptVersion: integer('transcript_version').notNull().default(0),
    /** Passages taken out of the transcript as invented (docs/uploads.md#invented-text). */
    removedSegments: jsonb('removed_segments')
      .$type<StoredRemovedSegment[]>()
      .notNull()
      .default([]),
    summary: jsonb('summary').$type<unknown>(),
    /**
     * The summary template chosen at upload, as it was then (an own one may change or go later);
     * null: the built-in template of `structure`.
     */
    template: jsonb('template').$type<unknown>(),
    /**
     * A formal meeting's agenda given at upload, item by item (docs/formal-minutes.md#agenda-first);
     * null: none given, the items are found in the recording.
     */
    agenda: jsonb('agenda').$type<string[]>(),
    /** Which row of `note_summaries` `summary` is (docs/uploads.md#summary-versions); null without one. */
    summaryVersion: integer('summary_version'),
    /**
     * Counts the changes to the current summary after processing: by hand
     * (docs/product.md#editing-the-summary), by a re-summary or a restored version. An edit names
     * the count it was made on, so an edit from a stale tab is refused, not merged.
     */
    summaryEditVersion: integer('summary_edit_version').notNull().default(0),
    /**
     * Set while the minutes are submitted, signed or final (docs/formal-minutes.md#approval-and-signature):
     * the transcript and summary take no change until a correction opens them again.
     */
    minutesLocked: boolean('minutes_locked').notNull().default(false),
    /*
     * The search vectors, kept by the database (the triggers `notes_search_*` of migration
     * 0017, docs/architecture.md#search-vectors); never written by our code.
     */
    /** The transcript's vector: built again only when the transcript or its language changes. */
    transcriptSearch: tsvector('transcript_search'),
    /**
     * Each transcript line's search vector, in order: a search hit tests these instead of building
     * a vector per line per search (docs/product.md#search-hits).
     */
    lineSearch: tsvectorArray('line_search'),
    /** The whole note's vector, the one a search matches: the transcript's, name and summary. */
    search: tsvector('search'),
    ...timestamps,
  },
  (t) => [
    index('notes_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notes_user_folder_idx').on(t.userId, t.folderId),
    index('notes_search_idx').using('gin', t.search),
    check('notes_progress_range', sql`${t.progress} between 0 and 100`),
  ],
);

export type NoteRow = typeof notes.$inferSelect;

/**
 * One change made by hand to a note's transcript (docs/product.md#editing-the-transcript): who,
 * when, and what, as one splice of the segment list — at `start`, `before` was replaced by
 * `after`. Undo applies it backwards and marks it undone; the note's version counts on.
 */
export const noteRevisions = pgTable(
  'note_revisions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    noteId: integer('note_id')
      .notNull()
      .references(() => notes.id, { onDelete: 'cascade' }),
    /** Who made it; kept as null when that account is deleted. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: REVISION_KINDS }).notNull(),
    start: integer('start').notNull(),
    before: jsonb('before').$type<StoredSegment[]>().notNull(),
    after: jsonb('after').$type<StoredSegment[]>().notNull(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('note_revisions_note_idx').on(t.noteId, t.id.desc())],
);

/**
 * A user's own summary templates (docs/product.md#summary-templates), each a copy of a built-in
 * structure's sections with its own name, order, headings and instructions. Names are unique per
 * user regardless of case.
 */
export const summaryTemplates = pgTable(
  'summary_templates',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    structure: text('structure').notNull(),
    sections: jsonb('sections').$type<unknown>().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('summary_templates_user_name_key').on(t.userId, sql`lower(${t.name})`)],
);

export type SummaryTemplateRow = typeof summaryTemplates.$inferSelect;

export type NoteRevisionRow = typeof noteRevisions.$inferSelect;
export type NewNoteRow = typeof notes.$inferInsert;

/**
 * Every summary a note has had (docs/uploads.md#summary-versions): version 1 from processing, one
 * more for each re-summary. `notes.summary` holds a copy of the current one, so reads, exports and
 * search need no join; restoring a version copies it back there.
 */
export const noteSummaries = pgTable(
  'note_summaries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    noteId: integer('note_id')
      .notNull()
      .references(() => notes.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    summary: jsonb('summary').$type<unknown>().notNull(),
    structure: text('structure').notNull(),
    language: text('language').notNull(),
    model: text('model').notNull(),
    generator: text('generator').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('note_summaries_note_version_key').on(t.noteId, t.version)],
);

export type NoteSummaryRow = typeof noteSummaries.$inferSelect;

export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;

/**
 * Durable processing jobs, claimed with FOR UPDATE SKIP LOCKED (runs on PGlite and PostgreSQL
 * alike). `stage` is the step to run next; each finished step is checkpointed in `state`, so a
 * restarted worker resumes and a retry reruns only the failed step.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    noteId: integer('note_id')
      .notNull()
      .references(() => notes.id, { onDelete: 'cascade' }),
    state: text('state', { enum: JOB_STATES }).notNull().default('queued'),
    stage: text('stage').notNull().default('prepare'),
    /** Checkpoint data of finished steps (chunk list, per-chunk transcripts, …). */
    checkpoint: jsonb('checkpoint').$type<Record<string, unknown>>().notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    /** Renewed while a worker runs the job; a stale lease means its worker died. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    /**
     * i18n key of the failure that sent the job back to the queue (`processing.engine.unreachable`
     * …); the note shows it while the job waits for its next attempt.
     */
    lastErrorKey: text('last_error_key'),
    ...timestamps,
  },
  (t) => [uniqueIndex('jobs_note_key').on(t.noteId), index('jobs_claim_idx').on(t.state, t.runAt)],
);

export type JobRow = typeof jobs.$inferSelect;

/**
 * An engine's request slots, shared by every process on this database
 * (docs/decisions/015-engine-slots-across-processes.md): `engine` names it (kind, name and a hash
 * of its URL), `slot` runs from 0 to its concurrency − 1. A request holds one row while it is at
 * the engine: `held_by` is that one acquisition, `lease_until` is renewed while it runs, and a
 * lease that ran out means its process died, so the slot is free again.
 */
export const engineSlots = pgTable(
  'engine_slots',
  {
    engine: text('engine').notNull(),
    slot: integer('slot').notNull(),
    heldBy: text('held_by'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.engine, t.slot] })],
);

/**
 * A user's standing with the payment provider (docs/billing.md): the Stripe customer, created once
 * and reused, and the user's subscription as last read from Stripe. One row per user; the row
 * exists from the first checkout on, the subscription columns once Stripe reported one.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    subscriptionId: text('subscription_id'),
    /** Plan of the subscription's price (its lookup key); null for a price we do not sell. */
    planId: text('plan_id'),
    interval: text('interval', { enum: ['month', 'year'] }),
    status: text('status', {
      enum: SubscriptionStatus.options as [SubscriptionStatus, ...SubscriptionStatus[]],
    }),
    /** When the subscription began; the quota periods of its minutes start there. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** When a cancelled subscription ends (the period end, or a date chosen in the portal). */
    cancelAt: timestamp('cancel_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('subscriptions_customer_key').on(t.customerId),
    uniqueIndex('subscriptions_subscription_key').on(t.subscriptionId),
  ],
);

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export const CHECKOUT_STATUSES = ['open', 'complete', 'expired'] as const;

/**
 * Checkout sessions this server started, so their status and cancellation are answered only to
 * the user who started them. `complete` is written by the webhook, once the plan has changed.
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id').notNull(),
    interval: text('interval', { enum: ['month', 'year'] }).notNull(),
    status: text('status', { enum: CHECKOUT_STATUSES }).notNull().default('open'),
    ...timestamps,
  },
  (t) => [index('checkout_sessions_user_idx').on(t.userId)],
);

/** Ids of the payment events already applied: a redelivered event changes nothing twice. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

export const SUPPORT_TICKET_STATUSES = ['open', 'closed'] as const;

/** Messages sent through the contact form (docs/product.md#support). */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** Kept when the account is deleted: support may still be answering it. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The sender's address when the ticket was written. */
    email: text('email').notNull(),
    category: text('category').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** The note the message is about; no foreign key, the ticket outlives the note. */
    noteId: integer('note_id'),
    status: text('status', { enum: SUPPORT_TICKET_STATUSES }).notNull().default('open'),
    ...timestamps,
  },
  (t) => [index('support_tickets_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A team: its owner's minutes are the pool its members draw from (docs/minutes.md#team-pool).
 * One team per owner; the row is created with the first invitation.
 */
export const teams = pgTable('teams', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  ownerId: integer('owner_id')
    .notNull()
    .unique('teams_owner_key')
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Members of a team besides its owner. A user is in at most one team (the unique user id). */
export const teamMembers = pgTable(
  'team_members',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    uniqueIndex('team_members_user_key').on(t.userId),
  ],
);

/**
 * Invitations by e-mail: the link's token is stored only as a hash, works once and for 7 days.
 * One open invitation per team and address; inviting again replaces it.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** Lower-cased, as EmailField leaves it. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('team_invitations_token_key').on(t.tokenHash),
    uniqueIndex('team_invitations_open_key')
      .on(t.teamId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);

/**
 * Resumable (tus) uploads (docs/uploads.md#resumable-uploads): what every API process needs to
 * continue one, whichever process began it. The bytes are part objects in storage, one per PATCH
 * (`tus/<id>/<offset>-<random>`), listed in `parts`; `locked_by`/`lock_until` is the lease of the request
 * writing it. The row stays after the last byte, with `note_id`, until it expires, so a client
 * whose last answer was lost learns its note from HEAD.
 */
export const resumableUploads = pgTable(
  'resumable_uploads',
  {
    /** tus's id: 32 hex digits. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The declared length (`Upload-Length`). */
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Bytes received and stored (`Upload-Offset`). */
    uploadOffset: bigint('upload_offset', { mode: 'number' }).notNull().default(0),
    /** Storage keys of the stored parts, in order of their offsets. */
    parts: jsonb('parts').$type<string[]>().notNull().default([]),
    /** The upload's metadata: the fields of `POST /api/note`. */
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    /** The note made of it, once its last byte was accepted. */
    noteId: integer('note_id'),
    lockedBy: text('locked_by'),
    lockUntil: timestamp('lock_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('resumable_uploads_user_idx').on(t.userId),
    index('resumable_uploads_created_idx').on(t.createdAt),
  ],
);

export type ResumableUploadRow = typeof resumableUploads.$inferSelect;

/**
 * Glossary terms (docs/product.md#glossary): the user's own (`folder_id` null) and each folder's.
 * A term is unique within its glossary whatever its case; a folder's terms go with the folder.
 */
export const glossaryTerms = pgTable(
  'glossary_terms',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    folderId: integer('folder_id').references(() => folders.id, { onDelete: 'cascade' }),
    term: text('term').notNull(),
    kind: text('kind', { enum: GLOSSARY_KINDS }).notNull(),
    variants: jsonb('variants').$type<string[]>().notNull().default([]),
    note: text('note').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('glossary_terms_term_key').on(
      t.userId,
      sql`coalesce(${t.folderId}, 0)`,
      sql`lower(${t.term})`,
    ),
    index('glossary_terms_folder_idx').on(t.folderId),
  ],
);

export type GlossaryTermRow = typeof glossaryTerms.$inferSelect;

export const MINUTES_VERSION_STATES = ['submitted', 'signed', 'final'] as const;

/**
 * Versions of a formal note's minutes (docs/formal-minutes.md#approval-and-signature): each
 * submission keeps the content as it was then, with its SHA-256, so what was signed can always be
 * shown and checked. Numbered per note from 1.
 */
export const minutesVersions = pgTable(
  'minutes_versions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    noteId: integer('note_id')
      .notNull()
      .references(() => notes.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    state: text('state', { enum: MINUTES_VERSION_STATES }).notNull(),
    /** `MinutesContent`: the note's name, structure, summary and speaker names when submitted. */
    content: jsonb('content').$type<unknown>().notNull(),
    contentHash: text('content_hash').notNull(),
    /** `MinutesChange[]` against the version before. */
    changes: jsonb('changes').$type<unknown[]>().notNull().default([]),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    finalisedAt: timestamp('finalised_at', { withTimezone: true }),
    /** When a correction was started from it. */
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('minutes_versions_note_number_key').on(t.noteId, t.number)],
);

export type MinutesVersionRow = typeof minutesVersions.$inferSelect;

/**
 * Who signs a version. An invited signer has an address and a link token (stored as a hash only);
 * a name the keeper entered is `typed` and signed when entered.
 */
export const minutesSigners = pgTable(
  'minutes_signers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    versionId: integer('version_id')
      .notNull()
      .references(() => minutesVersions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    role: text('role', { enum: SIGNER_ROLES }).notNull(),
    name: text('name').notNull(),
    /** Lower-cased. */
    email: text('email'),
    typed: boolean('typed').notNull(),
    tokenHash: text('token_hash'),
    state: text('state', { enum: SIGNATURE_STATES }).notNull(),
    reason: text('reason'),
    /** The account that signed or refused. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('minutes_signers_token_key').on(t.tokenHash),
    index('minutes_signers_version_idx').on(t.versionId),
  ],
);

export type MinutesSignerRow = typeof minutesSigners.$inferSelect;

/** Objections attached to a final version (§ 34 (2) BetrVG), as the keeper received them. */
export const minutesObjections = pgTable(
  'minutes_objections',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    versionId: integer('version_id')
      .notNull()
      .references(() => minutesVersions.id, { onDelete: 'cascade' }),
    author: text('author').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('minutes_objections_version_idx').on(t.versionId)],
);

/**
 * The Beschluss-Sammlung of a Gremium folder (docs/formal-minutes.md#registers): each resolution
 * of its final minutes, entered once with the next number of its year and never renumbered. A
 * corrected final version that no longer holds it as entered marks it struck (the entry stays);
 * a deleted note leaves its entries, with its name as it was.
 */
export const resolutionRegister = pgTable(
  'resolution_register',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    folderId: integer('folder_id')
      .notNull()
      .references(() => folders.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    number: integer('number').notNull(),
    noteId: integer('note_id').references(() => notes.id, { onDelete: 'set null' }),
    noteName: text('note_name').notNull(),
    version: integer('version').notNull(),
    /** `RegisterResolution`'s meeting and resolution fields, as the final version held them. */
    entry: jsonb('entry').$type<unknown>().notNull(),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull().defaultNow(),
    struckAt: timestamp('struck_at', { withTimezone: true }),
    struckInVersion: integer('struck_in_version'),
  },
  (t) => [
    uniqueIndex('resolution_register_number_key').on(t.folderId, t.year, t.number),
    index('resolution_register_note_idx').on(t.noteId),
  ],
);

export type ResolutionRegisterRow = typeof resolutionRegister.$inferSelect;

/**
 * Tasks of the Aufgabenliste marked done or open in the register (docs/formal-minutes.md#registers):
 * kept beside the summary, since the minutes of a signed note do not change.
 */
export const taskMarks = pgTable(
  'task_marks',
  {
    noteId: integer('note_id')
      .notNull()
      .references(() => notes.id, { onDelete: 'cascade' }),
    taskKey: text('task_key').notNull(),
    done: boolean('done').notNull(),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.noteId, t.taskKey] })],
);

/**
 * Links to a read-only page of a note (docs/sharing.md): the token only as its hash, the access
 * code only as a password hash. Revoked links stay, so the owner's list says what happened.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    noteId: integer('note_id')
      .notNull()
      .references(() => notes.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    accessCodeHash: text('access_code_hash'),
    transcript: boolean('transcript').notNull(),
    audio: boolean('audio').notNull(),
    /** An extract of formal minutes: agenda item numbers. */
    items: jsonb('items').$type<number[]>(),
    /** An extract of another summary: `SHARE_SECTIONS`. */
    sections: jsonb('sections').$type<string[]>(),
    mailedTo: jsonb('mailed_to').$type<string[]>().notNull().default([]),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    views: integer('views').notNull().default(0),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('share_links_token_key').on(t.tokenHash),
    index('share_links_note_idx').on(t.noteId),
  ],
);

export type ShareLinkRow = typeof shareLinks.$inferSelect;
