import { describe, expect, it } from 'vitest';
import { ResummariseBody, Summary } from './notes.ts';
import { applySummaryChange, keepHandEdits } from './summary-edit-rules.ts';
import {
  EditSummaryBody,
  hasHandEdits,
  SUMMARY_LIST_MAX_ITEMS,
  SummaryChange,
} from './summary-edit.ts';

const summary: Summary = Summary.parse({
  title: 'Jour fixe',
  overview: 'Das Team plant den Umzug.',
  topics: [
    { title: 'Umzug', text: 'Termin und Räume', start: 5 },
    { title: 'Budget', start: 40 },
  ],
  decisions: [{ text: 'Umzug im März', start: 12 }],
  action_items: [
    { task: 'Räume buchen', owner: 'Anna', due: '2026-03-01', start: 20 },
    { task: 'Kisten bestellen', start: 30 },
  ],
  generator: 'llm',
});

const apply = (change: SummaryChange) => {
  const result = applySummaryChange(summary, SummaryChange.parse(change));
  if (!result.ok) throw new Error(result.refusal);
  return result.summary;
};

describe('summary changes', () => {
  it('edits an item in place, keeps its passage and marks it edited', () => {
    const next = apply({
      type: 'edit',
      index: 0,
      item: { list: 'action_items', task: 'Räume buchen', owner: 'Bernd', due: 'nächste Woche' },
    });
    expect(next.action_items[0]).toEqual({
      task: 'Räume buchen',
      owner: 'Bernd',
      due: 'nächste Woche',
      start: 20,
      edited: true,
    });
    // An empty optional field removes it.
    const cleared = apply({
      type: 'edit',
      index: 0,
      item: { list: 'topics', title: 'Umzug', text: ' ' },
    });
    expect(cleared.topics[0]).toEqual({ title: 'Umzug', start: 5, edited: true });
    expect(summary.action_items[0]!.owner).toBe('Anna');
  });

  it('adds an item at a place with its neighbour’s passage, or the passage given', () => {
    const next = apply({
      type: 'add',
      index: 1,
      item: { list: 'decisions', text: 'Budget 5000 €' },
    });
    expect(next.decisions).toEqual([
      { text: 'Umzug im März', start: 12 },
      { text: 'Budget 5000 €', start: 12, edited: true, added: true },
    ]);
    const first = apply({
      type: 'add',
      index: 0,
      item: { list: 'action_items', task: 'Wieder da' },
      start: 25,
      done: true,
    });
    expect(first.action_items[0]).toEqual({
      task: 'Wieder da',
      start: 25,
      done: true,
      edited: true,
      added: true,
    });
    const empty = applySummaryChange(
      { ...summary, topics: [] },
      SummaryChange.parse({ type: 'add', index: 0, item: { list: 'topics', title: 'Neu' } }),
    );
    expect(empty.ok && empty.summary.topics).toEqual([
      { title: 'Neu', start: 0, edited: true, added: true },
    ]);
  });

  it('deletes, moves and marks done', () => {
    expect(apply({ type: 'delete', list: 'topics', index: 0 }).topics.map((t) => t.title)).toEqual([
      'Budget',
    ]);
    expect(
      apply({ type: 'move', list: 'action_items', from: 1, to: 0 }).action_items.map((a) => a.task),
    ).toEqual(['Kisten bestellen', 'Räume buchen']);
    const done = apply({ type: 'done', index: 1, done: true });
    expect(done.action_items[1]).toEqual({ task: 'Kisten bestellen', start: 30, done: true });
    const undone = applySummaryChange(done, { type: 'done', index: 1, done: false });
    expect(undone.ok && undone.summary.action_items[1]).toEqual({
      task: 'Kisten bestellen',
      start: 30,
    });
  });

  it('writes the overview by hand', () => {
    const next = apply({ type: 'overview', text: 'Umzug im März beschlossen.' });
    expect(next.overview).toBe('Umzug im März beschlossen.');
    expect(next.overview_edited).toBe(true);
    expect(hasHandEdits(next)).toBe(true);
    expect(hasHandEdits(summary)).toBe(false);
  });

  it('refuses what does not fit the summary', () => {
    const refusal = (change: SummaryChange) => {
      const result = applySummaryChange(summary, SummaryChange.parse(change));
      return result.ok ? null : result.refusal;
    };
    expect(refusal({ type: 'delete', list: 'decisions', index: 1 })).toBe(
      'noteTools.summary.itemMissing',
    );
    expect(refusal({ type: 'move', list: 'topics', from: 0, to: 2 })).toBe(
      'noteTools.summary.itemMissing',
    );
    expect(refusal({ type: 'move', list: 'topics', from: 1, to: 1 })).toBe(
      'noteTools.edit.unchanged',
    );
    expect(refusal({ type: 'add', index: 3, item: { list: 'decisions', text: 'x' } })).toBe(
      'noteTools.summary.itemMissing',
    );
    expect(
      refusal({ type: 'edit', index: 0, item: { list: 'decisions', text: 'Umzug im März' } }),
    ).toBe('noteTools.edit.unchanged');
    expect(refusal({ type: 'done', index: 0, done: false })).toBe('noteTools.edit.unchanged');
    expect(refusal({ type: 'overview', text: summary.overview })).toBe('noteTools.edit.unchanged');
    const full = {
      ...summary,
      decisions: Array.from({ length: SUMMARY_LIST_MAX_ITEMS }, (_, i) => ({
        text: `${i}`,
        start: i,
      })),
    };
    const tooMany = applySummaryChange(
      full,
      SummaryChange.parse({ type: 'add', index: 0, item: { list: 'decisions', text: 'x' } }),
    );
    expect(tooMany).toEqual({ ok: false, refusal: 'noteTools.summary.tooMany' });
  });

  it('checks what the reader sends', () => {
    const issues = (body: unknown) =>
      EditSummaryBody.safeParse(body).error?.issues.map((issue) => issue.message) ?? [];
    const edit = (item: unknown) => ({ base_version: 0, change: { type: 'edit', index: 0, item } });
    expect(issues(edit({ list: 'decisions', text: '   ' }))).toEqual([
      'noteTools.summary.itemEmpty',
    ]);
    expect(issues(edit({ list: 'decisions', text: 'x'.repeat(1001) }))).toEqual([
      'validation.tooLong',
    ]);
    expect(issues(edit({ list: 'action_items', task: 'a', due: '2026-02-30' }))).toEqual([
      'validation.dateInvalid',
    ]);
    expect(issues(edit({ list: 'action_items', task: 'a', due: 'Ende März' }))).toEqual([]);
    expect(issues(edit({ list: 'action_items', task: 'a', owner: 'x'.repeat(101) }))).toEqual([
      'validation.tooLong',
    ]);
    expect(issues(edit({ list: 'notes', text: 'a' }))).toEqual(['validation.invalidValue']);
    expect(issues(edit({ list: 'decisions', text: 'a\u0000' }))).toEqual([
      'validation.controlCharacters',
    ]);
    expect(
      issues({ base_version: -1, change: { type: 'done', index: 0, done: true } }),
    ).not.toEqual([]);
    expect(issues({ base_version: 0, change: { type: 'explode' } })).toEqual([
      'validation.invalidValue',
    ]);
  });

  it('parses summaries stored before editing and the re-summary body without keep_edits', () => {
    expect(Summary.safeParse({ ...summary, overview_edited: undefined }).success).toBe(true);
    expect(
      ResummariseBody.parse({ structure: 'minutes', summary_language: 'de', summary_model: 'm' })
        .keep_edits,
    ).toBeUndefined();
  });
});

