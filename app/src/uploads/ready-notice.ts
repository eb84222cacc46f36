import type { UploadStore, UploadTrackingEntry } from './upload-store.ts';

/** A finished upload whose note the person can open. */
export type ReadyNote = Pick<UploadTrackingEntry, 'filename'> & { noteId: number };

/**
 * Reports each note that an upload of `store` made once it is done, once per note
 * (docs/uploads.md#following-a-new-note), unless the person is looking at that very note then
 * (`isOnNote`). Answers the unsubscribe.
 */
export function announceReadyNotes(
  store: Pick<UploadStore, 'getSnapshot' | 'subscribe'>,
  show: (note: ReadyNote) => void,
  isOnNote: (noteId: number) => boolean = noteInAddress,
): () => void {
  const announced = new Set<number>();
  return store.subscribe(() => {
    for (const { status, noteId, filename } of store.getSnapshot().entries) {
      if (status !== 'done' || noteId === undefined || announced.has(noteId)) continue;
      announced.add(noteId);
      if (!isOnNote(noteId)) show({ noteId, filename });
    }
  });
}

/** Whether the page shows the reader of `noteId` (`/notes?note=12`, `/saved-notes?note=12`). */
function noteInAddress(noteId: number): boolean {
  return new URLSearchParams(window.location.search).get('note') === String(noteId);
}
