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
import type { Segment } from './notes.ts';

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

const TermText = textField('noteTools.glossary.termRequired')
  .min(1, { error: 'noteTools.glossary.termRequired' })
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
  .pipe(
    z.array(z.string()).max(GLOSSARY_VARIANTS_MAX, { error: 'noteTools.glossary.tooManyVariants' }),
  );

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

// — Speaker names from the transcript —

/** A name the transcript suggests for a speaker: someone addressed them by it. */
export interface SpeakerSuggestion {
  speaker: string;
  name: string;
  /** The line it was read from. */
  index: number;
  /** The words that suggest it ("Danke, Anna"). */
  evidence: string;
}

const NAME = String.raw`(\p{Lu}[\p{Ll}]+(?:-\p{Lu}[\p{Ll}]+)?)`;
/**
 * "Danke, Anna." / "Vielen Dank, Anna!" / "Thanks, Anna." as the first words of a line: said to
 * the one who spoke before.
 */
const THANKS = new RegExp(
  String.raw`^\s*(?:[Dd]anke(?:\s+schön)?|[Dd]ankeschön|[Vv]ielen\s+[Dd]ank|[Tt]hanks|[Tt]hank\s+you)\s*,?\s+${NAME}(?=\s*(?:[.!,;]|$))`,
  'u',
);
/** "Anna, was meinst du?" / "Anna, what do you think?" starting a line: asks the one after. */
const ASKS = new RegExp(String.raw`^\s*${NAME}\s*,\s+[^?.!]{0,80}\?`, 'u');
/** Words that look like a name in these places but are none. */
const NOT_NAMES = new Set(
  [
    'Ja',
    'Nein',
    'Also',
    'Gut',
    'Okay',
    'Ok',
    'Genau',
    'Sehr',
    'Herr',
    'Frau',
    'Leute',
    'Alle',
    'Euch',
    'Ihnen',
    'Dir',
    'Sie',
    'Du',
    'Ihr',
    'Wir',
    'Und',
    'Aber',
    'So',
    'Na',
    'Hallo',
    'Yes',
    'No',
    'Well',
    'Right',
    'Everyone',
    'All',
    'Guys',
    'You',
    'So',
    'And',
    'But',
    'Hi',
  ].map((word) => word.toLowerCase()),
);

/**
 * Names the transcript suggests for its speakers (docs/product.md#glossary). A line ending in
 * "Danke, Anna" right after a change of speaker names the speaker before it (the one thanked for
 * what they said); a line starting "Anna, was meinst du?" right before a change names the speaker
 * who answers. Never the line's own speaker; one suggestion per speaker (the name read most
 * often, then the first); none for a speaker already named, nor a name already given to someone.
 * Suggestions only: the user accepts each one.
 */
export function suggestSpeakerNames(
  segments: readonly Segment[],
  names: Readonly<Record<string, string>> = {},
): SpeakerSuggestion[] {
  const found = new Map<string, Map<string, SpeakerSuggestion & { count: number }>>();
  const given = new Set(Object.values(names).map((name) => name.trim().toLowerCase()));
  const add = (
    speaker: string | undefined,
    own: string,
    name: string,
    index: number,
    evidence: string,
  ) => {
    if (!speaker || speaker === own || names[speaker]?.trim()) return;
    if (NOT_NAMES.has(name.toLowerCase()) || given.has(name.toLowerCase())) return;
    const byName = found.get(speaker) ?? new Map();
    found.set(speaker, byName);
    const seen = byName.get(name);
    if (seen) seen.count++;
    else byName.set(name, { speaker, name, index, evidence: evidence.trim(), count: 1 });
  };
  segments.forEach((segment, index) => {
    const previous = segments[index - 1];
    const next = segments[index + 1];
    const thanks = THANKS.exec(segment.text);
    if (thanks && previous && previous.speaker !== segment.speaker) {
      add(
        previous.speaker,
        segment.speaker,
        thanks[1]!,
        index,
        `${thanks[0].trim()}${
          segment.text
            .slice(thanks[0].length)
            .match(/^\s*[.!]/)?.[0]
            .trim() ?? ''
        }`,
      );
    }
    const asks = ASKS.exec(segment.text);
    if (asks && next && next.speaker !== segment.speaker) {
      add(next.speaker, segment.speaker, asks[1]!, index, asks[0]);
    }
  });
  const suggestions: SpeakerSuggestion[] = [];
  const taken = new Set<string>();
  for (const byName of found.values()) {
    const best = [...byName.values()].sort((a, b) => b.count - a.count || a.index - b.index)[0];
    if (!best || taken.has(best.name)) continue;
    taken.add(best.name);
    const { count: _count, ...suggestion } = best;
    suggestions.push(suggestion);
  }
  return suggestions.sort((a, b) => a.speaker.localeCompare(b.speaker, 'en', { numeric: true }));
}
