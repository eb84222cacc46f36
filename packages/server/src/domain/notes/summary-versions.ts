// Summary versions (docs/uploads.md#summary-versions): every summary a note has had is a row of
// `note_summaries`; `notes.summary` is a copy of the current one, so reads, exports and search
// work as they did. Processing writes version 1, each re-summary the next, and restoring copies an
// earlier one back as the current summary.
import {
  NoteStructure,
  Summary,
  SummaryGenerator,
  type NoteResummary,
  type SummaryVersion,
} from '@protokoll/contract';
import { and, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobs, notes, noteSummaries, type NoteRow } from '../../db/schema.ts';
import { notFoundError } from '../../lib/errors.ts';
import type { Wording } from '../../lib/wording.ts';
import { minutesLockedError } from './minutes-approval.ts';
import type { Checkpoint } from '../../jobs/pipeline.ts';
import type { DomainDeps } from '../deps.ts';

/** What a new current summary changes on its note: the copy, its version, and what it was written as. */
function currentSummaryFields(summary: Summary, version: number, model: string) {
  return {
    summary,
    summaryVersion: version,
    summaryModel: model,
    ...(summary.structure ? { structure: summary.structure } : {}),
    // The note's language is the one its summary is in (docs/uploads.md#the-note-language).
    ...(summary.language ? { summaryLanguage: summary.language } : {}),
    // A tab still showing the summary before cannot edit this one (docs/product.md#editing-the-summary).
    summaryEditVersion: sql`${notes.summaryEditVersion} + 1`,
  };
}

/**
 * Keeps `summary` as the note's next version and answers the fields that make it the current one
 * (for the caller's update of the note, in the same transaction, after locking the note row).
 */
export async function recordSummaryVersion(
  tx: Db,
  note: Pick<NoteRow, 'id' | 'structure' | 'summaryLanguage'>,
  summary: Summary,
  model: string,
): Promise<ReturnType<typeof currentSummaryFields>> {
  const [last] = await tx
    .select({ version: max(noteSummaries.version) })
    .from(noteSummaries)
    .where(eq(noteSummaries.noteId, note.id));
  const version = (last?.version ?? 0) + 1;
  await tx.insert(noteSummaries).values({
    noteId: note.id,
    version,
    summary,
    structure: summary.structure ?? note.structure,
    language: summary.language ?? note.summaryLanguage,
    model,
    generator: summary.generator,
  });
  return currentSummaryFields(summary, version, model);
}

/**
 * Keeps the note's current summary as a version when it has none yet (a note stored without one,
 * such as a row written straight into the database): a re-summary then never loses it.
 */
export async function keepCurrentSummary(
  tx: Db,
  note: Pick<
    NoteRow,
    'id' | 'summary' | 'summaryVersion' | 'summaryModel' | 'structure' | 'summaryLanguage'
  >,
): Promise<void> {
  if (note.summary == null || note.summaryVersion !== null) return;
  const current = await recordSummaryVersion(
    tx,
    note,
    Summary.parse(note.summary),
    note.summaryModel,
  );
  await tx
    .update(notes)
    .set({ summaryVersion: current.summaryVersion })
    .where(eq(notes.id, note.id));
}

/**
 * Every summary the user's note has had, newest first.
 * @throws ApiError 404 for someone else's note or none.
 */
export async function listSummaryVersions(
  deps: Pick<DomainDeps, 'db'>,
  { userId, noteId }: { userId: number; noteId: number },
): Promise<SummaryVersion[]> {
  const [note] = await deps.db
    .select({ id: notes.id, current: notes.summaryVersion })
    .from(notes)
    .where(and(eq(notes.id, noteId), eq(notes.userId, userId)));
  if (!note) throw notFoundError();
  const rows = await deps.db
    .select()
    .from(noteSummaries)
    .innerJoin(notes, eq(notes.id, noteSummaries.noteId))
    .where(and(eq(noteSummaries.noteId, noteId), eq(notes.userId, userId)))
    .orderBy(desc(noteSummaries.version));
  return rows.map(({ note_summaries: row }) => ({
    version: row.version,
    created_at: row.createdAt.toISOString(),
    // Written only from the contract's enums; parsed so a stray value fails here, not in the client.
    structure: NoteStructure.parse(row.structure),
    language: row.language,
    model: row.model,
    generator: SummaryGenerator.parse(row.generator),
    current: row.version === note.current,
    summary: Summary.parse(row.summary),
  }));
}

/**
 * Makes an earlier version of the user's note's summary the current one again; the version that
 * was current stays a version. Search follows the restored summary.
 * @throws ApiError 404 for someone else's note, or a version it does not have; 409 while its
 * minutes are submitted for signature.
 */
export async function restoreSummaryVersion(
  deps: Pick<DomainDeps, 'db'>,
  {
    userId,
    noteId,
    version,
    words,
  }: { userId: number; noteId: number; version: number; words: Wording },
): Promise<NoteRow> {
  return deps.db.transaction(async (tx) => {
    const [note] = await tx
      .select()
      .from(notes)
      .where(and(eq(notes.id, noteId), eq(notes.userId, userId)))
      .for('update');
    if (!note) throw notFoundError();
    if (note.minutesLocked) throw minutesLockedError(words);
    const [row] = await tx
      .select()
      .from(noteSummaries)
      .where(and(eq(noteSummaries.noteId, note.id), eq(noteSummaries.version, version)));
    if (!row) throw notFoundError();
    const summary = Summary.parse(row.summary);
    const [updated] = await tx
      .update(notes)
      .set({
        ...currentSummaryFields(summary, row.version, row.model),
        structure: row.structure,
        summaryLanguage: row.language,
      })
      .where(and(eq(notes.id, note.id), eq(notes.userId, userId)))
      .returning();
    if (!updated) throw notFoundError();
    return updated;
  });
}

/**
 * The re-summary of a note that waits, runs or failed (docs/uploads.md#summarising-again); null
 * when there is none. The caller has checked that the note is the user's.
 */
export async function findNoteResummary(db: Db, noteId: number): Promise<NoteResummary | null> {
  const [job] = await db
    .select({ state: jobs.state, checkpoint: jobs.checkpoint, lastErrorKey: jobs.lastErrorKey })
    .from(jobs)
    .where(
      and(
        eq(jobs.noteId, noteId),
        eq(jobs.stage, 'resummarise'),
        inArray(jobs.state, ['queued', 'running', 'failed']),
      ),
    );
  const request = (job?.checkpoint as Checkpoint | undefined)?.resummary;
  if (!job || !request || job.state === 'done') return null;
  return {
    state: job.state,
    structure: request.structure,
    summary_language: request.summaryLanguage,
    summary_model: request.summaryModel,
    minutes: request.minutes,
    error: job.state === 'failed' ? (job.lastErrorKey ?? 'errors.summaryFailed') : null,
  };
}
