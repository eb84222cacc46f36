import type { UpdateNoteBody } from '@protokoll/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { notes } from '../../db/schema.ts';
import { notFoundError } from '../../lib/errors.ts';
import type { DomainDeps } from '../deps.ts';
import { noteDetailColumns, type NoteDetailRow } from './queries.ts';

/**
 * Name, saved flag and speaker names, each only when sent. Speaker names merge into the stored
 * ones inside the database (two tabs renaming different speakers both win); an empty name drops
 * the rename, so the label shows again.
 * @throws ApiError 404 when the user has no such note.
 */
export async function updateNote(
  deps: DomainDeps,
  userId: number,
  body: UpdateNoteBody,
): Promise<NoteDetailRow> {
  const changes: PgUpdateSetSource<typeof notes> = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.saved !== undefined) changes.saved = body.saved;
  if (body.speaker_names) {
    const entries = Object.entries(body.speaker_names);
    const named = Object.fromEntries(entries.filter(([, name]) => name !== ''));
    const cleared = entries.filter(([, name]) => name === '').map(([label]) => sql`${label}`);
    const merged = sql`${notes.speakerNames} || ${JSON.stringify(named)}::jsonb`;
    changes.speakerNames = cleared.length
      ? sql`(${merged}) - array[${sql.join(cleared, sql`, `)}]::text[]`
      : merged;
  }
  const owned = and(eq(notes.id, body.id), eq(notes.userId, userId));
  const [note] = Object.keys(changes).length
    ? await deps.db.update(notes).set(changes).where(owned).returning(noteDetailColumns)
    : await deps.db.select(noteDetailColumns).from(notes).where(owned);
  if (!note) throw notFoundError();
  return note;
}
