import {
  createGlossaryTerm,
  deleteGlossaryTerm,
  ErrorCode,
  GLOSSARY_TERMS_MAX,
  listGlossary,
  updateGlossaryTerm,
  type GlossaryTerm,
} from '@protokoll/contract';
import { createMockDb, mockDb, type MockDb } from '../db.ts';
import { longGlossary } from '../fixtures/glossary.ts';
import { failWith, handle, reply, type HandleOptions } from '../handle.ts';
import { errorResponse, notFound } from '../respond.ts';

// The glossary's calls are not in `endpoints` (every page's client loads that map).
const CREATED_AT = '2026-12-01T09:00:00.000Z';

/**
 * Handlers of the glossary (docs/product.md#glossary): the user's own terms and each folder's,
 * unique per glossary whatever the case, at most GLOSSARY_TERMS_MAX each.
 */
export function createGlossaryHandlers(db: MockDb = mockDb, options: HandleOptions = {}) {
  const ofGlossary = (folderId: number | null) =>
    db.glossary.filter((term) => term.folder_id === folderId);
  const taken = (folderId: number | null, term: string, exceptId?: number) =>
    ofGlossary(folderId).some(
      (other) =>
        other.id !== exceptId &&
        other.term.toLocaleLowerCase('de') === term.toLocaleLowerCase('de'),
    );
  const exists = () =>
    errorResponse(409, ErrorCode.CONFLICT, 'This term is already in the glossary.');

  return [
    handle(
      listGlossary,
      ({ query }) => {
        const folderId = query.folder_id ?? null;
        if (folderId !== null && !db.folders.some((folder) => folder.id === folderId)) {
          return notFound();
        }
        return reply(listGlossary, {
          success: true,
          terms: ofGlossary(folderId).sort((a, b) => a.term.localeCompare(b.term, 'de')),
        });
      },
      options,
    ),
    handle(
      createGlossaryTerm,
      ({ body }) => {
        const folderId = body.folder_id ?? null;
        if (folderId !== null && !db.folders.some((folder) => folder.id === folderId)) {
          return notFound();
        }
        if (taken(folderId, body.term)) return exists();
        if (ofGlossary(folderId).length >= GLOSSARY_TERMS_MAX) {
          return errorResponse(422, ErrorCode.INVALID_INPUT, 'The glossary is full.');
        }
        const term: GlossaryTerm = {
          id: db.nextId++,
          term: body.term,
          kind: body.kind,
          variants: body.variants,
          note: body.note,
          folder_id: folderId,
          created_at: CREATED_AT,
        };
        db.glossary.push(term);
        return reply(createGlossaryTerm, { success: true, term });
      },
      options,
    ),
    handle(
      updateGlossaryTerm,
      ({ params, body }) => {
        const term = db.glossary.find((item) => item.id === params.id);
        if (!term) return notFound();
        if (taken(term.folder_id, body.term, term.id)) return exists();
        Object.assign(term, {
          term: body.term,
          kind: body.kind,
          variants: body.variants,
          note: body.note,
        });
        return reply(updateGlossaryTerm, { success: true, term });
      },
      options,
    ),
    handle(
      deleteGlossaryTerm,
      ({ params }) => {
        const index = db.glossary.findIndex((item) => item.id === params.id);
        if (index < 0) return notFound();
        db.glossary.splice(index, 1);
        return reply(deleteGlossaryTerm, { success: true });
      },
      options,
    ),
  ];
}

export const glossaryHandlers = createGlossaryHandlers();

/** Named glossary scenarios (the `glossary` key). */
export const glossary = {
  default: () => glossaryHandlers,
  empty: () => createGlossaryHandlers(createMockDb({ glossary: [] })),
  /** The longest terms and notes, for layout checks. */
  long: () => createGlossaryHandlers(createMockDb({ glossary: structuredClone(longGlossary) })),
  /** Loading the list fails with `status`. */
  failing: (status = 500) => [
    failWith(listGlossary, status, ErrorCode.SERVER),
    ...glossaryHandlers,
  ],
  /** Adding, changing and deleting fail with `status`. */
  mutationsFailing: (status = 500) => [
    failWith(createGlossaryTerm, status, ErrorCode.SERVER),
    failWith(updateGlossaryTerm, status, ErrorCode.SERVER),
    failWith(deleteGlossaryTerm, status, ErrorCode.SERVER),
    ...glossaryHandlers,
  ],
  slow: (ms = 3_000) => createGlossaryHandlers(mockDb, { latency: ms }),
};
