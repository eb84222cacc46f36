import { DEFAULT_TIMEOUT_MS } from '@protokoll/contract';
import { makeNote } from '@protokoll/mocks/fixtures';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-error.ts';
import { fakeXhrFactory } from './fake-xhr.ts';
import {
  sendUpload,
  toUploadFormData,
  UPLOAD_REQUIRES_FORM_DATA,
  type UploadNoteValues,
} from './upload-note.ts';

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
};

const note = makeNote({
  id: 42,
  name: 'Teambesprechung März',
  file_name: file.name,
  created_at: '2026-03-02T09:12:00.000Z',
  status: 'queued',
  progress: 0,
  duration_seconds: 70,
  minutes_charged: 0,
  size: file.size,
});

/** Field names of a form in order, with their text values (files by name). */
function fields(form: FormData): [string, string][] {
  return [...form.entries()].map(([name, value]) => [
    name,
    typeof value === 'string' ? value : `file:${value.name}`,
  ]);
}

describe('toUploadFormData', () => {
  it('sends the file and every always-present field; speakers 0, no folder and no name stay out', () => {
    expect(fields(toUploadFormData({ ...values, speakers: 0 }))).toEqual([
      ['audio_file', 'file:Teambesprechung März.m4a'],
      ['file_name', 'Teambesprechung März.m4a'],
      ['language', 'auto'],
      ['summary_model', 'extractive'],
      ['summary_language', 'de'],
      ['design', 'classic'],
      ['structure', 'minutes'],
      ['transcribe', 'true'],
      ['transcript_type', 'verbatim'],
      ['size', '1000'],
    ]);
  });

  it('sends speakers only when not 0', () => {
    expect(toUploadFormData({ ...values, speakers: 0 }).has('speakers')).toBe(false);
    expect(toUploadFormData(values).has('speakers')).toBe(false);
    expect(toUploadFormData({ ...values, speakers: 3 }).get('speakers')).toBe('3');
  });

  it('sends folder_id and name only when set', () => {
    const bare = toUploadFormData(values);
    expect(bare.has('folder_id')).toBe(false);
    expect(bare.has('name')).toBe(false);
    expect(toUploadFormData({ ...values, name: '' }).has('name')).toBe(false);

    const full = toUploadFormData({ ...values, folder_id: 7, name: 'Jour fixe' });
    expect(full.get('folder_id')).toBe('7');
    expect(full.get('name')).toBe('Jour fixe');
  });

  it('sends an own template and a formal meeting’s agenda when chosen', () => {
    const bare = toUploadFormData(values);
    expect(bare.has('template')).toBe(false);
    expect(bare.has('agenda')).toBe(false);
    const full = toUploadFormData({
      ...values,
      structure: 'works_council',
      template: 41,
      agenda: 'Überstunden\nSommerfest',
    });
    expect(full.get('template')).toBe('41');
    expect(full.get('agenda')).toBe('Überstunden\nSommerfest');
  });

  it('writes booleans as the words the server reads', () => {
    expect(toUploadFormData({ ...values, transcribe: false }).get('transcribe')).toBe('false');
  });
});

