import { NoteDetail } from '@protokoll/contract';

/**
 * The note as the API describes it. Parsing through the contract schema drops every field it does
 * not name, so a row that carries more (owner id, storage key) cannot leak into the file. Each
 * transcript passage keeps its `speaker` label and also carries `speaker_name`, the name the user
 * gave it (null while unnamed), so a reader of the file needs no lookup in `speaker_names`.
 */
export function renderJson(note: NoteDetail): string {
  const detail = NoteDetail.parse(note);
  // `transcribe: false` keeps no transcript, here as in every other format.
  const segments = detail.transcribe
    ? detail.segments.map((segment) => ({
        ...segment,
        speaker_name: detail.speaker_names[segment.speaker]?.trim() || null,
      }))
    : [];
  return `${JSON.stringify({ ...detail, segments }, null, 2)}\n`;
}
