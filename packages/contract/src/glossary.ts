// The glossary (docs/product.md#glossary): the names, product names and abbreviations a user
// wants spelt their way, per user and per folder. The terms go to the speech engine as its
// `prompt` and correct near-misses in the finished transcript.
//
// Here, not in constants.ts or values.ts: those load with every page's first script (the sign-in
// page's too), these only with the settings and notes pages.
import { z } from 'zod';
import { EntityId, Id, Timestamp } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { textField } from './fields.ts';

/** Terms one glossary holds (the user's own, and each folder's). */
export const GLOSSARY_TERMS_MAX = 200;
/** Characters of a term and of each spoken variant. */
export const GLOSSARY_TERM_MAX_LENGTH = 60;
/** Spoken variants (how the engine tends to mishear it) per term. */
export const GLOSSARY_VARIANTS_MAX = 5;
/** Characters of a term's note (what it is, for the user). */
export const GLOSSARY_NOTE_MAX_LENGTH = 200;
/** What a term is; names and products are corrected by sound, abbreviations only by spelling. */
export const GLOSSARY_KINDS = ['name', 'product', 'abbreviation'] as const;

export const GlossaryKind = z.enum(GLOSSARY_KINDS, { error: 'validation.invalidValue' });
export type GlossaryKind = z.infer<typeof GlossaryKind>;

const TermText = textField('glossary.termRequired')
  .min(1, { error: 'glossary.termRequired' })
  .max(GLOSSARY_TERM_MAX_LENGTH, { error: 'validation.tooLong' });

/** A term's heard spellings as typed: empty ones dropped, repeats once, at most GLOSSARY_VARIANTS_MAX. */
export const GlossaryVariants = z
  .array(
    textField('validation.invalidValue').max(GLOSSARY_TERM_MAX_LENGTH, {
      error: 'validation.tooLong',
    }),
    { error: 'validation.invalidValue' },
  )
  // Empty entries (a cleared input) are dropped, repeats once.
  .transform((list) => [...new Set(list.filter((variant) => variant !== ''))])
  .pipe(z.array(z.string()).max(GLOSSARY_VARIANTS_MAX, { error: 'glossary.tooManyVariants' }));

const TermNote = textField('validation.invalidValue').max(GLOSSARY_NOTE_MAX_LENGTH, {
  error: 'validation.tooLong',
});

/** A term as the user writes it. */
export const GlossaryTermInput = z
  .object({
    term: TermText,
    kind: GlossaryKind,
    variants: GlossaryVariants.default([]),
    note: TermNote.default(''),
  })
  .meta({ id: 'GlossaryTermInput' });
export type GlossaryTermInput = z.input<typeof GlossaryTermInput>;

/** A term of a glossary. `folder_id` is null for the user's own glossary. */
export const GlossaryTerm = z
  .object({
    id: EntityId,
    term: z.string(),
    kind: GlossaryKind,
    variants: z.array(z.string()),
    note: z.string(),
    folder_id: EntityId.nullable(),
    created_at: Timestamp,
  })
  .meta({ id: 'GlossaryTerm' });
export type GlossaryTerm = z.infer<typeof GlossaryTerm>;

/** Without `folder_id`: the user's own glossary; with it: that folder's (the user's folders only). */
export const GlossaryQuery = z.object({ folder_id: Id.optional() }).meta({ id: 'GlossaryQuery' });
export type GlossaryQuery = z.infer<typeof GlossaryQuery>;

export const CreateGlossaryTermBody = GlossaryTermInput.extend({
  folder_id: Id.optional(),
}).meta({ id: 'CreateGlossaryTermBody' });
export type CreateGlossaryTermBody = z.input<typeof CreateGlossaryTermBody>;

export const GlossaryTermParams = z.object({ id: Id }).meta({ id: 'GlossaryTermParams' });

export const GlossaryListResponse = z
  .object({ success: z.boolean(), terms: z.array(GlossaryTerm) })
  .meta({ id: 'GlossaryListResponse' });
export type GlossaryListResponse = z.infer<typeof GlossaryListResponse>;

export const GlossaryTermResponse = z
  .object({ success: z.boolean(), term: GlossaryTerm })
  .meta({ id: 'GlossaryTermResponse' });

export const GlossaryDeleteResponse = z
  .object({ success: z.boolean() })
  .meta({ id: 'GlossaryDeleteResponse' });

export const listGlossary = defineEndpoint({
  id: 'listGlossary',
  method: 'GET',
  path: '/api/glossary',
  tag: 'glossary',
  summary: "The terms of the user's glossary, or of one of the user's folders, A to Z",
  auth: true,
  query: GlossaryQuery,
  response: GlossaryListResponse,
});

export const createGlossaryTerm = defineEndpoint({
  id: 'createGlossaryTerm',
  method: 'POST',
  path: '/api/glossary',
  tag: 'glossary',
  summary: "Add a term to the user's glossary or to a folder's",
  auth: true,
  body: CreateGlossaryTermBody,
  bodyKind: 'json',
  response: GlossaryTermResponse,
});

export const updateGlossaryTerm = defineEndpoint({
  id: 'updateGlossaryTerm',
  method: 'PUT',
  path: '/api/glossary/{id}',
  tag: 'glossary',
  summary: 'Change a term of a glossary',
  auth: true,
  params: GlossaryTermParams,
  body: GlossaryTermInput,
  bodyKind: 'json',
  response: GlossaryTermResponse,
});

export const deleteGlossaryTerm = defineEndpoint({
  id: 'deleteGlossaryTerm',
  method: 'DELETE',
  path: '/api/glossary/{id}',
  tag: 'glossary',
  summary: 'Delete a term of a glossary',
  auth: true,
  params: GlossaryTermParams,
  response: GlossaryDeleteResponse,
});

/** The glossary's calls, apart from `endpoints` (index.ts): only the screens using them load them. */
export const glossaryEndpoints = {
  listGlossary,
  createGlossaryTerm,
  updateGlossaryTerm,
  deleteGlossaryTerm,
};
