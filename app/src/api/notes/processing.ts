import {
  isProcessing as isProcessingStatus,
  type Note,
  type NoteDetail,
} from '@protokoll/contract';

/** How often a note that is still being processed is asked for again (docs/uploads.md). */
export const PROCESSING_POLL_MS = 2000;

/** Whether the server is still working on `note` (the contract's rule, on a note). */
export function isProcessing(note: Pick<Note, 'status'>): boolean {
  return isProcessingStatus(note.status);
}

/** Whether a new summary of the finished `note` waits or is being written. */
export function isResummarising(note: Pick<NoteDetail, 'resummary'>): boolean {
  const state = note.resummary?.state;
  return state === 'queued' || state === 'running';
}
