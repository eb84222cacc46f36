/*
 * Files the browser recorder made, with what it knows of them: their length (measured while
 * recording, so the form need not read it) and the recording kept in IndexedDB, which is forgotten
 * once the server has accepted the upload (docs/uploads.md#recording-in-the-browser). Tiny and
 * loaded with the new-note page; the recorder itself is a chunk of its own.
 */
import { uploadStore } from '../uploads/upload-store.ts';

interface RecordedFile {
  seconds: number;
  /**
   * The kept recording to forget once the upload is accepted; undefined for a part of it (the
   * whole recording stays, to be downloaded or processed later).
   */
  recordingId: string | undefined;
}

const recorded = new WeakMap<File, RecordedFile>();

export function markRecorded(file: File, info: RecordedFile): void {
  recorded.set(file, info);
}

/** The length of a file the recorder made, undefined for any other file. */
export function recordedSeconds(file: File): number | undefined {
  return recorded.get(file)?.seconds;
}

/**
 * When `file` is a recording: once upload `uploadId` is accepted by the server, the browser's
 * copy is deleted; a failed upload keeps it, to be offered again on the next visit.
 */
export function forgetWhenAccepted(file: File | undefined, uploadId: number): void {
  const info = file ? recorded.get(file) : undefined;
  const recordingId = info?.recordingId;
  if (recordingId === undefined) return;
  const stop = uploadStore.subscribe(() => {
    const entry = uploadStore.getSnapshot().entries.find((candidate) => candidate.id === uploadId);
    if (entry?.noteId !== undefined) {
      stop();
      void import('./recording-store.ts').then(({ deleteRecording }) =>
        deleteRecording(recordingId),
      );
    } else if (!entry || entry.status === 'error') {
      stop();
    }
  });
}
