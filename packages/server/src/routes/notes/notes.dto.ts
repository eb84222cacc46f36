import {
  Summary,
  type Note,
  type NoteDesign,
  type NoteDetail,
  type NoteStructure,
  type TranscriptType,
} from '@protokoll/contract';
import { getTableColumns } from 'drizzle-orm';
import { notes, type NoteRow, type StoredSegment } from '../../db/schema.ts';

/**
 * The columns a list row needs: everything but transcript, summary and search text, which can be
 * large and are only read with one note.
 */
const {
  segments: _segments,
  summary: _summary,
  searchText: _searchText,
  search: _search,
  speakerNames: _speakerNames,
  ...listColumns
} = getTableColumns(notes);
export const noteListColumns = listColumns;

/** A row as `noteListColumns` selects it. */
export type NoteListRow = Omit<
  NoteRow,
  'segments' | 'summary' | 'searchText' | 'search' | 'speakerNames'
>;

/** A notes row as the contract's Note: the one mapping every answer uses. */
export function toNoteDto(row: NoteListRow): Note {
  return {
    id: row.id,
    name: row.name,
    folder_id: row.folderId,
    status: row.status,
    progress: row.progress,
    error: row.error,
    file_name: row.fileName,
    size: row.size,
    duration_seconds: row.durationSeconds,
    minutes_charged: row.minutesCharged,
    language: row.language,
    summary_language: row.summaryLanguage,
    summary_model: row.summaryModel,
    // Written only from the contract's enums (upload validation), so the text is one of them.
    structure: row.structure as NoteStructure,
    design: row.design as NoteDesign,
    transcript_type: row.transcriptType as TranscriptType,
    speakers: row.speakers,
    transcribe: row.transcribe,
    saved: row.saved,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A whole notes row as the contract's NoteDetail (transcript, summary, speaker names). */
export function toNoteDetailDto(row: NoteRow): NoteDetail {
  return {
    ...toNoteDto(row),
    speaker_names: row.speakerNames,
    segments: row.segments,
    // Parsed, not cast: a summary stored in another shape fails here, loudly, not in the client.
    summary: row.summary == null ? null : Summary.parse(row.summary),
  };
}

/**
 * The plain text the search column is built from: every transcript line and every summary text.
 * Whoever stores a transcript or a summary writes `searchText` with this.
 */
export function noteSearchText(
  segments: readonly StoredSegment[],
  summary: Summary | null,
): string {
  const parts = segments.map((segment) => segment.text);
  if (summary) {
    parts.push(summary.title, summary.overview);
    for (const topic of summary.topics) parts.push(topic.title, topic.text ?? '');
    for (const decision of summary.decisions) parts.push(decision.text);
    for (const item of summary.action_items)
      parts.push(item.task, item.owner ?? '', item.due ?? '');
  }
  return parts.filter(Boolean).join('\n');
}
