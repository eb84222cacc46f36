// A note from a recording that has arrived on disk: the fields and the content are checked, the
// length priced against the plan and the balance, and only then is the recording stored and the
// note, its reservation and its job created in one transaction.
import {
  agendaItems,
  billableMinutes,
  ErrorCode,
  exceedsFileLimit,
  hasEnoughMinutes,
  isFormalStructure,
  noteNameFromFile,
  UploadNoteBody,
  type FieldIssue,
  type Template,
} from '@protokoll/contract';
import { and, eq } from 'drizzle-orm';
import { folders, notes, type NoteRow, type User } from '../../db/schema.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { isForeignKeyViolation } from '../../lib/db-errors.ts';
import {
  ApiError,
  ErrorMessage,
  notFoundError,
  validationError,
  notAuthenticated,
} from '../../lib/errors.ts';
import {
  lockMinutesAccount,
  minutesAccountOf,
  type MinutesAccount,
  minutesOf,
  reserveMinutes,
} from '../minutes.ts';
import { planById, type PlanDefinition } from '../plans.ts';
import { requireTemplate } from '../templates.ts';
import type { Wording } from '../../lib/wording.ts';
import { AudioError, detectAudio } from '../../processing/index.ts';
import { audioKey, InvalidStorageKeyError } from '../../providers/storage/storage.ts';
import { SUPPORTED_LANGUAGES, summaryModels } from '../capabilities.ts';
import { gated, type DomainDeps } from '../deps.ts';
import {
  AUDIO_FIELD,
  audioRefusal,
  fileTooLong,
  insufficientMinutes,
  missingFile,
  storageUnavailable,
} from './refusals.ts';

/**
 * The recording as it arrived: a temporary file, moved into storage when the upload is accepted;
 * after a refusal it is still there, and the caller removes it.
 */
export interface UploadedFile {
  path: string;
  /** The name the client sent (display only). */
  filename: string;
  /** Measured while receiving. */
  bytes: number;
}

export interface UploadInput {
  /** The uploader, as read for this request. */
  user: User;
  /** The request's language, for refusals that carry numbers. */
  words: Wording;
  /** The form's text fields, unparsed. */
  fields: Record<string, string>;
  /** Undefined when the form held no recording. */
  file: UploadedFile | undefined;
}

