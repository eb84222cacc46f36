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
import { createEnginePool, type EnginePoolOptions } from '../processing/engine-pool.ts';
import { storageOf } from '../providers/storage/index.ts';
import type { Storage } from '../providers/storage/storage.ts';
import { claimNextJob, holdClaim } from './claim.ts';
import { databaseEngineSlots } from './engine-slots.ts';
import {
  isStage,
  PHASE_STAGES,
  phaseOf,
  type Engines,
  type Phase,
  type PipelineOptions,
} from './pipeline.ts';
import { claimJob, DEFAULT_LEASE_MS, releaseJob } from './queue.ts';
import { runResummary } from './resummary.ts';
import { runClaimedJob } from './run.ts';
import { JobInterrupted, type WorkerEvent, type WorkerRuntime } from './runtime.ts';
import { cleanUpWork, settleExhausted, settleFailure, settleSuccess } from './settle.ts';
import type { JobSignal } from './signal.ts';
import { createSlots } from './slots.ts';
import { jobsEnded, minutesCharged } from '../lib/metrics.ts';
import { inSpan } from '../lib/tracing.ts';

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
  /**
   * Defaults to the engines of the configuration, their slots counted in `db` (engine-slots.ts)
   * and found free by polling; startServer and src/worker.ts hand in engines whose slots also
   * listen for releases.
   */
  engines?: Engines;
  /** Names this worker in `jobs.locked_by`; defaults to host, pid and a random part. */
  id?: string;
  /** How often an idle worker looks for due jobs (an announced job wakes it at once). */
  pollMs?: number;
  leaseMs?: number;
  /**
   * Jobs transcribing at the same time (WORKER_CONCURRENCY); each sends STT_CONCURRENCY chunks
   * at once.
   */
  concurrency?: number;
  /** Jobs summarising at the same time (LLM_CONCURRENCY), whatever the transcriptions do. */
  summaryConcurrency?: number;
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
const PHASES = Object.keys(PHASE_STAGES) as Phase[];

/**
 * The engines a configuration names: each kind a pool (processing/engine-pool.ts) of STT_ENGINES /
 * LLM_ENGINES, or of the one STT_BASE_URL / LLM_BASE_URL.
 */
export function enginesFromConfig(
  config: Pick<Config, 'stt' | 'llm' | 'sttEngines' | 'llmEngines'>,
  options: EnginePoolOptions = {},
): Engines {
  const { stt, llm } = config;
  const sttPool =
    config.sttEngines.length > 0
      ? createEnginePool(
          'stt',
          config.sttEngines.map((engine) => ({
            config: engine,
            client: createSttClient({
              baseUrl: engine.baseUrl,
              apiKey: engine.apiKey,
              model: engine.model ?? stt.model,
              timeoutMs: stt.timeoutMs,
            }),
          })),
          options,
        )
      : undefined;
  const chatPool =
    config.llmEngines.length > 0
      ? createEnginePool(
          'llm',
          config.llmEngines.map((engine) => ({
            config: engine,
            client: createChatClient({
              baseUrl: engine.baseUrl,
              apiKey: engine.apiKey,
              timeoutMs: llm.timeoutMs,
            }),
          })),
          options,
        )
      : undefined;
  return {
    stt: sttPool && {
      model: config.sttEngines[0]?.model ?? stt.model,
      transcribe: (path, request) =>
        sttPool.run((client) => client.transcribe(path, request), request?.signal),
    },
    chat: chatPool && {
      complete: (request) => chatPool.run((client) => client.complete(request), request.signal),
      inSequence: (asks) =>
        chatPool.sequence((run) =>
          asks({
            complete: (request) => run((client) => client.complete(request), request.signal),
          }),
        ),
    },
    llmModels: llm.models.map((model) => model.id),
    pools: [sttPool, chatPool].filter((pool) => pool !== undefined),
  };
}

