// Running: the note's stages from the one the checkpoint names, every save fenced by the lease.
// Settling the outcome (charge, refund, retry, hand back) is settle.ts's part.
import { PROCESSING_STATUSES } from '@protokoll/contract';
import { and, eq, exists, inArray } from 'drizzle-orm';
import { jobs, notes, users, type NoteRow } from '../db/schema.ts';
import { glossaryForNote } from '../domain/glossary.ts';
import { minutesAccountOf } from '../domain/minutes.ts';
import { planById } from '../domain/plans.ts';
import type { Transcription } from '../processing/index.ts';
import { phaseOf, runStages, STAGE_DISPLAY, type StageContext } from './pipeline.ts';
import { heldBy, writeCheckpoint, writeCheckpointEntry } from './queue.ts';
import { JobInterrupted, type Claim, type WorkerRuntime } from './runtime.ts';
import { SpanStatusCode, type Span } from '@opentelemetry/api';
import { jobSlotWait, jobStageDuration, secondsSince } from '../lib/metrics.ts';
import { tracer } from '../lib/tracing.ts';

/**
 * Shows a stage on the note, only while this worker still holds the note's job and the note is
 * still being processed. The second condition is on the note row itself on purpose: a progress
 * write that raced a failure (or success) waits for that transaction's row lock and is then
 * re-checked by PostgreSQL against the new row, whereas the job subquery still sees the state
 * from before, and would let the write turn an `error` note back into `transcribing`.
 */
export async function showProgress(
  rt: WorkerRuntime,
  claim: Claim,
  status: NoteRow['status'],
  progress: number,
): Promise<void> {
  const { job } = claim;
  rt.emit({ type: 'progress', jobId: job.id, noteId: job.noteId, status, progress });
  await rt.db
    .update(notes)
    .set({ status, progress })
    .where(
      and(
        eq(notes.id, job.noteId),
        inArray(notes.status, [...PROCESSING_STATUSES]),
        exists(rt.db.select({ id: jobs.id }).from(jobs).where(heldBy(job.id, rt.workerId))),
      ),
    );
}

/**
 * Runs the claimed job's remaining stages up to the store stage, and answers the note they ran
 * for; undefined when the note was deleted meanwhile (its job went with it). Throws what a stage
 * throws, and JobInterrupted when the lease was lost.
 */
export async function runClaimedJob(rt: WorkerRuntime, claim: Claim): Promise<NoteRow | undefined> {
  const { db, workerId } = rt;
  const { job, checkpoint, signal } = claim;
  const [note] = await db.select().from(notes).where(eq(notes.id, job.noteId));
  if (!note) return undefined;
  const [owner] = await db
    .select({ id: users.id, planId: users.planId })
    .from(users)
    .where(eq(users.id, note.userId));
  // A team member's note is processed under the plan the upload was accepted under.
  const account = owner ? await minutesAccountOf(db, owner) : undefined;
  // Read once per run: a term added while the note is processed counts from the next note on.
  const glossary = note.transcribe ? await glossaryForNote(db, note) : undefined;
  const ctx: StageContext = {
    note,
    glossary,
    plan: planById(account?.planId ?? ''),
    checkpoint,
    workDir: claim.workDir,
    storage: rt.storage,
    engines: rt.engines,
    options: rt.pipeline,
    signal,
    logger: claim.log,
    async save(write) {
      const held = await writeCheckpoint(db, job.id, workerId, {
        ...(write.patch ? { patch: write.patch as Record<string, unknown> } : {}),
        ...(write.drop ? { drop: write.drop } : {}),
        stage: write.next,
      });
      if (!held) throw new JobInterrupted('lost');
      for (const key of write.drop ?? []) delete checkpoint[key];
      Object.assign(checkpoint, write.patch);
      claim.stage = write.next;
    },
    carry(write) {
      Object.assign(checkpoint, write.patch);
      claim.stage = write.next;
    },
    async saveChunk(index: number, result: Transcription) {
      signal.throwIfAborted();
      const held = await writeCheckpointEntry(
        db,
        job.id,
        workerId,
        'transcripts',
        String(index),
        result,
      );
      if (!held) throw new JobInterrupted('lost');
      checkpoint.transcripts = { ...checkpoint.transcripts, [String(index)]: result };
    },
    progress: (status, percent) => showProgress(rt, claim, status, percent),
    chunkDone: (index) => rt.emit({ type: 'chunk', jobId: job.id, noteId: note.id, index }),
    async enter(stage) {
      endStage();
      const phase = phaseOf(stage);
      if (claim.slot?.phase !== phase) {
        claim.slot?.release();
        claim.slot = undefined;
        const waitStarted = performance.now();
        claim.slot = { phase, release: await rt.slots[phase].take(signal) };
        jobSlotWait.observe({ phase }, secondsSince(waitStarted));
      }
      current = {
        stage,
        started: performance.now(),
        span: tracer().startSpan(`job stage ${stage}`, {
          attributes: { 'job.id': job.id, 'note.id': note.id, 'job.stage': stage },
        }),
      };
      rt.emit({ type: 'stage', jobId: job.id, noteId: note.id, stage });
    },
  };
  let current: { stage: string; started: number; span: Span } | undefined;
  /** Times and ends the span of the stage that ran last. */
  const endStage = (failed = false) => {
    if (!current) return;
    jobStageDuration.observe({ stage: current.stage }, secondsSince(current.started));
    if (failed) current.span.setStatus({ code: SpanStatusCode.ERROR });
    current.span.end();
    current = undefined;
  };
  try {
    await runStages(claim.stage, ctx);
    endStage();
  } catch (error) {
    endStage(true);
    throw error;
  }
  await showProgress(rt, claim, STAGE_DISPLAY.store.status, STAGE_DISPLAY.store.progress);
  return note;
}
