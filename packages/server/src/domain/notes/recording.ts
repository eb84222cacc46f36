import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { notes } from '../../db/schema.ts';
import { notFoundError } from '../../lib/errors.ts';
import { ensurePeaks, type Peaks } from '../../processing/peaks.ts';
import type { ByteRange, StoredObject } from '../../providers/storage/storage.ts';
import type { DomainDeps } from '../deps.ts';

/** A note's stored recording, ready to be streamed whole or in part. */
export interface Recording extends StoredObject {
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
    contentType: note.audioType,
    fileName: note.fileName,
    open: (range) => deps.storage.read(key, range),
  };
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
