// Editing a note's summary by hand (docs/product.md#editing-the-summary), through the app.
import { endpoints, type SummaryChange } from '@protokoll/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notes, noteSummaries } from '../../db/schema.ts';
import { accountsApp, signUp, type AccountsApp, type SignedUp } from '../../test/accounts.ts';
import { prepare } from '../../test/client.ts';
import { useTestDatabase } from '../../test/db.ts';
import { germanSummary, searchedText, seedNote } from '../../test/notes.ts';

const database = useTestDatabase();
let t: AccountsApp;
let anna: SignedUp;
beforeAll(async () => {
  t = await accountsApp(database());
  anna = await signUp(t.api);
});
const db = () => database().db;

async function noteRow(id: number) {
  const [row] = await db().select().from(notes).where(eq(notes.id, id));
  return row!;
}

function edit(id: number, base_version: number, change: SummaryChange, account = anna) {
  return t.api.send(
    prepare(endpoints.editSummary, { params: { id }, body: { base_version, change } }),
    { token: account.token },
  );
}

async function exported(id: number, format: 'md' | 'txt') {
  const res = await t.api.call(endpoints.downloadNote, {
    params: { id, format },
    token: anna.token,
  });
  return Buffer.from(res.body.data, 'base64').toString('utf8');
}

describe('editing a summary by hand', () => {
  it('edits, adds, moves and marks done; search, exports and the current version follow', async () => {
    const note = await seedNote(db(), anna.user.id);
    let res = await edit(note.id, 0, {
      type: 'edit',
      index: 0,
      item: { list: 'action_items', task: 'Protokoll an alle schicken', owner: 'Erika Weber' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Änderung gespeichert.');
    expect(res.body.note.summary_edit_version).toBe(1);
    // Due removed (sent empty), passage kept, marked edited.
    expect(res.body.note.summary!.action_items).toEqual([
      { task: 'Protokoll an alle schicken', owner: 'Erika Weber', start: 9, edited: true },
    ]);
    res = await edit(note.id, 1, {
      type: 'add',
      index: 1,
      item: { list: 'action_items', task: 'Baufirma beauftragen', due: '2026-04-01' },
    });
    res = await edit(note.id, 2, { type: 'move', list: 'action_items', from: 1, to: 0 });
    res = await edit(note.id, 3, { type: 'done', index: 0, done: true });
    res = await edit(note.id, 4, { type: 'overview', text: 'Budget freigegeben, Bau beginnt.' });
    expect(res.status).toBe(200);
    const summary = res.body.note.summary!;
    expect(summary.overview).toBe('Budget freigegeben, Bau beginnt.');
    expect(summary.overview_edited).toBe(true);
    expect(summary.action_items.map((a) => [a.task, !!a.done, !!a.added])).toEqual([
      ['Baufirma beauftragen', true, true],
      ['Protokoll an alle schicken', false, false],
    ]);
    expect(res.body.note.summary_edit_version).toBe(5);

    // Search follows the edited summary.
    const found = async (query: string) =>
      (
        await t.api.call(endpoints.listNotes, {
          query: { search_query: query },
          token: anna.token,
        })
      ).body.notes.map((n) => n.id);
    expect(await found('Baufirma')).toContain(note.id);
    expect(await searchedText(db(), note.id)).not.toContain('Budget und nächste Schritte.');

    // Exports show the edited text and the done mark.
    const md = await exported(note.id, 'md');
    expect(md).toContain('Budget freigegeben, Bau beginnt.');
    expect(md).toMatch(/Baufirma beauftragen[\s\S]*Erledigt/);
    expect(md).toContain('Erika Weber');
    expect(md).not.toContain('Budget und nächste Schritte.');

    // The edit is in the current version; the note had none yet, so it got version 1.
    const versions = await t.api.call(endpoints.listNoteSummaries, {
      params: { id: note.id },
      token: anna.token,
    });
    expect(versions.body.versions).toHaveLength(1);
    expect(versions.body.versions[0]).toMatchObject({ version: 1, current: true, summary });
    // The reader's answer and the stored note agree.
    const read = await t.api.call(endpoints.getNote, {
      params: { id: note.id },
      token: anna.token,
    });
    expect(read.body.note.summary).toEqual(summary);
  });

  it('deletes and gives an item back at its place with its passage (undo)', async () => {
    const note = await seedNote(db(), anna.user.id);
    let res = await edit(note.id, 0, { type: 'delete', list: 'decisions', index: 0 });
    expect(res.body.note.summary!.decisions).toEqual([]);
    expect(await searchedText(db(), note.id)).not.toContain('Das Budget ist freigegeben.');
    res = await edit(note.id, 1, {
      type: 'add',
      index: 0,
      item: { list: 'decisions', text: germanSummary.decisions[0]!.text },
      start: germanSummary.decisions[0]!.start,
    });
    expect(res.body.note.summary!.decisions).toEqual([
      { ...germanSummary.decisions[0], edited: true, added: true },
    ]);
  });

  it('refuses an edit made on an older version (another tab) and changes nothing', async () => {
    const note = await seedNote(db(), anna.user.id);
    expect((await edit(note.id, 0, { type: 'overview', text: 'Erster Tab.' })).status).toBe(200);
    const before = await noteRow(note.id);
    const stale = await edit(note.id, 0, { type: 'overview', text: 'Zweiter Tab.' });
    expect(stale.status).toBe(409);
    expect(stale.error).toMatchObject({ code: 'conflict' });
    expect(stale.error.message).toMatch(/an anderer Stelle geändert/);
    expect(await noteRow(note.id)).toEqual(before);
  });

  it('counts a restored version as a change: a tab showing the summary before is refused', async () => {
    const note = await seedNote(db(), anna.user.id);
    expect((await edit(note.id, 0, { type: 'overview', text: 'Von Hand.' })).status).toBe(200);
    const restored = await t.api.call(endpoints.restoreNoteSummary, {
      params: { id: note.id, version: 1 },
      token: anna.token,
    });
    expect(restored.body.note.summary_edit_version).toBe(2);
    expect((await edit(note.id, 1, { type: 'overview', text: 'Alt.' })).status).toBe(409);
  });

  it('refuses what does not fit, in the user’s words, and writes nothing', async () => {
    const note = await seedNote(db(), anna.user.id);
    const before = await noteRow(note.id);
    const missing = await edit(note.id, 0, { type: 'delete', list: 'topics', index: 4 });
    expect(missing.status).toBe(422);
    expect(missing.error.message).toBe('Diesen Eintrag gibt es in der Zusammenfassung nicht mehr.');
    const empty = await edit(note.id, 0, {
      type: 'edit',
      index: 0,
      item: { list: 'decisions', text: '  ' },
    });
    expect(empty.status).toBe(422);
    // Field issues carry the message key; the form shows its text ("Ein Eintrag darf nicht leer sein.").
    expect(empty.error.issues).toEqual([
      { path: 'change.item.text', message: 'noteTools.summary.itemEmpty' },
    ]);
    const badDate = await edit(note.id, 0, {
      type: 'edit',
      index: 0,
      item: { list: 'action_items', task: 'x', due: '2026-13-40' },
    });
    expect(badDate.status).toBe(422);
    expect(await noteRow(note.id)).toEqual(before);

    const processing = await seedNote(db(), anna.user.id, { status: 'summarizing', progress: 80 });
    const notReady = await edit(processing.id, 0, { type: 'overview', text: 'x' });
    expect(notReady.status).toBe(409);
    const none = await seedNote(db(), anna.user.id, { summary: null });
    expect((await edit(none.id, 0, { type: 'overview', text: 'x' })).status).toBe(409);
  });

  it('answers 404 for another person’s note and 401 without a session', async () => {
    const note = await seedNote(db(), anna.user.id);
    const bob = await signUp(t.api);
    const before = await noteRow(note.id);
    expect((await edit(note.id, 0, { type: 'overview', text: 'Bob war hier.' }, bob)).status).toBe(
      404,
    );
    const anonymous = await t.api.send(
      prepare(endpoints.editSummary, {
        params: { id: note.id },
        body: { base_version: 0, change: { type: 'overview', text: 'x' } },
      }),
    );
    expect(anonymous.status).toBe(401);
    expect(await noteRow(note.id)).toEqual(before);
    expect(
      await db().select().from(noteSummaries).where(eq(noteSummaries.noteId, note.id)),
    ).toEqual([]);
  });
});
