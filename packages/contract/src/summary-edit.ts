// Editing a note's summary by hand (docs/product.md#editing-the-summary): the changes a reader can
// make to the overview, topics, decisions and action items, how each changes the summary, and how
// hand-made changes carry over into a re-summary that keeps them. The server applies a change with
// these functions and the reader shows it with the same ones before the answer arrives.
//
// Here, not in constants.ts or values.ts: those load with every page's first script, this only
// with the notes pages.
import { z } from 'zod';
import { CalendarDate } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { textField } from './fields.ts';
import {
  NoteIdParams,
  NoteResponse,
  type Summary,
  type SummaryActionItem,
  type SummaryDecision,
  type SummaryTopic,
} from './notes.ts';

/** The overview as written by hand. */
export const SUMMARY_OVERVIEW_MAX_LENGTH = 10_000;
/** A topic's title, a decision, a task. */
export const SUMMARY_ITEM_MAX_LENGTH = 1_000;
/** A topic's explanation. */
export const SUMMARY_ITEM_TEXT_MAX_LENGTH = 4_000;
/** An owner's name. */
export const SUMMARY_OWNER_MAX_LENGTH = 100;
/** A due date's free wording ("nächste Woche"). */
export const SUMMARY_DUE_MAX_LENGTH = 60;
/** The most items one list of a summary takes by hand. */
export const SUMMARY_LIST_MAX_ITEMS = 200;
/** The lists of a summary that can be edited item by item. */
export const SUMMARY_LISTS = ['topics', 'decisions', 'action_items'] as const;
export type SummaryList = (typeof SUMMARY_LISTS)[number];

const ItemIndex = z.number({ error: 'validation.invalidValue' }).int().nonnegative();

const required = (max: number) =>
  textField('noteTools.summary.itemEmpty')
    .min(1, { error: 'noteTools.summary.itemEmpty' })
    .max(max, { error: 'validation.tooLong' });

/** An optional one-line text: empty reads as none. */
const optional = (max: number, multiline = false) =>
  textField('validation.invalidValue', { multiline })
    .max(max, { error: 'validation.tooLong' })
    .optional()
    .transform((text) => (text ? text : undefined));

const DATE_LIKE = /^\d{4}-\d{2}-\d{2}$/;

/** `YYYY-MM-DD` (a real day) or free wording such as "nächste Woche"; empty reads as none. */
const Due = optional(SUMMARY_DUE_MAX_LENGTH).refine(
  (due) => !due || !DATE_LIKE.test(due) || z.iso.date().safeParse(due).success,
  { error: 'validation.dateInvalid' },
);

/** An item as the reader writes it; `list` says which list it belongs to. */
export const SummaryItemInput = z
  .discriminatedUnion(
    'list',
    [
      z.object({
        list: z.literal('topics'),
        title: required(SUMMARY_ITEM_MAX_LENGTH),
        text: optional(SUMMARY_ITEM_TEXT_MAX_LENGTH, true),
      }),
      z.object({ list: z.literal('decisions'), text: required(SUMMARY_ITEM_MAX_LENGTH) }),
      z.object({
        list: z.literal('action_items'),
        task: required(SUMMARY_ITEM_MAX_LENGTH),
        /** A named speaker's name or free text. */
        owner: optional(SUMMARY_OWNER_MAX_LENGTH),
        due: Due,
      }),
    ],
    { error: 'validation.invalidValue' },
  )
  .meta({ id: 'SummaryItemInput' });
export type SummaryItemInput = z.input<typeof SummaryItemInput>;

const List = z.enum(SUMMARY_LISTS, { error: 'validation.invalidValue' });

/** A name in the head (chair, keeper, one of a list). */
export const HEAD_NAME_MAX_LENGTH = 100;
/** The most names one list of the head takes. */
export const HEAD_NAMES_MAX = 100;
const Clock = optional(5).refine((time) => !time || /^([01]\d|2[0-3]):[0-5]\d$/.test(time), {
  error: 'validation.invalidValue',
});
const HeadNames = z
  .array(required(HEAD_NAME_MAX_LENGTH), { error: 'validation.invalidValue' })
  .max(HEAD_NAMES_MAX, { error: 'validation.tooLong' });

