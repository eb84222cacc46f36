import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import {
  ErrorCode,
  NOTE_NAME_MAX_LENGTH,
  UploadNoteBody,
  type CapabilitiesResponse,
  type FieldIssue,
  type SummaryModel,
} from '@protokoll/contract';
import type { Context } from 'hono';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { folders, jobs, minutesLedger, notes, type NoteRow, type User } from '../../db/schema.ts';
import { announceJobs, enqueueJob } from '../../jobs/queue.ts';
import { isStage, STAGE_DISPLAY } from '../../jobs/pipeline.ts';
import { authOf, notAuthenticated } from '../../lib/auth/middleware.ts';
import type { AppEnv } from '../../lib/context.ts';
import { ApiError, ErrorMessage, notFoundError, validationError } from '../../lib/errors.ts';
import {
  hasEnoughMinutes,
  heldMinutes,
  lockUserMinutes,
  minutesFor,
  minutesOf,
  reserveMinutes,
} from '../../lib/minutes.ts';
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { planById, type PlanDefinition } from '../../lib/plans.ts';
import { findUserById } from '../../lib/users.ts';
import { AudioError, detectAudio } from '../../processing/index.ts';
import { audioKey, audioStorage } from '../../providers/storage/storage.ts';
import { toNoteDetailDto, toNoteDto } from '../notes/notes.dto.ts';
import { requestWording, type Wording } from './messages.ts';
import {
  AUDIO_FIELD,
  NotMultipartError,
  receiveUpload,
  requestBody,
  uploadTempDir,
  type ReceivedFile,
} from './multipart.ts';
import type { getCapabilitiesRoute, retryNoteRoute } from './uploads.routes.ts';

/** The built-in summariser's model id: the one choice of a server without a chat engine. */
export const EXTRACTIVE_MODEL_ID = 'extractive';

/**
 * Spoken and summary languages on offer: the ones every engine we target transcribes well and
 * the extractive summariser at least passes through (it has German and English headings).
 */
export const SUPPORTED_LANGUAGES = ['de', 'en', 'fr', 'es', 'it', 'nl', 'pl', 'tr'] as const;

/** Room for the text fields and part headers around the file in a multipart body. */
const MULTIPART_ENVELOPE_BYTES = 1024 * 1024;

/** SPEC §5's wording when the body holds no `audio_file`. */
export const UPLOAD_REQUIRES_FORM_DATA_MESSAGE =
  "isFileUpload=true requires FormData with 'audio_file'";

/** The summary models this server offers: LLM_MODELS, or the extractive summariser alone. */
export function summaryModels(config: Pick<Config, 'llm'>): SummaryModel[] {
  if (config.llm.baseUrl && config.llm.models.length > 0) {
    return config.llm.models.map(({ id, premium }) => ({ id, premium }));
  }
  return [{ id: EXTRACTIVE_MODEL_ID, premium: false }];
}

export function capabilitiesOf(config: Config): CapabilitiesResponse {
  return {
    success: true,
    stt_available: config.stt.baseUrl !== undefined,
    summary_models: summaryModels(config),
    languages: [...SUPPORTED_LANGUAGES],
    max_upload_bytes: config.maxUploadBytes,
  };
}

export const getCapabilitiesHandler: AppRouteHandler<typeof getCapabilitiesRoute> = (c) => {
  c.header('Cache-Control', 'no-store');
  return c.json(capabilitiesOf(c.var.config), 200);
};

function missingFile(): ApiError {
  return new ApiError(422, ErrorCode.UPLOAD_REQUIRES_FORM_DATA, UPLOAD_REQUIRES_FORM_DATA_MESSAGE, [
    { path: AUDIO_FIELD, message: 'validation.fileRequired' },
  ]);
}

function noEngine(words: Wording): ApiError {
  // 422, not 503: the request is well formed and the server is healthy; this server is simply
  // not set up to process recordings, and the client shows the message as it is.
  return new ApiError(
    422,
    ErrorCode.TRANSCRIPTION_UNAVAILABLE,
    words.t('processing.upload.noEngine'),
  );
}

function tooLarge(words: Wording, maxBytes: number): ApiError {
  return new ApiError(
    413,
    ErrorCode.UPLOAD_FAILED,
    words.t('processing.upload.tooLarge', { max: words.bytes(maxBytes) }),
  );
}

