import type { NoteDetail } from '@protokoll/contract';
import { demoUser, detailFor, makeNote } from '@protokoll/mocks/fixtures';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keys } from '../lib/query-keys.ts';
import { noteQueryOptions } from '../api/notes/detail.ts';
import { PROCESSING_POLL_MS } from '../api/notes/processing.ts';
import { ApiError } from '../lib/api-error.ts';
import { createAppSession } from '../session/app-session.ts';
import { writeStoredSession } from '../session/stored-session.ts';
import { fakeXhrFactory } from './fake-xhr.ts';
import type { UploadNoteValues } from './upload-note.ts';
import { createUploadStore } from './upload-store.ts';
import { createUploader, type SendUpload, type UploadSession } from './uploader.ts';

const file = new File([new Uint8Array(1000)], 'Jour fixe.mp3', { type: 'audio/mpeg' });
const values: UploadNoteValues = {
  audio_file: file,
  file_name: file.name,
  size: file.size,
  language: 'de',
  summary_model: 'extractive',
  summary_language: 'de',
  design: 'classic',
  structure: 'minutes',
  transcribe: true,
  transcript_type: 'verbatim',
};

const note = (status: NoteDetail['status'], error: string | null = null): NoteDetail =>
  detailFor(
    makeNote({
      id: 42,
      name: 'Jour fixe',
      file_name: file.name,
      created_at: '2026-03-02T09:12:00.000Z',
      status,
      error,
      progress: 0,
      duration_seconds: 70,
      minutes_charged: status === 'done' ? 2 : 0,
      size: file.size,
    }),
  );
const accepted = { success: true, message: 'Angenommen', note: note('queued') };

/** Lets promises, the XHR wiring and the query cache's notifications settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);
/** One poll interval passes. */
const nextPoll = (times = 1) => vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS * times);

function fakeSession(state: { token: string | null; isAuthenticated: boolean }) {
  const listeners = new Set<() => void>();
  const session: UploadSession['session'] = {
    getState: () => state as ReturnType<UploadSession['session']['getState']>,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
  const app: UploadSession = { session, withRefresh: (_endpoint, run) => run() };
  const end = () => {
    state.isAuthenticated = false;
    for (const listener of listeners) listener();
  };
  return { app, end };
}

/**
 * A query cache as the pages leave it: the user and the minutes loaded (their loads are
 * counted), and every invalidation of the notes recorded.
 */
async function pageCache() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const loads = { user: 0, minutes: 0 };
  await queryClient.prefetchQuery({
    queryKey: keys.user(),
    queryFn: () => ++loads.user && demoUser,
  });
  await queryClient.prefetchQuery({
    queryKey: keys.minutes(),
    queryFn: () => ++loads.minutes && { total: 30 },
  });
  loads.user = 0;
  loads.minutes = 0;
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const notesChanged = () =>
    invalidate.mock.calls.filter(
      ([filters]) => JSON.stringify(filters?.queryKey) === JSON.stringify(keys.notes.all()),
    ).length;
  return { queryClient, loads, notesChanged };
}

