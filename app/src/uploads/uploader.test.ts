import type { Note } from '@protokoll/contract';
import { demoUser, makeNote } from '@protokoll/mocks/fixtures';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-error.ts';
import { createAppSession } from '../session/app-session.ts';
import { writeStoredSession } from '../session/stored-session.ts';
import { fakeXhrFactory } from './fake-xhr.ts';
import type { UploadNoteValues } from './upload-note.ts';
import { createUploadStore } from './upload-store.ts';
import { createUploader, uploadFailureText, type UploadSession } from './uploader.ts';

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

const note = (status: Note['status'], error: string | null = null) =>
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
  });
const accepted = { success: true, message: 'Angenommen', note: note('queued') };

/** Lets microtasks and the XHR wiring settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A poll clock the test advances by hand: each `tick` releases one wait of the uploader. */
function manualClock() {
  const waiting: (() => void)[] = [];
  return {
    sleep: () => new Promise<void>((resolve) => waiting.push(resolve)),
    waiting: () => waiting.length,
    async tick() {
      await settle();
      const next = waiting.shift();
      if (!next) throw new Error('the uploader is not waiting');
      next();
      await settle();
    },
  };
}

function fakeSession(state: { token: string | null; isAuthenticated: boolean }) {
  const session = {
    getState: vi.fn(() => state) as unknown as UploadSession['session']['getState'],
    refreshUser: vi.fn(async () => {}),
    loadMinutes: vi.fn(async () => {}),
  };
  const app: UploadSession = { session, withRefresh: (_endpoint, run) => run() };
  return { app, session };
}

function setup(fetchNote: (id: number) => Promise<Note>) {
  const store = createUploadStore();
  const clock = manualClock();
  const xhr = fakeXhrFactory();
  const state = { token: 'access-1', isAuthenticated: true };
  const { app, session } = fakeSession(state);
  const notesChanged = vi.fn();
  const fetch = vi.fn(fetchNote);
  const uploader = createUploader({
    store,
    loadSession: async () => app,
    fetchNote: fetch,
    onNotesChanged: notesChanged,
    createXhr: xhr.createXhr,
    sleep: clock.sleep,
  });
  const entry = () => store.getSnapshot().entries[0];
  return { store, clock, xhr, state, session, notesChanged, fetch, uploader, entry };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('uploader', () => {
  it('shows bytes, then processing, follows the note to done, then reloads user data and minutes', async () => {
    const answers = [note('queued'), note('transcribing'), note('done')];
    const { clock, xhr, session, notesChanged, fetch, uploader, entry, store } = setup(async () =>
      answers.shift()!,
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
    expect(session.loadMinutes).toHaveBeenCalledTimes(1);
    expect(notesChanged).toHaveBeenCalledTimes(1);

    await clock.tick();
    await clock.tick();
    expect(entry()!.status).toBe('processing');
    expect(session.refreshUser).not.toHaveBeenCalled();
    await clock.tick();
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(fetch).toHaveBeenCalledWith(42);
    expect(entry()!.status).toBe('done');
    expect(store.getSnapshot().pending).toBe(0);
    expect(session.refreshUser).toHaveBeenCalledTimes(1);
    expect(session.loadMinutes).toHaveBeenCalledTimes(2);
    expect(notesChanged).toHaveBeenCalledTimes(2);
    // Nothing left to follow.
    await settle();
    expect(clock.waiting()).toBe(0);
  });

  it('a failed note shows "Transcription failed" with its reason and reloads the (refunded) minutes', async () => {
    const { clock, xhr, session, uploader, entry } = setup(async () =>
      note('error', 'processing.engine.server'),
    );
    uploader.start(values);
    await settle();
    xhr.requests[0]!.respond(200, accepted);
    await clock.tick();
    expect(entry()).toMatchObject({
      status: 'error',
      error: 'errors.transcriptionFailed',
      reason: 'processing.engine.server',
    });
    expect(session.refreshUser).not.toHaveBeenCalled();
    expect(session.loadMinutes).toHaveBeenCalledTimes(2);
  });

  it('a failure key equal to the headline is not repeated as the reason', async () => {
    const { clock, xhr, uploader, entry } = setup(async () =>
      note('error', 'errors.transcriptionFailed'),
    );
    uploader.start(values);
    await settle();
    xhr.requests[0]!.respond(200, accepted);
    await clock.tick();
    expect(entry()).toMatchObject({ error: 'errors.transcriptionFailed', reason: undefined });
  });

  it('a refused upload shows the server’s words, is not followed and charges nothing', async () => {
    const { clock, xhr, session, fetch, uploader, entry, store } = setup(async () => note('done'));
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
      error: 'Diese Aufnahme dauert 31 Minuten und kostet 31 Minuten, Ihnen bleiben aber nur 30.',
    });
    expect(store.getSnapshot().pending).toBe(0);
    expect(clock.waiting()).toBe(0);
    expect(fetch).not.toHaveBeenCalled();
    expect(session.loadMinutes).not.toHaveBeenCalled();
  });

  it('no answer or a server error is "Upload failed"', async () => {
    const { xhr, uploader, store } = setup(async () => note('done'));
    uploader.start(values);
    uploader.start(values);
    await settle();
    xhr.requests[0]!.networkError();
    xhr.requests[1]!.respond(500, { success: false, code: 'internal', message: 'Server error.' });
    await settle();
    expect(store.getSnapshot().entries.map((entry) => [entry.status, entry.error])).toEqual([
      ['error', 'errors.uploadFailed'],
      ['error', 'errors.uploadFailed'],
    ]);
  });

  it('without a file the entry fails with the SPEC §5 text and nothing is sent', async () => {
    const { xhr, uploader, entry } = setup(async () => note('done'));
    uploader.start({ ...values, audio_file: undefined });
    await settle();
    expect(xhr.requests).toHaveLength(0);
    expect(entry()).toMatchObject({
      filename: 'Jour fixe.mp3',
      status: 'error',
      error: 'errors.uploadRequiresFormData',
    });
  });

  it('keeps asking while the server cannot be reached; stops when the note was deleted', async () => {
    const answers: (() => Note)[] = [
      () => {
        throw new ApiError('offline', 0, 'offline', 'Network error');
      },
      () => note('transcribing'),
      () => {
        throw new ApiError('http', 404, 'notFound', 'Not found');
      },
    ];
    const { clock, xhr, uploader, store, fetch } = setup(async () => answers.shift()!());
    uploader.start(values);
    await settle();
    xhr.requests[0]!.respond(200, accepted);
    await clock.tick();
    expect(store.getSnapshot().entries[0]!.status).toBe('processing');
    await clock.tick();
    await clock.tick();
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(store.getSnapshot().entries).toEqual([]);
    expect(clock.waiting()).toBe(0);
  });

  it('stops following when the session ended', async () => {
    const { clock, xhr, uploader, store, state, fetch } = setup(async () => note('transcribing'));
    uploader.start(values);
    await settle();
    xhr.requests[0]!.respond(200, accepted);
    await clock.tick();
    state.isAuthenticated = false;
    await clock.tick();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot().entries).toEqual([]);
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
    const app = createAppSession({ onSignedOut: signedOut });
    const store = createUploadStore();
    const xhr = fakeXhrFactory();
    const clock = manualClock();
    const uploader = createUploader({
      store,
      loadSession: async () => app,
      fetchNote: async () => note('done'),
      createXhr: xhr.createXhr,
      sleep: clock.sleep,
    });
    vi.spyOn(app.session, 'loadMinutes').mockResolvedValue();
    vi.spyOn(app.session, 'refreshUser').mockResolvedValue();

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
    await clock.tick();
    expect(store.getSnapshot().entries[0]!.status).toBe('done');
    expect(signedOut).not.toHaveBeenCalled();
  });
});

