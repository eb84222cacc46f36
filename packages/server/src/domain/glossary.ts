// The glossaries (docs/product.md#glossary): the user's own terms and each of their folders'.
// Every query names the owner; a folder's glossary is reached only through a folder of the user's.
import {
  ErrorCode,
  GLOSSARY_TERMS_MAX,
  type GlossaryTerm,
  type GlossaryTermInput,
} from '@protokoll/contract';
import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { folders, glossaryTerms, users, type GlossaryTermRow } from '../db/schema.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../lib/db-errors.ts';
import { ApiError, notFoundError } from '../lib/errors.ts';
import type { Wording } from '../lib/wording.ts';
import type { GlossaryEntry } from '../processing/glossary.ts';
import type { DomainDeps } from './deps.ts';

type TermInput = z.output<typeof GlossaryTermInput>;

const byTerm = new Intl.Collator('de', { sensitivity: 'base', numeric: true });

export function toGlossaryTermDto(row: GlossaryTermRow): GlossaryTerm {
  return {
    id: row.id,
    term: row.term,
    kind: row.kind,
    variants: row.variants,
    note: row.note,
    folder_id: row.folderId,
    created_at: row.createdAt.toISOString(),
  };
}

/** The glossary `folderId` names: the user's own (undefined) or one of their folders. */
const ofGlossary = (userId: number, folderId: number | undefined | null) =>
  and(
    eq(glossaryTerms.userId, userId),
    folderId == null ? isNull(glossaryTerms.folderId) : eq(glossaryTerms.folderId, folderId),
  );

/** @throws ApiError 404 when `folderId` is not a folder of the user's. */
async function ownFolder(db: Db, userId: number, folderId: number, lock = false) {
  const query = db
    .select({ id: folders.id })
    .from(folders)
    .where(and(eq(folders.id, folderId), eq(folders.userId, userId)));
  const [folder] = lock ? await query.for('update') : await query;
  if (!folder) throw notFoundError();
}

/**
 * The terms of the user's glossary or of one of their folders, A to Z.
 * @throws ApiError 404 for someone else's folder.
 */
export async function listGlossary(
  deps: DomainDeps,
  userId: number,
  folderId?: number,
): Promise<GlossaryTerm[]> {
  if (folderId !== undefined) await ownFolder(deps.db, userId, folderId);
  const rows = await deps.db.select().from(glossaryTerms).where(ofGlossary(userId, folderId));
  return rows.sort((a, b) => byTerm.compare(a.term, b.term) || a.id - b.id).map(toGlossaryTermDto);
}

const exists = (words: Wording) =>
  new ApiError(409, ErrorCode.CONFLICT, words.t('glossary.exists'));

/**
 * Adds a term. The glossary is locked (the user's row, or the folder's) while it is counted, so
 * two additions at once cannot pass GLOSSARY_TERMS_MAX together.
 * @throws ApiError 404 for someone else's folder, 409 when the glossary has the term (in any
 * case), 422 when it is full.
 */
export async function createGlossaryTerm(
  deps: DomainDeps,
  { userId, words }: { userId: number; words: Wording },
  body: TermInput & { folder_id?: number | undefined },
): Promise<GlossaryTerm> {
  const folderId = body.folder_id;
  try {
    return await deps.db.transaction(async (tx) => {
      if (folderId !== undefined) await ownFolder(tx, userId, folderId, true);
      else await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [held] = await tx
        .select({ n: count() })
        .from(glossaryTerms)
        .where(ofGlossary(userId, folderId));
      if ((held?.n ?? 0) >= GLOSSARY_TERMS_MAX) {
        throw new ApiError(
          422,
          ErrorCode.INVALID_INPUT,
          words.t('glossary.full', { count: GLOSSARY_TERMS_MAX }),
        );
      }
      const [row] = await tx
        .insert(glossaryTerms)
        .values({
          userId,
          folderId: folderId ?? null,
          term: body.term,
          kind: body.kind,
          variants: body.variants,
          note: body.note,
        })
        .returning();
      return toGlossaryTermDto(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw exists(words);
    // The folder was deleted between the check and the insert.
    if (isForeignKeyViolation(error)) throw notFoundError();
    throw error;
  }
}

/** @throws ApiError 404 for someone else's term, 409 when the glossary has the new term. */
export async function updateGlossaryTerm(
  deps: DomainDeps,
  { userId, words }: { userId: number; words: Wording },
  id: number,
  body: TermInput,
): Promise<GlossaryTerm> {
  let row: GlossaryTermRow | undefined;
  try {
    [row] = await deps.db
      .update(glossaryTerms)
      .set({ term: body.term, kind: body.kind, variants: body.variants, note: body.note })
      .where(and(eq(glossaryTerms.id, id), eq(glossaryTerms.userId, userId)))
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw exists(words);
    throw error;
  }
  if (!row) throw notFoundError();
  return toGlossaryTermDto(row);
}

/** @throws ApiError 404 for someone else's term. */
export async function deleteGlossaryTerm(
  deps: DomainDeps,
  userId: number,
  id: number,
): Promise<void> {
  const deleted = await deps.db
    .delete(glossaryTerms)
    .where(and(eq(glossaryTerms.id, id), eq(glossaryTerms.userId, userId)))
    .returning({ id: glossaryTerms.id });
  if (deleted.length === 0) throw notFoundError();
}

/**
 * The terms a note of the user's is transcribed with: its folder's (when the folder is still the
 * user's) and the user's own, each newest first (docs/decisions/018-glossary.md).
 */
export async function glossaryForNote(
  db: Db,
  note: { userId: number; folderId: number | null },
): Promise<{ folder: GlossaryEntry[]; user: GlossaryEntry[] }> {
  const rows = await db
    .select({
      term: glossaryTerms.term,
      kind: glossaryTerms.kind,
      variants: glossaryTerms.variants,
      folderId: glossaryTerms.folderId,
    })
    .from(glossaryTerms)
    .leftJoin(folders, eq(folders.id, glossaryTerms.folderId))
    .where(
      and(
        eq(glossaryTerms.userId, note.userId),
        note.folderId == null
          ? isNull(glossaryTerms.folderId)
          : or(
              isNull(glossaryTerms.folderId),
              and(eq(glossaryTerms.folderId, note.folderId), eq(folders.userId, note.userId)),
            ),
      ),
    )
    .orderBy(
      desc(sql`greatest(${glossaryTerms.updatedAt}, ${glossaryTerms.createdAt})`),
      desc(glossaryTerms.id),
    );
  const entry = ({ term, kind, variants }: (typeof rows)[number]): GlossaryEntry => ({
    term,
    kind,
    variants,
  });
  return {
    folder: rows.filter((row) => row.folderId != null).map(entry),
    user: rows.filter((row) => row.folderId == null).map(entry),
  };
}