async function setup(fetchNote: (id: number) => Promise<NoteDetail>) {
  const store = createUploadStore();
  const xhr = fakeXhrFactory();
  const state = { token: 'access-1', isAuthenticated: true };
  const { app, end } = fakeSession(state);
  const { queryClient, loads, notesChanged } = await pageCache();
  const fetch = vi.fn(fetchNote);
  const uploader = createUploader({
    store,
    loadSession: async () => app,
    queryClient,
    // The app's note query, answered by the test.
    noteQuery: (id) => ({ ...noteQueryOptions(id), queryFn: () => fetch(id) }),
    createXhr: xhr.createXhr,
  });
  const entry = () => store.getSnapshot().entries[0];
  return { store, xhr, end, queryClient, loads, notesChanged, fetch, uploader, entry };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('uploader', () => {
  it('shows bytes, then processing, follows the note to done, then reloads user data and minutes', async () => {
    const answers = [note('queued'), note('transcribing'), note('done')];
    const { xhr, loads, notesChanged, fetch, uploader, entry, store, queryClient } = await setup(
      async () => answers.shift()!,
    );
    const id = uploader.start(values, { locale: 'de' });
    expect(entry()).toMatchObject({ id, filename: 'Jour fixe.mp3', size: 1000, loaded: 0 });
    await settle();

    const request = xhr.requests[0]!;
    expect(request.headers.Authorization).toBe('Bearer access-1');
    expect(request.headers['Accept-Language']).toBe('de');
    request.progress(625, 1250);
    expect(entry()).toMatchObject({ status: 'processing', loaded: 500 });
    request.progress(1250, 1250);
    request.sent();
    request.respond(200, accepted);
    await settle();
    expect(entry()).toMatchObject({ status: 'processing', loaded: 1000, noteId: 42 });
    expect(store.getSnapshot().pending).toBe(1);
    // The reservation shows in the balance, the new note in the lists.
    expect(loads.minutes).toBe(1);
    expect(notesChanged()).toBe(1);

    // Followed through the note's own query: what the reader shows is the same answer.
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(keys.notes.detail(42))).toMatchObject({ status: 'queued' });
    await nextPoll();
    expect(entry()!.status).toBe('processing');
    expect(loads.user).toBe(0);
    await nextPoll();
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(fetch).toHaveBeenCalledWith(42);
    expect(entry()!.status).toBe('done');
    expect(store.getSnapshot().pending).toBe(0);
    expect(loads.user).toBe(1);
    expect(loads.minutes).toBe(2);
    expect(notesChanged()).toBe(2);
    // Nothing left to follow.
    await nextPoll(5);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('an accepted upload reloads the folder list: its folder counts the note at once', async () => {
    const { xhr, uploader, queryClient } = await setup(async () => note('queued'));
    // The sidebar's folder list, on screen (observed), answered from the server's count.
    let held = 0;
    const loadFolders = vi.fn(async () => [{ id: 3, name: 'Projekt', note_count: held }]);
    const sidebar = new QueryObserver(queryClient, {
      queryKey: keys.folders.list(),
      queryFn: loadFolders,
    });
    const unsubscribe = sidebar.subscribe(() => {});
    await settle();
    expect(loadFolders).toHaveBeenCalledTimes(1);

    uploader.start({ ...values, folder_id: 3 });
    await settle();
    expect(loadFolders).toHaveBeenCalledTimes(1);
    held = 1;
    xhr.requests[0]!.respond(200, accepted);
    await settle();
    expect(loadFolders).toHaveBeenCalledTimes(2);
    expect(sidebar.getCurrentResult().data).toEqual([{ id: 3, name: 'Projekt', note_count: 1 }]);
    unsubscribe();
  });

  it('a failed note shows "Transcription failed" with its reason and reloads the (refunded) minutes', async () => {
    const { xhr, loads, uploader, entry } = await setup(async () =>
      note('error', 'processing.engine.server'),
    );
    uploader.start(values);
    await settle();
    xhr.requests[0]!.respond(200, accepted);
    await settle();
    expect(entry()).toMatchObject({
      status: 'error',
      error: { code: 'transcriptionFailed' },
      reason: 'processing.engine.server',
    });
    expect(loads.user).toBe(0);
    expect(loads.minutes).toBe(2);
  });

  it('a failure key equal to the headline is not repeated as the reason', async () => {
    const { xhr, uploader, entry } = await setup(async () =>
      note('error', 'errors.transcriptionFailed'),
    );
    uploader.start(values);
    await settle();
    xhr.requests[0]!.respond(200, accepted);
    await settle();
    expect(entry()).toMatchObject({ error: { code: 'transcriptionFailed' }, reason: undefined });
  });

  it('a refused upload shows the server’s words, is not followed and charges nothing', async () => {
    const { xhr, loads, fetch, uploader, entry, store } = await setup(async () => note('done'));
    uploader.start(values, { locale: 'de' });
    await settle();
    xhr.requests[0]!.respond(402, {
      success: false,
      code: 'insufficientMinutes',
      message: 'Diese Aufnahme dauert 31 Minuten und kostet 31 Minuten, Ihnen bleiben aber nur 30.',
    });
    await settle();
    expect(entry()).toMatchObject({
      status: 'error',
      error: {
        message:
          'Diese Aufnahme dauert 31 Minuten und kostet 31 Minuten, Ihnen bleiben aber nur 30.',
      },
    });
    expect(store.getSnapshot().pending).toBe(0);
    await nextPoll(3);
    expect(fetch).not.toHaveBeenCalled();
    expect(loads.minutes).toBe(0);
  });

  it('no answer or a server error is "Upload failed"', async () => {
    const { xhr, uploader, store } = await setup(async () => note('done'));
    uploader.start(values);
    uploader.start(values);
    await settle();
    xhr.requests[0]!.networkError();
    xhr.requests[1]!.respond(500, { success: false, code: 'internal', message: 'Server error.' });
    await settle();
    expect(store.getSnapshot().entries.map((entry) => [entry.status, entry.error])).toEqual([
      ['error', { code: 'uploadFailed' }],
      ['error', { code: 'uploadFailed' }],
    ]);
  });

  it('without a file the entry fails with the text of that rule and nothing is sent', async () => {
    const { xhr, uploader, entry } = await setup(async () => note('done'));
    uploader.start({ ...values, audio_file: undefined });
    await settle();
    expect(xhr.requests).toHaveLength(0);
    expect(entry()).toMatchObject({
      filename: 'Jour fixe.mp3',
      status: 'error',
      error: { code: 'uploadRequiresFormData' },
    });
  });

  it('keeps asking while the server cannot be reached, less often; stops when the note was deleted', async () => {
    const answers: (() => NoteDetail)[] = [
      () => {
        throw new ApiError('offline', 0, 'offline', 'Network error');
      },
      () => note('transcribing'),
      () => {
        throw new ApiError('http', 404, 'notFound', 'Not found');
      },
    ];
    const { xhr, uploader, store, fetch } = await setup(async () => answers.shift()!());
    uploader.start(values);
    await settle();
    xhr.requests[0]!.respond(200, accepted);
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot().entries[0]!.status).toBe('processing');
    // After a miss the next question waits twice as long.
    await nextPoll();
    expect(fetch).toHaveBeenCalledTimes(1);
    await nextPoll();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(store.getSnapshot().entries[0]!.status).toBe('processing');
    await nextPoll();
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(store.getSnapshot().entries).toEqual([]);
    await nextPoll(5);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('stops following when the session ended', async () => {
    const { xhr, uploader, store, end, fetch } = await setup(async () => note('transcribing'));
    uploader.start(values);
    await settle();
    xhr.requests[0]!.respond(200, accepted);
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
    end();
    await nextPoll(3);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot().entries).toEqual([]);
  });

  it('stops following an entry that is gone (another person signed in)', async () => {
    const { xhr, uploader, store, fetch } = await setup(async () => note('transcribing'));
    uploader.start(values);
    await settle();
    xhr.requests[0]!.respond(200, accepted);
    await settle();
    store.setOwner(99);
    await nextPoll(3);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a 401 refreshes the session once and sends again with the new token (the API client’s rule)', async () => {
    const now = Date.now();
    writeStoredSession(localStorage, {
      token: 'access-old',
      refreshToken: 'refresh-1',
      user: demoUser,
      savedAt: now,
      expiresAt: now + 60_000,
    });
    const refreshes: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        expect(url).toBe('/api/auth/refresh');
        refreshes.push(JSON.parse(String(init.body)));
        return new Response(
          JSON.stringify({
            success: true,
            token: 'access-new',
            refreshToken: 'refresh-2',
            user: demoUser,
          }),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        );
      }),
    );
    const signedOut = vi.fn();
    const queryClient = new QueryClient();
    const app = createAppSession({ onSignedOut: signedOut, queryClient });
    const store = createUploadStore();
    const xhr = fakeXhrFactory();
    const uploader = createUploader({
      store,
      loadSession: async () => app,
      queryClient,
      noteQuery: (id) => ({ ...noteQueryOptions(id), queryFn: async () => note('done') }),
      createXhr: xhr.createXhr,
    });

    uploader.start(values);
    await settle();
    expect(xhr.requests[0]!.headers.Authorization).toBe('Bearer access-old');
    xhr.requests[0]!.respond(401, {
      success: false,
      code: 'notAuthenticated',
      message: 'Not authenticated',
    });
    await settle();
    await settle();
    expect(refreshes).toEqual([{ refreshToken: 'refresh-1' }]);
    expect(xhr.requests).toHaveLength(2);
    expect(xhr.requests[1]!.headers.Authorization).toBe('Bearer access-new');
    // The same form again, file included.
    expect(xhr.requests[1]!.body).toBe(xhr.requests[0]!.body);
    xhr.requests[1]!.respond(200, accepted);
    await settle();
    expect(store.getSnapshot().entries[0]!.status).toBe('done');
    expect(signedOut).not.toHaveBeenCalled();
  });
});

