// Summarising a finished note again (docs/uploads.md#summarising-again): from the transcript as
// it is stored now (edited or not), in another structure, language or model. The audio is not
// transcribed again; a standard model is free, a premium one costs RESUMMARY_PREMIUM_MINUTES
// (docs/minutes.md#summarising-again), reserved here and charged only when the summary is written.
import {
  ErrorCode,
  hasEnoughMinutes,
  resummaryMinutes,
  type FieldIssue,
  type ResummariseBody,
} from '@protokoll/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import { jobs, minutesLedger, notes, type NoteRow, type User } from '../../db/schema.ts';
import type { Checkpoint } from '../../jobs/pipeline.ts';
import { notifyJobDue } from '../../jobs/queue.ts';
import { ApiError, ErrorMessage, notAuthenticated, notFoundError } from '../../lib/errors.ts';
import type { Wording } from '../../lib/wording.ts';
import { SUPPORTED_LANGUAGES, summaryModels } from '../capabilities.ts';
import type { DomainDeps } from '../deps.ts';
import { lockMinutesAccount, minutesOf, reserveMinutes } from '../minutes.ts';
import { planById } from '../plans.ts';
import { requireTemplate } from '../templates.ts';
import { minutesLockedError } from './minutes-approval.ts';

export interface ResummariseInput {
  user: Pick<User, 'id'>;
  noteId: number;
  body: ResummariseBody;
  /** The request's language, for refusals that carry numbers. */
  words: Wording;
}

/**
 * Queues a re-summary of the user's finished note; the current summary stays readable until the
 * new one is written. Checked as the upload's fields are: the language and the model on offer,
 * the model allowed by the plan that applies (the team's for a member).
 * @throws ApiError 404 for someone else's note, 409 for a note that is not finished, has no
 * transcript or is being summarised again already, 422 for a language or model not on offer, 403
 * for a premium model without a plan for it, 402 when a premium model's minutes are not left.
 */
export async function resummariseNote(
  deps: DomainDeps,
  { user, noteId, body, words }: ResummariseInput,
): Promise<NoteRow> {
  const { config, db } = deps;
  const issues: FieldIssue[] = [];
  if (!(SUPPORTED_LANGUAGES as readonly string[]).includes(body.summary_language)) {
    issues.push({ path: 'summary_language', message: 'validation.languageInvalid' });
  }
  const model = summaryModels(config).find((entry) => entry.id === body.summary_model);
  if (!model) issues.push({ path: 'summary_model', message: 'validation.invalidValue' });
  if (issues.length || !model) {
    throw new ApiError(422, ErrorCode.VALIDATION, ErrorMessage.validation, issues);
  }
  // The template decides the structure (docs/product.md#summary-templates); a deleted one is
  // refused, not replaced.
  const template =
    body.template === undefined
      ? undefined
      : await requireTemplate(db, user.id, body.template, words.locale);
  const cost = resummaryMinutes(model);
  const note = await db.transaction(async (tx) => {
    const account = await lockMinutesAccount(tx, user.id);
    if (!account) throw notAuthenticated();
    const [note] = await tx
      .select()
      .from(notes)
      .where(and(eq(notes.id, noteId), eq(notes.userId, user.id)))
      .for('update');
    if (!note) throw notFoundError();
    if (model.premium && planById(account.planId).modelTier !== 'premium') {
      throw new ApiError(
        403,
        ErrorCode.PREMIUM_REQUIRED,
        words.t('processing.upload.premiumRequired', { model: model.id }),
      );
    }
    if (note.status !== 'done') {
      throw new ApiError(409, ErrorCode.NOTE_NOT_READY, words.t('processing.resummary.notReady'));
    }
    if (note.minutesLocked) throw minutesLockedError(words);
    if (note.segments.length === 0) {
      throw new ApiError(
        409,
        ErrorCode.INVALID_INPUT,
        words.t('processing.resummary.noTranscript'),
      );
    }
    const [job] = await tx.select().from(jobs).where(eq(jobs.noteId, note.id)).for('update');
    if (job && (job.state === 'queued' || job.state === 'running')) {
      throw new ApiError(409, ErrorCode.INVALID_INPUT, words.t('processing.resummary.running'));
    }
    if (cost > 0) {
      const balance = await minutesOf(tx, account.ledgerUserId, account.planId);
      if (!hasEnoughMinutes(balance, cost)) {
        throw new ApiError(
          402,
          ErrorCode.INSUFFICIENT_MINUTES,
          words.t('processing.resummary.insufficientMinutes', {
            cost: words.minutes(cost),
            remaining: words.minutes(Math.max(0, balance.remaining)),
          }),
        );
      }
      const [runs] = await tx
        .select({ value: count() })
        .from(minutesLedger)
        .where(and(eq(minutesLedger.noteId, note.id), eq(minutesLedger.kind, 'reserve')));
      await reserveMinutes(tx, {
        userId: account.ledgerUserId,
        actorId: account.actorId,
        noteId: note.id,
        minutes: cost,
        run: (runs?.value ?? 0) + 1,
      });
    }
    const checkpoint: Checkpoint = {
      resummary: {
        structure: template?.structure ?? body.structure,
        ...(template && !template.built_in ? { template } : {}),
        summaryLanguage: body.summary_language,
        summaryModel: model.id,
        minutes: cost,
        ...(body.keep_edits ? { keepEdits: true } : {}),
      },
    };
    const queued = {
      state: 'queued' as const,
      stage: 'resummarise',
      checkpoint: checkpoint as Record<string, unknown>,
      attempts: 0,
      runAt: sql`now()`,
      lockedBy: null,
      leaseUntil: null,
      lastError: null,
      lastErrorKey: null,
    };
    // One job row per note: the finished processing job's row is queued again for this.
    if (job) await tx.update(jobs).set(queued).where(eq(jobs.id, job.id));
    else await tx.insert(jobs).values({ noteId: note.id, ...queued });
    await notifyJobDue(tx);
    return note;
  });
  deps.jobs.announce();
  return note;
}
