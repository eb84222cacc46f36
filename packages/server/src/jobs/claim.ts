// Claiming: a due job is taken with a lease, and the lease is renewed while the job runs. A
// renewal that finds the job gone to another worker interrupts the run.
import type { JobRow } from '../db/schema.ts';
import { isStage, type Checkpoint } from './pipeline.ts';
import { claimJob, renewLease } from './queue.ts';
import { JobInterrupted, workDirOf, type Claim, type WorkerRuntime } from './runtime.ts';

/** Takes the next due job, if any, with a lease for this worker; holdClaim keeps it. */
export function claimNextJob(rt: WorkerRuntime): Promise<JobRow | undefined> {
  return claimJob(rt.db, rt.workerId, rt.leaseMs);
}

/**
 * Holds a claimed job: renews its lease every third of it, and aborts the run with
 * JobInterrupted('lost') as soon as a renewal finds the job no longer this worker's.
 */
export function holdClaim(rt: WorkerRuntime, job: JobRow): Claim {
  const controller = new AbortController();
  const lost = () => controller.abort(new JobInterrupted('lost'));
  const heartbeat = setInterval(
    () => {
      renewLease(rt.db, job.id, rt.workerId, rt.leaseMs).then(
        (held) => {
          if (!held) lost();
        },
        // A failed renewal is retried at the next beat; the lease outlasts two of them.
        (error: unknown) => rt.logger.warn('lease renewal failed', { jobId: job.id, err: error }),
      );
    },
    Math.max(10, Math.floor(rt.leaseMs / 3)),
  );
  heartbeat.unref();

  const claim: Claim = {
    job,
    controller,
    signal: controller.signal,
    checkpoint: structuredClone(job.checkpoint) as Checkpoint,
    stage: isStage(job.stage) ? job.stage : 'prepare',
    workDir: workDirOf(rt.dataDir, job.noteId),
    log: rt.logger.child({ jobId: job.id, noteId: job.noteId, worker: rt.workerId }),
    release: () => clearInterval(heartbeat),
  };
  rt.emit({
    type: 'claimed',
    jobId: job.id,
    noteId: job.noteId,
    attempt: job.attempts,
    stage: claim.stage,
  });
  return claim;
}
