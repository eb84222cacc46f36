// A user's summary templates (docs/product.md#summary-templates): the built-in ones are constants of
// the contract, the user's own are rows, each a copy of a built-in structure's sections. Every
// query names the owner; a template of someone else is one that does not exist.
import {
  builtInTemplate,
  ErrorCode,
  MAX_TEMPLATES,
  NoteStructure,
  sectionsRefusal,
  TemplateSection,
  type CreateTemplateBody,
  type Template,
  type TemplateRef,
  type UpdateTemplateBody,
} from '@protokoll/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { summaryTemplates, users, type SummaryTemplateRow } from '../db/schema.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { ApiError, ErrorMessage, notFoundError } from '../lib/errors.ts';

const byName = new Intl.Collator('de', { sensitivity: 'base', numeric: true });
const StoredSections = z.array(TemplateSection);

function toTemplate(row: SummaryTemplateRow): Template {
  return {
    id: row.id,
    name: row.name,
    structure: NoteStructure.parse(row.structure),
    built_in: false,
    sections: StoredSections.parse(row.sections),
    updated_at: row.updatedAt.toISOString(),
  };
}

function refused(path: string, message: string): ApiError {
  return new ApiError(422, ErrorCode.VALIDATION, ErrorMessage.validation, [{ path, message }]);
}

function nameTaken(): ApiError {
  return refused('name', 'settings.templates.errors.nameTaken');
}

/** A stored default as the contract names it; `minutes` for none. */
function defaultRef(stored: string | null | undefined): Template['id'] {
  if (!stored) return 'minutes';
  const structure = NoteStructure.safeParse(stored);
  if (structure.success) return structure.data;
  const id = Number(stored);
  return Number.isInteger(id) && id > 0 ? id : 'minutes';
}

/** The built-in templates in the structures' order, then the user's own by name, and the default. */
export async function listTemplates(
  db: Db,
  userId: number,
  locale: string,
): Promise<{ templates: Template[]; default_template: Template['id'] }> {
  const [rows, [user]] = await Promise.all([
    db.select().from(summaryTemplates).where(eq(summaryTemplates.userId, userId)),
    db.select({ defaultTemplate: users.defaultTemplate }).from(users).where(eq(users.id, userId)),
  ]);
  const own = rows
    .map(toTemplate)
    .sort((a, b) => byName.compare(a.name, b.name) || Number(a.id) - Number(b.id));
  const builtIn = NoteStructure.options.map((structure) => builtInTemplate(structure, locale));
  return { templates: [...builtIn, ...own], default_template: defaultRef(user?.defaultTemplate) };
}

/**
 * The template `ref` names for this user: a built-in one in `locale`, or the user's own; undefined
 * when it does not exist (deleted, or someone else's).
 */
export async function findTemplate(
  db: Db,
  userId: number,
  ref: TemplateRef,
  locale: string,
): Promise<Template | undefined> {
  if (typeof ref === 'string') return builtInTemplate(ref, locale);
  const [row] = await db
    .select()
    .from(summaryTemplates)
    .where(and(eq(summaryTemplates.id, ref), eq(summaryTemplates.userId, userId)));
  return row ? toTemplate(row) : undefined;
}

/**
 * The template an upload or a re-summary names, or a 422 on `template` that says it is gone: a
 * deleted template is refused rather than replaced silently (docs/product.md#summary-templates).
 */
export async function requireTemplate(
  db: Db,
  userId: number,
  ref: TemplateRef,
  locale: string,
): Promise<Template> {
  const template = await findTemplate(db, userId, ref, locale);
  if (!template) throw refused('template', 'uploads.templateNotFound');
  return template;
}

/**
 * A new own template, a copy of `from` (built-in, in the request's language, or own).
 * @throws ApiError 422 for a template `from` that does not exist, a name taken, or too many.
 */
export async function createTemplate(
  db: Db,
  userId: number,
  body: CreateTemplateBody,
  locale: string,
): Promise<Template> {
  const from = await findTemplate(db, userId, body.from, locale);
  if (!from) throw refused('from', 'uploads.templateNotFound');
  return db.transaction(async (tx) => {
    // The user's row is the lock, so two creates at once cannot pass the limit together.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [held] = await tx
      .select({ value: count() })
      .from(summaryTemplates)
      .where(eq(summaryTemplates.userId, userId));
    if ((held?.value ?? 0) >= MAX_TEMPLATES) {
      throw refused('name', 'settings.templates.errors.tooMany');
    }
    try {
      const [row] = await tx
        .insert(summaryTemplates)
        .values({ userId, name: body.name, structure: from.structure, sections: from.sections })
        .returning();
      if (!row) throw new Error('insert returned no template');
      return toTemplate(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  });
}

/**
 * Renames an own template and sets its sections: each of its structure's sections once, in the
 * order given, at least one included.
 * @throws ApiError 404 for a template not the user's, 422 for sections that do not fit or a name
 * taken.
 */
export async function updateTemplate(
  db: Db,
  userId: number,
  id: number,
  body: UpdateTemplateBody,
): Promise<Template> {
  const [existing] = await db
    .select({ structure: summaryTemplates.structure })
    .from(summaryTemplates)
    .where(and(eq(summaryTemplates.id, id), eq(summaryTemplates.userId, userId)));
  if (!existing) throw notFoundError();
  const refusal = sectionsRefusal(NoteStructure.parse(existing.structure), body.sections);
  if (refusal) throw refused('sections', refusal);
  try {
    const [row] = await db
      .update(summaryTemplates)
      .set({ name: body.name, sections: body.sections, updatedAt: sql`now()` })
      .where(and(eq(summaryTemplates.id, id), eq(summaryTemplates.userId, userId)))
      .returning();
    if (!row) throw notFoundError();
    return toTemplate(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/**
 * Deletes an own template; a default on it goes back to none (the Ergebnisprotokoll). Notes
 * written with it keep their summary and its headings.
 * @throws ApiError 404 for a template not the user's.
 */
export async function deleteTemplate(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(summaryTemplates)
      .where(and(eq(summaryTemplates.id, id), eq(summaryTemplates.userId, userId)))
      .returning({ id: summaryTemplates.id });
    if (!gone) throw notFoundError();
    await tx
      .update(users)
      .set({ defaultTemplate: null })
      .where(and(eq(users.id, userId), eq(users.defaultTemplate, String(id))));
  });
}

/** @throws ApiError 422 on `template` for one that does not exist. */
export async function setDefaultTemplate(db: Db, userId: number, ref: TemplateRef): Promise<void> {
  await db.transaction(async (tx) => {
    if (typeof ref === 'number') {
      const [own] = await tx
        .select({ id: summaryTemplates.id })
        .from(summaryTemplates)
        .where(and(eq(summaryTemplates.id, ref), eq(summaryTemplates.userId, userId)))
        .for('update');
      if (!own) throw refused('template', 'uploads.templateNotFound');
    }
    await tx
      .update(users)
      .set({ defaultTemplate: ref === 'minutes' ? null : String(ref) })
      .where(eq(users.id, userId));
  });
}