describe('what a failed upload reads as ("Upload failed", or the refusal in the server’s words)', () => {
  const http = (status: number, code: string, message: string) =>
    new ApiError('http', status, code, message);

  it.each([
    [
      'a refusal worded by the server',
      http(402, 'insufficientMinutes', 'Zu wenig Minuten.'),
      { message: 'Zu wenig Minuten.' },
    ],
    [
      'the size limit',
      http(413, 'uploadFailed', 'Die Datei ist zu groß.'),
      { message: 'Die Datei ist zu groß.' },
    ],
    [
      'not audio',
      http(415, 'unsupportedAudio', 'Keine Audiodatei.'),
      { message: 'Keine Audiodatei.' },
    ],
    ['a broken body', http(400, 'uploadFailed', 'Upload failed'), { code: 'uploadFailed' }],
    ['invalid fields', http(422, 'validation', 'Invalid input data'), { code: 'validation' }],
    ['a folder that is gone', http(404, 'notFound', 'Not found'), { code: 'notFound' }],
    [
      'no session',
      http(401, 'notAuthenticated', 'Not authenticated'),
      { code: 'notAuthenticated' },
    ],
    ['a server error', http(503, 'internal', 'Server error'), { code: 'uploadFailed' }],
    ['no answer', new ApiError('offline', 0, 'offline', 'x'), { code: 'uploadFailed' }],
    ['a timeout', new ApiError('timeout', 0, 'timeout', 'x'), { code: 'uploadFailed' }],
    [
      'a broken answer',
      new ApiError('invalid-response', 200, 'invalid-response', 'x'),
      { code: 'uploadFailed' },
    ],
    [
      'no file',
      new Error("isFileUpload=true requires FormData with 'audio_file'"),
      { code: 'uploadRequiresFormData' },
    ],
    ['anything else', new TypeError('boom'), { code: 'uploadFailed' }],
  ])('%s', async (_case, error, text) => {
    const store = createUploadStore();
    const { app } = fakeSession({ token: 't', isAuthenticated: true });
    const uploader = createUploader({
      store,
      loadSession: async () => app,
      queryClient: new QueryClient(),
      send: () => Promise.reject(error),
    });
    uploader.start(values);
    await settle();
    expect(store.getSnapshot().entries[0]).toMatchObject({ status: 'error', error: text });
  });
});

