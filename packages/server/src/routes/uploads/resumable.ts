// The resumable upload (tus 1.0.0, docs/uploads.md#resumable-uploads): @tus/server speaks the
// protocol; its state is a row in `resumable_uploads` and its bytes are part objects in storage
// (tus-store.ts), so any API process continues it. This file adds what is ours: the session and
// the owner of every upload, the same refusals as `POST /api/note`, the open-upload limits, and,
// on the last byte, the same domain operation (createNoteFromUpload) as the multipart upload.
import { mkdir, rm } from 'node:fs/promises';
import {
  DURATION_METADATA_KEY,
  ErrorCode,
  MAX_OPEN_UPLOADS_PER_USER,
  OPEN_UPLOAD_BYTES_FACTOR,
  ResumableUploadMetadata,
  RESUMABLE_UPLOAD_PATH,
  TUS_VERSION,
  UPLOAD_NOTE_ID_HEADER,
} from '@protokoll/contract';
import { Server, type Upload } from '@tus/server';
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { resumableUploads, type ResumableUploadRow, type User } from '../../db/schema.ts';
import type { DomainDeps } from '../../domain/deps.ts';
import {
  checkLength,
  checkUploadFields,
  createNoteFromUpload,
} from '../../domain/notes/create-from-upload.ts';
import {
  AUDIO_FIELD,
  beyondDeclaredLength,
  noAudioTools,
  noEngine,
  openUploadsTooLarge,
  storageUnavailable,
  tooLarge,
  tooManyOpenUploads,
  tooManyUploads,
  UPLOAD_RETRY_AFTER_SECONDS,
} from '../../domain/notes/refusals.ts';
import { authOf } from '../../http/auth.ts';
import type { AppEnv } from '../../http/context.ts';
import { returningGate, type DbGate } from '../../lib/db-gate.ts';
import { ApiError, notFoundError, notAuthenticated } from '../../lib/errors.ts';
import { errorBody } from '../../http/errors.ts';
import {
  createResumableUpload,
  partsFolder,
  removeResumableUpload,
  type DbStep,
  type OpenUploads,
} from '../../lib/resumable-uploads.ts';
import { claimUploadPath, uploadTempDir } from '../../lib/upload-temp.ts';
import { findUserById } from '../../lib/users.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import { type Wording } from '../../lib/wording.ts';
import { requestWording } from '../../http/request-locale.ts';
import { depsOf } from '../deps.ts';
import type { UploadSlots } from './slots.ts';
import { RowLocker, StorageDataStore, UPLOAD_LEASE_MS } from './tus-store.ts';

/** Metadata keys the server once wrote (a client's own values under these names are dropped). */
const OWNER_KEY = 'owner';
const NOTE_KEY = 'note_id';
/** The ids @tus/server gives (16 random bytes, hex): anything else is no upload of ours. */
const UPLOAD_ID = /^[0-9a-f]{32}$/;

/** What the tus hooks of one request need, keyed by the request the hooks receive. */
interface RequestState {
  deps: DomainDeps;
  user: User;
  words: Wording;
  /** A refusal thrown in a hook: answered with the API's error body instead of tus's text. */
  refusal?: unknown;
}

/** The reason of a tus refusal, in the API's words. */
function tusReason(status: number): string {
  if (status === 409) return 'Upload-Offset does not match the bytes received';
  if (status === 412) return 'Tus-Resumable 1.0.0 required';
  return 'Invalid tus request';
}

/** The form fields of `POST /api/note` from an upload's metadata (null values and our own keys left out). */
function fieldsOf(metadata: Upload['metadata']): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(metadata ?? {})) {
    if (value === null || value === undefined) continue;
    if (key === OWNER_KEY || key === NOTE_KEY || key === AUDIO_FIELD || key === 'size') continue;
    // Not a field of the upload call: the browser's measurement, checked at creation only.
    if (key === DURATION_METADATA_KEY) continue;
    fields[key] = value;
  }
  return fields;
}

/** The length the browser declared in the metadata; undefined when absent or not a length. */
function declaredSeconds(metadata: Upload['metadata']): number | undefined {
  const parsed = ResumableUploadMetadata.shape.duration_seconds.safeParse(
    metadata?.[DURATION_METADATA_KEY] ?? undefined,
  );
  return parsed.success && parsed.data !== undefined && Number.isFinite(parsed.data)
    ? parsed.data
    : undefined;
}

/**
 * The body of a PATCH, failing once no byte arrived for `idleMs` (UPLOAD_IDLE_TIMEOUT_MS): a
 * client that stalls gives its upload slot back, and what arrived stays for the next PATCH.
 */
