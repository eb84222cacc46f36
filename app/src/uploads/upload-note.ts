import {
  DEFAULT_TIMEOUT_MS,
  endpoints,
  ErrorBody,
  type Locale,
  type UploadNoteBody,
  type UploadNoteResponse,
} from '@protokoll/contract';
import { ApiError } from '../lib/api-error.ts';

/*
 * `POST /api/note` (docs/uploads.md#the-upload-call): multipart with upload progress. Sent with
 * XMLHttpRequest because fetch reports no upload progress; otherwise it behaves like the API
 * client: bearer token, the contract's timeout, the answer parsed with the contract's schema,
 * `ApiError` for failures.
 */

/** The one text of an upload without a file (docs/uploads.md#the-upload-call). */
export const UPLOAD_REQUIRES_FORM_DATA = "isFileUpload=true requires FormData with 'audio_file'";

/** The form's values as the upload sends them; `audio_file` may be missing (then it fails). */
export type UploadNoteValues = Omit<UploadNoteBody, 'audio_file'> & {
  audio_file?: File | undefined;
};

/**
 * The multipart body of `POST /api/note`: `speakers` only if not 0, `folder_id`, `name`, the own
 * `template` and the `agenda` only if set; everything else always.
 */
export function toUploadFormData(values: UploadNoteValues): FormData {
  const form = new FormData();
  if (values.audio_file) form.append('audio_file', values.audio_file, values.audio_file.name);
  form.append('file_name', values.file_name);
  form.append('language', values.language);
  form.append('summary_model', values.summary_model);
  form.append('summary_language', values.summary_language);
  form.append('design', values.design);
  form.append('structure', values.structure);
  form.append('transcribe', String(values.transcribe));
  form.append('transcript_type', values.transcript_type);
  if (values.speakers !== undefined && values.speakers !== 0) {
    form.append('speakers', String(values.speakers));
  }
  form.append('size', String(values.size));
  if (values.folder_id !== undefined && values.folder_id !== null) {
    form.append('folder_id', String(values.folder_id));
  }
  if (values.name) form.append('name', values.name);
  if (values.template !== undefined) form.append('template', String(values.template));
  if (values.agenda) form.append('agenda', values.agenda);
  return form;
}

/** What of XMLHttpRequest the upload uses; a fake in tests. */
export interface UploadXhr {
  readonly upload: Pick<XMLHttpRequestUpload, 'addEventListener'>;
  readonly status: number;
  readonly statusText: string;
  readonly responseText: string;
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  addEventListener(type: 'load' | 'error' | 'abort', listener: () => void): void;
  send(body: FormData): void;
  abort(): void;
}

export interface SendUploadOptions {
  /** API base address; '' means same origin. */
  baseUrl?: string;
  /** Bearer token of the session. */
  token: string | null | undefined;
  /** Interface language: the server words its refusals in it. */
  locale?: Locale | undefined;
  /**
   * The recording's length in seconds as the browser measured it, if it could. The resumable
   * upload declares it so the server prices it before any byte is sent; the multipart call does
   * not need it (the file arrives in one request).
   */
  durationSeconds?: number | undefined;
  /** Bytes of the file sent so far. */
  onProgress?: (loaded: number) => void;
  signal?: AbortSignal | undefined;
  createXhr?: () => UploadXhr;
}

const uploadNote = endpoints.uploadNote;

/** The file's share of the body's bytes: the other fields travel with it. */
function fileBytes(sent: number, total: number, fileSize: number): number {
  if (!(total > 0)) return 0;
  return Math.min(fileSize, Math.floor((sent / total) * fileSize));
}

function parseAnswer(xhr: UploadXhr): UploadNoteResponse {
  let payload: unknown;
  try {
    payload = JSON.parse(xhr.responseText);
  } catch {
    payload = undefined;
  }
  if (xhr.status < 200 || xhr.status >= 300) {
    const parsed = ErrorBody.safeParse(payload);
    throw parsed.success
      ? new ApiError('http', xhr.status, parsed.data.code, parsed.data.message, parsed.data.issues)
      : new ApiError('http', xhr.status, `http_${xhr.status}`, xhr.statusText);
  }
  const parsed = uploadNote.response.safeParse(payload);
  if (!parsed.success) {
    throw new ApiError(
      'invalid-response',
      xhr.status,
      'invalid-response',
      `${uploadNote.id}: ${parsed.error.message}`,
    );
  }
  return parsed.data;
}

/**
 * Sends one upload. Rejects with `Error(UPLOAD_REQUIRES_FORM_DATA)` when the form holds no file
 * in `audio_file`, before anything is sent. The contract's timeout (the client
 * default, as `uploadNote` sets none) starts once every byte is sent: it bounds the wait for
 * the answer, never the transfer of a large file over a slow line.
 */
export function sendUpload(
  form: FormData,
  options: SendUploadOptions,
): Promise<UploadNoteResponse> {
  const file = form.get('audio_file');
  if (!(file instanceof Blob)) return Promise.reject(new Error(UPLOAD_REQUIRES_FORM_DATA));
  const { baseUrl = '', token, locale, onProgress, signal } = options;
  if (signal?.aborted) return Promise.reject(signal.reason);
  const xhr = options.createXhr?.() ?? (new XMLHttpRequest() as UploadXhr);
  const timeoutMs = uploadNote.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  return new Promise<UploadNoteResponse>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let timedOut = false;
    const onAbort = () => xhr.abort();
    const finish = (outcome: () => void) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      outcome();
    };

    xhr.open(uploadNote.method, `${baseUrl.replace(/\/+$/, '')}${uploadNote.path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (locale) xhr.setRequestHeader('Accept-Language', locale);

    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.(fileBytes(event.loaded, event.total, file.size));
    });
    xhr.upload.addEventListener('load', () => {
      onProgress?.(file.size);
      timer = setTimeout(() => {
        timedOut = true;
        xhr.abort();
      }, timeoutMs);
    });
    xhr.addEventListener('load', () =>
      finish(() => {
        try {
          resolve(parseAnswer(xhr));
        } catch (error) {
          reject(error);
        }
      }),
    );
    xhr.addEventListener('error', () =>
      finish(() => reject(new ApiError('offline', 0, 'offline', 'Network error'))),
    );
    xhr.addEventListener('abort', () =>
      finish(() =>
        reject(
          timedOut
            ? new ApiError('timeout', 0, 'timeout', `Timed out after ${timeoutMs} ms`)
            : (signal?.reason ?? new DOMException('The upload was aborted', 'AbortError')),
        ),
      ),
    );
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(form);
  });
}
