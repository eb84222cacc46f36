// Durable processing of uploads: the queue on Postgres/PGlite, the pipeline's stages and the
// worker that runs them.
export {
  announceJobs,
  claimJob,
  DEFAULT_LEASE_MS,
  enqueueJob,
  onJobsAnnounced,
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
export {
  classifyFailure,
  createWorker,
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_POLL_MS,
  DEFAULT_RETRY_BACKOFF_MS,
  enginesFromConfig,
  workDirOf,
  type Worker,
  type WorkerEvent,
  type WorkerOptions,
} from './worker.ts';