describe('uploadFailureText (SPEC §8 "Upload failed" or a parse error)', () => {
  const http = (status: number, code: string, message: string) =>
    new ApiError('http', status, code, message);

  it.each([
    [
      'a refusal worded by the server',
      http(402, 'insufficientMinutes', 'Zu wenig Minuten.'),
      'Zu wenig Minuten.',
    ],
    [
      'the size limit',
      http(413, 'uploadFailed', 'Die Datei ist zu groß.'),
      'Die Datei ist zu groß.',
    ],
    ['not audio', http(415, 'unsupportedAudio', 'Keine Audiodatei.'), 'Keine Audiodatei.'],
    ['a broken body', http(400, 'uploadFailed', 'Upload failed'), 'errors.uploadFailed'],
    ['invalid fields', http(422, 'validation', 'Invalid input data'), 'errors.validation'],
    ['a folder that is gone', http(404, 'notFound', 'Not found'), 'errors.notFound'],
    ['no session', http(401, 'notAuthenticated', 'Not authenticated'), 'errors.notAuthenticated'],
    ['a server error', http(503, 'internal', 'Server error'), 'errors.uploadFailed'],
    ['no answer', new ApiError('offline', 0, 'offline', 'x'), 'errors.uploadFailed'],
    ['a timeout', new ApiError('timeout', 0, 'timeout', 'x'), 'errors.uploadFailed'],
    [
      'a broken answer',
      new ApiError('invalid-response', 200, 'invalid-response', 'x'),
      'errors.uploadFailed',
    ],
    [
      'no file',
      new Error("isFileUpload=true requires FormData with 'audio_file'"),
      'errors.uploadRequiresFormData',
    ],
    ['anything else', new TypeError('boom'), 'errors.uploadFailed'],
  ])('%s', (_case, error, text) => {
    expect(uploadFailureText(error)).toBe(text);
  });
});