describe('what the uploader hands the sender', () => {
  it('passes the language and the measured length on', async () => {
    const { app } = fakeSession({ token: 't', isAuthenticated: true });
    const sent: Parameters<SendUpload>[1][] = [];
    const uploader = createUploader({
      store: createUploadStore(),
      loadSession: async () => app,
      queryClient: new QueryClient(),
      send: (_form, options) => {
        sent.push(options);
        return Promise.reject(new TypeError('stop here'));
      },
    });
    uploader.start(values, { locale: 'en', durationSeconds: 61.5 });
    await settle();
    expect(sent[0]).toMatchObject({ locale: 'en', durationSeconds: 61.5 });
  });
});

describe('an upload without a connection (docs/uploads.md#offline)', () => {
  function fakeConnection(online: boolean) {
    const listeners = new Set<() => void>();
    return {
      connection: {
        isOnline: () => online,
        subscribe(listener: () => void) {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      },
      set(next: boolean) {
        online = next;
        for (const listener of listeners) listener();
      },
      listeners,
    };
  }

  async function offlineSetup(online: boolean) {
    const store = createUploadStore();
    const { app } = fakeSession({ token: 'access-1', isAuthenticated: true });
    const { queryClient } = await pageCache();
    const net = fakeConnection(online);
    const control = { pause: vi.fn(), resume: vi.fn() };
    let finish!: (answer: { note?: { id: number } }) => void;
    const send = vi.fn(
      (
        _form: FormData,
        options: Parameters<NonNullable<Parameters<typeof createUploader>[0]['send']>>[1],
      ) => {
        options.onControl?.(control);
        options.onProgress?.(400);
        return new Promise<{ note?: { id: number } }>((resolve) => (finish = resolve));
      },
    );
    const uploader = createUploader({
      store,
      loadSession: async () => app,
      queryClient,
      noteQuery: (id) => ({ ...noteQueryOptions(id), queryFn: async () => note('done') }),
      send,
      connection: net.connection,
    });
    const entry = () => store.getSnapshot().entries[0]!;
    return { store, net, control, send, uploader, entry, finish: (a = {}) => finish(a) };
  }

  it('started offline, it waits for the connection and sends nothing until it is back', async () => {
    const t = await offlineSetup(false);
    t.uploader.start(values);
    await settle();
    expect(t.entry()).toMatchObject({ status: 'processing', waiting: true, loaded: 0 });
    expect(t.send).not.toHaveBeenCalled();

    t.net.set(true);
    await settle();
    expect(t.send).toHaveBeenCalledTimes(1);
    expect(t.entry()).toMatchObject({ waiting: false, loaded: 400 });
  });

  it('losing the connection on the way holds the sender, and its return resumes it', async () => {
    const t = await offlineSetup(true);
    t.uploader.start(values);
    await settle();
    expect(t.entry()).toMatchObject({ pausable: true, loaded: 400 });
    expect(t.entry().waiting).toBeFalsy();

    t.net.set(false);
    expect(t.entry().waiting).toBe(true);
    expect(t.control.pause).toHaveBeenCalledTimes(1);
    t.net.set(true);
    expect(t.entry().waiting).toBe(false);
    expect(t.control.resume).toHaveBeenCalledTimes(1);

    // A pause of the person's own stays theirs when the connection comes back.
    t.net.set(false);
    t.store.pause(t.entry().id);
    t.net.set(true);
    expect(t.entry()).toMatchObject({ paused: true, waiting: false });
    expect(t.control.resume).toHaveBeenCalledTimes(1);

    t.finish({});
    await settle();
    expect(t.entry().status).toBe('done');
    // Once the bytes are there the upload no longer follows the connection.
    expect(t.net.listeners.size).toBe(0);
  });
});