/** Checks what the contract schema cannot: languages and models this server offers, the plan. */
function checkOptions(
  body: UploadNoteBody,
  config: DomainDeps['config'],
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

/**
 * The checks of an upload's fields, before any byte of the recording is needed: the contract
 * schema, languages and model on offer, the model tier of the plan that applies (the team's for a
 * member, docs/minutes.md#team-pool), the folder. Returns the fields and that minutes account. The resumable upload
 * runs them when it is created, and createNoteFromUpload again when the recording is complete.
 * `filename` undefined: no recording arrived (a refusal of its own when the fields are invalid).
 * @throws ApiError for every refusal.
 */
export async function checkUploadFields(
  deps: DomainDeps,
  { user, words, fields, filename }: Omit<UploadInput, 'file'> & { filename: string | undefined },
): Promise<{ body: UploadNoteBody; account: MinutesAccount; template: Template | undefined }> {
  const { config, db } = deps;
  // The file is only a placeholder here: the contract's schema checks that one arrived.
  const parsed = UploadNoteBody.safeParse({
    ...fields,
    [AUDIO_FIELD]: filename === undefined ? undefined : new File([], filename || 'audio'),
  });
  if (!parsed.success) {
    if (filename === undefined) throw missingFile();
    throw validationError(parsed.error);
  }
  const body = parsed.data;
  const account = await gated(deps, () => minutesAccountOf(db, user));
  checkOptions(body, config, planById(account.planId), words);
  // Each database step takes the gate on its own (deps.dbGate): the probe between them does not.
  const folderId = body.folder_id;
  if (folderId !== undefined) {
    const [folder] = await gated(deps, () =>
      db
        .select({ id: folders.id })
        .from(folders)
        .where(and(eq(folders.id, folderId), eq(folders.userId, user.id))),
    );
    if (!folder) throw notFoundError();
  }
  // The template decides the structure (docs/product.md#summary-templates); a deleted one is
  // refused, not replaced.
  const ref = body.template;
  const template =
    ref === undefined
      ? undefined
      : await gated(deps, () => requireTemplate(db, user.id, ref, words.locale));
  if (template) body.structure = template.structure;
  return { body, account, template };
}

/**
 * A recording of `durationSeconds` against the plan's per-file limit and the balance of the
 * minutes account: with the measured length when the recording has arrived, and with the length
 * the browser declared when a resumable upload is created (docs/uploads.md#resumable-uploads).
 * Nothing is reserved here.
 * @throws ApiError 422 fileTooLong, 402 insufficientMinutes.
 */
export async function checkLength(
  deps: DomainDeps,
  {
    account,
    words,
    durationSeconds,
  }: { account: MinutesAccount; words: Wording; durationSeconds: number },
): Promise<void> {
  const plan = planById(account.planId);
  if (plan.max_file_minutes !== null && exceedsFileLimit(durationSeconds, plan.max_file_minutes)) {
    throw fileTooLong(words, durationSeconds, plan.name, plan.max_file_minutes);
  }
  const cost = billableMinutes(durationSeconds);
  const balance = await gated(deps, () => minutesOf(deps.db, account.ledgerUserId, account.planId));
  if (!hasEnoughMinutes(balance, cost)) {
    throw insufficientMinutes(words, durationSeconds, cost, balance.remaining);
  }
}

/**
 * Checks fields, content, length, plan and minutes, in that order, before anything is stored;
 * then moves the recording into storage and creates the reservation, the note and its job in one
 * transaction, and wakes the workers. A refusal leaves nothing stored (a recording already moved
 * in is removed again).
 * @throws ApiError for every refusal.
 */
export async function createNoteFromUpload(
  deps: DomainDeps,
  { user, words, fields, file }: UploadInput,
): Promise<NoteRow> {
  const { db, logger, storage } = deps;
  const { body, account, template } = await checkUploadFields(deps, {
    user,
    words,
    fields,
    filename: file?.filename,
  });
  if (!file) throw missingFile();
  // Only a formal meeting follows an agenda (docs/formal-minutes.md#agenda-first).
  const agenda = body.agenda && isFormalStructure(body.structure) ? agendaItems(body.agenda) : [];

  let detected: Awaited<ReturnType<typeof detectAudio>>;
  try {
    // A few probes at once; beyond the queue's bound 503 (docs/architecture.md#password-and-probe-queues).
    const probe = () => detectAudio(file.path);
    detected = await (deps.probeQueue?.run(probe) ?? probe());
  } catch (error) {
    if (error instanceof AudioError) throw audioRefusal(error, words);
    throw error;
  }
  const duration = detected.probe.durationSeconds;
  const cost = billableMinutes(duration);
  // Refused before anything is stored; checked again under the lock below.
  await checkLength(deps, { account, words, durationSeconds: duration });

  const key = audioKey(user.id, detected.ext);
  // Written once: the temporary file becomes the stored recording.
  try {
    await storage.moveIn(file.path, key);
  } catch (error) {
    if (error instanceof InvalidStorageKeyError) throw error;
    // The folder or the S3 service failed: a translated 503, nothing reserved, nothing kept.
    logger.error('upload could not be stored', { key, err: error });
    await storage.remove(key).catch(() => undefined);
    throw storageUnavailable(words);
  }
  let note: NoteRow;
  try {
    // Refused here (503, server busy), the recording just moved in is removed below like after
    // any other refusal.
    note = await gated(deps, () =>
      db.transaction(async (tx) => {
        const locked = await lockMinutesAccount(tx, user.id);
        if (!locked) throw notAuthenticated();
        const held = await minutesOf(tx, locked.ledgerUserId, locked.planId);
        if (!hasEnoughMinutes(held, cost))
          throw insufficientMinutes(words, duration, cost, held.remaining);
        const [created] = await tx
          .insert(notes)
          .values({
            userId: user.id,
            folderId: body.folder_id ?? null,
            name: body.name ?? noteNameFromFile(body.file_name),
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
            template: template && !template.built_in ? template : null,
            agenda: agenda.length > 0 ? agenda : null,
            design: body.design,
            transcriptType: body.transcript_type,
            speakers: body.speakers ?? 0,
            transcribe: body.transcribe,
            audioKey: key,
            audioType: detected.mime,
          })
          .returning();
        if (!created) throw new Error('note insert returned nothing');
        await reserveMinutes(tx, {
          userId: locked.ledgerUserId,
          actorId: locked.actorId,
          noteId: created.id,
          minutes: cost,
          run: 1,
        });
        await enqueueJob(tx, created.id);
        return created;
      }),
    );
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
  deps.jobs.announce();
  logger.info('upload accepted', {
    noteId: note.id,
    bytes: note.size,
    durationSeconds: note.durationSeconds,
    lengthFrom: detected.probe.lengthSource,
    minutes: note.minutesReserved,
  });
  return note;
}
