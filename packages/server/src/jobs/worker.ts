// The worker: claims due jobs, runs their stages, and ends each one in a single transaction that
// changes the note's status and settles its minutes (charge on success, refund on failure).
// Runs inside the API process by default and as its own process (src/worker.ts) for more
// machines; any number of them share one database.
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { and, eq, exists, notInArray, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { jobs, notes, users, type JobRow, type NoteRow } from '../db/schema.ts';
import { silentLogger, type Logger } from '../lib/logger.ts';
import { settleMinutes } from '../lib/minutes.ts';
import { planById } from '../lib/plans.ts';
import {
  AudioError,
  createChatClient,
  createSttClient,
  EngineError,
  type Transcription,
} from '../processing/index.ts';
import { audioStorage, type Storage } from '../providers/storage/storage.ts';
import { sweepStaleUploads } from '../routes/uploads/multipart.ts';
import { noteSearchText } from '../routes/notes/notes.dto.ts';
import {
  isStage,
  NoEngineError,
  runStages,
  STAGE_DISPLAY,
  type Checkpoint,
  type Engines,
  type PipelineOptions,
  type Stage,
  type StageContext,
} from './pipeline.ts';
import {
  claimJob,
  DEFAULT_LEASE_MS,
  heldBy,
  onJobsAnnounced,
  releaseJob,
  renewLease,
  rescheduleJob,
  writeCheckpoint,
  writeCheckpointEntry,
} from './queue.ts';

/** What a worker reports as it goes (for logs, metrics and tests). */
export type WorkerEvent =
  | { type: 'claimed'; jobId: number; noteId: number; attempt: number; stage: string }
  | { type: 'progress'; jobId: number; noteId: number; status: NoteRow['status']; progress: number }
  | { type: 'chunk'; jobId: number; noteId: number; index: number }
  | { type: 'done'; jobId: number; noteId: number; minutesCharged: number }
  | { type: 'retry'; jobId: number; noteId: number; delayMs: number; error: string }
  | { type: 'failed'; jobId: number; noteId: number; key: string; minutesRefunded: number }
  | { type: 'released'; jobId: number; noteId: number }
  | { type: 'lost'; jobId: number; noteId: number };

export interface WorkerOptions {
  db: Db;
  config: Config;
  logger?: Logger;
  /** Defaults to the audio folder in DATA_DIR. */
  storage?: Storage;
  /** Defaults to the engines of the configuration. */
  engines?: Engines;
  /** Names this worker in `jobs.locked_by`; defaults to host, pid and a random part. */
  id?: string;
  /** How often an idle worker looks for due jobs (jobs queued in this process wake it at once). */
  pollMs?: number;
  leaseMs?: number;
  /** Jobs run at the same time; each already sends STT_CONCURRENCY chunks at once. */
  concurrency?: number;
  /** Attempts of a job (retryable failures, lost workers) before it fails for good. */
  maxAttempts?: number;
  /** Wait before the second attempt; doubles with each further one. */
  retryBackoffMs?: number;
  maxRetryBackoffMs?: number;
  pipeline?: Partial<PipelineOptions>;
  onEvent?: (event: WorkerEvent) => void;
}

export interface Worker {
  readonly id: string;
  /** Starts polling; jobs announced in this process wake it at once. */
  start(): void;
  /** Claims one due job and runs it to its end (done, failed, rescheduled); false when none was due. */
  runOnce(): Promise<boolean>;
  /** Looks for due jobs now instead of at the next poll. */
  wake(): void;
  /**
   * Stops claiming and lets running jobs finish for up to `graceMs`; jobs still running then are
   * interrupted and handed back to the queue (their checkpoints kept), for the next worker.
   */
  stop(options?: { graceMs?: number }): Promise<void>;
  /**
   * Stops at once as if the process had died: running jobs keep their lease and their state,
   * and are taken over by another worker once the lease runs out. For tests of exactly that.
   */
  abandon(): Promise<void>;
}

export const DEFAULT_POLL_MS = 500;
/** A note in one of these states has its outcome; progress writes never touch it. */
const SETTLED: NoteRow['status'][] = ['done', 'error'];

export const DEFAULT_MAX_ATTEMPTS = 5;
export const DEFAULT_RETRY_BACKOFF_MS = 30_000;
const DEFAULT_MAX_RETRY_BACKOFF_MS = 10 * 60_000;

/** Why a job's run stopped before its end; the reason of its abort signal. */
class JobInterrupted extends Error {
  constructor(readonly why: 'stopping' | 'lost' | 'abandoned') {
    super(`job interrupted: ${why}`);
    this.name = 'JobInterrupted';
  }
}

/** The engines a configuration names. */
export function enginesFromConfig(config: Pick<Config, 'stt' | 'llm'>): Engines {
  const { stt, llm } = config;
  return {
    stt: stt.baseUrl
      ? createSttClient({
          baseUrl: stt.baseUrl,
          apiKey: stt.apiKey,
          model: stt.model,
          timeoutMs: stt.timeoutMs,
        })
      : undefined,
    chat: llm.baseUrl
      ? createChatClient({ baseUrl: llm.baseUrl, apiKey: llm.apiKey, timeoutMs: llm.timeoutMs })
      : undefined,
    llmModels: llm.models.map((model) => model.id),
  };
}

/** Where a note's intermediate files live while it is processed. */
export function workDirOf(dataDir: string, noteId: number): string {
  return join(dataDir, 'work', `note-${noteId}`);
}

/** The i18n key a note shows for a failure, and whether trying again later can help. */
export function classifyFailure(
  error: unknown,
  stage: Stage,
): { key: string; retryable: boolean; retryAfterMs?: number } {
  if (error instanceof EngineError) {
    return { key: error.key, retryable: error.retryable, retryAfterMs: error.retryAfterMs };
  }
  if (error instanceof AudioError) return { key: error.key, retryable: false };
  if (error instanceof NoEngineError) return { key: error.key, retryable: false };
  // Anything else (a database hiccup, ffmpeg dying): worth another attempt, then reported by step.
  const key =
    stage === 'summarise' || stage === 'store'
      ? 'errors.summaryFailed'
      : 'errors.transcriptionFailed';
  return { key, retryable: true };
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

export function createWorker(options: WorkerOptions): Worker {
  const { db, config } = options;
  const logger = options.logger ?? silentLogger;
  const storage = options.storage ?? audioStorage(config.dataDir);
  const engines = options.engines ?? enginesFromConfig(config);
  const id = options.id ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const maxAttempts = options.maxAttempts ?? config.jobMaxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const retryBackoffMs =
    options.retryBackoffMs ?? config.jobRetryBackoffMs ?? DEFAULT_RETRY_BACKOFF_MS;
  const maxRetryBackoffMs = options.maxRetryBackoffMs ?? DEFAULT_MAX_RETRY_BACKOFF_MS;
  const pipelineOptions: PipelineOptions = {
    sttConcurrency: config.stt.concurrency,
    chunkRetries: 3,
    chunkBackoffMs: 1_000,
    ...options.pipeline,
  };
  const emit = (event: WorkerEvent) => {
    try {
      options.onEvent?.(event);
    } catch (error) {
      logger.error('worker event listener failed', { err: error });
    }
  };

  let running = false;
  let stopping = false;
  let slots: Promise<void>[] = [];
  let unsubscribe: (() => void) | undefined;
  const active = new Set<AbortController>();
  const sleepers = new Set<() => void>();

  function wake() {
    for (const resolve of sleepers) resolve();
    sleepers.clear();
  }

  function idle(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, pollMs);
      function done() {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      }
      sleepers.add(done);
    });
  }

  /**
   * Shows a stage on the note, only while this worker still holds the note's job and the note
   * is not settled. The second condition is on the note row itself on purpose: a progress write
   * that raced a failure (or success) waits for that transaction's row lock and is then
   * re-checked by PostgreSQL against the new row, whereas the job subquery still sees the state
   * from before, and would let the write turn an `error` note back into `transcribing`.
   */
  async function showProgress(
    noteId: number,
    jobId: number,
    status: NoteRow['status'],
    progress: number,
  ) {
    emit({ type: 'progress', jobId, noteId, status, progress });
    await db
      .update(notes)
      .set({ status, progress })
      .where(
        and(
          eq(notes.id, noteId),
          notInArray(notes.status, SETTLED),
          exists(db.select({ id: jobs.id }).from(jobs).where(heldBy(jobId, id))),
        ),
      );
  }

  /** The store stage: transcript and summary in, minutes charged, note done, all or nothing. */
  async function finish(
    job: JobRow,
    note: NoteRow,
    checkpoint: Checkpoint,
  ): Promise<number | undefined> {
    const segments = note.transcribe ? (checkpoint.segments ?? []) : [];
    const summary = checkpoint.summary ?? null;
    return db.transaction(async (tx) => {
      // The note row lock orders this against a deletion of the note at the same moment.
      const [locked] = await tx
        .select({ id: notes.id })
        .from(notes)
        .where(eq(notes.id, note.id))
        .for('update');
      if (!locked) return undefined;
      const [owned] = await tx
        .update(jobs)
        .set({
          state: 'done',
          stage: 'done',
          lockedBy: null,
          leaseUntil: null,
          lastError: null,
          checkpoint: {},
        })
        .where(heldBy(job.id, id))
        .returning({ id: jobs.id });
      if (!owned) return undefined;
      const charged = await settleMinutes(tx, note.id, 'charge');
      await tx
        .update(notes)
        .set({
          status: 'done',
          progress: 100,
          error: null,
          segments,
          summary,
          searchText: noteSearchText(segments, summary),
          minutesCharged: sql`${notes.minutesCharged} + ${charged}`,
        })
        .where(eq(notes.id, note.id));
      return charged;
    });
  }

  /**
   * Ends a job for good: note `error` with the reason's key, minutes refunded. A transcript that
   * was finished stays in the note (when the note keeps transcripts) and in the checkpoint, so a
   * retry starts from the failed stage.
   */
  async function fail(
    job: JobRow,
    key: string,
    message: string,
    checkpoint: Checkpoint,
  ): Promise<number | undefined> {
    return db.transaction(async (tx) => {
      const [note] = await tx
        .select({ id: notes.id, transcribe: notes.transcribe })
        .from(notes)
        .where(eq(notes.id, job.noteId))
        .for('update');
      if (!note) return undefined;
      const [owned] = await tx
        .update(jobs)
        .set({
          state: 'failed',
          lockedBy: null,
          leaseUntil: null,
          lastError: message.slice(0, 2000),
        })
        .where(heldBy(job.id, id))
        .returning({ id: jobs.id });
      if (!owned) return undefined;
      const refunded = await settleMinutes(tx, note.id, 'refund');
      const transcript = note.transcribe ? checkpoint.segments : undefined;
      await tx
        .update(notes)
        .set({
          status: 'error',
          error: key,
          ...(transcript
            ? { segments: transcript, searchText: noteSearchText(transcript, null) }
            : {}),
        })
        .where(eq(notes.id, note.id));
      return refunded;
    });
  }

  async function runJob(job: JobRow): Promise<void> {
    const controller = new AbortController();
    active.add(controller);
    const signal = controller.signal;
    const lost = () => controller.abort(new JobInterrupted('lost'));
    const heartbeat = setInterval(
      () => {
        renewLease(db, job.id, id, leaseMs).then(
          (held) => {
            if (!held) lost();
          },
          // A failed renewal is retried at the next beat; the lease outlasts two of them.
          (error: unknown) => logger.warn('lease renewal failed', { jobId: job.id, err: error }),
        );
      },
      Math.max(10, Math.floor(leaseMs / 3)),
    );
    heartbeat.unref();

    const checkpoint = structuredClone(job.checkpoint) as Checkpoint;
    let stage: Stage = isStage(job.stage) ? job.stage : 'prepare';
    const workDir = workDirOf(config.dataDir, job.noteId);
    const log = logger.child({ jobId: job.id, noteId: job.noteId, worker: id });
    emit({ type: 'claimed', jobId: job.id, noteId: job.noteId, attempt: job.attempts, stage });
    let ended = false;
    try {
      if (job.attempts > maxAttempts) {
        // Claimed once more after its worker died on the last allowed attempt.
        const refunded = await fail(
          job,
          'processing.failed.attempts',
          'too many attempts',
          checkpoint,
        );
        ended = refunded !== undefined;
        if (ended) {
          log.warn('job failed', { key: 'processing.failed.attempts' });
          emit({
            type: 'failed',
            jobId: job.id,
            noteId: job.noteId,
            key: 'processing.failed.attempts',
            minutesRefunded: refunded ?? 0,
          });
        }
        return;
      }
      const [note] = await db.select().from(notes).where(eq(notes.id, job.noteId));
      // Deleted meanwhile: its job went with it (ON DELETE CASCADE).
      if (!note) return;
      const [owner] = await db
        .select({ planId: users.planId })
        .from(users)
        .where(eq(users.id, note.userId));
      const ctx: StageContext = {
        note,
        plan: planById(owner?.planId ?? ''),
        checkpoint,
        workDir,
        storage,
        engines,
        options: pipelineOptions,
        signal,
        logger: log,
        async save(write) {
          const held = await writeCheckpoint(db, job.id, id, {
            ...(write.patch ? { patch: write.patch as Record<string, unknown> } : {}),
            ...(write.drop ? { drop: write.drop } : {}),
            stage: write.next,
          });
          if (!held) throw new JobInterrupted('lost');
          for (const key of write.drop ?? []) delete checkpoint[key];
          Object.assign(checkpoint, write.patch);
          stage = write.next;
        },
        async saveChunk(index: number, result: Transcription) {
          signal.throwIfAborted();
          const held = await writeCheckpointEntry(
            db,
            job.id,
            id,
            'transcripts',
            String(index),
            result,
          );
          if (!held) throw new JobInterrupted('lost');
          checkpoint.transcripts = { ...checkpoint.transcripts, [String(index)]: result };
        },
        progress: (status, percent) => showProgress(note.id, job.id, status, percent),
        chunkDone: (index) => emit({ type: 'chunk', jobId: job.id, noteId: note.id, index }),
      };
      await runStages(stage, ctx);
      await showProgress(note.id, job.id, STAGE_DISPLAY.store.status, STAGE_DISPLAY.store.progress);
      const charged = await finish(job, note, checkpoint);
      if (charged === undefined) {
        log.warn('job lost before it was stored');
        emit({ type: 'lost', jobId: job.id, noteId: job.noteId });
        return;
      }
      ended = true;
      log.info('job done', { minutesCharged: charged });
      emit({ type: 'done', jobId: job.id, noteId: job.noteId, minutesCharged: charged });
    } catch (error) {
      const reason = signal.aborted ? (signal.reason as unknown) : error;
      if (reason instanceof JobInterrupted || error instanceof JobInterrupted) {
        const why = reason instanceof JobInterrupted ? reason.why : (error as JobInterrupted).why;
        if (why === 'stopping' && (await releaseJob(db, job.id, id).catch(() => false))) {
          log.info('job released', { stage });
          emit({ type: 'released', jobId: job.id, noteId: job.noteId });
        } else if (why === 'lost') {
          log.warn('job lost: another worker holds it now', { stage });
          emit({ type: 'lost', jobId: job.id, noteId: job.noteId });
        }
        return;
      }
      const failure = classifyFailure(error, stage);
      const message = describe(error);
      if (failure.retryable && job.attempts < maxAttempts) {
        const delayMs = Math.min(
          maxRetryBackoffMs,
          Math.max(retryBackoffMs * 2 ** (job.attempts - 1), failure.retryAfterMs ?? 0),
        );
        await rescheduleJob(db, job.id, id, delayMs, message);
        log.warn('job retry later', { stage, attempt: job.attempts, delayMs, err: error });
        emit({ type: 'retry', jobId: job.id, noteId: job.noteId, delayMs, error: message });
        return;
      }
      const refunded = await fail(job, failure.key, message, checkpoint);
      ended = refunded !== undefined;
      log.warn('job failed', { stage, key: failure.key, attempt: job.attempts, err: error });
      if (ended) {
        emit({
          type: 'failed',
          jobId: job.id,
          noteId: job.noteId,
          key: failure.key,
          minutesRefunded: refunded ?? 0,
        });
      }
    } finally {
      clearInterval(heartbeat);
      active.delete(controller);
      // Ended here, or gone with its note (deleted mid-run): nobody will need the files again.
      const gone =
        !ended &&
        (await db
          .select({ id: jobs.id })
          .from(jobs)
          .where(eq(jobs.id, job.id))
          .then((rows) => rows.length === 0)
          .catch(() => false));
      if (ended || gone) await rm(workDir, { recursive: true, force: true }).catch(() => {});
    }
  }

  async function runOnce(): Promise<boolean> {
    const job = await claimJob(db, id, leaseMs);
    if (!job) return false;
    await runJob(job);
    return true;
  }

  async function slot(): Promise<void> {
    while (!stopping) {
      let ran = false;
      try {
        ran = await runOnce();
      } catch (error) {
        // The database may be restarting: log, wait a poll, try again.
        logger.error('worker could not run a job', { worker: id, err: error });
      }
      if (!ran && !stopping) await idle();
    }
  }

  return {
    id,
    start() {
      if (running) return;
      running = true;
      stopping = false;
      unsubscribe = onJobsAnnounced(wake);
      sweepStaleUploads(config.dataDir).catch((error: unknown) =>
        logger.warn('could not sweep stale uploads', { err: error }),
      );
      slots = Array.from({ length: Math.max(1, options.concurrency ?? 1) }, () => slot());
      logger.info('worker started', { worker: id, pollMs, leaseMs });
    },
    runOnce,
    wake,
    async stop({ graceMs = 10_000 } = {}) {
      stopping = true;
      wake();
      const timer = setTimeout(() => {
        for (const controller of active) controller.abort(new JobInterrupted('stopping'));
      }, graceMs);
      await Promise.all(slots);
      clearTimeout(timer);
      unsubscribe?.();
      running = false;
      slots = [];
      logger.info('worker stopped', { worker: id });
    },
    async abandon() {
      stopping = true;
      for (const controller of active) controller.abort(new JobInterrupted('abandoned'));
      wake();
      await Promise.all(slots);
      unsubscribe?.();
      running = false;
      slots = [];
    },
  };
}