describe('sendUpload', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('without a file fails with exactly the missing-file text and sends nothing', async () => {
    const { requests, createXhr } = fakeXhrFactory();
    const form = toUploadFormData({ ...values, audio_file: undefined });
    await expect(sendUpload(form, { token: 't', createXhr })).rejects.toThrow(
      new Error("isFileUpload=true requires FormData with 'audio_file'"),
    );
    expect(UPLOAD_REQUIRES_FORM_DATA).toBe("isFileUpload=true requires FormData with 'audio_file'");
    // A text field of that name is no file either.
    const textOnly = toUploadFormData({ ...values, audio_file: undefined });
    textOnly.set('audio_file', 'not a file');
    await expect(sendUpload(textOnly, { token: 't', createXhr })).rejects.toThrow(
      UPLOAD_REQUIRES_FORM_DATA,
    );
    expect(requests).toHaveLength(0);
  });

  it('posts the form to /api/note with the bearer token and the interface language', async () => {
    const { requests, createXhr } = fakeXhrFactory();
    const form = toUploadFormData(values);
    const answer = sendUpload(form, {
      baseUrl: 'https://api.example/',
      token: 'access-1',
      locale: 'en',
      createXhr,
    });
    const [xhr] = requests;
    expect(xhr).toMatchObject({ method: 'POST', url: 'https://api.example/api/note' });
    expect(xhr!.headers).toEqual({
      Accept: 'application/json',
      Authorization: 'Bearer access-1',
      'Accept-Language': 'en',
    });
    expect(xhr!.body).toBe(form);

    xhr!.respond(200, { success: true, message: 'Angenommen', note });
    await expect(answer).resolves.toEqual({ success: true, message: 'Angenommen', note });
  });

  it('reports the file bytes sent as the body progresses (progress → loaded)', async () => {
    const { requests, createXhr } = fakeXhrFactory();
    const loaded: number[] = [];
    const answer = sendUpload(toUploadFormData(values), {
      token: 't',
      createXhr,
      onProgress: (bytes) => loaded.push(bytes),
    });
    const xhr = requests[0]!;
    // The body is the file plus the other fields: 1000 of 1250 bytes is 800 of the file's 1000.
    xhr.progress(0, 1250);
    xhr.progress(500, 1250);
    xhr.progress(1000, 1250);
    xhr.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: false }));
    xhr.progress(1250, 1250);
    xhr.sent();
    expect(loaded).toEqual([0, 400, 800, 1000, 1000]);
    xhr.respond(200, { success: true, note });
    await answer;
  });

  it('turns an error answer into ApiError with the server’s code and message', async () => {
    const { requests, createXhr } = fakeXhrFactory();
    const answer = sendUpload(toUploadFormData(values), { token: 't', createXhr });
    requests[0]!.respond(402, {
      success: false,
      code: 'insufficientMinutes',
      message:
        'Diese Aufnahme dauert 1,2 Minuten und kostet 2 Minuten, Ihnen bleiben aber nur 1 Minute.',
    });
    const error = await answer.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'http',
      status: 402,
      code: 'insufficientMinutes',
      message: expect.stringContaining('kostet 2 Minuten'),
    });
  });

  it('an answer that is no error body, or breaks the contract, is an ApiError too', async () => {
    const { requests, createXhr } = fakeXhrFactory();
    const proxy = sendUpload(toUploadFormData(values), { token: 't', createXhr });
    requests[0]!.respond(502, '<html>Bad Gateway</html>', 'Bad Gateway');
    await expect(proxy).rejects.toMatchObject({ kind: 'http', status: 502, code: 'http_502' });

    const broken = sendUpload(toUploadFormData(values), { token: 't', createXhr });
    requests[1]!.respond(200, { success: 'yes' });
    await expect(broken).rejects.toMatchObject({ kind: 'invalid-response' });
  });

  it('a network failure is an offline ApiError', async () => {
    const { requests, createXhr } = fakeXhrFactory();
    const answer = sendUpload(toUploadFormData(values), { token: 't', createXhr });
    requests[0]!.networkError();
    await expect(answer).rejects.toMatchObject({ kind: 'offline', status: 0 });
  });

  it('the timeout bounds the wait for the answer once the body is sent, not the transfer', async () => {
    vi.useFakeTimers();
    const { requests, createXhr } = fakeXhrFactory();
    const answer = sendUpload(toUploadFormData(values), { token: 't', createXhr });
    const outcome = answer.catch((caught: unknown) => caught);
    const xhr = requests[0]!;
    // A slow line: far longer than the timeout while bytes are still travelling.
    xhr.progress(100, 1250);
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS * 3);
    expect(xhr.aborted).toBe(false);
    xhr.sent();
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS - 1);
    expect(xhr.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(xhr.aborted).toBe(true);
    expect(await outcome).toMatchObject({ kind: 'timeout' });
  });

  it('an abort signal cancels the request', async () => {
    const { requests, createXhr } = fakeXhrFactory();
    const controller = new AbortController();
    const answer = sendUpload(toUploadFormData(values), {
      token: 't',
      createXhr,
      signal: controller.signal,
    });
    controller.abort();
    expect(requests[0]!.aborted).toBe(true);
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
  });
});
