import { rm } from 'node:fs/promises';
import { ErrorCode } from '@protokoll/contract';
import type { Context } from 'hono';
import { createNoteFromUpload } from '../../domain/notes/create-from-upload.ts';
import { toNoteDto } from '../../domain/notes/dto.ts';
import {
  missingFile,
  noAudioTools,
  noEngine,
  tooLarge,
  tooManyUploads,
  UPLOAD_RETRY_AFTER_SECONDS,
} from '../../domain/notes/refusals.ts';
import { authOf } from '../../http/auth.ts';
import type { AppEnv } from '../../http/context.ts';
import { returningGate } from '../../lib/db-gate.ts';
import { ApiError, notAuthenticated } from '../../lib/errors.ts';
import { errorBody } from '../../http/errors.ts';
import { uploadTempDir } from '../../lib/upload-temp.ts';
import { findUserById } from '../../lib/users.ts';
import { requestWording } from '../../http/request-locale.ts';
import { depsOf } from '../deps.ts';
import {
  MULTIPART_ENVELOPE_BYTES,
  NotMultipartError,
  receiveUpload,
  requestBody,
  UploadIdleError,
  type ReceivedUpload,
} from './multipart.ts';
import type { UploadSlots } from './slots.ts';

/**
 * `POST /api/note`. The body streams to a temporary file (never into memory) under the size
 * limit, within the user's share of concurrent uploads; then createNoteFromUpload checks it and
 * moves it into storage. The temporary file is gone when the answer leaves, whatever the answer,
 * and so is the upload's slot.
 */
export function uploadNoteHandler(slots: UploadSlots) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    const { userId } = authOf(c);
    const { config, db, logger } = c.var;
    // The database steps take the gate one by one; receiving the body holds no place in it. The
    // session check took it first (index.ts), so every later step goes in front of the line.
    const dbGate = returningGate(c.var.dbGate);
    const user = await dbGate.run(() => findUserById(db, userId));
    if (!user) throw notAuthenticated();
    const words = await requestWording(c, user.locale);
    // Refused before a byte is read: nothing could process the recording, nothing is charged.
    if (config.sttEngines.length === 0) throw noEngine(words);
    const { missing } = await c.var.audioTools;
    if (missing.length > 0) throw noAudioTools(words, missing);
    const contentType = c.req.header('Content-Type') ?? '';
    if (!/^multipart\/form-data/i.test(contentType)) throw missingFile();
    // A declared length far over the limit is refused without reading the body at all.
    const declared = Number(c.req.header('Content-Length'));
    if (declared > config.maxUploadBytes + MULTIPART_ENVELOPE_BYTES) {
      throw tooLarge(words, config.maxUploadBytes);
    }
    const max = config.uploads.maxConcurrentPerUser;
    const slot = slots.acquire(user.id, max);
    if (!slot) {
      logger.warn('upload refused: too many at once', { userId: user.id, max });
      return c.json(errorBody(tooManyUploads(words, max), c.var.requestId), 429, {
        'Retry-After': String(UPLOAD_RETRY_AFTER_SECONDS),
      });
    }

    try {
      let upload: ReceivedUpload;
      try {
        upload = await receiveUpload(requestBody(c), contentType, {
          dir: uploadTempDir(config.dataDir),
          maxFileBytes: config.maxUploadBytes,
          idleTimeoutMs: config.uploads.idleTimeoutMs,
        });
      } catch (error) {
        if (error instanceof NotMultipartError) throw missingFile();
        // The client went away, stalled, or sent a body that does not match its header; whatever
        // was written is already removed.
        logger.info('upload not completed', { err: error });
        if (error instanceof UploadIdleError) {
          throw new ApiError(408, ErrorCode.UPLOAD_FAILED, 'Upload timed out');
        }
        throw new ApiError(400, ErrorCode.UPLOAD_FAILED, 'Upload failed');
      }
      if (upload.tooLarge) {
        logger.info('upload not completed', { reason: 'over the size limit' });
        throw tooLarge(words, config.maxUploadBytes);
      }
      const { file } = upload;
      try {
        const note = await createNoteFromUpload(
          { ...depsOf(c), dbGate },
          {
            user,
            words,
            fields: upload.fields,
            file,
          },
        );
        return c.json(
          { success: true, message: words.t('processing.upload.accepted'), note: toNoteDto(note) },
          200,
        );
      } finally {
        // Moved into storage when accepted; removed here after any refusal.
        if (file) {
          await rm(file.path, { force: true });
          file.release();
        }
      }
    } finally {
      slot.release();
    }
  };
}
