// The resumable upload in the OpenAPI document (docs/uploads.md#resumable-uploads). tus 1.0.0 is
// spoken by a client library, so these entries describe our additions: the metadata, the owner
// check, the refusals and the note id header.
import type { RouteConfig } from '@hono/zod-openapi';
// Operation ids: RESUMABLE_UPLOAD_OPERATIONS in the contract.
import {
  ErrorBody,
  RESUMABLE_UPLOAD_PATH,
  TUS_VERSION,
  UPLOAD_NOTE_ID_HEADER,
} from '@protokoll/contract';
import { z } from 'zod';
import { BEARER_AUTH } from '../../http/openapi.ts';

const tag = 'notes';
const security = [{ [BEARER_AUTH]: [] }];
const params = z.object({ id: z.string().regex(/^[0-9a-f]{32}$/) });
const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorBody } },
});
const tusHeaders = {
  'Tus-Resumable': { schema: { type: 'string' as const, example: TUS_VERSION } },
};
const offsetHeaders = {
  ...tusHeaders,
  'Upload-Offset': { schema: { type: 'integer' as const } },
};
const noteIdHeader = {
  [UPLOAD_NOTE_ID_HEADER]: {
    description: 'the new note, once the last byte is in and the recording was accepted',
    schema: { type: 'integer' as const },
  },
};
const notFound = error("no such upload, an expired one, or another person's");

export const resumableUploadDocs: RouteConfig[] = [
  {
    method: 'post',
    path: RESUMABLE_UPLOAD_PATH,
    operationId: 'createResumableUpload',
    tags: [tag],
    summary: 'Start a resumable upload (tus 1.0.0, creation extension)',
    description:
      '`Upload-Length` is required (no deferred length). `Upload-Metadata` carries the text fields of `POST /api/note` under the same names (base64 values, as tus defines; schema ResumableUploadMetadata in the contract); they are checked now, before any byte: fields, languages, model, plan, folder, and, when `duration_seconds` declares the length the client measured, that length against the plan and the minutes. One person may have MAX_OPEN_UPLOADS_PER_USER uploads open, declaring together at most OPEN_UPLOAD_BYTES_FACTOR × the largest upload.',
    security,
    request: {
      headers: z.object({
        'tus-resumable': z.literal(TUS_VERSION),
        'upload-length': z.string().regex(/^\d+$/),
        'upload-metadata': z.string().optional(),
      }),
    },
    responses: {
      201: {
        description: 'created; `Location` is the upload',
        headers: {
          ...tusHeaders,
          Location: { schema: { type: 'string' as const } },
          'Upload-Expires': { schema: { type: 'string' as const } },
        },
      },
      400: error('`Upload-Length` missing or invalid'),
      403: error('premium model on a plan without premium models'),
      404: error('`folder_id` is not one of your folders'),
      402: error('the declared length costs more minutes than are left'),
      413: error('`Upload-Length` above the largest upload'),
      422: error(
        'a field is invalid, no speech-to-text engine, or the declared length is longer than the plan allows',
      ),
      429: error('too many open uploads of this person, or too many bytes declared by them'),
    },
  },
  {
    method: 'head',
    path: `${RESUMABLE_UPLOAD_PATH}/{id}`,
    operationId: 'resumableUploadOffset',
    tags: [tag],
    summary: 'Bytes received so far; the note id once the upload is complete',
    security,
    request: { params },
    responses: {
      200: {
        description: 'offset (and `Upload-Length`); with the note id when complete',
        headers: { ...offsetHeaders, ...noteIdHeader },
      },
      404: notFound,
    },
  },
  {
    method: 'patch',
    path: `${RESUMABLE_UPLOAD_PATH}/{id}`,
    operationId: 'resumeUpload',
    tags: [tag],
    summary: 'Append bytes at `Upload-Offset`; the last byte runs the checks of `POST /api/note`',
    description:
      'Body `application/offset+octet-stream`. When the upload is complete the recording is checked exactly like a multipart upload (content, length, plan, minutes) and the note, its reservation and its job are created in one transaction; a refused upload is removed at once.',
    security,
    request: {
      params,
      headers: z.object({
        'tus-resumable': z.literal(TUS_VERSION),
        'upload-offset': z.string().regex(/^\d+$/),
      }),
      body: {
        content: { 'application/offset+octet-stream': { schema: z.string() } },
        required: true,
      },
    },
    responses: {
      204: { description: 'bytes stored', headers: { ...offsetHeaders, ...noteIdHeader } },
      402: error('not enough minutes left'),
      404: notFound,
      409: { description: '`Upload-Offset` is not the bytes received so far' },
      413: error('more bytes than `Upload-Length`'),
      415: error('content is not audio'),
      422: error('audio unreadable, or longer than the plan allows'),
      429: error('too many uploads of this person at once'),
    },
  },
  {
    method: 'delete',
    path: `${RESUMABLE_UPLOAD_PATH}/{id}`,
    operationId: 'cancelResumableUpload',
    tags: [tag],
    summary: 'Give up an upload: its bytes are removed (a created note stays)',
    security,
    request: { params },
    responses: { 204: { description: 'removed', headers: tusHeaders }, 404: notFound },
  },
];