/** Counts a worker's outcomes in the process's metrics. */
function observeWorkerEvent(event: WorkerEvent): void {
  switch (event.type) {
    case 'done':
      jobsEnded.inc({ outcome: 'done' });
      minutesCharged.inc(event.minutesCharged);
      break;
    case 'retry':
    case 'failed':
    case 'released':
    case 'lost':
      jobsEnded.inc({ outcome: event.type });
      break;
    default:
  }
}

/** The runtime a worker's parts share, from its options and the configuration. */
function runtimeOf(options: WorkerOptions, workerId: string): WorkerRuntime {
  const { db, config } = options;
  const logger = options.logger ?? silentLogger;
  const leaseMs = options.leaseMs ?? config.worker.leaseMs ?? DEFAULT_LEASE_MS;
  return {
    db,
    workerId,
    dataDir: config.dataDir,
    logger,
    storage: options.storage ?? storageOf(config),
    engines:
      options.engines ??
      enginesFromConfig(config, {
        slots: databaseEngineSlots({ db, holder: workerId, leaseMs, logger }),
      }),
    leaseMs,
    maxAttempts: options.maxAttempts ?? config.jobMaxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    retryBackoffMs: options.retryBackoffMs ?? config.jobRetryBackoffMs ?? DEFAULT_RETRY_BACKOFF_MS,
    unreachableBackoffMs: options.unreachableBackoffMs ?? DEFAULT_UNREACHABLE_BACKOFF_MS,
    maxRetryBackoffMs: options.maxRetryBackoffMs ?? DEFAULT_MAX_RETRY_BACKOFF_MS,
    slots: {
      transcription: createSlots(Math.max(1, options.concurrency ?? config.worker.concurrency)),
      summary: createSlots(
        Math.max(1, options.summaryConcurrency ?? config.worker.summaryConcurrency),
      ),
    },
    pipeline: {
      sttConcurrency: config.stt.concurrency,
      chunkRetries: 3,
      chunkBackoffMs: 1_000,
      llmContextChars: config.llm.contextChars,
      ...options.pipeline,
    },
    emit(event) {
      observeWorkerEvent(event);
      try {
        options.onEvent?.(event);
      } catch (error) {
        logger.error('worker event listener failed', { err: error });
      }
    },
  };
}

