import { NoteDetail } from '@protokoll/contract';

/**
 * The note as the API describes it. Parsing through the contract schema drops every field it does
 * not name, so a row that carries more (owner id, storage key) cannot leak into the file.
 */
export function renderJson(note: NoteDetail): string {
  const detail = NoteDetail.parse(note);
  // `transcribe: false` keeps no transcript, here as in every other format.
  if (!detail.transcribe) detail.segments = [];
  return `${JSON.stringify(detail, null, 2)}\n`;
}
