// The durable job queue: plain rows in `jobs`, claimed with FOR UPDATE SKIP LOCKED, which
// PGlite and PostgreSQL both run, so the embedded default and N worker processes on one
// PostgreSQL share the same code. A claimed job carries a lease its worker renews; a lease that
// runs out means the worker died, and the next claim takes the job over. Every write a worker
// makes to its job is fenced by `locked_by`, so a worker that lost its lease changes nothing.
import { and, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from '../db/client.ts';
import { jobs, notes, type JobRow } from '../db/schema.ts';
import { JOBS_CHANNEL } from './signal.ts';

/** How long a claim holds without renewal; renewed every third of it while the job runs. */
export const DEFAULT_LEASE_MS = 60_000;

/**
 * Tells listening workers (signal.ts `listenForJobs`) that a job is due; inside a transaction the
 * database delivers it on commit, and drops it on rollback.
 */
export async function notifyJobDue(db: Db): Promise<void> {
  await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, '')`);
}

/**
 * The job of a new note, due now; call in the transaction that creates the note (workers
 * listening are notified when it commits), and announce it on the JobSignal once that has
 * committed (the workers of this process then need no database round trip).
 */
export async function enqueueJob(tx: Db, noteId: number): Promise<JobRow> {
  const [job] = await tx.insert(jobs).values({ noteId }).returning();
  if (!job) throw new Error('enqueueJob: insert returned nothing');
  await notifyJobDue(tx);
  return job;
}

const leaseEnd = (leaseMs: number) => sql`now() + ${leaseMs} * interval '1 millisecond'`;

/**
 * Takes the next due job: a queued one whose time has come, or a running one whose lease ran
 * out (its worker died), oldest first. Counts the attempt. Concurrent claimers skip each
 * other's locked rows, so no job is handed out twice.
 */
export async function claimJob(
  db: Db,
  workerId: string,
  leaseMs = DEFAULT_LEASE_MS,
  /** Only jobs whose next stage is one of these (the worker has a free slot for them). */
  stages?: readonly string[],
): Promise<JobRow | undefined> {
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        or(
          and(eq(jobs.state, 'queued'), lte(jobs.runAt, sql`now()`)),
          and(eq(jobs.state, 'running'), lt(jobs.leaseUntil, sql`now()`)),
        ),
        stages ? inArray(jobs.stage, [...stages]) : undefined,
      ),
    )
    .orderBy(jobs.runAt, jobs.id)
    .limit(1)
    .for('update', { skipLocked: true });
  const [job] = await db
    .update(jobs)
    .set({
      state: 'running',
      lockedBy: workerId,
      leaseUntil: leaseEnd(leaseMs),
      attempts: sql`${jobs.attempts} + 1`,
    })
    .where(inArray(jobs.id, due))
    .returning();
  return job;
}

/** The condition every write of a worker to its job carries: it still holds the job. */
export function heldBy(jobId: number, workerId: string) {
  return and(eq(jobs.id, jobId), eq(jobs.lockedBy, workerId), eq(jobs.state, 'running'));
}

/**
 * Ends a claimed job in one transaction with what it leaves in its note: the note row is locked
 * first (which orders this against a deletion of the note at the same moment), the job row is
 * ended with `end` only while this worker still holds it, and `settle` runs in the same
 * transaction with the locked note's `columns`. Answers undefined, having written nothing, when
 * the note is gone or the job is no longer this worker's.
 */
export async function endJobWithNote<Columns extends SelectedFields, T>(
  db: Db,
  job: { jobId: number; noteId: number; workerId: string },
  end: Partial<typeof jobs.$inferInsert>,
  columns: Columns,
  settle: (tx: Db, note: SelectResultFields<Columns>) => Promise<T>,
): Promise<T | undefined> {
  return db.transaction(async (tx) => {
    const [note] = (await tx
      .select(columns)
      .from(notes)
      .where(eq(notes.id, job.noteId))
      .for('update')) as SelectResultFields<Columns>[];
    if (!note) return undefined;
    const [owned] = await tx
      .update(jobs)
      .set(end)
      .where(heldBy(job.jobId, job.workerId))
      .returning({ id: jobs.id });
    if (!owned) return undefined;
    return settle(tx, note);
  });
}

/** Extends the lease; false when the job is no longer this worker's (reclaimed, deleted). */
export async function renewLease(
  db: Db,
  jobId: number,
  workerId: string,
  leaseMs = DEFAULT_LEASE_MS,
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ leaseUntil: leaseEnd(leaseMs) })
    .where(heldBy(jobId, workerId))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export interface CheckpointWrite {
  /** Merged into the checkpoint (top-level keys replace). */
  patch?: Record<string, unknown>;
  /** Top-level keys removed (data a later stage no longer needs). */
  drop?: string[];
  /** The stage to run next. */
  stage?: string;
}

/** Writes checkpoint data and/or the next stage; false when the job is no longer this worker's. */
export async function writeCheckpoint(
  db: Db,
  jobId: number,
  workerId: string,
  write: CheckpointWrite,
): Promise<boolean> {
  let checkpoint = sql`${jobs.checkpoint}`;
  for (const key of write.drop ?? []) checkpoint = sql`(${checkpoint} - ${key}::text)`;
  if (write.patch) checkpoint = sql`(${checkpoint} || ${JSON.stringify(write.patch)}::jsonb)`;
  const rows = await db
    .update(jobs)
    .set({ checkpoint, ...(write.stage ? { stage: write.stage } : {}) })
    .where(heldBy(jobId, workerId))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Adds one entry to an object inside the checkpoint (`transcripts.3`), without rewriting the
 * entries beside it from this worker's memory.
 */
export async function writeCheckpointEntry(
  db: Db,
  jobId: number,
  workerId: string,
  field: string,
  key: string,
  value: unknown,
): Promise<boolean> {
  const entry = JSON.stringify({ [key]: value });
  const rows = await db
    .update(jobs)
    .set({
      checkpoint: sql`${jobs.checkpoint} || jsonb_build_object(${field}::text,
        coalesce(${jobs.checkpoint} -> ${field}::text, '{}'::jsonb) || ${entry}::jsonb)`,
    })
    .where(heldBy(jobId, workerId))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Back to the queue, due after `delayMs` (a retryable failure). */
export async function rescheduleJob(
  db: Db,
  jobId: number,
  workerId: string,
  delayMs: number,
  lastError: string,
  lastErrorKey: string,
  /** `uncount`: the attempt that just failed does not count against the job (storage away). */
  options: { uncount?: boolean } = {},
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      state: 'queued',
      runAt: sql`now() + ${Math.max(0, Math.round(delayMs))} * interval '1 millisecond'`,
      ...(options.uncount ? { attempts: sql`greatest(${jobs.attempts} - 1, 0)` } : {}),
      lockedBy: null,
      leaseUntil: null,
      lastError: lastError.slice(0, 2000),
      lastErrorKey,
    })
    .where(heldBy(jobId, workerId))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Hands a job back untouched (the worker is shutting down): due at once for the next worker,
 * and the interrupted attempt does not count against the job.
 */
export async function releaseJob(db: Db, jobId: number, workerId: string): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      state: 'queued',
      runAt: sql`now()`,
      lockedBy: null,
      leaseUntil: null,
      attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
    })
    .where(heldBy(jobId, workerId))
    .returning({ id: jobs.id });
  if (rows.length > 0) await notifyJobDue(db);
  return rows.length > 0;
}
