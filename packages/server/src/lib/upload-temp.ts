// Where uploads wait while they are checked, and the sweep that clears what a dead process left
// there. The HTTP side (routes/uploads/multipart.ts) writes these files and removes them itself
// on every ending, good or bad; the sweep is only for a process that died mid-upload.
import { randomBytes } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from './logger.ts';
import { startPeriodic, type Periodic } from './periodic.ts';
import { sweepExpiredResumableUploads, type ResumableDeps } from './resumable-uploads.ts';

/** Where uploads wait while they are checked: DATA_DIR/tmp/uploads, next to the audio folder. */
export function uploadTempDir(dataDir: string): string {
  return join(dataDir, 'tmp', 'uploads');
}

/** Temporary uploads of this process still in flight: the sweep never touches them. */
const inFlight = new Set<string>();

/**
 * A new, unique temporary upload path in `dir`, marked in flight until `release`; `label` (a
 * resumable upload's `tus-<id>`) goes into the name, so a test can tell whose bytes are arriving.
 */
export function claimUploadPath(dir: string, label?: string): { path: string; release(): void } {
  const name = `${Date.now()}-${label ? `${label}-` : ''}${randomBytes(8).toString('hex')}.part`;
  const path = join(dir, name);
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
  /** Where resumable uploads are: their rows and their parts. */
  resumable: ResumableDeps;
  logger: Logger;
}): Periodic {
  const { dataDir, intervalMs, staleAfterMs, resumableExpireMs, resumable, logger } = options;
  return startPeriodic(async () => {
    try {
      const [removed, expired] = await Promise.all([
        sweepStaleUploads(dataDir, staleAfterMs),
        sweepExpiredResumableUploads(resumable, resumableExpireMs),
      ]);
      if (removed > 0) logger.info('stale temporary uploads removed', { removed });
      if (expired > 0) logger.info('expired resumable uploads removed', { removed: expired });
    } catch (error) {
      logger.warn('could not sweep stale uploads', { err: error });
    }
  }, intervalMs);
}
