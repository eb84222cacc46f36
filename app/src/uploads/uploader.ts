import { endpoints, ErrorCode, errorKey, type Locale, type Note } from '@protokoll/contract';
import { ApiError } from '../lib/api-error.ts';
import type { AppSession } from '../session/app-session.ts';
import type { UploadStore } from './upload-store.ts';
import {
  sendUpload,
  toUploadFormData,
  UPLOAD_REQUIRES_FORM_DATA,
  type SendUploadOptions,
  type UploadNoteValues,
} from './upload-note.ts';

/*
 * One upload from the first byte to its finished note (SPEC §4): the bytes travel with progress,
 * the accepted note is followed until it is done or failed, and then the user data and minutes
 * are reloaded. Every step is reported to the upload store, which the toasts show.
 */

/** How often a processing note is asked for (PRODUCT.md: live status). */
export const NOTE_POLL_MS = 2000;
/** Longest wait between two questions while the server cannot be reached. */
const MAX_POLL_BACKOFF_MS = 30_000;

/** The session parts an upload needs; the app's session, or a fake in tests. */
export type UploadSession = Pick<AppSession, 'withRefresh'> & {
  session: Pick<AppSession['session'], 'getState' | 'refreshUser' | 'loadMinutes'>;
};

export interface UploaderDeps {
  store: UploadStore;
  loadSession: () => Promise<UploadSession>;
  /** `GET /api/note/{id}` through the API client. */
  fetchNote: (id: number) => Promise<Pick<Note, 'id' | 'status' | 'error'>>;
  /** A note was created, finished or failed: lists showing it load again. */
  onNotesChanged?: () => void;
  /** API base address; '' means same origin. */
  baseUrl?: string;
  send?: typeof sendUpload;
  createXhr?: SendUploadOptions['createXhr'];
  pollMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/** Codes whose server message is a fixed English text: the client's translation is shown instead. */
const TRANSLATED_HERE: ReadonlySet<string> = new Set([
  ErrorCode.VALIDATION,
  ErrorCode.NOT_FOUND,
  ErrorCode.NOT_AUTHENTICATED,
  ErrorCode.UPLOAD_REQUIRES_FORM_DATA,
  ErrorCode.INTERNAL,
]);

/**
 * SPEC §8 "Upload: 'Upload failed' or a parse error". A refusal the server worded in the
 * interface language (too little minutes, too long, too big, not audio, no engine) is shown as
 * it is; fixed texts by their key; no answer, a 5xx or a broken answer is "Upload failed".
 */
export function uploadFailureText(error: unknown): string {
  if (!(error instanceof ApiError)) {
    return error instanceof Error && error.message === UPLOAD_REQUIRES_FORM_DATA
      ? errorKey(ErrorCode.UPLOAD_REQUIRES_FORM_DATA)
      : errorKey(ErrorCode.UPLOAD_FAILED);
  }
  if (error.kind !== 'http' || error.status >= 500) return errorKey(ErrorCode.UPLOAD_FAILED);
  if (TRANSLATED_HERE.has(error.code)) return errorKey(error.code as ErrorCode);
  // 413 words the limit; any other "upload failed" (a broken body) has the fixed text.
  if (error.code === ErrorCode.UPLOAD_FAILED && error.status !== 413) {
    return errorKey(ErrorCode.UPLOAD_FAILED);
  }
  return error.message || errorKey(ErrorCode.UPLOAD_FAILED);
}

/** A consequence of something that already succeeded must not fail it. */
function quietly(work: Promise<unknown>): void {
  work.catch(() => undefined);
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export type Uploader = ReturnType<typeof createUploader>;

export function createUploader({
  store,
  loadSession,
  fetchNote,
  onNotesChanged = () => {},
  baseUrl = '',
  send = sendUpload,
  createXhr,
  pollMs = NOTE_POLL_MS,
  sleep = wait,
}: UploaderDeps) {
  const tracked = (id: number) => store.getSnapshot().entries.some((entry) => entry.id === id);

  /** Asks for the note until it is done or failed; stops when the entry or the session is gone. */
  async function follow(id: number, noteId: number, app: UploadSession) {
    let misses = 0;
    for (;;) {
      await sleep(Math.min(MAX_POLL_BACKOFF_MS, pollMs * 2 ** misses));
      if (!tracked(id)) return;
      if (!app.session.getState().isAuthenticated) {
        store.remove(id);
        return;
      }
      let note: Pick<Note, 'status' | 'error'>;
      try {
        note = await fetchNote(noteId);
        misses = 0;
      } catch (error) {
        // Deleted meanwhile, or the session ended (the client already tried a refresh).
        if (error instanceof ApiError && (error.status === 404 || error.status === 401)) {
          store.remove(id);
          return;
        }
        misses++;
        continue;
      }
      if (note.status === 'done') {
        store.done(id);
        onNotesChanged();
        // SPEC §4: after a transcription succeeds, user data and minutes are reloaded.
        quietly(app.session.refreshUser());
        quietly(app.session.loadMinutes());
        return;
      }
      if (note.status === 'error') {
        const failed = errorKey(ErrorCode.TRANSCRIPTION_FAILED);
        store.fail(id, failed, note.error && note.error !== failed ? note.error : undefined);
        onNotesChanged();
        // The reserved minutes were refunded: the balance shows it.
        quietly(app.session.loadMinutes());
        return;
      }
    }
  }

  async function run(id: number, values: UploadNoteValues, locale: Locale | undefined) {
    const form = toUploadFormData(values);
    let app: UploadSession;
    let noteId: number | undefined;
    try {
      app = await loadSession();
      const session = app.session;
      const answer = await app.withRefresh(endpoints.uploadNote, () =>
        send(form, {
          baseUrl,
          // Read at every attempt: a refresh after a 401 brings a new one.
          token: session.getState().token,
          locale,
          onProgress: (loaded) => store.progress(id, loaded),
          createXhr,
        }),
      );
      noteId = answer.note?.id;
      store.accepted(id, noteId);
    } catch (error) {
      store.fail(id, uploadFailureText(error));
      return;
    }
    onNotesChanged();
    // The reservation shows as running minutes right away.
    quietly(app.session.loadMinutes());
    if (noteId === undefined) {
      // A server that names no note cannot be followed: accepted is as far as we can tell.
      store.done(id);
      return;
    }
    await follow(id, noteId, app);
  }

  return {
    /**
     * Starts uploading `values` (the new-note form's body) and returns the tracking entry's id at
     * once; progress, processing and the outcome arrive in the store.
     */
    start(values: UploadNoteValues, options: { locale?: Locale } = {}): number {
      const file = values.audio_file;
      const id = store.add({
        filename: file?.name ?? values.file_name,
        size: file?.size ?? values.size,
      });
      void run(id, values, options.locale);
      return id;
    },
  };
}
