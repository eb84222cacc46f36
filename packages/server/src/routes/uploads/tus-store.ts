// The resumable upload's state outside any one API process (docs/uploads.md#resumable-uploads,
// docs/decisions/013-resumable-uploads-in-storage.md): a tus DataStore whose rows are in
// `resumable_uploads` and whose bytes are part objects in our Storage (the local folder or S3,
// one code path), and a tus Locker whose locks are leases on those rows.
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DataStore,
  ERRORS,
  Upload,
  type Lock,
  type Locker,
  type RequestRelease,
} from '@tus/server';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { resumableUploads, type ResumableUploadRow } from '../../db/schema.ts';
import { closedOf } from '../../lib/files.ts';
import {
  newPartKey,
  removeResumableUpload,
  sweepExpiredResumableUploads,
  type DbStep,
  type ResumableDeps,
} from '../../lib/resumable-uploads.ts';
import { claimUploadPath, uploadTempDir } from '../../lib/upload-temp.ts';

/** The tus view of a row; `owner` and `note_id` ride along in the metadata as before. */
export function uploadOf(row: ResumableUploadRow): Upload {
  return new Upload({
    id: row.id,
    size: row.size,
    offset: row.uploadOffset,
    metadata: row.metadata,
    creation_date: row.createdAt.toISOString(),
    storage: { type: 'storage', path: `tus/${row.id}` },
  });
}

/**
 * Writes what `source` brings into the new file `path` and, when the source fails (a dropped or
 * stalled client), everything that arrived before: a pipeline would drop the writes still queued.
 * @returns the source's failure, if any; a failure of the file itself is thrown.
 */
async function spoolInto(source: Readable, path: string): Promise<unknown> {
  const file = createWriteStream(path, { mode: 0o600 });
  let failure: unknown;
  try {
    try {
      for await (const chunk of source) {
        if (!file.write(chunk as Uint8Array)) await once(file, 'drain');
      }
    } catch (error) {
      if (file.errored) throw file.errored;
      failure = error;
    }
    await new Promise<void>((resolve, reject) => {
      file.once('error', reject);
      file.end(resolve);
    });
    return failure;
  } finally {
    file.destroy();
    await closedOf(file);
  }
}

/** A tus error (an object with status_code and body) of `status`. */
function isTusStatus(error: unknown, status: number): boolean {
  return (error as { status_code?: unknown } | undefined)?.status_code === status;
}

export interface StorageDataStoreOptions extends ResumableDeps {
  step: DbStep;
  /** Where a PATCH's bytes wait while they arrive (its DATA_DIR: a local spool, not shared). */
  dataDir: string;
  /** UPLOAD_RESUMABLE_EXPIRE_MS. */
  expireMs: number;
}

/**
 * Each PATCH's bytes arrive into a local spool file (DATA_DIR/tmp/uploads, swept like the
 * multipart upload's) and become one part object `tus/<id>/<offset>` when the request ends,
 * however it ends: a dropped connection keeps what arrived. The offset moves on in the row only
 * after the part is stored, so a part of a crashed request is replaced by the next PATCH from the
 * same offset. Rows are created by the route (createResumableUpload, with the limits).
 */
export class StorageDataStore extends DataStore {
  constructor(private readonly options: StorageDataStoreOptions) {
    super();
    this.extensions = ['creation', 'creation-with-upload', 'termination', 'expiration'];
  }

  async row(id: string): Promise<ResumableUploadRow | undefined> {
    const { db, step } = this.options;
    const [row] = await step(() =>
      db.select().from(resumableUploads).where(eq(resumableUploads.id, id)),
    );
    return row;
  }

  override async create(upload: Upload): Promise<Upload> {
    const row = await this.row(upload.id);
    if (!row) throw new Error(`resumable upload ${upload.id} has no row`);
    upload.creation_date = row.createdAt.toISOString();
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    const row = await this.row(id);
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    return uploadOf(row);
  }

  /** Writes of this process still storing their part, by upload. */
  private readonly writing = new Map<string, Promise<unknown>>();

  /**
   * Settles once upload `id` has no write in flight here. tus stops waiting for a write whose
   * client dropped and lets go of the lock at once; the lock (RowLocker) waits for this first, so
   * its lease covers the write until the part and the offset are stored.
   */
  async settled(id: string): Promise<void> {
    await this.writing.get(id)?.catch(() => undefined);
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    const done = this.store(stream, id, offset);
    this.writing.set(id, done);
    try {
      return await done;
    } finally {
      if (this.writing.get(id) === done) this.writing.delete(id);
    }
  }

  private async store(stream: Readable, id: string, offset: number): Promise<number> {
    const { db, storage, step, dataDir } = this.options;
    await mkdir(uploadTempDir(dataDir), { recursive: true, mode: 0o700 });
    const spool = claimUploadPath(uploadTempDir(dataDir), `tus-${id}`);
    let failure: unknown;
    try {
      failure = await spoolInto(stream, spool.path);
    } catch (error) {
      await rm(spool.path, { force: true });
      spool.release();
      throw error;
    }
    try {
      // More than the declared length: nothing of this request is kept.
      const bytes = isTusStatus(failure, 413)
        ? 0
        : ((await stat(spool.path).catch(() => undefined))?.size ?? 0);
      if (bytes === 0) {
        if (failure !== undefined) throw failure;
        return offset;
      }
      const key = newPartKey(id, offset);
      await storage.moveIn(spool.path, key);
      const moved = await step(() =>
        db
          .update(resumableUploads)
          .set({
            uploadOffset: offset + bytes,
            parts: sql`${resumableUploads.parts} || jsonb_build_array(${key}::text)`,
          })
          .where(and(eq(resumableUploads.id, id), eq(resumableUploads.uploadOffset, offset)))
          .returning({ id: resumableUploads.id }),
      );
      if (moved.length === 0) {
        // Removed meanwhile (cancelled, swept): the part goes too.
        await storage.remove(key);
        throw ERRORS.FILE_NOT_FOUND;
      }
      if (failure !== undefined) throw failure;
      return offset + bytes;
    } finally {
      await rm(spool.path, { force: true });
      spool.release();
    }
  }

