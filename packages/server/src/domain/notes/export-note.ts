import { ErrorCode, type DownloadFormat, type Locale, type NoteDesign } from '@protokoll/contract';
import { ApiError, notFoundError } from '../../lib/errors.ts';
import { renderExport, type RenderedExport } from '../../exports/index.ts';
import type { DomainDeps } from '../deps.ts';
import { toNoteDetailDto } from './dto.ts';
import { findOwnedNote } from './queries.ts';

export const NOTE_NOT_READY_MESSAGE =
  'This note has not finished processing, so it cannot be downloaded.';

/** Exports speak the note's language when it is one of ours, else German (German-first). */
function exportLocale(summaryLanguage: string): Locale {
  return summaryLanguage === 'en' ? 'en' : 'de';
}

/**
 * One of the user's finished notes as a file in `format`; a DOCX or PDF in `design` when given.
 * @throws ApiError 404 when the user has no such note, 409 while it is still being processed.
 */
export async function exportNote(
  deps: DomainDeps,
  {
    userId,
    noteId,
    format,
    design,
  }: { userId: number; noteId: number; format: DownloadFormat; design?: NoteDesign | undefined },
): Promise<RenderedExport> {
  const note = await findOwnedNote(deps.db, userId, noteId);
  if (!note) throw notFoundError();
  if (note.status !== 'done') {
    throw new ApiError(409, ErrorCode.NOTE_NOT_READY, NOTE_NOT_READY_MESSAGE);
  }
  const detail = toNoteDetailDto(note);
  return renderExport(format, detail, exportLocale(detail.summary_language), {
    localesDir: deps.config.localesDir,
    design,
  });
}
