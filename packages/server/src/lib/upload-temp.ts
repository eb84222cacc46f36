// Where uploads wait while they are checked, and the sweep that clears what a dead process left
// there. The HTTP side (routes/uploads/multipart.ts) writes these files and removes them itself
// on every ending, good or bad; the sweep is only for a process that died mid-upload.
import { randomBytes } from 'node:crypto';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from './logger.ts';
import { startPeriodic, type Periodic } from './periodic.ts';

/** Where uploads wait while they are checked: DATA_DIR/tmp/uploads, next to the audio folder. */
export function uploadTempDir(dataDir: string): string {
  return join(dataDir, 'tmp', 'uploads');
}

/**
 * Where resumable (tus) uploads wait until their last byte: DATA_DIR/tmp/tus, one data file and
 * one `<id>.json` per upload (docs/uploads.md#resumable-uploads). Same volume as the audio folder,
 * so an accepted upload is renamed into storage, not copied.
 */
export function resumableUploadDir(dataDir: string): string {
  return join(dataDir, 'tmp', 'tus');
}

/** Resumable uploads being checked right now (their last byte arrived): the sweep skips them. */
const finishing = new Set<string>();

/** Marks the resumable upload `id` as being checked until `release`. */
export function markFinishing(id: string): { release(): void } {
  finishing.add(id);
  return { release: () => finishing.delete(id) };
}

/** When a resumable upload was created, from its `<id>.json`; undefined when unreadable. */
async function createdAt(jsonPath: string): Promise<number | undefined> {
  try {
    const info = JSON.parse(await readFile(jsonPath, 'utf8')) as { creation_date?: unknown };
    const time = typeof info.creation_date === 'string' ? Date.parse(info.creation_date) : NaN;
    return Number.isNaN(time) ? undefined : time;
  } catch {
    return undefined;
  }
}

/**
 * Removes resumable uploads created more than `expireAfterMs` ago (UPLOAD_RESUMABLE_EXPIRE_MS):
 * unfinished ones a client abandoned, and the small record a completed one keeps so that its
 * client can still learn the note id. Data files without a readable record count from their
 * last change. Uploads being checked right now are skipped.
 * @returns how many uploads were removed.
 */
export async function sweepExpiredResumableUploads(
  dataDir: string,
  expireAfterMs: number,
): Promise<number> {
  const dir = resumableUploadDir(dataDir);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  const ids = new Set(names.map((name) => name.replace(/\.json$/, '')));
  let removed = 0;
  for (const id of ids) {
    if (finishing.has(id)) continue;
    const data = join(dir, id);
    const record = `${data}.json`;
    const born = (await createdAt(record)) ?? (await stat(data).catch(() => undefined))?.mtimeMs;
    if (born !== undefined && Date.now() - born < expireAfterMs) continue;
    if (born === undefined && !(await stat(record).catch(() => undefined))) continue;
    await rm(data, { force: true });
    await rm(record, { force: true });
    removed++;
  }
  return removed;
}

/** What the server reads back from a resumable upload's `<id>.json` record. */
export interface ResumableRecord {
  id: string;
  /** The declared length (`Upload-Length`). */
  size: number;
  /** Epoch ms of its creation. */
  createdAt: number;
  /** Whether its note exists (the last byte arrived and was accepted). */
  complete: boolean;
}

/**
 * The resumable uploads of user `owner` (the `owner` metadata the server wrote at creation), read
 * from their records in DATA_DIR/tmp/tus: shared by every API process on the data folder, so the
 * count holds whichever process created them. Unreadable records are left out.
 */
export async function resumableUploadsOf(
  dataDir: string,
  owner: number,
): Promise<ResumableRecord[]> {
  const dir = resumableUploadDir(dataDir);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const found: ResumableRecord[] = [];
  for (const name of names) {
    if (!name.endsWith('.json')) continue;
    try {
      const record = JSON.parse(await readFile(join(dir, name), 'utf8')) as {
        id?: unknown;
        size?: unknown;
        creation_date?: unknown;
        metadata?: Record<string, unknown> | null;
      };
      if (record.metadata?.owner !== String(owner)) continue;
      found.push({
        id: name.slice(0, -'.json'.length),
        size: typeof record.size === 'number' ? record.size : 0,
        createdAt:
          typeof record.creation_date === 'string' ? Date.parse(record.creation_date) : Date.now(),
        complete: typeof record.metadata.note_id === 'string',
      });
    } catch {
      // Being written or removed right now: not counted.
    }
  }
  return found;
}

/**
 * Removes every resumable upload of user `owner`, data and record (an account being deleted).
 * @returns how many uploads were removed.
 */
export async function removeResumableUploadsOf(dataDir: string, owner: number): Promise<number> {
  const dir = resumableUploadDir(dataDir);
  const uploads = await resumableUploadsOf(dataDir, owner);
  for (const { id } of uploads) {
    await rm(join(dir, id), { force: true });
    await rm(join(dir, `${id}.json`), { force: true });
  }
  return uploads.length;
}

/** Temporary uploads of this process still in flight: the sweep never touches them. */
const inFlight = new Set<string>();

/** A new, unique temporary upload path in `dir`, marked in flight until `release`. */
export function claimUploadPath(dir: string): { path: string; release(): void } {
  const path = join(dir, `${Date.now()}-${randomBytes(8).toString('hex')}.part`);
  inFlight.add(path);
  return { path, release: () => inFlight.delete(path) };
}

/**
 * Removes temporary uploads untouched for `maxAgeMs` (UPLOAD_STALE_AFTER_MS, no default here so
 * every caller passes the configured one): files left by a process that died mid-upload. A living
 * upload is written continuously, ends after UPLOAD_IDLE_TIMEOUT_MS without bytes, and leaves the
 * folder seconds after its last byte, so it is never that old. Files of this process's uploads in
 * flight are skipped whatever their age.
 * @returns how many files were removed.
 */
export async function sweepStaleUploads(dataDir: string, maxAgeMs: number): Promise<number> {
  const dir = uploadTempDir(dataDir);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const path = join(dir, name);
    if (inFlight.has(path)) continue;
    const info = await stat(path).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > maxAgeMs) {
      await rm(path, { force: true });
      removed++;
    }
  }
  return removed;
}

/**
 * Sweeps now and then every `intervalMs`, for as long as the process serves uploads: a crashed
 * API process's leftovers are gone within `staleAfterMs + intervalMs`, whether or not a worker
 * ever starts.
 */
export function startUploadSweeper(options: {
  dataDir: string;
  intervalMs: number;
  staleAfterMs: number;
  /** Resumable uploads older than this are removed (UPLOAD_RESUMABLE_EXPIRE_MS). */
  resumableExpireMs: number;
  logger: Logger;
}): Periodic {
  const { dataDir, intervalMs, staleAfterMs, resumableExpireMs, logger } = options;
  return startPeriodic(async () => {
    try {
      const [removed, expired] = await Promise.all([
        sweepStaleUploads(dataDir, staleAfterMs),
        sweepExpiredResumableUploads(dataDir, resumableExpireMs),
      ]);
      if (removed > 0) logger.info('stale temporary uploads removed', { removed });
      if (expired > 0) logger.info('expired resumable uploads removed', { removed: expired });
    } catch (error) {
      logger.warn('could not sweep stale uploads', { err: error });
    }
  }, intervalMs);
}
