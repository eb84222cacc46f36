import { FREE_PLAN_TYPE } from './constants.ts';

/*
 * The contract's values and checks that need no schema, in a module without zod: a signed-in
 * page's first render uses them, and zod with the schemas loads after it (with the session
 * chunk; docs/architecture.md#route-prefetch). The schemas build on these.
 */

/** A note's processing states in order (docs/uploads.md#job-states); `NoteStatus` parses them. */
export const NOTE_STATUSES = ['queued', 'transcribing', 'summarizing', 'done', 'error'] as const;
type NoteStatus = (typeof NOTE_STATUSES)[number];

/** The statuses in which the server is still working on a note; `done` and `error` are final. */
export const PROCESSING_STATUSES = [
  'queued',
  'transcribing',
  'summarizing',
] as const satisfies readonly NoteStatus[];

/** Whether the server is still working on a note in `status` (clients poll such notes). */
export function isProcessing(status: NoteStatus): boolean {
  return (PROCESSING_STATUSES as readonly NoteStatus[]).includes(status);
}

/** The export formats of a note (docs/uploads.md#exports). */
export const downloadFormats = ['docx', 'pdf', 'md', 'txt', 'srt', 'vtt', 'json'] as const;
type DownloadFormat = (typeof downloadFormats)[number];

/** The download's file name, `note.{format}` when the server names none. */
export function downloadFilename(format: DownloadFormat, filename?: string | null): string {
  return filename || `note.${format}`;
}

/** Premium: a plan type other than free (docs/minutes.md#premium). No plan is not premium. */
export function isPremium(plan: { readonly type: string } | null | undefined): boolean {
  return plan != null && plan.type !== FREE_PLAN_TYPE;
}
