// The resumable upload (tus 1.0.0) beside the multipart `POST /api/note`
// (docs/uploads.md#resumable-uploads). The tus protocol itself (POST, HEAD, PATCH, DELETE with
// its headers) is not an `Endpoint`: a tus client library speaks it. What is ours is written here.
import { z } from 'zod';
import { UploadNoteBody } from './notes.ts';

/** Where uploads are created (`POST`); each upload lives at `<path>/<upload id>`. */
export const RESUMABLE_UPLOAD_PATH = '/api/uploads';

/** The tus protocol version the server speaks. */
export const TUS_VERSION = '1.0.0';

/**
 * The header carrying the new note's id: on the PATCH that completes the upload, and on every HEAD
 * of a completed upload (so a client whose last answer was lost still learns it).
 */
export const UPLOAD_NOTE_ID_HEADER = 'Upload-Note-Id';

/**
 * `Upload-Metadata` of a new upload: the text fields of `POST /api/note` under the same names
 * (`audio_file` is the upload itself; `size` is the server's `Upload-Length`).
 */
export const ResumableUploadMetadata = UploadNoteBody.omit({ audio_file: true, size: true })
  .extend({
    /**
     * The recording's length in seconds as the browser measured it, when it could: the server
     * prices it against the plan and the balance before any byte is sent, and measures again
     * with the last byte (the measured length is what counts).
     */
    duration_seconds: z.coerce.number().positive().optional(),
  })
  .meta({ id: 'ResumableUploadMetadata' });
export type ResumableUploadMetadata = z.input<typeof ResumableUploadMetadata>;

/** The metadata key of the declared length (`ResumableUploadMetadata.duration_seconds`). */
export const DURATION_METADATA_KEY = 'duration_seconds';

/**
 * Resumable uploads one person may have open (created, last byte not yet arrived) at once;
 * finishing, giving up (DELETE) or expiry frees a place (docs/uploads.md#resumable-uploads).
 */
export const MAX_OPEN_UPLOADS_PER_USER = 3;

/**
 * The declared lengths (`Upload-Length`) of one person's open resumable uploads together are at
 * most this many times the per-file limit (`MAX_UPLOAD_BYTES`): two full-size files at once.
 */
export const OPEN_UPLOAD_BYTES_FACTOR = 2;

/** The operation ids of the resumable upload in the OpenAPI document. */
export const RESUMABLE_UPLOAD_OPERATIONS = [
  'createResumableUpload',
  'resumableUploadOffset',
  'resumeUpload',
  'cancelResumableUpload',
] as const;
