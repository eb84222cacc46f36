// Durable processing of uploads: the queue on Postgres/PGlite, the pipeline's stages and the
// worker that runs them.
export { databaseEngineSlots, ENGINE_SLOTS_CHANNEL, engineSlotsOf } from './engine-slots.ts';
export { createJobSignal, JOBS_CHANNEL, listenForJobs, type JobSignal } from './signal.ts';
export {
  claimJob,
  DEFAULT_LEASE_MS,
  enqueueJob,
  notifyJobDue,
  releaseJob,
  renewLease,
  rescheduleJob,
} from './queue.ts';
export {
  isStage,
  NoEngineError,
  STAGE_DISPLAY,
  STAGES,
  speakersAsked,
  usesLlm,
  type Checkpoint,
  type Engines,
  type PipelineOptions,
  type Stage,
} from './pipeline.ts';
export { workDirOf, type WorkerEvent } from './runtime.ts';
export { classifyFailure } from './settle.ts';
export {
  createWorker,
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_POLL_MS,
  DEFAULT_RETRY_BACKOFF_MS,
  enginesFromConfig,
  type Worker,
  type WorkerOptions,
} from './worker.ts';
