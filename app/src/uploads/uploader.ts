import {
  endpoints,
  ErrorCode,
  errorKey,
  type FailureText,
  type Locale,
  type NoteDetail,
} from '@protokoll/contract';
import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import { reloadFolders } from '../api/folders/list.ts';
import { reloadMinutes } from '../api/user/minutes.ts';
import { noteQueryOptions } from '../api/notes/detail.ts';
import { reloadNotes } from '../api/notes/list.ts';
import { isProcessing, PROCESSING_POLL_MS } from '../api/notes/processing.ts';
import { refreshUserData } from '../api/user/user.ts';
import { ApiError } from '../lib/api-error.ts';
import { isOnline, subscribeConnection } from '../lib/connection.ts';
import { toFailureText } from '../lib/failure.ts';
import type { AppSession } from '../session/app-session.ts';
import type { UploadStore } from './upload-store.ts';
import type { UploadControl } from './resumable-upload.ts';
import {
  sendUpload,
  toUploadFormData,
  UPLOAD_REQUIRES_FORM_DATA,
  type SendUploadOptions,
  type UploadNoteValues,
} from './upload-note.ts';

/**
 * Sends one upload and answers with the note the server made: the multipart `POST /api/note`
 * (`sendUpload`) or the resumable upload (`sendResumableUpload`), which also hands over its pause
 * and resume.
 */
export type SendUpload = (
  form: FormData,
  options: SendUploadOptions & { onControl?: (control: UploadControl) => void },
) => Promise<{ note?: { id: number } | undefined }>;

/*
 * One upload from the first byte to its finished note (docs/uploads.md): the bytes travel with
 * progress, the accepted note is followed through the note query (the reader's) until it is
 * done or failed, and then the user data and minutes are reloaded. Every step is reported to the
 * upload store, which the toasts show.
 */

/** Longest wait between two questions while the server cannot be reached. */
const MAX_POLL_BACKOFF_MS = 30_000;

/** The session parts an upload needs; the app's session, or a fake in tests. */
export type UploadSession = Pick<AppSession, 'withRefresh'> & {
  session: Pick<AppSession['session'], 'getState' | 'subscribe'>;
};

export interface UploaderDeps {
  store: UploadStore;
  loadSession: () => Promise<UploadSession>;
  /** The cache the note is followed through and whose lists, user data and minutes reload. */
  queryClient: QueryClient;
  /** The query of one note; the app's note query unless a test answers it. */
  noteQuery?: (id: number) => ReturnType<typeof noteQueryOptions>;
  /** API base address; '' means same origin. */
  baseUrl?: string;
  send?: SendUpload;
  createXhr?: SendUploadOptions['createXhr'];
  /** The connection state (docs/uploads.md#offline); the app's unless a test drives it. */
  connection?: { isOnline: () => boolean; subscribe: (listener: () => void) => () => void };
}

/** What a failed upload reads as; a form without a file never left the browser. */
function uploadFailure(error: unknown): FailureText {
  return error instanceof Error && error.message === UPLOAD_REQUIRES_FORM_DATA
    ? { code: ErrorCode.UPLOAD_REQUIRES_FORM_DATA }
    : toFailureText(error, 'upload');
}

/** While the note is processing, and (less often the longer it lasts) while it cannot be read. */
function followInterval(query: {
  state: { data: NoteDetail | undefined; fetchFailureCount: number };
}): number | false {
  const { data, fetchFailureCount } = query.state;
  if (data && !isProcessing(data)) return false;
  return Math.min(MAX_POLL_BACKOFF_MS, PROCESSING_POLL_MS * 2 ** fetchFailureCount);
}

/** How an upload is started, beside the form's values. */
export interface StartOptions {
  /** Interface language: the server words its refusals in it. */
  locale?: Locale | undefined;
  /** The recording's length as the browser measured it (sent with the resumable upload). */
  durationSeconds?: number | undefined;
}

export type Uploader = ReturnType<typeof createUploader>;