/**
 * The head of formal minutes as the keeper of the minutes fills it in by hand
 * (docs/formal-minutes.md#the-head-by-hand): every field at once, an empty one read as not known.
 */
export const HeadInput = z
  .object({
    body: optional(SUMMARY_ITEM_MAX_LENGTH),
    date: z
      .union([z.literal(''), CalendarDate], { error: 'validation.dateInvalid' })
      .optional()
      .transform((date) => date || undefined),
    start_time: Clock,
    end_time: Clock,
    place: optional(SUMMARY_ITEM_MAX_LENGTH),
    online: z.boolean({ error: 'validation.invalidValue' }).optional(),
    chair: optional(HEAD_NAME_MAX_LENGTH),
    keeper: optional(HEAD_NAME_MAX_LENGTH),
    present: HeadNames,
    excused: HeadNames,
    guests: HeadNames,
    quorum: z.boolean({ error: 'validation.invalidValue' }).nullable(),
  })
  .meta({ id: 'HeadInput' });
export type HeadInput = z.input<typeof HeadInput>;
export type HeadInputParsed = z.infer<typeof HeadInput>;

/** One change to a summary; `index` is the item's place in its list. */
export const SummaryChange = z
  .discriminatedUnion(
    'type',
    [
      z.object({
        type: z.literal('overview'),
        text: textField('validation.invalidValue', { multiline: true }).max(
          SUMMARY_OVERVIEW_MAX_LENGTH,
          { error: 'validation.tooLong' },
        ),
      }),
      z.object({ type: z.literal('edit'), index: ItemIndex, item: SummaryItemInput }),
      z.object({
        type: z.literal('add'),
        /** Where the item goes: 0 first, the list's length last. */
        index: ItemIndex,
        item: SummaryItemInput,
        /** The passage it belongs to (an undone delete gives it back); else its neighbour's. */
        start: z.number({ error: 'validation.invalidValue' }).nonnegative().optional(),
        /** An undone delete gives a done task back done. */
        done: z.boolean({ error: 'validation.invalidValue' }).optional(),
      }),
      z.object({ type: z.literal('delete'), list: List, index: ItemIndex }),
      z.object({ type: z.literal('move'), list: List, from: ItemIndex, to: ItemIndex }),
      z.object({
        type: z.literal('done'),
        index: ItemIndex,
        done: z.boolean({ error: 'validation.invalidValue' }),
      }),
      /** Formal minutes: the head filled in or corrected by hand. */
      z.object({ type: z.literal('head'), head: HeadInput }),
    ],
    { error: 'validation.invalidValue' },
  )
  .meta({ id: 'SummaryChange' });
export type SummaryChange = z.input<typeof SummaryChange>;
export type SummaryChangeParsed = z.infer<typeof SummaryChange>;

export const EditSummaryBody = z
  .object({
    /** The `summary_edit_version` the change was made on: another one is refused (409). */
    base_version: z.number({ error: 'validation.invalidValue' }).int().nonnegative(),
    change: SummaryChange,
  })
  .meta({ id: 'EditSummaryBody' });
export type EditSummaryBody = z.input<typeof EditSummaryBody>;

export const editSummary = defineEndpoint({
  id: 'editSummary',
  method: 'POST',
  path: '/api/note/{id}/summary',
  tag: 'notes',
  summary:
    "Change a note's summary by hand: its overview, a topic, decision or action item (edit, add, delete, move, done), or formal minutes' head",
  auth: true,
  params: NoteIdParams,
  body: EditSummaryBody,
  bodyKind: 'json',
  response: NoteResponse,
});

/** Whether the summary has anything changed by hand that a re-summary could keep. */
export function hasHandEdits(summary: Summary | null | undefined): boolean {
  if (!summary) return false;
  return (
    !!summary.overview_edited ||
    !!summary.formal?.head.edited?.length ||
    SUMMARY_LISTS.some((list) => summary[list].some((item) => isHandMade(item)))
  );
}

/** An item changed or added by hand, or a task marked done: what a re-summary can keep. */
export const isHandMade = (item: SummaryTopic | SummaryDecision | SummaryActionItem): boolean =>
  !!item.edited || ('done' in item && !!item.done);
