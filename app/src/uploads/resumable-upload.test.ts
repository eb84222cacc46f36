import { UPLOAD_NOTE_ID_HEADER } from '@protokoll/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-error.ts';
import { sendResumableUpload } from './resumable-upload.ts';
import {
  toUploadFormData,
  UPLOAD_REQUIRES_FORM_DATA,
  type UploadNoteValues,
} from './upload-note.ts';

// tus-js-client itself runs against the real server in the e2e test; here a stand-in records
// what the app hands it and answers as the server would.
const created: { file: unknown; options: Record<string, unknown> }[] = [];
type Hooks = {
  onSuccess: (payload: { lastResponse: { getHeader(name: string): string | undefined } }) => void;
  onError: (error: Error & { originalResponse?: unknown }) => void;
  onProgress: (sent: number, total: number) => void;
  onBeforeRequest: (req: { setHeader(name: string, value: string): void }) => void;
};
let behaviour: (hooks: Hooks) => void = () => undefined;
const previous: { uploadUrl: string }[] = [];
const resumedFrom: unknown[] = [];

vi.mock('tus-js-client', () => ({
  Upload: class {
    constructor(
      public file: unknown,
      public options: Record<string, unknown> & Hooks,
    ) {
      created.push({ file, options });
    }
    findPreviousUploads() {
      return Promise.resolve(previous);
    }
    resumeFromPreviousUpload(upload: unknown) {
      resumedFrom.push(upload);
    }
    start() {
      behaviour(this.options);
    }
    abort() {
      return Promise.resolve();
    }
  },
}));

const file = new File([new Uint8Array(1000)], 'Teambesprechung März.m4a', { type: 'audio/mp4' });
const values: UploadNoteValues = {
  audio_file: file,
  file_name: file.name,
  size: file.size,
  language: 'auto',
  summary_model: 'extractive',
  summary_language: 'de',
  design: 'classic',
  structure: 'minutes',
  transcribe: true,
  transcript_type: 'verbatim',
  folder_id: 7,
};

describe('sendResumableUpload', () => {
  it("sends the form's fields as metadata with the token, and answers with the note from Upload-Note-Id", async () => {
    const headers: Record<string, string> = {};
    const progress: number[] = [];
    behaviour = (hooks) => {
      hooks.onBeforeRequest({ setHeader: (name, value) => (headers[name] = value) });
      hooks.onProgress(400, 1000);
      hooks.onSuccess({
        lastResponse: { getHeader: (name) => (name === UPLOAD_NOTE_ID_HEADER ? '42' : undefined) },
      });
    };
    previous.push({ uploadUrl: '/api/uploads/abc' });
    const answer = await sendResumableUpload(toUploadFormData(values), {
      baseUrl: 'https://api.example/',
      token: 'token-1',
      locale: 'de',
      onProgress: (loaded) => progress.push(loaded),
    });
    expect(answer).toEqual({ note: { id: 42 } });
    const { options } = created.at(-1)!;
    expect(options.endpoint).toBe('https://api.example/api/uploads');
    expect(options.metadata).toEqual({
      file_name: 'Teambesprechung März.m4a',
      language: 'auto',
      summary_model: 'extractive',
      summary_language: 'de',
      design: 'classic',
      structure: 'minutes',
      transcribe: 'true',
      transcript_type: 'verbatim',
      folder_id: '7',
    });
    expect(options.storeFingerprintForResuming).toBe(true);
    expect(headers).toEqual({ Authorization: 'Bearer token-1', 'Accept-Language': 'de' });
    expect(progress).toEqual([400]);
    // An earlier upload of the same file continues.
    expect(resumedFrom).toEqual([{ uploadUrl: '/api/uploads/abc' }]);
    previous.length = 0;
  });

  it('declares the length the browser measured, so the server prices it before any byte', async () => {
    behaviour = (hooks) => hooks.onSuccess({ lastResponse: { getHeader: () => '43' } });
    await sendResumableUpload(toUploadFormData(values), { token: 't', durationSeconds: 754.25 });
    expect(created.at(-1)!.options.metadata).toMatchObject({ duration_seconds: '754.25' });
    // Not measured (or not a length): nothing declared, the server measures at the end.
    for (const durationSeconds of [undefined, Number.NaN, 0]) {
      await sendResumableUpload(toUploadFormData(values), { token: 't', durationSeconds });
      expect(created.at(-1)!.options.metadata).not.toHaveProperty('duration_seconds');
    }
  });

  it("turns the server's refusal into the API client's error, and sends nothing without a file", async () => {
    behaviour = (hooks) =>
      hooks.onError(
        Object.assign(new Error('tus: unexpected response'), {
          originalResponse: {
            getStatus: () => 415,
            getBody: () =>
              JSON.stringify({
                success: false,
                code: 'unsupportedAudio',
                message: 'Keine Audiodatei',
              }),
          },
        }),
      );
    const error = await sendResumableUpload(toUploadFormData(values), { token: 't' }).catch(
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 415,
      code: 'unsupportedAudio',
      message: 'Keine Audiodatei',
    });

    behaviour = (hooks) => hooks.onError(new Error('network'));
    await expect(
      sendResumableUpload(toUploadFormData(values), { token: 't' }),
    ).rejects.toMatchObject({
      kind: 'offline',
    });

    const count = created.length;
    await expect(
      sendResumableUpload(toUploadFormData({ ...values, audio_file: undefined }), { token: 't' }),
    ).rejects.toThrow(UPLOAD_REQUIRES_FORM_DATA);
    expect(created).toHaveLength(count);
  });
});
