// Resumable (tus) uploads as every API process sees them (docs/uploads.md#resumable-uploads): one
// row each in `resumable_uploads`, the bytes as part objects in storage under `tus/<id>/`. The
// open-upload limits, the expiry sweep and an account's removal are queries here, so they hold
// whichever process created, continued or sweeps an upload.
import { randomBytes } from 'node:crypto';
import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { resumableUploads, users } from '../db/schema.ts';
import type { Storage } from '../providers/storage/storage.ts';

/** Where an upload's parts live in storage (beside the recordings' `<userId>/` folders). */
export const RESUMABLE_PARTS_PREFIX = 'tus';

/** The folder of upload `id`'s parts: removed whole with the upload. */
export function partsFolder(id: string): string {
  return `${RESUMABLE_PARTS_PREFIX}/${id}`;
}

/**
 * A new key for the part of upload `id` that starts at `offset`: the offset zero-padded (keys
 * sort), then a random tail, so two requests writing from one offset never share an object.
 */
export function newPartKey(id: string, offset: number): string {
  return `${partsFolder(id)}/${String(offset).padStart(15, '0')}-${randomBytes(4).toString('hex')}`;
}

/** What runs a database step: through the database gate in the API (lib/db-gate.ts), or not. */
export type DbStep = <T>(work: () => Promise<T>) => Promise<T>;
const ungated: DbStep = (work) => work();

export interface ResumableDeps {
  db: Db;
  storage: Storage;
  step?: DbStep;
}

/** What a person's open uploads take: how many, and their declared bytes together. */
export interface OpenUploads {
  count: number;
  bytes: number;
}

/**
 * Inserts the upload row in one transaction with the check of `admit` against the person's open
 * uploads (created, not finished, not expired): the person's row is locked first, so two API
 * processes creating at once count one after the other and cannot both take the last place.
 * `admit` throws to refuse; nothing is written then.
 */
export async function createResumableUpload(
  { db, step = ungated }: Pick<ResumableDeps, 'db' | 'step'>,
  upload: { id: string; userId: number; size: number; metadata: Record<string, string> },
  expireMs: number,
  admit: (open: OpenUploads) => void,
): Promise<void> {
  await step(() =>
    db.transaction(async (tx) => {
      await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, upload.userId))
        .for('update');
      const [open] = await tx
        .select({
          count: count(),
          bytes: sql<string>`coalesce(sum(${resumableUploads.size}), 0)`,
        })
        .from(resumableUploads)
        .where(
          and(
            eq(resumableUploads.userId, upload.userId),
            isNull(resumableUploads.noteId),
            sql`${resumableUploads.createdAt} > now() - make_interval(secs => ${expireMs / 1000}::double precision)`,
          ),
        );
      admit({ count: open?.count ?? 0, bytes: Number(open?.bytes ?? 0) });
      await tx.insert(resumableUploads).values(upload);
    }),
  );
}

/** Removes upload `id`: its parts first, then its row (a failure in between leaves the row for the sweep). */
export async function removeResumableUpload(
  { db, storage, step = ungated }: ResumableDeps,
  id: string,
): Promise<void> {
  await storage.removeAll(partsFolder(id));
  await step(() => db.delete(resumableUploads).where(eq(resumableUploads.id, id)));
}

/**
 * Removes uploads created more than `expireMs` ago (UPLOAD_RESUMABLE_EXPIRE_MS): unfinished ones a
 * client abandoned, and the row a finished one keeps for its client's HEAD. An upload whose lease
 * is held (a request writing or finishing it right now) waits for the next sweep. Safe to run in
 * several processes at once: removing parts or a row twice removes nothing the second time.
 * @returns how many uploads were removed.
 */
export async function sweepExpiredResumableUploads(
  deps: ResumableDeps,
  expireMs: number,
): Promise<number> {
  const { db, step = ungated } = deps;
  const expired = await step(() =>
    db
      .select({ id: resumableUploads.id })
      .from(resumableUploads)
      .where(
        and(
          sql`${resumableUploads.createdAt} <= now() - make_interval(secs => ${expireMs / 1000}::double precision)`,
          or(isNull(resumableUploads.lockUntil), lt(resumableUploads.lockUntil, sql`now()`)),
        ),
      ),
  );
  for (const { id } of expired) await removeResumableUpload(deps, id);
  return expired.length;
}

/**
 * The ids of user `userId`'s uploads; call before the account's rows go (they go with the user
 * through ON DELETE CASCADE), then `removeParts` after the commit.
 */
export async function resumableUploadIdsOf(
  { db, step = ungated }: Pick<ResumableDeps, 'db' | 'step'>,
  userId: number,
): Promise<string[]> {
  const rows = await step(() =>
    db
      .select({ id: resumableUploads.id })
      .from(resumableUploads)
      .where(eq(resumableUploads.userId, userId)),
  );
  return rows.map((row) => row.id);
}

/** Removes the parts of the uploads `ids` from storage. */
export async function removeParts(storage: Storage, ids: string[]): Promise<void> {
  for (const id of ids) await storage.removeAll(partsFolder(id));
}