  override async remove(id: string): Promise<void> {
    await removeResumableUpload(this.options, id);
  }

  override async deleteExpired(): Promise<number> {
    return sweepExpiredResumableUploads(this.options, this.options.expireMs);
  }

  override getExpiration(): number {
    return this.options.expireMs;
  }

  /**
   * Streams the parts of upload `row`, in order, into the new file `path` (what
   * createNoteFromUpload takes).
   * @throws when the parts do not add up to the declared length.
   */
  async assemble(row: ResumableUploadRow, path: string): Promise<void> {
    const { storage } = this.options;
    const file = createWriteStream(path, { mode: 0o600 });
    try {
      for (const key of row.parts) {
        const part = await storage.read(key);
        await pipeline(part, file, { end: false });
      }
      file.end();
      await closedOf(file);
    } catch (error) {
      file.destroy();
      await closedOf(file);
      throw error;
    }
    const written = (await stat(path)).size;
    if (written !== row.size) {
      throw new Error(
        `resumable upload ${row.id}: ${written} bytes in parts, ${row.size} declared`,
      );
    }
  }
}

/** How long a lease lasts unless renewed; the holder renews it every third of that. */
export const UPLOAD_LEASE_MS = 15_000;

export interface RowLockerOptions {
  db: ResumableDeps['db'];
  step: DbStep;
  /** How long `lock` waits at most (a stalled holder elsewhere is cut after the idle timeout). */
  acquireTimeoutMs: number;
  leaseMs?: number;
  /** Waited for before a lock is let go: the store's write of that upload (StorageDataStore.settled). */
  beforeRelease?: (id: string) => Promise<void>;
}

/**
 * tus's Locker over `resumable_uploads.locked_by`/`lock_until`: a lock is a lease on the row,
 * taken with one conditional UPDATE and renewed while held, so it holds across API processes and
 * a dead holder's lease simply runs out. No connection is held meanwhile (PGlite has one). A
 * waiter asks a holder in this process to let go (tus's cancel: a client resuming after a drop
 * the server has not noticed yet); a holder in another process lets go at the latest after
 * UPLOAD_IDLE_TIMEOUT_MS without bytes. An id without a row needs no lock: it names no upload
 * (the handler answers 404), and a new upload's row is written before tus locks it.
 */
export class RowLocker implements Locker {
  /** Holders in this process: their cancel, for a waiter here. */
  private readonly holders = new Map<string, RequestRelease>();

  constructor(private readonly options: RowLockerOptions) {}

  newLock(id: string): Lock {
    const options = this.options;
    const { db, step, acquireTimeoutMs } = options;
    const leaseMs = this.options.leaseMs ?? UPLOAD_LEASE_MS;
    const holders = this.holders;
    const token = randomUUID();
    const lease = sql`now() + make_interval(secs => ${leaseMs / 1000}::double precision)`;
    let renewal: ReturnType<typeof setInterval> | undefined;
    let held: RequestRelease | undefined;

    const take = () =>
      step(() =>
        db
          .update(resumableUploads)
          .set({ lockedBy: token, lockUntil: lease })
          .where(
            and(
              eq(resumableUploads.id, id),
              or(isNull(resumableUploads.lockedBy), lt(resumableUploads.lockUntil, sql`now()`)),
            ),
          )
          .returning({ id: resumableUploads.id }),
      );
    const exists = async () =>
      (
        await step(() =>
          db
            .select({ id: resumableUploads.id })
            .from(resumableUploads)
            .where(eq(resumableUploads.id, id)),
        )
      ).length > 0;

    return {
      async lock(signal, cancel) {
        const deadline = Date.now() + acquireTimeoutMs;
        let pause = 10;
        for (;;) {
          if (signal.aborted) throw ERRORS.ABORTED;
          if ((await take()).length > 0) {
            held = cancel;
            holders.set(id, cancel);
            renewal = setInterval(() => {
              void step(() =>
                db
                  .update(resumableUploads)
                  .set({ lockUntil: lease })
                  .where(and(eq(resumableUploads.id, id), eq(resumableUploads.lockedBy, token))),
              ).catch(() => undefined);
            }, leaseMs / 3);
            renewal.unref();
            return;
          }
          if (!(await exists())) return;
          await holders.get(id)?.();
          if (Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
          // The holder's release is a row update in any process: looked for again shortly.
          await new Promise((resolve) => setTimeout(resolve, pause));
          pause = Math.min(pause * 2, 250);
        }
      },
      async unlock() {
        if (held) await options.beforeRelease?.(id);
        clearInterval(renewal);
        if (!held) return;
        if (holders.get(id) === held) holders.delete(id);
        held = undefined;
        await step(() =>
          db
            .update(resumableUploads)
            .set({ lockedBy: null, lockUntil: null })
            .where(and(eq(resumableUploads.id, id), eq(resumableUploads.lockedBy, token))),
        );
      },
    };
  }
}