function insufficientMinutes(
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

function audioRefusal(error: AudioError, words: Wording): ApiError {
  // Not audio at all is an unsupported media type; broken audio is unprocessable content.
  return new ApiError(error.reason === 'notAudio' ? 415 : 422, error.code, words.t(error.key));
}

/** The note's default name: the file name without its extension. */
export function nameFromFile(fileName: string): string {
  const base = fileName.replace(/\.[A-Za-z0-9]{1,8}$/, '').trim() || fileName.trim();
  return base.slice(0, NOTE_NAME_MAX_LENGTH);
}

/** Checks what the contract schema cannot: languages and models this server offers, the plan. */
function checkOptions(
  body: UploadNoteBody,
  config: Config,
  plan: PlanDefinition,
  words: Wording,
): void {
  const languages: readonly string[] = SUPPORTED_LANGUAGES;
  const issues: FieldIssue[] = [];
  if (body.language !== 'auto' && !languages.includes(body.language)) {
    issues.push({ path: 'language', message: 'validation.languageInvalid' });
  }
  if (!languages.includes(body.summary_language)) {
    issues.push({ path: 'summary_language', message: 'validation.languageInvalid' });
  }
  const model = summaryModels(config).find((entry) => entry.id === body.summary_model);
  if (!model) issues.push({ path: 'summary_model', message: 'validation.invalidValue' });
  if (issues.length) throw new ApiError(422, ErrorCode.VALIDATION, ErrorMessage.validation, issues);
  if (model?.premium && plan.modelTier !== 'premium') {
    throw new ApiError(
      403,
      ErrorCode.PREMIUM_REQUIRED,
      words.t('processing.upload.premiumRequired', { model: model.id }),
    );
  }
}

/** Drizzle wraps driver errors; the SQLSTATE sits on the error or its cause. */
function isForeignKeyViolation(error: unknown): boolean {
  const codeOf = (e: unknown) => (e as { code?: unknown } | undefined)?.code;
  return (codeOf(error) ?? codeOf((error as { cause?: unknown } | undefined)?.cause)) === '23503';
}

/** Everything after the body is on disk: checks, then storage, then one transaction. */
async function accept(
  c: Context<AppEnv>,
  user: User,
  words: Wording,
  fields: Record<string, string>,
  file: ReceivedFile | undefined,
): Promise<NoteRow> {
  const { config, db, logger } = c.var;
  // The file is only a placeholder here: the contract's schema checks that one arrived.
  const parsed = UploadNoteBody.safeParse({
    ...fields,
    [AUDIO_FIELD]: file ? new File([], file.filename || 'audio') : undefined,
  });
  if (!parsed.success) {
    if (!file) throw missingFile();
    throw validationError(parsed.error);
  }
  const body = parsed.data;
  const plan = planById(user.planId);
  checkOptions(body, config, plan, words);
  if (body.folder_id !== undefined) {
    const [folder] = await db
      .select({ id: folders.id })
      .from(folders)
      .where(and(eq(folders.id, body.folder_id), eq(folders.userId, user.id)));
    if (!folder) throw notFoundError();
  }
  if (!file) throw missingFile();

  let detected: Awaited<ReturnType<typeof detectAudio>>;
  try {
    detected = await detectAudio(file.path);
  } catch (error) {
    if (error instanceof AudioError) throw audioRefusal(error, words);
    throw error;
  }
  const duration = detected.probe.durationSeconds;
  const cost = minutesFor(duration);
  if (plan.max_file_minutes !== null && cost > plan.max_file_minutes) {
    throw new ApiError(
      422,
      ErrorCode.FILE_TOO_LONG,
      words.t('processing.upload.fileTooLong', {
        duration: words.duration(duration),
        plan: plan.name,
        limit: words.minutes(plan.max_file_minutes),
      }),
    );
  }
  // Refused before anything is stored; checked again under the lock below.
  const balance = await minutesOf(db, user.id, user.planId);
  if (!hasEnoughMinutes(balance, cost)) {
    throw insufficientMinutes(words, duration, cost, balance.remaining);
  }

  const storage = audioStorage(config.dataDir);
  const key = audioKey(user.id, detected.ext);
  await storage.write(key, createReadStream(file.path));
  try {
    return await db.transaction(async (tx) => {
      const locked = await lockUserMinutes(tx, user.id);
      if (!locked) throw notAuthenticated();
      const held = await minutesOf(tx, user.id, locked.planId);
      if (!hasEnoughMinutes(held, cost))
        throw insufficientMinutes(words, duration, cost, held.remaining);
      const [note] = await tx
        .insert(notes)
        .values({
          userId: user.id,
          folderId: body.folder_id ?? null,
          name: body.name ?? nameFromFile(body.file_name),
          status: 'queued',
          progress: 0,
          fileName: body.file_name,
          // Measured, not the client's `size` field.
          size: file.bytes,
          durationSeconds: duration,
          minutesReserved: cost,
          language: body.language,
          summaryLanguage: body.summary_language,
          summaryModel: body.summary_model,
          structure: body.structure,
          design: body.design,
          transcriptType: body.transcript_type,
          speakers: body.speakers ?? 0,
          transcribe: body.transcribe,
          audioKey: key,
          audioType: detected.mime,
        })
        .returning();
      if (!note) throw new Error('note insert returned nothing');
      await reserveMinutes(tx, { userId: user.id, noteId: note.id, minutes: cost, run: 1 });
      await enqueueJob(tx, note.id);
      return note;
    });
  } catch (error) {
    await storage.remove(key).catch((removeError: unknown) =>
      logger.error('upload refused, but its stored copy could not be removed', {
        key,
        err: removeError,
      }),
    );
    // The folder was deleted between the check and the insert.
    if (isForeignKeyViolation(error)) throw notFoundError();
    throw error;
  }
}

/**
 * SPEC §7 `POST /api/note`. The body streams to a temporary file (never into memory) under the
 * size limit; then fields, content, length, plan and minutes are checked, in that order, before
 * the recording is stored; the reservation, the note and its job are created in one transaction.
 * The temporary file is gone when the answer leaves, whatever the answer.
 */
export async function uploadNoteHandler(c: Context<AppEnv>): Promise<Response> {
  const { userId } = authOf(c);
  const { config, db, logger } = c.var;
  const user = await findUserById(db, userId);
  if (!user) throw notAuthenticated();
  const words = await requestWording(c, user.locale);
  // Refused before a byte is read: nothing could process the recording, nothing is charged.
  if (!config.stt.baseUrl) throw noEngine(words);
  const contentType = c.req.header('Content-Type') ?? '';
  if (!/^multipart\/form-data/i.test(contentType)) throw missingFile();
  // A declared length far over the limit is refused without reading the body at all.
  const declared = Number(c.req.header('Content-Length'));
  if (declared > config.maxUploadBytes + MULTIPART_ENVELOPE_BYTES) {
    throw tooLarge(words, config.maxUploadBytes);
  }

  let upload: Awaited<ReturnType<typeof receiveUpload>>;
  try {
    upload = await receiveUpload(requestBody(c), contentType, {
      dir: uploadTempDir(config.dataDir),
      maxFileBytes: config.maxUploadBytes,
    });
  } catch (error) {
    if (error instanceof NotMultipartError) throw missingFile();
    // The client went away or sent a broken body; whatever was written is already removed.
    logger.info('upload not completed', { err: error });
    throw new ApiError(400, ErrorCode.UPLOAD_FAILED, 'Upload failed');
  }
  if (upload.tooLarge) throw tooLarge(words, config.maxUploadBytes);
  let note: NoteRow;
  try {
    note = await accept(c, user, words, upload.fields, upload.file);
  } finally {
    if (upload.file) await rm(upload.file.path, { force: true });
  }
  announceJobs();
  logger.info('upload accepted', {
    noteId: note.id,
    bytes: note.size,
    durationSeconds: note.durationSeconds,
    minutes: note.minutesReserved,
  });
  return c.json(
    { success: true, message: words.t('processing.upload.accepted'), note: toNoteDto(note) },
    200,
  );
}

/**
 * Reruns a failed note from the stage that failed (the checkpoint keeps what earlier stages
 * made). Minutes refunded by the failure are reserved again first, under the same lock and
 * rules as an upload.
 */
export const retryNoteHandler: AppRouteHandler<typeof retryNoteRoute> = async (c) => {
  const { userId } = authOf(c);
  const { id } = c.req.valid('param');
  const { config, db } = c.var;
  const user = await findUserById(db, userId);
  if (!user) throw notAuthenticated();
  const words = await requestWording(c, user.locale);
  const note = await db.transaction(async (tx) => {
    const locked = await lockUserMinutes(tx, userId);
    if (!locked) throw notAuthenticated();
    const [note] = await tx
      .select()
      .from(notes)
      .where(and(eq(notes.id, id), eq(notes.userId, userId)))
      .for('update');
    if (!note) throw notFoundError();
    if (note.status !== 'error') {
      throw new ApiError(409, ErrorCode.INVALID_INPUT, words.t('processing.retry.notFailed'));
    }
    const [job] = await tx.select().from(jobs).where(eq(jobs.noteId, id)).for('update');
    const stage = job && isStage(job.stage) ? job.stage : 'prepare';
    if (!config.stt.baseUrl && (stage === 'prepare' || stage === 'transcribe')) {
      throw noEngine(words);
    }
    if ((await heldMinutes(tx, id)) === 0) {
      const cost = note.minutesReserved;
      const balance = await minutesOf(tx, userId, locked.planId);
      if (!hasEnoughMinutes(balance, cost)) {
        throw insufficientMinutes(
          words,
          note.durationSeconds ?? cost * 60,
          cost,
          balance.remaining,
        );
      }
      const [runs] = await tx
        .select({ value: count() })
        .from(minutesLedger)
        .where(and(eq(minutesLedger.noteId, id), eq(minutesLedger.kind, 'reserve')));
      await reserveMinutes(tx, { userId, noteId: id, minutes: cost, run: (runs?.value ?? 0) + 1 });
    }
    if (job) {
      await tx
        .update(jobs)
        .set({
          state: 'queued',
          runAt: sql`now()`,
          attempts: 0,
          lockedBy: null,
          leaseUntil: null,
          lastError: null,
        })
        .where(eq(jobs.id, job.id));
    } else {
      await enqueueJob(tx, id);
    }
    // Waiting for a worker again; the progress it had reached stays visible.
    const [updated] = await tx
      .update(notes)
      .set({ status: 'queued', progress: STAGE_DISPLAY[stage].progress, error: null })
      .where(and(eq(notes.id, id), eq(notes.userId, userId)))
      .returning();
    if (!updated) throw notFoundError();
    return updated;
  });
  announceJobs();
  return c.json(
    { success: true, message: words.t('processing.retry.started'), note: toNoteDetailDto(note) },
    200,
  );
};
