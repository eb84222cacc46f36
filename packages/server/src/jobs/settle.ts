// Settling: how a claimed job ends. Success stores transcript and summary and charges the
// reserved minutes; a final failure marks the note `error` and refunds them, each in one
// transaction with the job's end, so finishing twice never charges twice. A retryable failure
// goes back to the queue with a delay; an interrupted job is handed back or left to its new holder.
import { rm } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { jobs, noteRevisions, notes, type NoteRow } from '../db/schema.ts';
import { recordSummaryVersion } from '../domain/notes/summary-versions.ts';
import { settleMinutes } from '../domain/minutes.ts';
import { AudioError, EngineError, spokenLanguage } from '../processing/index.ts';
import { NoEngineError, StorageUnavailableError, type Checkpoint, type Stage } from './pipeline.ts';
import { endJobWithNote, releaseJob, rescheduleJob } from './queue.ts';
import { failResummary } from './resummary.ts';
import { claimFence, JobInterrupted, type Claim, type WorkerRuntime } from './runtime.ts';

/** The i18n key a note shows for a failure, and whether trying again later can help. */
export function classifyFailure(
  error: unknown,
  stage: Stage,
): { key: string; retryable: boolean; retryAfterMs?: number; storage?: boolean } {
  if (error instanceof StorageUnavailableError)
    return { key: error.key, retryable: true, storage: true };
  if (error instanceof EngineError) {
    return { key: error.key, retryable: error.retryable, retryAfterMs: error.retryAfterMs };
  }
  if (error instanceof AudioError) return { key: error.key, retryable: false };
  if (error instanceof NoEngineError) return { key: error.key, retryable: false };
  // Anything else (a database hiccup, ffmpeg dying): worth another attempt, then reported by step.
  const key =
    stage === 'summarise' || stage === 'store' || stage === 'resummarise'
      ? 'errors.summaryFailed'
      : 'errors.transcriptionFailed';
  return { key, retryable: true };
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** The language a transcript was spoken in, stored with it for its search vectors. */
function spokenOf(
  note: Pick<NoteRow, 'language'>,
  checkpoint: Checkpoint,
  segments: NonNullable<Checkpoint['segments']>,
): string | null {
  return spokenLanguage(note.language, checkpoint.detectedLanguage, segments) ?? null;
}

/**
 * The store stage: transcript and summary in, minutes charged, note done, all or nothing.
 * Answers the minutes charged; undefined when the note is gone or the job no longer this worker's.
 */
async function storeResult(
  rt: WorkerRuntime,
  claim: Claim,
  note: NoteRow,
): Promise<number | undefined> {
  const { checkpoint } = claim;
  const segments = note.transcribe ? (checkpoint.segments ?? []) : [];
  // Engine text like the transcript: kept only when the note keeps its transcript.
  const removedSegments = note.transcribe ? (checkpoint.removedSegments ?? []) : [];
  const summary = checkpoint.summary ?? null;
  const end = {
    state: 'done',
    stage: 'done',
    lockedBy: null,
    leaseUntil: null,
    lastError: null,
    checkpoint: {},
  } as const;
  return endJobWithNote(rt.db, claimFence(rt, claim), end, { id: notes.id }, async (tx) => {
    const charged = await settleMinutes(tx, note.id, 'charge');
    // The summary is the note's first version (docs/uploads.md#summary-versions).
    const current = summary
      ? await recordSummaryVersion(tx, note, summary, note.summaryModel)
      : undefined;
    // Each glossary correction is a revision of its own, undoable like a hand edit
    // (docs/product.md#glossary); written with the transcript, or not at all.
    const corrections = note.transcribe ? (checkpoint.glossaryCorrections ?? []) : [];
    if (corrections.length > 0) {
      await tx.insert(noteRevisions).values(
        corrections.map((correction) => ({
          noteId: note.id,
          userId: note.userId,
          kind: 'glossary' as const,
          start: correction.index,
          before: [correction.before],
          after: [correction.after],
        })),
      );
    }
    await tx
      .update(notes)
      .set({
        status: 'done',
        progress: 100,
        error: null,
        segments,
        removedSegments,
        summary,
        // The note's language is the one its summary is in (docs/uploads.md#the-note-language).
        ...(summary?.language ? { summaryLanguage: summary.language } : {}),
        spokenLanguage: spokenOf(note, checkpoint, segments),
        ...(current ? { summaryVersion: current.summaryVersion } : {}),
        minutesCharged: sql`${notes.minutesCharged} + ${charged}`,
      })
      .where(eq(notes.id, note.id));
    return charged;
  });
}

/**
 * Ends a job for good: note `error` with the reason's key, minutes refunded. A transcript that
 * was finished stays in the note (when the note keeps transcripts) and in the checkpoint, so a
 * retry starts from the failed stage. Answers the minutes refunded; undefined when the note is
 * gone or the job no longer this worker's.
 */
async function failJob(
  rt: WorkerRuntime,
  claim: Claim,
  key: string,
  message: string,
  checkpoint: Checkpoint,
): Promise<number | undefined> {
  // A re-summary that fails leaves its finished note as it was (resummary.ts).
  if (claim.stage === 'resummarise') return failResummary(rt, claim, key, message);
  const end = {
    state: 'failed',
    lockedBy: null,
    leaseUntil: null,
    lastError: message.slice(0, 2000),
  } as const;
  const columns = { id: notes.id, transcribe: notes.transcribe, language: notes.language };
  return endJobWithNote(rt.db, claimFence(rt, claim), end, columns, async (tx, note) => {
    const refunded = await settleMinutes(tx, note.id, 'refund');
    const transcript = note.transcribe ? checkpoint.segments : undefined;
    await tx
      .update(notes)
      .set({
        status: 'error',
        error: key,
        ...(transcript
          ? {
              segments: transcript,
              removedSegments: checkpoint.removedSegments ?? [],
              spokenLanguage: spokenOf(note, checkpoint, transcript),
            }
          : {}),
      })
      .where(eq(notes.id, note.id));
    return refunded;
  });
}

/** The stages ran through: store and charge. Answers whether this worker ended the job. */
export async function settleSuccess(
  rt: WorkerRuntime,
  claim: Claim,
  note: NoteRow,
): Promise<boolean> {
  const { job, log } = claim;
  const charged = await storeResult(rt, claim, note);
  if (charged === undefined) {
    log.warn('job lost before it was stored');
    rt.emit({ type: 'lost', jobId: job.id, noteId: job.noteId });
    return false;
  }
  log.info('job done', { minutesCharged: charged });
  rt.emit({ type: 'done', jobId: job.id, noteId: job.noteId, minutesCharged: charged });
  return true;
}

/**
 * A job claimed once more after its worker died on the last allowed attempt: it fails for good.
 * Answers whether this worker ended it.
 */
export async function settleExhausted(rt: WorkerRuntime, claim: Claim): Promise<boolean> {
  const key = 'processing.failed.attempts';
  const refunded = await failJob(rt, claim, key, 'too many attempts', claim.checkpoint);
  if (refunded === undefined) return false;
  claim.log.warn('job failed', { key });
  rt.emit({
    type: 'failed',
    jobId: claim.job.id,
    noteId: claim.job.noteId,
    key,
    minutesRefunded: refunded,
  });
  return true;
}

/** The key of an engine that could not be reached at all (no connection). */
const UNREACHABLE_KEY = 'processing.engine.unreachable';
/** Storage that could not be reached is asked again as soon as an unreachable engine. */
const STORAGE_KEY = 'processing.storage.unavailable';

/**
 * How long a job waits after its `attempts`-th attempt failed: an unreachable engine is asked
 * again after seconds, growing fourfold; other failures double from JOB_RETRY_BACKOFF_MS. Never
 * less than the engine's Retry-After, never more than the cap.
 */
export function retryDelayMs(
  rt: Pick<WorkerRuntime, 'retryBackoffMs' | 'unreachableBackoffMs' | 'maxRetryBackoffMs'>,
  failure: { key: string; retryAfterMs?: number },
  attempts: number,
): number {
  const grown =
    failure.key === UNREACHABLE_KEY || failure.key === STORAGE_KEY
      ? rt.unreachableBackoffMs * 4 ** (attempts - 1)
      : rt.retryBackoffMs * 2 ** (attempts - 1);
  return Math.min(rt.maxRetryBackoffMs, Math.max(grown, failure.retryAfterMs ?? 0));
}

/**
 * The run threw: an interruption hands the job back (stopping) or leaves it to its new holder
 * (lost); a retryable failure with attempts left goes back to the queue after a backoff; anything
 * else fails the job for good. Answers whether this worker ended the job.
 */
export async function settleFailure(
  rt: WorkerRuntime,
  claim: Claim,
  error: unknown,
): Promise<boolean> {
  const { job, log, signal } = claim;
  const reason = signal.aborted ? (signal.reason as unknown) : error;
  if (reason instanceof JobInterrupted || error instanceof JobInterrupted) {
    const why = reason instanceof JobInterrupted ? reason.why : (error as JobInterrupted).why;
    if (why === 'stopping' && (await releaseJob(rt.db, job.id, rt.workerId).catch(() => false))) {
      log.info('job released', { stage: claim.stage });
      rt.emit({ type: 'released', jobId: job.id, noteId: job.noteId });
    } else if (why === 'lost') {
      log.warn('job lost: another worker holds it now', { stage: claim.stage });
      rt.emit({ type: 'lost', jobId: job.id, noteId: job.noteId });
    }
    return false;
  }
  const failure = classifyFailure(error, claim.stage);
  const message = describe(error);
  // Storage that is away is a wait, not a loss (decision 008): the attempt is not counted, so an
  // outage of any length never fails the job; the wait still grows as attempts would.
  if (failure.storage || (failure.retryable && job.attempts < rt.maxAttempts)) {
    const delayMs = retryDelayMs(rt, failure, failure.storage ? 1 : job.attempts);
    await rescheduleJob(rt.db, job.id, rt.workerId, delayMs, message, failure.key, {
      uncount: failure.storage === true,
    });
    log.warn('job retry later', { stage: claim.stage, attempt: job.attempts, delayMs, err: error });
    rt.emit({ type: 'retry', jobId: job.id, noteId: job.noteId, delayMs, error: message });
    return false;
  }
  const refunded = await failJob(rt, claim, failure.key, message, claim.checkpoint);
  log.warn('job failed', {
    stage: claim.stage,
    key: failure.key,
    attempt: job.attempts,
    err: error,
  });
  if (refunded === undefined) return false;
  rt.emit({
    type: 'failed',
    jobId: job.id,
    noteId: job.noteId,
    key: failure.key,
    minutesRefunded: refunded,
  });
  return true;
}

/**
 * Removes the note's work folder once nobody will need it again: the job ended here, or it is
 * gone with its note (deleted mid-run). A job handed back or rescheduled keeps its files.
 */
export async function cleanUpWork(rt: WorkerRuntime, claim: Claim, ended: boolean): Promise<void> {
  const gone =
    !ended &&
    (await rt.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(eq(jobs.id, claim.job.id))
      .then((rows) => rows.length === 0)
      .catch(() => false));
  if (ended || gone) await rm(claim.workDir, { recursive: true, force: true }).catch(() => {});
}
