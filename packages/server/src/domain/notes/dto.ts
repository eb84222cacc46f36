import {
  Summary,
  type Note,
  type NoteDesign,
  type NoteDetail,
  type NoteStructure,
  type TranscriptType,
} from '@protokoll/contract';
import type { NoteDetailRow, NoteListRow } from './queries.ts';

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
export function toNoteDetailDto(row: NoteDetailRow): NoteDetail {
  return {
    ...toNoteDto(row),
    speaker_names: row.speakerNames,
    segments: row.segments,
    transcript_version: row.transcriptVersion,
    summary_edit_version: row.summaryEditVersion,
    ...(row.minutesLocked ? { minutes_locked: true } : {}),
    removed_segments: row.removedSegments,
    // Parsed, not cast: a summary stored in another shape fails here, loudly, not in the client.
    summary: row.summary == null ? null : Summary.parse(row.summary),
  };
}
