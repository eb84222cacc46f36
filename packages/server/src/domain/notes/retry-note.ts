import { ErrorCode, hasEnoughMinutes } from '@protokoll/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import { jobs, minutesLedger, notes, type NoteRow } from '../../db/schema.ts';
import { isStage, STAGE_DISPLAY } from '../../jobs/pipeline.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { ApiError, notFoundError, notAuthenticated } from '../../lib/errors.ts';
import { heldMinutes, lockMinutesAccount, minutesOf, reserveMinutes } from '../minutes.ts';
import type { Wording } from '../../lib/wording.ts';
import type { DomainDeps } from '../deps.ts';
import { insufficientMinutes, noEngine } from './refusals.ts';

export interface RetryInput {
  userId: number;
  noteId: number;
  /** The request's language, for refusals that carry numbers. */
  words: Wording;
}

/**
 * Reruns a failed note from the stage that failed (the checkpoint keeps what earlier stages
 * made). Minutes refunded by the failure are reserved again first, under the same lock and
 * rules as an upload; then the job is queued again and the workers woken.
 * @throws ApiError 404 for someone else's note, 409 for a note that has not failed, 402/422 when
 * minutes or the engine are missing.
 */
export async function retryNote(
  deps: DomainDeps,
  { userId, noteId: id, words }: RetryInput,
): Promise<NoteRow> {
  const { config, db } = deps;
  const note = await db.transaction(async (tx) => {
    const locked = await lockMinutesAccount(tx, userId);
    if (!locked) throw notAuthenticated();
    const [note] = await tx
      .select()
      .from(notes)
      .where(and(eq(notes.id, id), eq(notes.userId, userId)))
      .for('update');
    if (!note) throw notFoundError();
    if (note.status !== 'error') {
      throw new ApiError(409, ErrorCode.INVALID_INPUT, words.t('processing.retry.notFailed'));
    }
    const [job] = await tx.select().from(jobs).where(eq(jobs.noteId, id)).for('update');
    const stage = job && isStage(job.stage) ? job.stage : 'prepare';
    if (config.sttEngines.length === 0 && (stage === 'prepare' || stage === 'transcribe')) {
      throw noEngine(words);
    }
    if ((await heldMinutes(tx, id)) === 0) {
      const cost = note.minutesReserved;
      const balance = await minutesOf(tx, locked.ledgerUserId, locked.planId);
      if (!hasEnoughMinutes(balance, cost)) {
        throw insufficientMinutes(
          words,
          note.durationSeconds ?? cost * 60,
          cost,
          balance.remaining,
        );
      }
      const [runs] = await tx
        .select({ value: count() })
        .from(minutesLedger)
        .where(and(eq(minutesLedger.noteId, id), eq(minutesLedger.kind, 'reserve')));
      await reserveMinutes(tx, {
        userId: locked.ledgerUserId,
        actorId: locked.actorId,
        noteId: id,
        minutes: cost,
        run: (runs?.value ?? 0) + 1,
      });
    }
    if (job) {
      await tx
        .update(jobs)
        .set({
          state: 'queued',
          runAt: sql`now()`,
          attempts: 0,
          lockedBy: null,
          leaseUntil: null,
          lastError: null,
        })
        .where(eq(jobs.id, job.id));
    } else {
      await enqueueJob(tx, id);
    }
    // Waiting for a worker again; the progress it had reached stays visible.
    const [updated] = await tx
      .update(notes)
      .set({ status: 'queued', progress: STAGE_DISPLAY[stage].progress, error: null })
      .where(and(eq(notes.id, id), eq(notes.userId, userId)))
      .returning();
    if (!updated) throw notFoundError();
    return updated;
  });
  deps.jobs.announce();
  return note;
}