export function createUploader({
  store,
  loadSession,
  queryClient,
  noteQuery = noteQueryOptions,
  baseUrl = '',
  send = sendUpload,
  createXhr,
  connection = { isOnline, subscribe: subscribeConnection },
}: UploaderDeps) {
  const tracked = (id: number) => store.getSnapshot().entries.some((entry) => entry.id === id);

  /**
   * Follows the note until it is done or failed; stops when the entry or the session is gone,
   * or the note was deleted meanwhile.
   */
  function follow(id: number, noteId: number, app: UploadSession): Promise<void> {
    return new Promise((resolve) => {
      const observer = new QueryObserver(queryClient, {
        ...noteQuery(noteId),
        refetchInterval: followInterval,
        // The upload goes on while the person works in another tab.
        refetchIntervalInBackground: true,
      });
      const stops: (() => void)[] = [];
      let stopped = false;
      const stop = () => {
        if (stopped) return;
        stopped = true;
        for (const unsubscribe of stops) unsubscribe();
        resolve();
      };

      stops.push(
        store.subscribe(() => {
          if (!tracked(id)) stop();
        }),
        app.session.subscribe(() => {
          if (app.session.getState().isAuthenticated) return;
          store.remove(id);
          stop();
        }),
        observer.subscribe((result) => {
          if (stopped) return;
          if (result.isError) {
            // Deleted meanwhile, or the session ended (the client already tried a refresh).
            const gone =
              result.error instanceof ApiError &&
              (result.error.status === 404 || result.error.status === 401);
            if (gone) {
              store.remove(id);
              stop();
            }
            return;
          }
          const note = result.data;
          if (!note || result.isFetching) return;
          if (note.status === 'done') {
            stop();
            store.done(id);
            // After a transcription the user data and the (charged) minutes load again.
            void reloadNotes(queryClient);
            void refreshUserData(queryClient);
            void reloadMinutes(queryClient);
          } else if (note.status === 'error') {
            stop();
            const failed = errorKey(ErrorCode.TRANSCRIPTION_FAILED);
            store.fail(
              id,
              { code: ErrorCode.TRANSCRIPTION_FAILED },
              note.error && note.error !== failed ? note.error : undefined,
            );
            void reloadNotes(queryClient);
            // The reserved minutes were refunded: the balance shows it.
            void reloadMinutes(queryClient);
          }
        }),
      );
    });
  }

  /**
   * Until the bytes are there, the entry follows the connection: it waits while it is gone and
   * the sender goes on from where the server stands once it is back (docs/uploads.md#offline).
   * Resolves once the connection is there.
   */
  function followConnection(id: number): { online: Promise<void>; stop: () => void } {
    let ready!: () => void;
    const online = new Promise<void>((resolve) => (ready = resolve));
    const check = () => {
      const up = connection.isOnline();
      store.waitForConnection(id, !up);
      if (up) ready();
    };
    const stop = connection.subscribe(check);
    check();
    return { online, stop };
  }

  async function run(id: number, values: UploadNoteValues, options: StartOptions) {
    const { locale, durationSeconds } = options;
    const form = toUploadFormData(values);
    let app: UploadSession;
    let noteId: number | undefined;
    const watch = followConnection(id);
    try {
      // Started offline: nothing is sent (nor the sender's code loaded) before the connection is back.
      await watch.online;
      if (!tracked(id)) return;
      app = await loadSession();
      const session = app.session;
      const answer = await app.withRefresh(endpoints.uploadNote, () =>
        send(form, {
          baseUrl,
          // Read at every attempt: a refresh after a 401 brings a new one.
          token: session.getState().token,
          locale,
          durationSeconds,
          onProgress: (loaded) => store.progress(id, loaded),
          onControl: (control) => store.setControls(id, control),
          createXhr,
        }),
      );
      noteId = answer.note?.id;
      store.accepted(id, noteId);
    } catch (error) {
      store.fail(
        id,
        uploadFailure(error),
        undefined,
        error instanceof ApiError ? error.code : undefined,
      );
      return;
    } finally {
      watch.stop();
    }
    void reloadNotes(queryClient);
    // The note counts in its folder from now on (docs/product.md#folders), whatever its status.
    void reloadFolders(queryClient);
    // The reservation shows as running minutes right away.
    void reloadMinutes(queryClient);
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
    start(values: UploadNoteValues, options: StartOptions = {}): number {
      const file = values.audio_file;
      const id = store.add({
        filename: file?.name ?? values.file_name,
        size: file?.size ?? values.size,
      });
      void run(id, values, options);
      return id;
    },
  };
}
