import {
  ErrorCode,
  SIGNER_ROLES,
  formalPartOf,
  type DownloadFormat,
  type Locale,
  type NoteDesign,
  type NoteDetail,
  type SignerRole,
} from '@protokoll/contract';
import { translatorFor } from '../../lib/locale-files.ts';
import { ApiError, ErrorMessage, notFoundError } from '../../lib/errors.ts';
import { renderExport, type RenderedExport } from '../../exports/index.ts';
import { decisionsOf, itemOfTask } from '../../processing/formal-minutes.ts';
import type { DomainDeps } from '../deps.ts';
import { toNoteDetailDto } from './dto.ts';
import { getMinutesVersion, newestVersionNumber } from './minutes-approval.ts';
import { findOwnedNote, type NoteDetailRow } from './queries.ts';

type MinutesVersionFound = Awaited<ReturnType<typeof getMinutesVersion>>;

export const NOTE_NOT_READY_MESSAGE =
  'This note has not finished processing, so it cannot be downloaded.';

/**
 * The language a note is exported, shared and mailed in: its summary's when it is one of ours,
 * else German (German-first).
 */
export function noteLocale(summaryLanguage: string): Locale {
  return summaryLanguage === 'en' ? 'en' : 'de';
}

/**
 * The summary of an extract: the chosen agenda items in their order, and the lists cut down to
 * theirs (the task list as it stands, edits kept); the head stays the whole meeting's.
 * @throws ApiError 422 on `items` when one is not an agenda item of these minutes.
 */
export function extractOf(
  summary: NoteDetail['summary'],
  numbers: number[],
): NoteDetail['summary'] {
  const formal = summary?.formal;
  const known = new Set(formal?.items.map((item) => item.number));
  if (!summary || !formal || numbers.some((number) => !known.has(number))) {
    throw new ApiError(422, ErrorCode.VALIDATION, ErrorMessage.validation, [
      { path: 'items', message: 'validation.invalidValue' },
    ]);
  }
  const kept = { ...formal, items: formal.items.filter((item) => numbers.includes(item.number)) };
  const titles = new Set(kept.items.map((item) => item.title));
  return {
    ...summary,
    formal: kept,
    topics: summary.topics.filter((topic) => titles.has(topic.title)),
    decisions: decisionsOf(kept),
    action_items: summary.action_items.filter((task) => itemOfTask(kept, task)),
  };
}

/**
 * Formal minutes as they stand: the version asked for, else the locked one, else the draft as it
 * is (its content in place of the note's name, structure, summary and speaker names).
 */
export async function minutesDetail(
  deps: Pick<DomainDeps, 'db'>,
  userId: number,
  note: NoteDetailRow,
  minutesVersion?: number,
): Promise<{ detail: NoteDetail; chosen: MinutesVersionFound | undefined }> {
  const detail = toNoteDetailDto(note);
  const number =
    minutesVersion ??
    (note.minutesLocked ? await newestVersionNumber(deps.db, note.id) : undefined);
  const chosen =
    number === undefined ? undefined : await getMinutesVersion(deps.db, userId, note.id, number);
  if (!chosen) return { detail, chosen };
  const { content } = chosen;
  return {
    detail: {
      ...detail,
      name: content.name,
      structure: content.structure,
      summary: content.summary,
      speaker_names: content.speaker_names,
    },
    chosen,
  };
}

/**
 * One of the user's finished notes as a file in `format`; a DOCX or PDF in `design` when given.
 * Formal minutes carry their approval: the version `minutesVersion`, else the locked one, with its
 * signatures and hash, or the draft marked as such.
 * @throws ApiError 404 when the user has no such note (or no such version), 409 while it is
 * still being processed.
 */
export async function exportNote(
  deps: DomainDeps,
  {
    userId,
    noteId,
    format,
    design,
    minutesVersion,
    items,
  }: {
    userId: number;
    noteId: number;
    format: DownloadFormat;
    design?: NoteDesign | undefined;
    minutesVersion?: number | undefined;
    /** An extract of formal minutes: only these agenda items (docs/formal-minutes.md#partial-minutes). */
    items?: number[] | undefined;
  },
): Promise<RenderedExport> {
  const note = await findOwnedNote(deps.db, userId, noteId);
  if (!note) throw notFoundError();
  if (note.status !== 'done') {
    throw new ApiError(409, ErrorCode.NOTE_NOT_READY, NOTE_NOT_READY_MESSAGE);
  }
  const plain = toNoteDetailDto(note);
  const locale = noteLocale(plain.summary_language);
  if (!formalPartOf(plain.summary, plain.structure)) {
    if (minutesVersion !== undefined || items !== undefined) throw notFoundError();
    return renderExport(format, plain, locale, { localesDir: deps.config.localesDir, design });
  }
  const { detail: minutes, chosen } = await minutesDetail(deps, userId, note, minutesVersion);
  let detail = minutes;
  if (items) detail = { ...detail, summary: extractOf(detail.summary, items) };
  const t = await translatorFor(deps.config.localesDir, locale);
  const roles = Object.fromEntries(
    SIGNER_ROLES.map((role) => [role, t(`approval.roles.${role}`)]),
  ) as Record<SignerRole, string>;
  return renderExport(format, detail, locale, {
    localesDir: deps.config.localesDir,
    design,
    approval: { version: chosen?.version ?? null, roles, ...(items ? { extract: items } : {}) },
  });
}