describe('keeping hand edits in a re-summary', () => {
  const fresh: Summary = Summary.parse({
    ...summary,
    overview: 'Neu geschrieben.',
    decisions: [
      { text: 'Umzug im März', start: 12 },
      { text: 'Neue Möbel', start: 50 },
    ],
    action_items: [{ task: 'Kisten bestellen', start: 31 }],
  });

  it('carries the overview, edited, added and done items over, each at its passage', () => {
    let edited = apply({ type: 'overview', text: 'Von Hand.' });
    const step = (change: SummaryChange) => {
      const result = applySummaryChange(edited, SummaryChange.parse(change));
      if (!result.ok) throw new Error(result.refusal);
      edited = result.summary;
    };
    step({ type: 'edit', index: 0, item: { list: 'decisions', text: 'umzug  im MÄRZ' } });
    step({
      type: 'add',
      index: 1,
      item: { list: 'decisions', text: 'Handschriftlich' },
      start: 45,
    });
    step({ type: 'done', index: 1, done: true });
    step({ type: 'delete', list: 'topics', index: 1 });
    const merged = keepHandEdits(fresh, edited);
    expect(merged.overview).toBe('Von Hand.');
    expect(merged.overview_edited).toBe(true);
    // The edited decision replaces the new one with its text; the added one sits by its second.
    expect(merged.decisions.map((d) => d.text)).toEqual([
      'umzug  im MÄRZ',
      'Handschriftlich',
      'Neue Möbel',
    ]);
    expect(merged.action_items).toEqual([{ task: 'Kisten bestellen', start: 30, done: true }]);
    // A deleted item is not remembered: the new summary's topics stay.
    expect(merged.topics).toEqual(fresh.topics);
  });

  it('leaves a summary without hand edits as it is', () => {
    expect(keepHandEdits(fresh, summary)).toEqual(fresh);
  });
});

