// The rules of editing a summary by hand (docs/product.md#editing-the-summary): how a change
// alters the summary, and how hand edits carry over into a re-summary that keeps them. A module of
// its own, imported as `@protokoll/contract/summary-edit-rules` and not from the package's index:
// only the server, the mocks and the reader's editor (loaded on first use) need it, so the notes
// pages' first script does not carry it.
import {
  isHandMade,
  type HeadInputParsed,
  SUMMARY_LIST_MAX_ITEMS,
  SUMMARY_LISTS,
  type SummaryChangeParsed,
  type SummaryItemInput,
  type SummaryList,
} from './summary-edit.ts';
import type { MinutesHead } from './formal-minutes.ts';
import type { Summary, SummaryActionItem, SummaryDecision, SummaryTopic } from './notes.ts';
import { HEAD_FIELDS, type HeadField } from './values.ts';
import type { z } from 'zod';

/** Why a change cannot be made: an i18n key. */
export type SummaryRefusal =
  'noteTools.summary.itemMissing' | 'noteTools.summary.tooMany' | 'noteTools.edit.unchanged';

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

/** A head field's value for comparing (a list as its names, `place` with `online`). */
function headValue(head: MinutesHead | HeadInputParsed, field: HeadField): string {
  if (field === 'place') return JSON.stringify([head.place ?? null, head.online ?? false]);
  const value = (head as Record<string, unknown>)[field];
  return JSON.stringify(value === undefined ? null : value);
}

/**
 * The head as entered by hand: every field as given; a field that changed is marked `edited`
 * and loses the passages it was found in (they no longer say it).
 */
function headFrom(previous: MinutesHead, input: HeadInputParsed): MinutesHead | undefined {
  const changed = HEAD_FIELDS.filter(
    (field) => headValue(previous, field) !== headValue(input, field),
  );
  if (changed.length === 0) return undefined;
  const { sources, edited, ...rest } = previous;
  const head: MinutesHead = {
    ...rest,
    present: input.present,
    excused: input.excused,
    guests: input.guests,
  };
  const optional = ['body', 'date', 'start_time', 'end_time', 'place', 'chair', 'keeper'] as const;
  for (const field of optional) {
    const value = input[field];
    if (value === undefined) delete head[field];
    else head[field] = value;
  }
  if (input.online) head.online = true;
  else delete head.online;
  if (input.quorum === null) delete head.quorum;
  else head.quorum = input.quorum;
  const kept = Object.entries(sources ?? {}).filter(
    ([field]) => !changed.includes(field as HeadField),
  );
  if (kept.length > 0) head.sources = Object.fromEntries(kept);
  head.edited = HEAD_FIELDS.filter((field) => changed.includes(field) || edited?.includes(field));
  return head;
}

/** The summary after `change`, or why it cannot be made. */
export function applySummaryChange(summary: Summary, change: SummaryChangeParsed): SummaryEdit {
  const next: Summary = { ...summary };
  const set = (list: SummaryList, items: AnyItem[]) => {
    (next as Record<SummaryList, AnyItem[]>)[list] = items;
  };
  switch (change.type) {
    case 'overview': {
      if (change.text === summary.overview)
        return { ok: false, refusal: 'noteTools.edit.unchanged' };
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
        return { ok: false, refusal: 'noteTools.edit.unchanged' };
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
      if (change.from === change.to) return { ok: false, refusal: 'noteTools.edit.unchanged' };
      items.splice(change.from, 1);
      items.splice(change.to, 0, moved);
      set(change.list, items);
      return { ok: true, summary: next };
    }
    case 'head': {
      if (!summary.formal) return { ok: false, refusal: 'noteTools.summary.itemMissing' };
      const head = headFrom(summary.formal.head, change.head);
      if (!head) return { ok: false, refusal: 'noteTools.edit.unchanged' };
      next.formal = { ...summary.formal, head };
      return { ok: true, summary: next };
    }
    case 'done': {
      const items = [...summary.action_items];
      const item = items[change.index];
      if (!item) return { ok: false, refusal: 'noteTools.summary.itemMissing' };
      if (!!item.done === change.done) return { ok: false, refusal: 'noteTools.edit.unchanged' };
      const { done: _done, ...rest } = item;
      items[change.index] = change.done ? { ...rest, done: true } : rest;
      next.action_items = items;
      return { ok: true, summary: next };
    }
  }
}

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
  // Formal minutes: what was entered in the head by hand stays, the rest is found again.
  const handHead = previous.formal?.head;
  if (fresh.formal && handHead?.edited?.length) {
    const head: MinutesHead = { ...fresh.formal.head };
    const sources = { ...head.sources };
    for (const field of handHead.edited) {
      (head as Record<string, unknown>)[field] = handHead[field];
      if (field === 'place') head.online = handHead.online;
      delete sources[field];
    }
    for (const field of HEAD_FIELDS) {
      if (head[field] === undefined) delete head[field];
    }
    if (head.online === undefined) delete head.online;
    head.sources = sources;
    head.edited = handHead.edited;
    merged.formal = { ...fresh.formal, head };
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
