// What the parts of a worker share while they handle a job: its settings, its dependencies and
// the job's own state as it moves through claim (claim.ts), run (run.ts) and settle (settle.ts).
import { join } from 'node:path';
import type { Db } from '../db/client.ts';
import type { JobRow, NoteRow } from '../db/schema.ts';
import type { Logger } from '../lib/logger.ts';
import type { Storage } from '../providers/storage/storage.ts';
import type { Slots } from './slots.ts';
import type { Checkpoint, Engines, Phase, PipelineOptions, Stage } from './pipeline.ts';

/** What a worker reports as it goes (for logs, metrics and tests). */
export type WorkerEvent =
  | { type: 'claimed'; jobId: number; noteId: number; attempt: number; stage: string }
  | { type: 'progress'; jobId: number; noteId: number; status: NoteRow['status']; progress: number }
  | { type: 'chunk'; jobId: number; noteId: number; index: number }
  | { type: 'done'; jobId: number; noteId: number; minutesCharged: number }
  | { type: 'retry'; jobId: number; noteId: number; delayMs: number; error: string }
  | { type: 'failed'; jobId: number; noteId: number; key: string; minutesRefunded: number }
  | { type: 'released'; jobId: number; noteId: number }
  | { type: 'lost'; jobId: number; noteId: number }
  /** The worker found nothing due (or no free slot) and waits. */
  | { type: 'idle' }
  /** An idle worker looks again: told by a job signal (NOTIFY, this process) or its poll timer. */
  | { type: 'woken'; by: 'signal' | 'poll' }
  /** A job entered a stage (after waiting for the stage's slot). */
  | { type: 'stage'; jobId: number; noteId: number; stage: Stage };

/** One worker's settings and dependencies, resolved from its options. */
export interface WorkerRuntime {
  db: Db;
  /** Names this worker in `jobs.locked_by`. */
  workerId: string;
  dataDir: string;
  logger: Logger;
  storage: Storage;
  engines: Engines;
  leaseMs: number;
  maxAttempts: number;
  retryBackoffMs: number;
  /** Wait before the second attempt when the engine could not be reached; ×4 with each further one. */
  unreachableBackoffMs: number;
  maxRetryBackoffMs: number;
  pipeline: PipelineOptions;
  /** Jobs in each phase at once: transcription (WORKER_CONCURRENCY), summary (LLM_CONCURRENCY). */
  slots: Record<Phase, Slots>;
  /** Reports an event; a failing listener is logged, never thrown. */
  emit(event: WorkerEvent): void;
}

/** Why a job's run stopped before its end; the reason of its abort signal. */
export class JobInterrupted extends Error {
  constructor(readonly why: 'stopping' | 'lost' | 'abandoned') {
    super(`job interrupted: ${why}`);
    this.name = 'JobInterrupted';
  }
}

/** A job this worker holds, from its claim until it is settled. */
export interface Claim {
  job: JobRow;
  /** Aborted when the job is interrupted (its reason a JobInterrupted). */
  controller: AbortController;
  signal: AbortSignal;
  /** The checkpoint as this worker knows it; updated with every save. */
  checkpoint: Checkpoint;
  /** The stage running now; updated with every save. */
  stage: Stage;
  workDir: string;
  /** Carries job, note and worker on every line. */
  log: Logger;
  /** Stops renewing the lease; the job itself is settled (or handed back) by then. */
  release(): void;
  /** The worker slot the job holds now (pipeline.ts `phaseOf`), given back when it ends. */
  slot?: { phase: Phase; release(): void } | undefined;
}

/** Where a note's intermediate files live while it is processed. */
export function workDirOf(dataDir: string, noteId: number): string {
  return join(dataDir, 'work', `note-${noteId}`);
}

/** What ending a claimed job is fenced by: its job and note, and the worker that holds it. */
export function claimFence(rt: Pick<WorkerRuntime, 'workerId'>, claim: Pick<Claim, 'job'>) {
  return { jobId: claim.job.id, noteId: claim.job.noteId, workerId: rt.workerId };
}
