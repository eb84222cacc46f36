import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { notes } from '../../db/schema.ts';
import { notFoundError } from '../../lib/errors.ts';
import { ensurePeaks, type Peaks } from '../../processing/peaks.ts';
import type { ByteRange, StoredObject } from '../../providers/storage/storage.ts';
import type { DomainDeps } from '../deps.ts';

/** A note's stored recording, ready to be streamed whole or in part. */
export interface Recording extends StoredObject {
  /** Where it is stored; its extension is the type detected on upload. */
  key: string;
  /** The type detected on upload; null for a note stored without one. */
  contentType: string | null;
  /** The name the user uploaded it under. */
  fileName: string;
  /** Opens the bytes, or `range` of them. */
  open(range?: ByteRange): Promise<Readable>;
}

/**
 * The recording of one of the user's notes.
 * @throws ApiError 404 when the user has no such note, or its recording is gone.
 */
export async function findRecording(
  deps: DomainDeps,
  { userId, noteId }: { userId: number; noteId: number },
): Promise<Recording> {
  const [note] = await deps.db
    .select({ audioKey: notes.audioKey, audioType: notes.audioType, fileName: notes.fileName })
    .from(notes)
    .where(and(eq(notes.id, noteId), eq(notes.userId, userId)));
  if (!note?.audioKey) throw notFoundError();
  const key = note.audioKey;
  const stored = await deps.storage.stat(key);
  if (!stored) throw notFoundError();
  return {
    ...stored,
    key,
    contentType: note.audioType,
    fileName: note.fileName,
    open: (range) => deps.storage.read(key, range),
  };
}

/** Code points, as for exports: a name of umlauts stays under the usual 255-byte limit. */
const FILENAME_MAX_LENGTH = 120;

/**
 * The name the original recording downloads under: the name it was uploaded or recorded under
 * (`file_name`), without path separators, control characters or the characters Windows refuses;
 * with the extension of its detected type when the name has none, so the file opens by itself.
 */
export function originalFilename(recording: Pick<Recording, 'fileName' | 'key'>): string {
  const name = [
    ...recording.fileName
      .normalize('NFC')
      .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}/\\<>:"|?*]/gu, ' ')
      .replace(/\s+/g, ' ')
      .replace(/^[\s.]+|[\s.]+$/g, ''),
  ]
    .slice(0, FILENAME_MAX_LENGTH)
    .join('')
    .trim();
  const detected = /\.([a-z0-9]+)$/i.exec(recording.key)?.[1]?.toLowerCase();
  if (/\.[\p{L}\p{N}]{1,8}$/u.test(name) || !detected) return name || 'recording';
  return `${name || 'recording'}.${detected}`;
}

/**
 * The level overview of one of the user's notes' recording (docs/uploads.md#level-overview):
 * stored when the note was processed, or measured now for a note processed before.
 * @throws ApiError 404 when the user has no such note, or its recording is gone.
 */
export async function findPeaks(
  deps: DomainDeps,
  { userId, noteId }: { userId: number; noteId: number },
): Promise<Peaks> {
  const [note] = await deps.db
    .select({ audioKey: notes.audioKey })
    .from(notes)
    .where(and(eq(notes.id, noteId), eq(notes.userId, userId)));
  if (!note?.audioKey) throw notFoundError();
  if (!(await deps.storage.stat(note.audioKey))) throw notFoundError();
  return ensurePeaks(deps.storage, note.audioKey);
}
