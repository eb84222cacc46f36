// Editing a note's summary by hand (docs/product.md#editing-the-summary): the changes a reader can
// make to the overview, topics, decisions and action items, how each changes the summary, and how
// hand-made changes carry over into a re-summary that keeps them. The server applies a change with
// these functions and the reader shows it with the same ones before the answer arrives.
//
// Here, not in constants.ts or values.ts: those load with every page's first script, this only
// with the notes pages.
import { z } from 'zod';
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
    "Change a note's summary by hand: its overview, or a topic, decision or action item (edit, add, delete, move, done)",
  auth: true,
  params: NoteIdParams,
  body: EditSummaryBody,
  bodyKind: 'json',
  response: NoteResponse,
});

// — The rules —

/** Why a change cannot be made: an i18n key. */
export type SummaryRefusal =
  | 'noteTools.summary.itemMissing'
  | 'noteTools.summary.wrongList'
  | 'noteTools.summary.tooMany'
  | 'noteTools.summary.unchanged';

export type SummaryEdit = { ok: true; summary: Summary } | { ok: false; refusal: SummaryRefusal };

type AnyItem = SummaryTopic | SummaryDecision | SummaryActionItem;

function itemsOf(summary: Summary, list: SummaryList): AnyItem[] {
  return summary[list];
}

/** The stored item an input makes, keeping what the input has no say in (its passage, done). */
function itemFrom(
  input: z.infer<typeof SummaryItemInput>,
  start: number,
  previous?: AnyItem,
): AnyItem {
  const keep = previous ? { ...previous } : { start };
  switch (input.list) {
    case 'topics': {
      const { text: _text, ...rest } = keep as SummaryTopic;
      return { ...rest, title: input.title, ...(input.text ? { text: input.text } : {}) };
    }
    case 'decisions':
      return { ...(keep as SummaryDecision), text: input.text };
    case 'action_items': {
      const { owner: _owner, due: _due, ...rest } = keep as SummaryActionItem;
      return {
        ...rest,
        task: input.task,
        ...(input.owner ? { owner: input.owner } : {}),
        ...(input.due ? { due: input.due } : {}),
      };
    }
  }
}

const sameItem = (a: AnyItem, b: AnyItem) => JSON.stringify(a) === JSON.stringify(b);

/** The summary after `change`, or why it cannot be made. */
export function applySummaryChange(summary: Summary, change: SummaryChangeParsed): SummaryEdit {
  const next: Summary = { ...summary };
  const set = (list: SummaryList, items: AnyItem[]) => {
    (next as Record<SummaryList, AnyItem[]>)[list] = items;
  };
  switch (change.type) {
    case 'overview': {
      if (change.text === summary.overview)
        return { ok: false, refusal: 'noteTools.summary.unchanged' };
      next.overview = change.text;
      next.overview_edited = true;
      return { ok: true, summary: next };
    }
    case 'edit': {
      const items = [...itemsOf(summary, change.item.list)];
      const previous = items[change.index];
      if (!previous) return { ok: false, refusal: 'noteTools.summary.itemMissing' };
      const item = itemFrom(change.item, previous.start, previous);
      const { edited: _e, ...before } = previous;
      const { edited: _f, ...after } = item;
      if (sameItem(before as AnyItem, after as AnyItem)) {
        return { ok: false, refusal: 'noteTools.summary.unchanged' };
      }
      items[change.index] = { ...item, edited: true };
      set(change.item.list, items);
      return { ok: true, summary: next };
    }
    case 'add': {
      const items = [...itemsOf(summary, change.item.list)];
      if (change.index > items.length)
        return { ok: false, refusal: 'noteTools.summary.itemMissing' };
      if (items.length >= SUMMARY_LIST_MAX_ITEMS) {
        return { ok: false, refusal: 'noteTools.summary.tooMany' };
      }
      const start = change.start ?? (items[change.index - 1] ?? items[change.index])?.start ?? 0;
      const item = itemFrom(change.item, start);
      const done = change.item.list === 'action_items' && change.done ? { done: true } : {};
      items.splice(change.index, 0, { ...item, ...done, edited: true, added: true });
      set(change.item.list, items);
      return { ok: true, summary: next };
    }
    case 'delete': {
      const items = [...itemsOf(summary, change.list)];
      if (!items[change.index]) return { ok: false, refusal: 'noteTools.summary.itemMissing' };
      items.splice(change.index, 1);
      set(change.list, items);
      return { ok: true, summary: next };
    }
    case 'move': {
      const items = [...itemsOf(summary, change.list)];
      const moved = items[change.from];
      if (!moved || !items[change.to])
        return { ok: false, refusal: 'noteTools.summary.itemMissing' };
      if (change.from === change.to) return { ok: false, refusal: 'noteTools.summary.unchanged' };
      items.splice(change.from, 1);
      items.splice(change.to, 0, moved);
      set(change.list, items);
      return { ok: true, summary: next };
    }
    case 'done': {
      const items = [...summary.action_items];
      const item = items[change.index];
      if (!item) return { ok: false, refusal: 'noteTools.summary.itemMissing' };
      if (!!item.done === change.done) return { ok: false, refusal: 'noteTools.summary.unchanged' };
      const { done: _done, ...rest } = item;
      items[change.index] = change.done ? { ...rest, done: true } : rest;
      next.action_items = items;
      return { ok: true, summary: next };
    }
  }
}

/** Whether the summary has anything changed by hand that a re-summary could keep. */
export function hasHandEdits(summary: Summary | null | undefined): boolean {
  if (!summary) return false;
  return (
    !!summary.overview_edited ||
    SUMMARY_LISTS.some((list) => itemsOf(summary, list).some(isHandMade))
  );
}

const isHandMade = (item: AnyItem) => !!item.edited || ('done' in item && !!item.done);

/** The text an item is known by, for telling a kept item from the new summary's copy of it. */
const keyOf = (item: AnyItem) =>
  ('title' in item ? item.title : 'task' in item ? item.task : item.text)
    .trim()
    .toLocaleLowerCase()
    .replace(/\s+/g, ' ');

/**
 * A re-summary that keeps hand edits (docs/uploads.md#keeping-hand-edits): the new summary with the
 * previous one's hand-written overview and its edited, added and done items. A kept item takes the
 * place its passage gives it among the new ones (by `start`, before a new item of the same second)
 * and replaces a new item with the same text. Items deleted by hand are not remembered: the new
 * summary may have them again.
 */
export function keepHandEdits(fresh: Summary, previous: Summary): Summary {
  const merged: Summary = { ...fresh };
  if (previous.overview_edited) {
    merged.overview = previous.overview;
    merged.overview_edited = true;
  }
  for (const list of SUMMARY_LISTS) {
    const kept = itemsOf(previous, list).filter(isHandMade);
    if (kept.length === 0) continue;
    const keys = new Set(kept.map(keyOf));
    const items: AnyItem[] = itemsOf(fresh, list).filter((item) => !keys.has(keyOf(item)));
    for (const item of kept) {
      const at = items.findIndex((other) => other.start >= item.start);
      items.splice(at === -1 ? items.length : at, 0, item);
    }
    (merged as Record<SummaryList, AnyItem[]>)[list] = items.slice(0, SUMMARY_LIST_MAX_ITEMS);
  }
  return merged;
}
