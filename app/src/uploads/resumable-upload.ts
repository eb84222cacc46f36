import {
  DURATION_METADATA_KEY,
  ErrorBody,
  RESUMABLE_UPLOAD_PATH,
  UPLOAD_NOTE_ID_HEADER,
} from '@protokoll/contract';
import type { DetailedError, Upload } from 'tus-js-client';
import { ApiError } from '../lib/api-error.ts';
import { UPLOAD_REQUIRES_FORM_DATA, type SendUploadOptions } from './upload-note.ts';

/*
 * The resumable upload (docs/uploads.md#resumable-uploads) with tus-js-client, loaded with the
 * first upload, never with the first paint. A dropped connection is retried with growing waits
 * and continues from the offset the server acknowledged; the upload's address is kept in
 * localStorage under the file's fingerprint (name, type, size, last change), so choosing the same
 * file again after a reload continues it too.
 */

/** Pauses and resumes a running upload (the toast's buttons). */
export interface UploadControl {
  pause(): void;
  resume(): void;
}

export interface ResumableUploadOptions extends SendUploadOptions {
  /** Called once the upload runs, with its pause and resume. */
  onControl?: ((control: UploadControl) => void) | undefined;
  /** Waits before each new attempt after a network failure; defaults to RETRY_DELAYS_MS. */
  retryDelays?: number[] | undefined;
}

/** Waits between attempts after a dropped connection: about ten minutes in all. */
export const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000, 60_000, 60_000];

/** The refusal of a tus request as the API client would throw it. */
function toApiError(error: Error | DetailedError): Error {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (!response) return new ApiError('offline', 0, 'offline', error.message || 'Network error');
  const status = response.getStatus();
  let payload: unknown;
  try {
    payload = JSON.parse(response.getBody());
  } catch {
    payload = undefined;
  }
  const parsed = ErrorBody.safeParse(payload);
  return parsed.success
    ? new ApiError('http', status, parsed.data.code, parsed.data.message, parsed.data.issues)
    : new ApiError('http', status, `http_${status}`, error.message);
}

/**
 * Worth another attempt: no answer at all, a server failure, a stalled body (408), a busy or
 * conflicting moment.
 */
function retryable(error: DetailedError): boolean {
  const status = error.originalResponse?.getStatus() ?? 0;
  return status === 0 || status >= 500 || status === 408 || status === 409 || status === 423;
}

/**
 * Sends the form's file by tus, its other fields as the upload's metadata; resolves with the note
 * the server created (from `Upload-Note-Id`). Rejects with `Error(UPLOAD_REQUIRES_FORM_DATA)`
 * when the form holds no file, before anything is sent.
 */
export async function sendResumableUpload(
  form: FormData,
  options: ResumableUploadOptions,
): Promise<{ note?: { id: number } | undefined }> {
  const file = form.get('audio_file');
  if (!(file instanceof Blob)) throw new Error(UPLOAD_REQUIRES_FORM_DATA);
  const { baseUrl = '', token, locale, onProgress, signal, onControl, durationSeconds } = options;
  if (signal?.aborted) throw signal.reason;
  const metadata: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (name !== 'audio_file' && name !== 'size' && typeof value === 'string') {
      metadata[name] = value;
    }
  }
  if (durationSeconds !== undefined && Number.isFinite(durationSeconds) && durationSeconds > 0) {
    metadata[DURATION_METADATA_KEY] = String(durationSeconds);
  }
  const { Upload: TusUpload } = await import('tus-js-client');

  return new Promise((resolve, reject) => {
    const upload: Upload = new TusUpload(file, {
      endpoint: `${baseUrl.replace(/\/+$/, '')}${RESUMABLE_UPLOAD_PATH}`,
      metadata,
      retryDelays: options.retryDelays ?? RETRY_DELAYS_MS,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onBeforeRequest(req) {
        if (token) req.setHeader('Authorization', `Bearer ${token}`);
        if (locale) req.setHeader('Accept-Language', locale);
      },
      onShouldRetry: (error) => retryable(error),
      onProgress: (sent) => onProgress?.(sent),
      onSuccess({ lastResponse }) {
        signal?.removeEventListener('abort', onAbort);
        const id = Number(lastResponse.getHeader(UPLOAD_NOTE_ID_HEADER));
        resolve({ note: Number.isInteger(id) && id > 0 ? { id } : undefined });
      },
      onError(error) {
        signal?.removeEventListener('abort', onAbort);
        reject(toApiError(error));
      },
    });
    const onAbort = () => {
      void upload.abort();
      reject(signal?.reason ?? new DOMException('The upload was aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    void upload.findPreviousUploads().then(
      (previous) => {
        const [latest] = previous;
        if (latest) upload.resumeFromPreviousUpload(latest);
        upload.start();
      },
      () => upload.start(),
    );
    onControl?.({
      pause: () => void upload.abort(),
      resume: () => upload.start(),
    });
  });
}
