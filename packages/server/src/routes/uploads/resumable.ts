// The resumable upload (tus 1.0.0, docs/uploads.md#resumable-uploads): @tus/server speaks the
// protocol and @tus/file-store keeps the bytes under DATA_DIR/tmp/tus; this file adds what is
// ours: the session and the owner of every upload, the same refusals as `POST /api/note`, and, on
// the last byte, the same domain operation (createNoteFromUpload) as the multipart upload.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
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
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import type { Context } from 'hono';
import type { Config } from '../../config.ts';
import type { User } from '../../db/schema.ts';
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
  tooLarge,
  tooManyOpenUploads,
  tooManyUploads,
  UPLOAD_RETRY_AFTER_SECONDS,
} from '../../domain/notes/refusals.ts';
import { authOf } from '../../http/auth.ts';
import type { AppEnv } from '../../http/context.ts';
import { returningGate } from '../../lib/db-gate.ts';
import { ApiError, notFoundError, notAuthenticated } from '../../lib/errors.ts';
import { errorBody } from '../../http/errors.ts';
import { markFinishing, resumableUploadDir, resumableUploadsOf } from '../../lib/upload-temp.ts';
import { findUserById } from '../../lib/users.ts';
import { type Wording } from '../../lib/wording.ts';
import { requestWording } from '../../http/request-locale.ts';
import { depsOf } from '../deps.ts';
import type { UploadSlots } from './slots.ts';

/** Metadata keys the server writes (a client's own values under these names are replaced). */
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

export function createResumableUploads(config: Config, slots: UploadSlots): ResumableUploads {
  const dir = resumableUploadDir(config.dataDir);
  const store = new FileStore({
    directory: dir,
    expirationPeriodInMilliseconds: config.uploads.resumableExpireMs,
  });
  const states = new WeakMap<Request, RequestState>();
  /** Uploads whose last byte arrived and which are being checked: HEAD waits for the outcome. */
  const finishing = new Map<string, Promise<unknown>>();

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

  async function removeUpload(id: string): Promise<void> {
    await rm(join(dir, id), { force: true });
    await rm(join(dir, `${id}.json`), { force: true });
  }

  async function recordOf(id: string): Promise<Upload | undefined> {
    return store.configstore.get(id).catch(() => undefined);
  }

  async function finish(state: RequestState, upload: Upload) {
    const metadata = upload.metadata ?? {};
    const size = upload.size ?? upload.offset;
    const release = markFinishing(upload.id);
    try {
      const note = await createNoteFromUpload(state.deps, {
        user: state.user,
        words: state.words,
        fields: { ...fieldsOf(metadata), size: String(size) },
        file: { path: join(dir, upload.id), filename: metadata.file_name ?? '', bytes: size },
      });
      // The recording is in storage now; the record stays until it expires, so that a client
      // whose last answer was lost learns the note from HEAD instead of uploading again.
      upload.offset = size;
      upload.metadata = { ...metadata, [NOTE_KEY]: String(note.id) };
      await store.configstore.set(upload.id, upload);
      return { headers: { [UPLOAD_NOTE_ID_HEADER]: String(note.id) } };
    } catch (error) {
      // Refused (or failed): nothing of it stays on disk, nothing was reserved.
      await removeUpload(upload.id);
      throw refuse(state, error);
    } finally {
      release.release();
    }
  }

  const tus = new Server({
    path: RESUMABLE_UPLOAD_PATH,
    datastore: store,
    relativeLocation: true,
    maxSize: config.maxUploadBytes,
    exposedHeaders: [UPLOAD_NOTE_ID_HEADER],
    async onUploadCreate(req, upload) {
      const state = stateOf(req as Request);
      const metadata = upload.metadata ?? {};
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
      } catch (error) {
        throw refuse(state, error);
      }
      return { metadata: { ...fieldsOf(metadata), [OWNER_KEY]: String(state.user.id) } };
    },
    async onUploadFinish(req, upload) {
      const state = stateOf(req as Request);
      const done = finish(state, upload);
      finishing.set(upload.id, done);
      try {
        return await done;
      } finally {
        finishing.delete(upload.id);
      }
    },
  });

  /** The answer for an upload whose note exists: its length as offset, and the note's id. */
  function completed(c: Context<AppEnv>, record: Upload, noteId: string): Response {
    const size = String(record.size ?? record.offset);
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
   * at most OPEN_UPLOAD_BYTES_FACTOR × MAX_UPLOAD_BYTES. Disk is taken by what is declared, so an
   * account cannot park many large uploads for a day.
   */
  async function checkOpenUploads(userId: number, declared: number, words: Wording) {
    const now = Date.now();
    const open = (await resumableUploadsOf(config.dataDir, userId)).filter(
      (upload) => !upload.complete && now - upload.createdAt < config.uploads.resumableExpireMs,
    );
    if (open.length >= MAX_OPEN_UPLOADS_PER_USER) {
      throw tooManyOpenUploads(words, MAX_OPEN_UPLOADS_PER_USER);
    }
    const maxBytes = OPEN_UPLOAD_BYTES_FACTOR * config.maxUploadBytes;
    const bytes = open.reduce((sum, upload) => sum + upload.size, 0);
    if (bytes + declared > maxBytes) throw openUploadsTooLarge(words, maxBytes);
  }

  /**
   * One creation per person at a time in this process: counting the open uploads and writing the
   * new one's record are one step, so two creations at once cannot both take the last place.
   */
  const creating = new Map<number, Promise<unknown>>();
  async function oneCreationAtATime<T>(userId: number, run: () => Promise<T>): Promise<T> {
    const before = creating.get(userId) ?? Promise.resolve();
    const mine = before.catch(() => undefined).then(run);
    creating.set(userId, mine);
    try {
      return await mine;
    } finally {
      if (creating.get(userId) === mine) creating.delete(userId);
    }
  }

  /** tus's own refusals (plain text) in the API's error body, like every other answer. */
  function translate(response: Response, words: Wording, record: Upload | undefined): Response {
    const status = response.status;
    if (status < 400 || status >= 500) return response;
    // An existing upload's PATCH: more bytes than it declared (its length is within the limit,
    // which its creation checked); a creation: above the limit.
    if (status === 413 && record?.size !== undefined)
      throw beyondDeclaredLength(words, record.size);
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
    record: Upload | undefined,
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
      let record: Upload | undefined;

      if (id !== undefined) {
        // Hono answers HEAD through the GET route; a real GET (downloading an upload) is not offered.
        if (method === 'GET') throw notFoundError();
        record = UPLOAD_ID.test(id) ? await recordOf(id) : undefined;
        // Another person's upload is answered as if it did not exist.
        if (!record || record.metadata?.[OWNER_KEY] !== String(user.id)) throw notFoundError();
        const pending = finishing.get(id);
        if (pending) {
          await pending.catch(() => undefined);
          record = await recordOf(id);
          if (!record) throw notFoundError();
        }
        const noteId = record.metadata?.[NOTE_KEY];
        if (noteId) {
          if (method === 'DELETE') await removeUpload(id);
          return completed(c, record, noteId);
        }
      } else {
        return oneCreationAtATime(user.id, async () => {
          const declared = await checkCreation(c, words);
          await checkOpenUploads(user.id, declared, words);
          return pass(c, user, words, dbGate, undefined);
        });
      }
      return pass(c, user, words, dbGate, record);
    },
  };
}
