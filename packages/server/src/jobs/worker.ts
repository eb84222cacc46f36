// The worker: claims due jobs (claim.ts), runs their stages (run.ts), and ends each one in a
// single transaction that changes the note's status and settles its minutes (settle.ts: charge
// on success, refund on failure). Runs inside the API process by default and as its own process
// (src/worker.ts) for more machines; any number of them share one database.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { JobRow } from '../db/schema.ts';
import { silentLogger, type Logger } from '../lib/logger.ts';
import { sweepStaleUploads } from '../lib/upload-temp.ts';
import { createChatClient, createSttClient } from '../processing/index.ts';
import { storageOf } from '../providers/storage/index.ts';
import type { Storage } from '../providers/storage/storage.ts';
import { claimNextJob, holdClaim } from './claim.ts';
import type { Engines, PipelineOptions } from './pipeline.ts';
import { DEFAULT_LEASE_MS } from './queue.ts';
import { runClaimedJob } from './run.ts';
import { JobInterrupted, type WorkerEvent, type WorkerRuntime } from './runtime.ts';
import { cleanUpWork, settleExhausted, settleFailure, settleSuccess } from './settle.ts';
import type { JobSignal } from './signal.ts';

export { classifyFailure } from './settle.ts';
export { workDirOf, type WorkerEvent } from './runtime.ts';

export interface WorkerOptions {
  db: Db;
  config: Config;
  logger?: Logger;
  /** Defaults to the audio folder in DATA_DIR. */
  storage?: Storage;
  /** Wakes the worker when this process queues a job; without it the worker only polls. */
  jobs?: JobSignal;
  /** Defaults to the engines of the configuration. */
  engines?: Engines;
  /** Names this worker in `jobs.locked_by`; defaults to host, pid and a random part. */
  id?: string;
  /** How often an idle worker looks for due jobs (an announced job wakes it at once). */
  pollMs?: number;
  leaseMs?: number;
  /** Jobs run at the same time; each already sends STT_CONCURRENCY chunks at once. */
  concurrency?: number;
  /** Attempts of a job (retryable failures, lost workers) before it fails for good. */
  maxAttempts?: number;
  /** Wait before the second attempt; doubles with each further one. */
  retryBackoffMs?: number;
  /**
   * Wait before the second attempt when the engine could not be reached at all; grows fourfold
   * with each further one (docs/uploads.md#retries-and-backoff).
   */
  unreachableBackoffMs?: number;
  maxRetryBackoffMs?: number;
  pipeline?: Partial<PipelineOptions>;
  onEvent?: (event: WorkerEvent) => void;
}

export interface Worker {
  readonly id: string;
  /** Starts polling; announced jobs wake it at once. */
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
export const DEFAULT_MAX_ATTEMPTS = 5;
export const DEFAULT_RETRY_BACKOFF_MS = 30_000;
/** An unreachable engine is often back within seconds (a restart): 5 s, 20 s, 80 s, 320 s. */
export const DEFAULT_UNREACHABLE_BACKOFF_MS = 5_000;
const DEFAULT_MAX_RETRY_BACKOFF_MS = 10 * 60_000;

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

/** The runtime a worker's parts share, from its options and the configuration. */
function runtimeOf(options: WorkerOptions, workerId: string): WorkerRuntime {
  const { db, config } = options;
  const logger = options.logger ?? silentLogger;
  return {
    db,
    workerId,
    dataDir: config.dataDir,
    logger,
    storage: options.storage ?? storageOf(config),
    engines: options.engines ?? enginesFromConfig(config),
    leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
    maxAttempts: options.maxAttempts ?? config.jobMaxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    retryBackoffMs: options.retryBackoffMs ?? config.jobRetryBackoffMs ?? DEFAULT_RETRY_BACKOFF_MS,
    unreachableBackoffMs: options.unreachableBackoffMs ?? DEFAULT_UNREACHABLE_BACKOFF_MS,
    maxRetryBackoffMs: options.maxRetryBackoffMs ?? DEFAULT_MAX_RETRY_BACKOFF_MS,
    pipeline: {
      sttConcurrency: config.stt.concurrency,
      chunkRetries: 3,
      chunkBackoffMs: 1_000,
      ...options.pipeline,
    },
    emit(event) {
      try {
        options.onEvent?.(event);
      } catch (error) {
        logger.error('worker event listener failed', { err: error });
      }
    },
  };
}

export function createWorker(options: WorkerOptions): Worker {
  const id = options.id ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const rt = runtimeOf(options, id);
  const { logger } = rt;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;

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

  /** One claimed job from its claim to its end: run, then settle whatever came of it. */
  async function runJob(job: JobRow): Promise<void> {
    const claim = holdClaim(rt, job);
    active.add(claim.controller);
    let ended = false;
    try {
      if (job.attempts > rt.maxAttempts) {
        ended = await settleExhausted(rt, claim);
        return;
      }
      const note = await runClaimedJob(rt, claim);
      // Deleted meanwhile: its job went with it (ON DELETE CASCADE).
      if (!note) return;
      ended = await settleSuccess(rt, claim, note);
    } catch (error) {
      ended = await settleFailure(rt, claim, error);
    } finally {
      claim.release();
      active.delete(claim.controller);
      await cleanUpWork(rt, claim, ended);
    }
  }

  async function runOnce(): Promise<boolean> {
    const job = await claimNextJob(rt);
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
      unsubscribe = options.jobs?.subscribe(wake);
      const { dataDir, uploads } = options.config;
      sweepStaleUploads(dataDir, uploads.staleAfterMs).catch((error: unknown) =>
        logger.warn('could not sweep stale uploads', { err: error }),
      );
      slots = Array.from({ length: Math.max(1, options.concurrency ?? 1) }, () => slot());
      logger.info('worker started', { worker: id, pollMs, leaseMs: rt.leaseMs });
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
