// A re-summary's job (docs/uploads.md#summarising-again): the finished note's one job row, queued
// again at the `resummarise` stage. It runs in a summary slot, from the transcript as the note
// stores it now; the note stays `done` with its summary readable all along. Success keeps the new
// summary as the next version and makes it current, and charges what was reserved (a premium
// model); a final failure leaves the note as it was and refunds it. Retries, leases and restarts
// are the queue's as for every job.
import { Summary } from '@protokoll/contract';
import { keepHandEdits } from '@protokoll/contract/summary-edit-rules';
import { eq, sql } from 'drizzle-orm';
import { notes } from '../db/schema.ts';
import { settleMinutes } from '../domain/minutes.ts';
import { keepCurrentSummary, recordSummaryVersion } from '../domain/notes/summary-versions.ts';
import { endJobWithNote, writeCheckpoint } from './queue.ts';
import { writeSummary } from './pipeline.ts';
import { claimFence, JobInterrupted, type Claim, type WorkerRuntime } from './runtime.ts';

/** What storing the new summary reads of the locked note: its current summary and what it was. */
const summaryColumns = {
  id: notes.id,
  summary: notes.summary,
  summaryVersion: notes.summaryVersion,
  summaryModel: notes.summaryModel,
  structure: notes.structure,
  summaryLanguage: notes.summaryLanguage,
};

/**
 * Writes the summary asked for and stores it; answers whether this worker ended the job (false:
 * the note was deleted or the job taken over meanwhile). Throws what summarising throws, for
 * settleFailure.
 */
export async function runResummary(rt: WorkerRuntime, claim: Claim): Promise<boolean> {
  const { job, checkpoint, signal, log } = claim;
  const request = checkpoint.resummary;
  if (!request) throw new Error('resummarise: no request in the checkpoint');
  if (claim.slot?.phase !== 'summary') {
    claim.slot?.release();
    claim.slot = { phase: 'summary', release: await rt.slots.summary.take(signal) };
  }
  rt.emit({ type: 'stage', jobId: job.id, noteId: job.noteId, stage: 'resummarise' });
  // What the summary is written from; not the search vectors, which are large for a long note.
  const [note] = await rt.db
    .select({
      id: notes.id,
      segments: notes.segments,
      language: notes.language,
      speakerNames: notes.speakerNames,
      durationSeconds: notes.durationSeconds,
      agenda: notes.agenda,
    })
    .from(notes)
    .where(eq(notes.id, job.noteId));
  if (!note) return false;
  let summary = checkpoint.summary;
  if (!summary) {
    log.info('job stage', { stage: 'resummarise', model: request.summaryModel });
    ({ summary } = await writeSummary(note.segments, note, request, rt.engines, {
      signal,
      contextChars: rt.pipeline.llmContextChars,
    }));
    // Kept before storing: a worker that dies now leaves the written summary to the next one.
    const held = await writeCheckpoint(rt.db, job.id, rt.workerId, { patch: { summary } });
    if (!held) throw new JobInterrupted('lost');
  }
  const written = summary;
  const end = {
    state: 'done',
    stage: 'done',
    lockedBy: null,
    leaseUntil: null,
    checkpoint: {},
  } as const;
  const charged = await endJobWithNote(
    rt.db,
    claimFence(rt, claim),
    end,
    summaryColumns,
    async (tx, locked) => {
      const minutes = await settleMinutes(tx, note.id, 'charge');
      await keepCurrentSummary(tx, locked);
      // The hand edits as they are now, made while the job ran too
      // (docs/uploads.md#keeping-hand-edits).
      const stored =
        request.keepEdits && locked.summary != null
          ? keepHandEdits(written, Summary.parse(locked.summary))
          : written;
      const current = await recordSummaryVersion(tx, locked, stored, request.summaryModel);
      await tx
        .update(notes)
        .set({ ...current, minutesCharged: sql`${notes.minutesCharged} + ${minutes}` })
        .where(eq(notes.id, note.id));
      return minutes;
    },
  );
  if (charged === undefined) {
    log.warn('re-summary lost before it was stored');
    rt.emit({ type: 'lost', jobId: job.id, noteId: job.noteId });
    return false;
  }
  log.info('re-summary done', { minutesCharged: charged });
  rt.emit({ type: 'done', jobId: job.id, noteId: job.noteId, minutesCharged: charged });
  return true;
}

/**
 * Ends a re-summary for good: the job is `failed` with the reason's key, which the note shows
 * beside its summary, unchanged; what was reserved is refunded. Answers the minutes refunded;
 * undefined when the note is gone or the job no longer this worker's.
 */
export async function failResummary(
  rt: WorkerRuntime,
  claim: Claim,
  key: string,
  message: string,
): Promise<number | undefined> {
  const end = {
    state: 'failed',
    lockedBy: null,
    leaseUntil: null,
    lastError: message.slice(0, 2000),
    lastErrorKey: key,
  } as const;
  return endJobWithNote(rt.db, claimFence(rt, claim), end, { id: notes.id }, (tx, note) =>
    settleMinutes(tx, note.id, 'refund'),
  );
}