function idleGuard(
  body: ReadableStream<Uint8Array>,
  idleMs: number,
): { body: ReadableStream<Uint8Array>; idled: () => boolean } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idled = false;
  const arm = (controller: TransformStreamDefaultController<Uint8Array>) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      idled = true;
      controller.error(new Error('upload idle'));
    }, idleMs);
    timer.unref();
  };
  const guard = new TransformStream<Uint8Array, Uint8Array>({
    start: arm,
    transform(chunk, controller) {
      arm(controller);
      controller.enqueue(chunk);
    },
    flush() {
      clearTimeout(timer);
    },
  });
  return { body: body.pipeThrough(guard), idled: () => idled };
}

export interface ResumableUploads {
  /** The Hono handler of every tus request under RESUMABLE_UPLOAD_PATH (after requireAuth). */
  handle(c: Context<AppEnv>): Promise<Response>;
}

/** What the resumable upload shares with the rest of the app. */
export interface ResumableUploadDeps {
  config: Config;
  slots: UploadSlots;
  db: Db;
  /** Where the parts wait (beside the recordings, under `tus/`). */
  storage: Storage;
  dbGate: DbGate;
}

export function createResumableUploads({
  config,
  slots,
  db,
  storage,
  dbGate,
}: ResumableUploadDeps): ResumableUploads {
  // Every step outside a request's own gated steps (the store's, the locker's) in front of the
  // line: the request waited its turn once already (lib/db-gate.ts).
  const step: DbStep = (work) => dbGate.run(work, { returning: true });
  const expireMs = config.uploads.resumableExpireMs;
  const store = new StorageDataStore({ db, storage, step, dataDir: config.dataDir, expireMs });
  const locker = new RowLocker({
    db,
    step,
    acquireTimeoutMs: config.uploads.idleTimeoutMs + UPLOAD_LEASE_MS,
    beforeRelease: (id) => store.settled(id),
  });
  const states = new WeakMap<Request, RequestState>();

  function stateOf(req: Request): RequestState {
    const state = states.get(req);
    if (!state) throw new Error('tus request without its state');
    return state;
  }

  /** Keeps the refusal for the answer; tus only needs to know the request failed. */
  function refuse(state: RequestState, error: unknown): { status_code: number; body: string } {
    state.refusal = error;
    return { status_code: error instanceof ApiError ? error.status : 500, body: '' };
  }

  /** Upload `id` of `userId`; another person's is none (the owner is part of the query). */
  async function ownRow(id: string, userId: number): Promise<ResumableUploadRow | undefined> {
    if (!UPLOAD_ID.test(id)) return undefined;
    const [row] = await step(() =>
      db
        .select()
        .from(resumableUploads)
        .where(and(eq(resumableUploads.id, id), eq(resumableUploads.userId, userId))),
    );
    return row;
  }

  /** Waits until no request (here or in another process) holds upload `id`'s lease. */
  async function settled(id: string): Promise<void> {
    const lock = locker.newLock(id);
    await lock.lock(new AbortController().signal, () => undefined);
    await lock.unlock();
  }

  /**
   * The last byte arrived: the parts become one file, checked and stored like a multipart upload.
   * The upload's lease is held meanwhile, so a HEAD in any process waits for the outcome and the
   * sweep leaves it alone.
   */
  async function finish(state: RequestState, upload: Upload) {
    const metadata = upload.metadata ?? {};
    const size = upload.size ?? upload.offset;
    const lock = locker.newLock(upload.id);
    await lock.lock(new AbortController().signal, () => undefined);
    await mkdir(uploadTempDir(config.dataDir), { recursive: true, mode: 0o700 });
    const spool = claimUploadPath(uploadTempDir(config.dataDir), `tus-${upload.id}`);
    try {
      const row = await store.row(upload.id);
      if (!row) throw notFoundError();
      try {
        await store.assemble(row, spool.path);
      } catch (error) {
        state.deps.logger.error('upload parts could not be read', { uploadId: row.id, err: error });
        throw storageUnavailable(state.words);
      }
      const note = await createNoteFromUpload(state.deps, {
        user: state.user,
        words: state.words,
        fields: { ...fieldsOf(metadata), size: String(size) },
        file: { path: spool.path, filename: metadata.file_name ?? '', bytes: size },
      });
      // The recording is in storage now; the row stays until it expires, so that a client whose
      // last answer was lost learns the note from HEAD instead of uploading again.
      await step(() =>
        db
          .update(resumableUploads)
          .set({ noteId: note.id, parts: [] })
          .where(eq(resumableUploads.id, upload.id)),
      );
      await storage.removeAll(partsFolder(upload.id)).catch((error: unknown) =>
        // Left for the sweep, which removes them with the row.
        state.deps.logger.warn('upload parts could not be removed', {
          uploadId: upload.id,
          err: error,
        }),
      );
      return { headers: { [UPLOAD_NOTE_ID_HEADER]: String(note.id) } };
    } catch (error) {
      // Refused (or failed): nothing of it stays, nothing was reserved.
      await removeResumableUpload({ db, storage, step }, upload.id).catch(() => undefined);
      throw refuse(state, error);
    } finally {
      await rm(spool.path, { force: true });
      spool.release();
      await lock.unlock();
    }
  }

  const tus = new Server({
    path: RESUMABLE_UPLOAD_PATH,
    datastore: store,
    locker,
    relativeLocation: true,
    maxSize: config.maxUploadBytes,
    exposedHeaders: [UPLOAD_NOTE_ID_HEADER],
    async onUploadCreate(req, upload) {
      const state = stateOf(req as Request);
      const metadata = upload.metadata ?? {};
      const fields = fieldsOf(metadata);
      try {
        const { account } = await checkUploadFields(state.deps, {
          user: state.user,
          words: state.words,
          fields: { ...fieldsOf(metadata), size: String(upload.size ?? 0) },
          filename: metadata.file_name ?? '',
        });
        // The length the browser measured, priced now rather than after the last byte; the
        // length measured on arrival decides again (finish).
        const seconds = declaredSeconds(metadata);
        if (seconds !== undefined) {
          await checkLength(state.deps, { account, words: state.words, durationSeconds: seconds });
        }
        // The row, counted against the person's open uploads in the same transaction.
        await createResumableUpload(
          { db, step },
          { id: upload.id, userId: state.user.id, size: upload.size ?? 0, metadata: fields },
          expireMs,
          (open) => checkOpenUploads(open, upload.size ?? 0, state.words),
        );
      } catch (error) {
        throw refuse(state, error);
      }
      return { metadata: fields };
    },
    async onUploadFinish(req, upload) {
      return finish(stateOf(req as Request), upload);
    },
  });

  /** The answer for an upload whose note exists: its length as offset, and the note's id. */
  function completed(c: Context<AppEnv>, record: ResumableUploadRow, noteId: string): Response {
    const size = String(record.size);
    const headers = {
      'Tus-Resumable': TUS_VERSION,
      'Upload-Offset': size,
      'Upload-Length': size,
      [UPLOAD_NOTE_ID_HEADER]: noteId,
      'Cache-Control': 'no-store',
    };
    const method = c.req.method;
    if (method === 'HEAD') return new Response(null, { status: 200, headers });
    if (method === 'PATCH' && c.req.header('Upload-Offset') === size) {
      return new Response(null, { status: 204, headers });
    }
    if (method === 'DELETE') {
      return new Response(null, { status: 204, headers: { 'Tus-Resumable': TUS_VERSION } });
    }
    throw new ApiError(409, ErrorCode.INVALID_INPUT, 'Upload already complete');
  }

  /** @returns the declared length (`Upload-Length`). */
  async function checkCreation(c: Context<AppEnv>, words: Wording): Promise<number> {
    if (config.sttEngines.length === 0) throw noEngine(words);
    const { missing } = await c.var.audioTools;
    if (missing.length > 0) throw noAudioTools(words, missing);
    const length = c.req.header('Upload-Length');
    if (length === undefined || !/^\d+$/.test(length)) {
      throw new ApiError(400, ErrorCode.INVALID_INPUT, 'Upload-Length required');
    }
    if (Number(length) > config.maxUploadBytes) throw tooLarge(words, config.maxUploadBytes);
    return Number(length);
  }

  /**
   * A person's open uploads (created, not complete, not expired) leave room for one more of
   * `declared` bytes: at most MAX_OPEN_UPLOADS_PER_USER of them, their declared lengths together
   * at most OPEN_UPLOAD_BYTES_FACTOR × MAX_UPLOAD_BYTES. Storage is taken by what is declared, so
   * an account cannot park many large uploads for a day.
   */
  function checkOpenUploads(open: OpenUploads, declared: number, words: Wording) {
    if (open.count >= MAX_OPEN_UPLOADS_PER_USER) {
      throw tooManyOpenUploads(words, MAX_OPEN_UPLOADS_PER_USER);
    }
    const maxBytes = OPEN_UPLOAD_BYTES_FACTOR * config.maxUploadBytes;
    if (open.bytes + declared > maxBytes) throw openUploadsTooLarge(words, maxBytes);
  }

  /** tus's own refusals (plain text) in the API's error body, like every other answer. */
  function translate(
    response: Response,
    words: Wording,
    record: ResumableUploadRow | undefined,
  ): Response {
    const status = response.status;
    if (status < 400 || status >= 500) return response;
    // An existing upload's PATCH: more bytes than it declared (its length is within the limit,
    // which its creation checked); a creation: above the limit.
    if (status === 413 && record) throw beyondDeclaredLength(words, record.size);
    if (status === 413) throw tooLarge(words, config.maxUploadBytes);
    if (status === 404 || status === 410) throw notFoundError();
    // 409 (not the offset received so far), 412 and 400 (missing or bad tus headers), 403, …
    throw new ApiError(status as 400, ErrorCode.INVALID_INPUT, tusReason(status));
  }

  /** Hands the request to tus, with our state for its hooks, and answers in the API's words. */
  async function pass(
    c: Context<AppEnv>,
    user: User,
    words: Wording,
    dbGate: DomainDeps['dbGate'],
    record: ResumableUploadRow | undefined,
  ): Promise<Response> {
    const method = c.req.method;
    const id = record?.id;
    const slot =
      method === 'PATCH' ? slots.acquire(user.id, config.uploads.maxConcurrentPerUser) : undefined;
    if (method === 'PATCH' && !slot) {
      const max = config.uploads.maxConcurrentPerUser;
      c.var.logger.warn('upload refused: too many at once', { userId: user.id, max });
      return c.json(errorBody(tooManyUploads(words, max), c.var.requestId), 429, {
        'Retry-After': String(UPLOAD_RETRY_AFTER_SECONDS),
      });
    }
    const state: RequestState = { deps: { ...depsOf(c), dbGate }, user, words };
    const guarded =
      method === 'PATCH' && c.req.raw.body
        ? idleGuard(c.req.raw.body, config.uploads.idleTimeoutMs)
        : undefined;
    const req = guarded
      ? new Request(c.req.raw, { body: guarded.body, duplex: 'half' } as RequestInit)
      : c.req.raw;
    states.set(req, state);
    try {
      const response = await tus.handleWeb(req as Parameters<Server['handleWeb']>[0]);
      if (state.refusal !== undefined) throw state.refusal;
      if (guarded?.idled()) {
        c.var.logger.info('upload not completed', { uploadId: id, reason: 'idle' });
        // What arrived before the stall stays; HEAD tells where to go on.
        throw new ApiError(408, ErrorCode.UPLOAD_FAILED, 'Upload timed out');
      }
      if (response.status >= 500) {
        c.var.logger.info('upload not completed', { uploadId: id, status: response.status });
      }
      try {
        return translate(response, words, record);
      } catch (error) {
        // tus left the body unread and closes the connection: say so, or the client reuses it.
        if (error instanceof ApiError && response.headers.get('Connection') === 'close') {
          return c.json(errorBody(error, c.var.requestId), error.status, { Connection: 'close' });
        }
        throw error;
      }
    } finally {
      slot?.release();
      states.delete(req);
    }
  }

  return {
    async handle(c) {
      const { userId } = authOf(c);
      // Each database step takes the gate on its own; the body arrives outside it (lib/db-gate.ts).
      // The session check took it first (index.ts), so every later step goes in front of the line.
      const dbGate = returningGate(c.var.dbGate);
      const user = await dbGate.run(() => findUserById(c.var.db, userId));
      if (!user) throw notAuthenticated();
      const words = await requestWording(c, user.locale);
      const method = c.req.method;
      const id = c.req.param('id');
      if (id === undefined) {
        await checkCreation(c, words);
        return pass(c, user, words, dbGate, undefined);
      }
      // Hono answers HEAD through the GET route; a real GET (downloading an upload) is not offered.
      if (method === 'GET') throw notFoundError();
      // Another person's upload is answered as if it did not exist.
      let record = await ownRow(id, user.id);
      if (!record) throw notFoundError();
      if (record.noteId === null && record.uploadOffset === record.size) {
        // Its last byte arrived and it is being checked, here or in another process: the answer
        // waits for the outcome (a note, or a refusal that removed the upload).
        await settled(id);
        record = await ownRow(id, user.id);
        if (!record) throw notFoundError();
      }
      if (record.noteId !== null) {
        if (method === 'DELETE') await removeResumableUpload({ db, storage, step }, id);
        return completed(c, record, String(record.noteId));
      }
      return pass(c, user, words, dbGate, record);
    },
  };
}
