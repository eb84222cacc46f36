import { endpoints, type Segment, type TranscriptChange } from '@protokoll/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { noteRevisions, notes } from '../../db/schema.ts';
import { accountsApp, signUp, type AccountsApp, type SignedUp } from '../../test/accounts.ts';
import { prepare } from '../../test/client.ts';
import { useTestDatabase } from '../../test/db.ts';
import { searchedText, seedNote } from '../../test/notes.ts';

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

type Change = TranscriptChange;

function edit(id: number, base_version: number, change: Change, account = anna) {
  return t.api.send(
    prepare(endpoints.editTranscript, { params: { id }, body: { base_version, change } }),
    { token: account.token },
  );
}

const texts = (segments: readonly Segment[]) => segments.map((s) => s.text);

describe('editing a transcript', () => {
  it('changes a line: search, search hits and the export follow, and the revision says who and what', async () => {
    const note = await seedNote(db(), anna.user.id, { name: 'Sitzung Meier' });
    const res = await edit(note.id, 0, {
      type: 'text',
      index: 1,
      text: 'Der Jahresabschluss liegt vor, das Budget für Straßenbau ist freigegeben.',
    });
    expect(res.status).toBe(200);
    expect(res.body.note.transcript_version).toBe(1);
    expect(res.body.note.segments[1]).toMatchObject({ start: 4.5, end: 9, speaker: 'S2' });
    expect(res.body.note.segments[1]!.text).toMatch(/^Der Jahresabschluss/);

    const found = async (query: string) =>
      (
        await t.api.call(endpoints.listNotes, {
          query: { search_query: query },
          token: anna.token,
        })
      ).body.notes;
    expect((await found('Quartalsabschluss')).map((n) => n.id)).not.toContain(note.id);
    const hits = await found('Jahresabschluss');
    expect(hits.map((n) => n.id)).toContain(note.id);
    expect(hits.find((n) => n.id === note.id)?.search_hit?.line).toBe(1);

    const txt = await t.api.call(endpoints.downloadNote, {
      params: { id: note.id, format: 'txt' },
      token: anna.token,
    });
    const exported = Buffer.from(txt.body.data, 'base64').toString('utf8');
    expect(exported).toContain('Der Jahresabschluss liegt vor');
    expect(exported).not.toContain('Quartalsabschluss');

    const revisions = await t.api.call(endpoints.listTranscriptRevisions, {
      params: { id: note.id },
      token: anna.token,
    });
    expect(revisions.body.revisions).toEqual([
      expect.objectContaining({
        kind: 'text',
        author: 'Anna Muster',
        undone: false,
        line_count: 1,
        lines: [
          {
            start: 4.5,
            speaker: 'S2',
            before: 'Der Quartalsabschluss liegt vor, das Budget für Straßenbau ist freigegeben.',
            after: 'Der Jahresabschluss liegt vor, das Budget für Straßenbau ist freigegeben.',
          },
        ],
      }),
    ]);
  });

  it('refuses a change made on an older version (another tab) and changes nothing', async () => {
    const note = await seedNote(db(), anna.user.id);
    expect((await edit(note.id, 0, { type: 'text', index: 0, text: 'Erster Tab.' })).status).toBe(
      200,
    );
    const before = await noteRow(note.id);
    const stale = await edit(note.id, 0, { type: 'text', index: 0, text: 'Zweiter Tab.' });
    expect(stale.status).toBe(409);
    expect(stale.error).toMatchObject({ code: 'conflict' });
    expect(stale.error.message).toMatch(/an anderer Stelle geändert/);
    expect(await noteRow(note.id)).toEqual(before);
  });

  it('changes a speaker for one line or from here on, merges and splits lines', async () => {
    const note = await seedNote(db(), anna.user.id, {
      segments: [
        { start: 0, end: 4, speaker: 'S1', text: 'Erstens.' },
        { start: 4, end: 8, speaker: 'S2', text: 'Zweitens.' },
        { start: 8, end: 12, speaker: 'S1', text: 'Drittens.' },
        { start: 12, end: 20, speaker: 'S1', text: 'Viertens und fünftens.' },
      ],
    });
    let res = await edit(note.id, 0, { type: 'speaker', index: 0, speaker: 'S3', scope: 'line' });
    expect(res.body.note.segments.map((s) => s.speaker)).toEqual(['S3', 'S2', 'S1', 'S1']);
    res = await edit(note.id, 1, {
      type: 'speaker',
      index: 2,
      speaker: 'S2',
      scope: 'following',
    });
    expect(res.body.note.segments.map((s) => s.speaker)).toEqual(['S3', 'S2', 'S2', 'S2']);
    res = await edit(note.id, 2, { type: 'merge', index: 1 });
    expect(res.body.note.segments[1]).toEqual({
      start: 4,
      end: 12,
      speaker: 'S2',
      text: 'Zweitens. Drittens.',
    });
    // "Viertens und " is 13 of 22 characters: the cut falls 13/22 of the way through 12–20 s.
    res = await edit(note.id, 3, { type: 'split', index: 2, offset: 13 });
    expect(res.body.note.segments.slice(2)).toEqual([
      { start: 12, end: 16.7, speaker: 'S2', text: 'Viertens und' },
      { start: 16.7, end: 20, speaker: 'S2', text: 'fünftens.' },
    ]);
    const refused = await edit(note.id, 4, { type: 'merge', index: 3 });
    expect(refused.status).toBe(422);
    expect(refused.error.message).toBe(
      'Die letzte Zeile hat keine nächste Zeile zum Zusammenführen.',
    );
    const outside = await edit(note.id, 4, { type: 'split', index: 0, offset: 0 });
    expect(outside.status).toBe(422);
    expect((await noteRow(note.id)).transcriptVersion).toBe(4);
  });

  it('replaces a name across the note, whole words and case as asked', async () => {
    const note = await seedNote(db(), anna.user.id, {
      segments: [
        { start: 0, end: 4, speaker: 'S1', text: 'Frau Meier eröffnet.' },
        { start: 4, end: 8, speaker: 'S2', text: 'Danke, Frau meier. Meierhof ist ein Ort.' },
        { start: 8, end: 12, speaker: 'S1', text: 'Ohne Treffer.' },
      ],
    });
    const res = await edit(note.id, 0, {
      type: 'replace',
      find: 'Meier',
      replace: 'Maier',
      whole_words: true,
    });
    expect(texts(res.body.note.segments)).toEqual([
      'Frau Maier eröffnet.',
      'Danke, Frau Maier. Meierhof ist ein Ort.',
      'Ohne Treffer.',
    ]);
    const none = await edit(note.id, 1, { type: 'replace', find: 'Müller', replace: 'Möller' });
    expect(none.status).toBe(422);
    expect(none.error.message).toBe('Der Suchbegriff kommt im Transkript nicht vor.');
    const revisions = await t.api.call(endpoints.listTranscriptRevisions, {
      params: { id: note.id },
      token: anna.token,
    });
    expect(revisions.body.revisions[0]).toMatchObject({ kind: 'replace', line_count: 2 });
  });

  it('undoes the last change, then the one before, and says when nothing is left', async () => {
    const note = await seedNote(db(), anna.user.id);
    const original = texts((await noteRow(note.id)).segments);
    await edit(note.id, 0, { type: 'text', index: 0, text: 'Eins.' });
    await edit(note.id, 1, { type: 'merge', index: 1 });
    const undo = (base_version: number) =>
      t.api.send(
        prepare(endpoints.undoTranscript, { params: { id: note.id }, body: { base_version } }),
        { token: anna.token },
      );
    let res = await undo(2);
    expect(res.status).toBe(200);
    expect(texts(res.body.note.segments)).toEqual(['Eins.', ...original.slice(1)]);
    res = await undo(3);
    expect(texts(res.body.note.segments)).toEqual(original);
    expect(await searchedText(db(), note.id)).toContain('Guten Morgen');
    const nothing = await undo(4);
    expect(nothing.status).toBe(409);
    expect(nothing.error.message).toBe(
      'Es gibt keine Änderung, die rückgängig gemacht werden kann.',
    );
    expect(await undo(0).then((r) => r.status)).toBe(409);
    const rows = await db().select().from(noteRevisions).where(eq(noteRevisions.noteId, note.id));
    expect(rows.map((r) => r.undoneAt !== null)).toEqual([true, true]);
  });

  it("answers 404 for another user's note, 401 without a session, and 409 for an unfinished one", async () => {
    const bob = await signUp(t.api);
    const bobs = await seedNote(db(), bob.user.id);
    const before = await noteRow(bobs.id);
    for (const call of [
      prepare(endpoints.editTranscript, {
        params: { id: bobs.id },
        body: { base_version: 0, change: { type: 'text', index: 0, text: 'Gekapert.' } },
      }),
      prepare(endpoints.undoTranscript, { params: { id: bobs.id }, body: { base_version: 0 } }),
      prepare(endpoints.listTranscriptRevisions, { params: { id: bobs.id } }),
    ]) {
      expect((await t.api.send(call, { token: anna.token })).status).toBe(404);
      expect((await t.api.send(call)).status).toBe(401);
    }
    expect(await noteRow(bobs.id)).toEqual(before);

    const queued = await seedNote(db(), anna.user.id, { status: 'queued', progress: 0 });
    const res = await edit(queued.id, 0, { type: 'text', index: 0, text: 'Zu früh.' });
    expect(res.status).toBe(409);
    expect(res.error).toMatchObject({ code: 'noteNotReady' });
  });

  it('refuses an empty line with a field error the form translates', async () => {
    const note = await seedNote(db(), anna.user.id);
    const res = await t.api.send(
      prepare(endpoints.editTranscript, {
        params: { id: note.id },
        body: { base_version: 0, change: { type: 'text', index: 0, text: '   ' } },
      }),
      { token: anna.token },
    );
    expect(res.status).toBe(422);
    // Field issues carry the message key; the form shows its text ("Eine Zeile darf nicht leer sein.").
    expect(res.error.issues).toEqual([
      { path: 'change.text', message: 'noteTools.edit.lineEmpty' },
    ]);
    expect((await noteRow(note.id)).transcriptVersion).toBe(0);
  });
});