describe('the head of formal minutes by hand', () => {
  const formal: Summary = Summary.parse({
    ...summary,
    structure: 'works_council',
    formal: {
      head: {
        body: 'Betriebsrat Werk Nord',
        start_time: '14:05',
        chair: 'Andrea Keller',
        present: ['Andrea Keller'],
        excused: [],
        guests: [],
        quorum: true,
        sources: { start_time: [{ segment: 0, start: 12 }], chair: [{ segment: 0, start: 12 }] },
      },
      items: [],
    },
  });
  const input = {
    body: 'Betriebsrat Werk Nord',
    date: '2026-11-12',
    start_time: '14:10',
    end_time: '',
    place: '',
    online: true,
    chair: 'Andrea Keller',
    keeper: 'Petra Schmidt',
    present: ['Andrea Keller', 'Jonas Berg'],
    excused: [],
    guests: [],
    quorum: true,
  };
  const edit = (head: typeof input, on: Summary = formal) => {
    const result = applySummaryChange(on, SummaryChange.parse({ type: 'head', head }));
    if (!result.ok) throw new Error(result.refusal);
    return result.summary;
  };

  it('takes every field as entered, marks the changed ones and drops their passages', () => {
    const { head } = edit(input).formal!;
    expect(head).toMatchObject({
      date: '2026-11-12',
      start_time: '14:10',
      online: true,
      keeper: 'Petra Schmidt',
      present: ['Andrea Keller', 'Jonas Berg'],
      edited: ['date', 'start_time', 'place', 'keeper', 'present'],
      // The chair was found and is unchanged: it keeps its passage.
      sources: { chair: [{ segment: 0, start: 12 }] },
    });
    expect(head.end_time).toBeUndefined();
    expect(hasHandEdits(edit(input))).toBe(true);
  });

  it('refuses an unchanged head, a summary without one, and an invalid field', () => {
    const same = {
      ...input,
      date: '',
      start_time: '14:05',
      online: false,
      keeper: '',
      present: ['Andrea Keller'],
    };
    expect(applySummaryChange(formal, SummaryChange.parse({ type: 'head', head: same }))).toEqual({
      ok: false,
      refusal: 'noteTools.edit.unchanged',
    });
    expect(applySummaryChange(summary, SummaryChange.parse({ type: 'head', head: input }))).toEqual(
      {
        ok: false,
        refusal: 'noteTools.summary.itemMissing',
      },
    );
    expect(
      SummaryChange.safeParse({ type: 'head', head: { ...input, start_time: '25:00' } }).success,
    ).toBe(false);
    expect(
      SummaryChange.safeParse({ type: 'head', head: { ...input, date: '2026-02-30' } }).success,
    ).toBe(false);
  });

  it('keeps what was entered by hand in a re-summary, the rest found again', () => {
    const edited = edit(input);
    const fresh: Summary = {
      ...formal,
      formal: {
        ...formal.formal!,
        head: { ...formal.formal!.head, start_time: '14:05', quorum: false },
      },
    };
    const { head } = keepHandEdits(fresh, edited).formal!;
    expect(head).toMatchObject({
      date: '2026-11-12',
      start_time: '14:10',
      online: true,
      keeper: 'Petra Schmidt',
      quorum: false,
      edited: ['date', 'start_time', 'place', 'keeper', 'present'],
    });
    expect(head.sources?.start_time).toBeUndefined();
  });
});
