// The refusals of an upload and a retry. Those that carry numbers are worded by the server in the
// request's language (lib/wording.ts); the client shows their message as it is.
import { ErrorCode } from '@protokoll/contract';
import { ApiError } from '../../lib/errors.ts';
import type { Wording } from '../../lib/wording.ts';
import type { AudioError } from '../../processing/index.ts';

/** The multipart field holding the recording. */
export const AUDIO_FIELD = 'audio_file';

/** The contract's wording when the body holds no `audio_file`. */
export const UPLOAD_REQUIRES_FORM_DATA_MESSAGE =
  "isFileUpload=true requires FormData with 'audio_file'";

export function missingFile(): ApiError {
  return new ApiError(422, ErrorCode.UPLOAD_REQUIRES_FORM_DATA, UPLOAD_REQUIRES_FORM_DATA_MESSAGE, [
    { path: AUDIO_FIELD, message: 'validation.fileRequired' },
  ]);
}

export function noEngine(words: Wording): ApiError {
  // 422, not 503: the request is well formed and the server is healthy; this server is simply
  // not set up to process recordings, and the client shows the message as it is.
  return new ApiError(
    422,
    ErrorCode.TRANSCRIPTION_UNAVAILABLE,
    words.t('processing.upload.noEngine'),
  );
}

export function noAudioTools(words: Wording, missing: readonly string[]): ApiError {
  // As noEngine: this server cannot process recordings until ffmpeg/ffprobe are installed.
  return new ApiError(
    422,
    ErrorCode.TRANSCRIPTION_UNAVAILABLE,
    words.t('processing.upload.noAudioTools', { tools: missing.join(', ') }),
  );
}

export function tooLarge(words: Wording, maxBytes: number): ApiError {
  return new ApiError(
    413,
    ErrorCode.UPLOAD_FAILED,
    words.t('processing.upload.tooLarge', { max: words.bytes(maxBytes) }),
  );
}

export function insufficientMinutes(
  words: Wording,
  durationSeconds: number,
  cost: number,
  remaining: number,
): ApiError {
  return new ApiError(
    402,
    ErrorCode.INSUFFICIENT_MINUTES,
    words.t('processing.upload.insufficientMinutes', {
      duration: words.duration(durationSeconds),
      cost: words.minutes(cost),
      remaining: words.minutes(Math.max(0, remaining)),
    }),
  );
}

export function fileTooLong(
  words: Wording,
  durationSeconds: number,
  planName: string,
  limitMinutes: number,
): ApiError {
  return new ApiError(
    422,
    ErrorCode.FILE_TOO_LONG,
    words.t('processing.upload.fileTooLong', {
      duration: words.duration(durationSeconds),
      plan: planName,
      limit: words.minutes(limitMinutes),
    }),
  );
}

export function audioRefusal(error: AudioError, words: Wording): ApiError {
  // Not audio at all is an unsupported media type; broken audio is unprocessable content.
  return new ApiError(error.reason === 'notAudio' ? 415 : 422, error.code, words.t(error.key));
}

/** Seconds a client refused for too many uploads at once is told to wait (`Retry-After`). */
export const UPLOAD_RETRY_AFTER_SECONDS = 30;

export function tooManyUploads(words: Wording, max: number): ApiError {
  return new ApiError(
    429,
    ErrorCode.TOO_MANY_ATTEMPTS,
    words.t('processing.upload.tooManyUploads', { max }),
  );
}

/** Too many resumable uploads of this person open at once (MAX_OPEN_UPLOADS_PER_USER). */
export function tooManyOpenUploads(words: Wording, max: number): ApiError {
  return new ApiError(
    429,
    ErrorCode.TOO_MANY_OPEN_UPLOADS,
    words.t('processing.upload.tooManyOpenUploads', { max }),
  );
}

/** The open resumable uploads' declared lengths would pass their bound together. */
export function openUploadsTooLarge(words: Wording, maxBytes: number): ApiError {
  return new ApiError(
    429,
    ErrorCode.TOO_MANY_OPEN_UPLOADS,
    words.t('processing.upload.openUploadsTooLarge', { max: words.bytes(maxBytes) }),
  );
}

/** A PATCH brought more bytes than the upload declared at its creation (`Upload-Length`). */
export function beyondDeclaredLength(words: Wording, declaredBytes: number): ApiError {
  return new ApiError(
    413,
    ErrorCode.UPLOAD_FAILED,
    words.t('processing.upload.beyondDeclaredLength', {
      bytes: new Intl.NumberFormat(words.locale).format(declaredBytes),
    }),
    undefined,
    { closeConnection: true },
  );
}

/** Seconds a client whose recording could not be stored is told to wait (`Retry-After`). */
export const STORAGE_RETRY_AFTER_SECONDS = 60;

/** Storage (the folder or the S3 service) failed while the recording was being stored: 503. */
export function storageUnavailable(words: Wording): ApiError {
  return new ApiError(
    503,
    ErrorCode.SERVER,
    words.t('processing.upload.storageUnavailable'),
    undefined,
    { retryAfterSeconds: STORAGE_RETRY_AFTER_SECONDS },
  );
}