/** A promise resolved by stop() or abandon(): the claim loop waiting for a slot ends on it. */
function stopLatch(): { promise: Promise<void>; resolve(): void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

export function createWorker(options: WorkerOptions): Worker {
  const id = options.id ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const rt = runtimeOf(options, id);
  const { logger } = rt;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;

  let running = false;
  let stopping = false;
  let abandoned = false;
  let loop: Promise<void> = Promise.resolve();
  let unsubscribe: (() => void) | undefined;
  const active = new Set<AbortController>();
  const runs = new Set<Promise<void>>();
  const sleepers = new Set<(by: 'signal' | 'poll') => void>();
  let stopped = stopLatch();

  function wake(by: 'signal' | 'poll' = 'signal') {
    for (const resolve of sleepers) resolve(by);
    sleepers.clear();
  }

  /** Waits for a job signal or the poll timer, and says which came first. */
  function idle(): Promise<'signal' | 'poll'> {
    rt.emit({ type: 'idle' });
    return new Promise((resolve) => {
      const timer = setTimeout(() => done('poll'), pollMs);
      function done(by: 'signal' | 'poll') {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve(by);
      }
      sleepers.add(done);
    });
  }

  /** One claimed job from its claim to its end: run, then settle whatever came of it. */
  function runJob(job: JobRow, slot?: { phase: Phase; release(): void }): Promise<void> {
    const attributes = { 'job.id': job.id, 'note.id': job.noteId, 'job.attempt': job.attempts };
    return inSpan('job', attributes, () => runJobInSpan(job, slot));
  }

  async function runJobInSpan(job: JobRow, slot?: { phase: Phase; release(): void }) {
    const claim = holdClaim(rt, job);
    claim.slot = slot;
    active.add(claim.controller);
    let ended = false;
    try {
      if (job.attempts > rt.maxAttempts) {
        ended = await settleExhausted(rt, claim);
        return;
      }
      if (claim.stage === 'resummarise') {
        ended = await runResummary(rt, claim);
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
      claim.slot?.release();
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

  /**
   * Takes every slot free now, before the claim: the job claimed then has its slot at once. Taken
   * after the claim, a slot a running job had entered meanwhile left the claimed job waiting with
   * its lease unrenewed, and a stop() waiting for that wait to end.
   */
  function takeFreeSlots(): Map<Phase, () => void> {
    const held = new Map<Phase, () => void>();
    for (const phase of PHASES) {
      const release = rt.slots[phase].tryTake();
      if (release) held.set(phase, release);
    }
    return held;
  }

  /** Hands back a job claimed while stop() came: due at once for the next worker, unstarted. */
  async function handBack(job: JobRow): Promise<void> {
    if (await releaseJob(rt.db, job.id, id).catch(() => false)) {
      rt.emit({ type: 'released', jobId: job.id, noteId: job.noteId });
    }
  }

  /**
   * Claims jobs while a slot of the phase they are in is free, and starts each at once: the claim
   * loop never waits for a job to end, only for a slot, a job signal or the poll.
   */
  async function claimLoop(): Promise<void> {
    while (!stopping) {
      const held = takeFreeSlots();
      if (held.size === 0) {
        const { transcription, summary } = rt.slots;
        await Promise.race([transcription.released(), summary.released(), stopped.promise]);
        continue;
      }
      // Only jobs of a phase with a free slot; all of them when every phase has one.
      const stages =
        held.size === PHASES.length
          ? undefined
          : [...held.keys()].flatMap((phase) => PHASE_STAGES[phase]);
      let job: JobRow | undefined;
      try {
        job = await claimJob(rt.db, rt.workerId, rt.leaseMs, stages);
      } catch (error) {
        // The database may be restarting: log, wait a poll, try again.
        logger.error('worker could not claim a job', { worker: id, err: error });
      }
      const phase = job && phaseOf(isStage(job.stage) ? job.stage : 'prepare');
      for (const [other, release] of held) if (other !== phase) release();
      const release = phase && held.get(phase);
      if (!job || !release) {
        if (!stopping) rt.emit({ type: 'woken', by: await idle() });
        continue;
      }
      if (stopping) {
        // stop() or abandon() came while the claim ran: nothing new starts. A stop hands the job
        // back; an abandoned worker leaves it to its lease, as a dead one would.
        release();
        if (!abandoned) await handBack(job);
        break;
      }
      const run = runJob(job, { phase, release }).catch((error: unknown) =>
        logger.error('worker could not run a job', { worker: id, err: error }),
      );
      runs.add(run);
      void run.finally(() => runs.delete(run));
    }
    await Promise.all(runs);
  }

  return {
    id,
    start() {
      if (running) return;
      running = true;
      stopping = false;
      abandoned = false;
      stopped = stopLatch();
      unsubscribe = options.jobs?.subscribe(() => wake('signal'));
      const { dataDir, uploads } = options.config;
      sweepStaleUploads(dataDir, uploads.staleAfterMs).catch((error: unknown) =>
        logger.warn('could not sweep stale uploads', { err: error }),
      );
      for (const pool of rt.engines.pools ?? []) pool.start();
      loop = claimLoop();
      logger.info('worker started', { worker: id, pollMs, leaseMs: rt.leaseMs });
    },
    runOnce,
    wake,
    async stop({ graceMs = 10_000 } = {}) {
      stopping = true;
      stopped.resolve();
      wake();
      const timer = setTimeout(() => {
        for (const controller of active) controller.abort(new JobInterrupted('stopping'));
      }, graceMs);
      await loop;
      for (const pool of rt.engines.pools ?? []) pool.stop();
      clearTimeout(timer);
      unsubscribe?.();
      running = false;
      logger.info('worker stopped', { worker: id });
    },
    async abandon() {
      stopping = true;
      abandoned = true;
      stopped.resolve();
      for (const controller of active) controller.abort(new JobInterrupted('abandoned'));
      wake();
      await loop;
      for (const pool of rt.engines.pools ?? []) pool.stop();
      unsubscribe?.();
      running = false;
    },
  };
}
