import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { endpoints, type QueryOf } from '@protokoll/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobs, minutesLedger, notes } from '../../db/schema.ts';
import { monthPeriod } from '../../domain/minutes.ts';
import { accountsApp, signUp, type AccountsApp, type SignedUp } from '../../test/accounts.ts';
import { useTestDatabase } from '../../test/db.ts';
import { germanSegments, germanSummary, seedFolder, seedNote } from '../../test/notes.ts';

const database = useTestDatabase();
let t: AccountsApp;
beforeAll(async () => {
  t = await accountsApp(database());
});

const db = () => database().db;

async function list(account: SignedUp, query: QueryOf<typeof endpoints.listNotes> = {}) {
  const res = await t.api.call(endpoints.listNotes, { token: account.token, query });
  expect(res.status).toBe(200);
  return res.body.notes;
}

async function count(account: SignedUp, query: QueryOf<typeof endpoints.countNotes> = {}) {
  const res = await t.api.call(endpoints.countNotes, { token: account.token, query });
  expect(res.status).toBe(200);
  return res.body.count;
}

/** `n` notes named `Notiz 1` … `Notiz n`, a day apart, the last one newest. */
async function seedDays(account: SignedUp, n: number) {
  const rows = [];
  for (let i = 1; i <= n; i += 1) {
    rows.push(
      await seedNote(db(), account.user.id, {
        name: `Notiz ${i}`,
        createdAt: new Date(Date.UTC(2026, 0, i, 12)),
      }),
    );
  }
  return rows;
}

describe('GET /api/note/list and /api/note/count', () => {
  it('pages newest first, 10 per page by default, and counts all', async () => {
    const anna = await signUp(t.api);
    await seedDays(anna, 13);
    const first = await list(anna);
    expect(first.map((n) => n.name)).toEqual(
      [13, 12, 11, 10, 9, 8, 7, 6, 5, 4].map((i) => `Notiz ${i}`),
    );
    expect((await list(anna, { page: 2 })).map((n) => n.name)).toEqual([
      'Notiz 3',
      'Notiz 2',
      'Notiz 1',
    ]);
    expect((await list(anna, { page: 3, page_size: 5 })).map((n) => n.name)).toEqual([
      'Notiz 3',
      'Notiz 2',
      'Notiz 1',
    ]);
    expect(await list(anna, { page: 4, page_size: 5 })).toEqual([]);
    expect(await count(anna)).toBe(13);
    expect(first[0]).toMatchObject({
      status: 'done',
      folder_id: null,
      language: 'de',
      created_at: '2026-01-13T12:00:00.000Z',
    });
    // The list carries no transcript or summary: they are read with one note.
    expect(first[0]).not.toHaveProperty('segments');
    expect(first[0]).not.toHaveProperty('summary');
  });

  it('orders notes of the same moment by id, so pages neither overlap nor skip', async () => {
    const anna = await signUp(t.api);
    const createdAt = new Date('2026-02-01T08:00:00Z');
    const ids = [];
    for (let i = 0; i < 4; i += 1) ids.push((await seedNote(db(), anna.user.id, { createdAt })).id);
    const page1 = await list(anna, { page_size: 2 });
    const page2 = await list(anna, { page: 2, page_size: 2 });
    expect([...page1, ...page2].map((n) => n.id)).toEqual([...ids].reverse());
  });

  it('filters by folder and by the saved flag, list and count alike', async () => {
    const anna = await signUp(t.api);
    const kunden = await seedFolder(db(), anna.user.id, 'Kunden');
    const intern = await seedFolder(db(), anna.user.id, 'Intern');
    await seedNote(db(), anna.user.id, { name: 'A', folderId: kunden.id, saved: true });
    await seedNote(db(), anna.user.id, { name: 'B', folderId: kunden.id });
    await seedNote(db(), anna.user.id, { name: 'C', folderId: intern.id, saved: true });
    await seedNote(db(), anna.user.id, { name: 'D' });

    const names = async (query: QueryOf<typeof endpoints.listNotes>) =>
      (await list(anna, query)).map((n) => n.name).sort();
    expect(await names({ folder_id: kunden.id })).toEqual(['A', 'B']);
    expect(await count(anna, { folder_id: kunden.id })).toBe(2);
    expect(await names({ saved: true })).toEqual(['A', 'C']);
    expect(await count(anna, { saved: true })).toBe(2);
    expect(await names({ saved: false })).toEqual(['B', 'D']);
    expect(await names({ folder_id: kunden.id, saved: true })).toEqual(['A']);
    expect(await count(anna, { folder_id: intern.id, saved: false })).toBe(0);
  });

  it('takes start and end date as whole calendar days (UTC), both inclusive', async () => {
    const anna = await signUp(t.api);
    const at = async (name: string, iso: string) =>
      seedNote(db(), anna.user.id, { name, createdAt: new Date(iso) });
    await at('vorher', '2026-02-28T23:59:59.999Z');
    await at('früh', '2026-03-01T00:00:00.000Z');
    await at('spät', '2026-03-01T23:59:59.999Z');
    await at('danach', '2026-03-02T00:00:00.000Z');

    const names = async (query: QueryOf<typeof endpoints.listNotes>) =>
      (await list(anna, query)).map((n) => n.name);
    const day = { start_date: '2026-03-01', end_date: '2026-03-01' };
    expect(await names(day)).toEqual(['spät', 'früh']);
    expect(await count(anna, day)).toBe(2);
    expect(await names({ start_date: '2026-03-01' })).toEqual(['danach', 'spät', 'früh']);
    expect(await names({ end_date: '2026-03-01' })).toEqual(['spät', 'früh', 'vorher']);
    expect(await count(anna, { start_date: '2026-02-28', end_date: '2026-03-02' })).toBe(4);
    expect(await count(anna, { start_date: '2026-03-03' })).toBe(0);
  });

  it('answers 422 for a reversed date range, bad dates and bad paging', async () => {
    const anna = await signUp(t.api);
    for (const query of [
      'start_date=2026-03-02&end_date=2026-03-01',
      'start_date=gestern',
      'page=0',
      'page_size=101',
      'saved=ja',
    ]) {
      const res = await t.api.unchecked(endpoints.listNotes, { token: anna.token, query });
      expect(res.status, query).toBe(422);
    }
    const res = await t.api.call(endpoints.countNotes, {
      token: anna.token,
      query: { end_date: '2026-13-01' },
    });
    expect(res.status).toBe(422);
  });

  it('needs a session', async () => {
    expect((await t.api.call(endpoints.listNotes)).status).toBe(401);
    expect((await t.api.call(endpoints.countNotes)).status).toBe(401);
  });
});

describe('GET /api/note/{id}', () => {
  it('answers the note with segments, summary and speaker names', async () => {
    const anna = await signUp(t.api);
    const row = await seedNote(db(), anna.user.id, { speakerNames: { S1: 'Erika' } });
    const res = await t.api.call(endpoints.getNote, { params: { id: row.id }, token: anna.token });
    expect(res.status).toBe(200);
    const { note } = res.body;
    expect(note).toMatchObject({
      id: row.id,
      name: 'Vorstandssitzung',
      speaker_names: { S1: 'Erika' },
      segments: germanSegments,
      summary: germanSummary,
    });
  });

  it('answers a processing note without transcript or summary yet', async () => {
    const anna = await signUp(t.api);
    const row = await seedNote(db(), anna.user.id, {
      status: 'transcribing',
      progress: 40,
      segments: [],
      summary: null,
    });
    const res = await t.api.call(endpoints.getNote, { params: { id: row.id }, token: anna.token });
    expect(res.body.note).toMatchObject({
      status: 'transcribing',
      progress: 40,
      segments: [],
      summary: null,
    });
  });

  it('answers 404 for an unknown id and 422 for a malformed one', async () => {
    const anna = await signUp(t.api);
    const missing = await t.api.call(endpoints.getNote, {
      params: { id: 999999 },
      token: anna.token,
    });
    expect(missing.status).toBe(404);
    expect(missing.error).toMatchObject({ success: false, code: 'notFound' });
    expect(
      (await t.api.call(endpoints.getNote, { params: { id: 'abc' }, token: anna.token })).status,
    ).toBe(422);
  });
});

describe('PATCH /api/note', () => {
  it('renames, marks saved and merges speaker names; an empty name removes a rename', async () => {
    const anna = await signUp(t.api);
    const row = await seedNote(db(), anna.user.id, { speakerNames: { S3: 'Jonas' } });
    const patch = async (body: Record<string, unknown>) => {
      const res = await t.api.call(endpoints.updateNote, {
        token: anna.token,
        body: { id: row.id, ...body },
      });
      expect(res.status).toBe(200);
      return res.body.note;
    };

    expect(await patch({ name: '  Vorstand März  ' })).toMatchObject({
      name: 'Vorstand März',
      saved: false,
      speaker_names: { S3: 'Jonas' },
    });
    expect((await patch({ saved: true })).saved).toBe(true);
    expect((await patch({ speaker_names: { S1: 'Erika' } })).speaker_names).toEqual({
      S1: 'Erika',
      S3: 'Jonas',
    });
    expect(
      (await patch({ speaker_names: { S2: 'Bärbel', S3: 'Jonas Groß' } })).speaker_names,
    ).toEqual({
      S1: 'Erika',
      S2: 'Bärbel',
      S3: 'Jonas Groß',
    });
    expect((await patch({ speaker_names: { S1: '', S2: '  ' } })).speaker_names).toEqual({
      S3: 'Jonas Groß',
    });
    // Only the id: nothing changes, the note comes back.
    const same = await patch({});
    expect(same).toMatchObject({ name: 'Vorstand März', saved: true });

    const [stored] = await db().select().from(notes).where(eq(notes.id, row.id));
    expect(stored).toMatchObject({
      name: 'Vorstand März',
      saved: true,
      speakerNames: { S3: 'Jonas Groß' },
    });
    expect(stored!.updatedAt.getTime()).toBeGreaterThan(row.updatedAt.getTime());
  });

  it('concurrent speaker renames of one note both survive', async () => {
    const anna = await signUp(t.api);
    const row = await seedNote(db(), anna.user.id);
    const answers = await Promise.all(
      ['S1', 'S2', 'S3'].map((label) =>
        t.api.call(endpoints.updateNote, {
          token: anna.token,
          body: { id: row.id, speaker_names: { [label]: `Name ${label}` } },
        }),
      ),
    );
    for (const res of answers) expect(res.status).toBe(200);
    const [stored] = await db().select().from(notes).where(eq(notes.id, row.id));
    expect(stored!.speakerNames).toEqual({ S1: 'Name S1', S2: 'Name S2', S3: 'Name S3' });
  });

  it('answers 422 for an empty name and 404 for an unknown note', async () => {
    const anna = await signUp(t.api);
    const row = await seedNote(db(), anna.user.id);
    const empty = await t.api.call(endpoints.updateNote, {
      token: anna.token,
      body: { id: row.id, name: '   ' },
    });
    expect(empty.status).toBe(422);
    const missing = await t.api.call(endpoints.updateNote, {
      token: anna.token,
      body: { id: 999_999, saved: true },
    });
    expect(missing.status).toBe(404);
    const [stored] = await db().select().from(notes).where(eq(notes.id, row.id));
    expect(stored!.name).toBe('Vorstandssitzung');
  });
});

describe('DELETE /api/note', () => {
  it('removes the note and its recording', async () => {
    const anna = await signUp(t.api);
    const row = await seedNote(db(), anna.user.id, { audioDataDir: t.dataDir });
    const file = join(t.dataDir, 'audio', row.audioKey!);
    await expect(stat(file)).resolves.toBeDefined();

    const res = await t.api.call(endpoints.deleteNote, {
      query: { id: row.id },
      token: anna.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true });
    expect(await db().select().from(notes).where(eq(notes.id, row.id))).toEqual([]);
    await expect(stat(file)).rejects.toThrow();
    expect(
      (await t.api.call(endpoints.getNote, { params: { id: row.id }, token: anna.token })).status,
    ).toBe(404);
    const again = await t.api.call(endpoints.deleteNote, {
      query: { id: row.id },
      token: anna.token,
    });
    expect(again.status).toBe(404);
  });

  it('deletes a note still being processed: its job goes, its held minutes are refunded', async () => {
    const anna = await signUp(t.api);
    const userId = anna.user.id;
    await t.api.call(endpoints.getMinutes, { token: anna.token });
    const row = await seedNote(db(), userId, {
      status: 'transcribing',
      progress: 30,
      minutesReserved: 7,
      minutesCharged: 0,
      segments: [],
      summary: null,
      audioDataDir: t.dataDir,
    });
    const period = monthPeriod(new Date());
    await db()
      .insert(minutesLedger)
      .values({ userId, kind: 'reserve', minutes: 7, period, reason: 'note', noteId: row.id });
    await db().insert(jobs).values({ noteId: row.id, state: 'running', stage: 'transcribe' });
    const before = (await t.api.call(endpoints.getMinutes, { token: anna.token })).body.minutes;
    expect(before).toMatchObject({ running: 7, remaining: 23 });

    const res = await t.api.call(endpoints.deleteNote, {
      query: { id: row.id },
      token: anna.token,
    });
    expect(res.status).toBe(200);

    expect(await db().select().from(jobs).where(eq(jobs.noteId, row.id))).toEqual([]);
    const ledger = await db()
      .select({
        kind: minutesLedger.kind,
        minutes: minutesLedger.minutes,
        period: minutesLedger.period,
      })
      .from(minutesLedger)
      .where(and(eq(minutesLedger.userId, userId), eq(minutesLedger.noteId, row.id)));
    expect(ledger).toEqual(
      expect.arrayContaining([
        { kind: 'reserve', minutes: 7, period },
        { kind: 'refund', minutes: 7, period },
      ]),
    );
    expect(ledger).toHaveLength(2);
    const after = (await t.api.call(endpoints.getMinutes, { token: anna.token })).body.minutes;
    expect(after).toMatchObject({ running: 0, used: 0, remaining: 30 });
  });

  it('keeps the ledger of a finished note as it is: its charge stays counted', async () => {
    const anna = await signUp(t.api);
    const userId = anna.user.id;
    const row = await seedNote(db(), userId, { minutesReserved: 2, minutesCharged: 2 });
    const period = monthPeriod(new Date());
    await db()
      .insert(minutesLedger)
      .values([
        { userId, kind: 'reserve', minutes: 2, period, reason: 'note', noteId: row.id },
        { userId, kind: 'charge', minutes: 2, period, reason: 'note', noteId: row.id },
      ]);
    expect(
      (await t.api.call(endpoints.deleteNote, { query: { id: row.id }, token: anna.token })).status,
    ).toBe(200);
    const ledger = await db()
      .select({ kind: minutesLedger.kind })
      .from(minutesLedger)
      .where(eq(minutesLedger.noteId, row.id));
    expect(ledger.map((entry) => entry.kind).sort()).toEqual(['charge', 'reserve']);
    const minutes = (await t.api.call(endpoints.getMinutes, { token: anna.token })).body.minutes;
    expect(minutes).toMatchObject({ used: 2, running: 0 });
  });

  it('answers 422 without an id', async () => {
    const anna = await signUp(t.api);
    expect((await t.api.unchecked(endpoints.deleteNote, { token: anna.token })).status).toBe(422);
  });
});

describe('POST /api/note/move', () => {
  it('moves a note into a folder of the user and back out with null', async () => {
    const anna = await signUp(t.api);
    const folder = await seedFolder(db(), anna.user.id, 'Projekte');
    const row = await seedNote(db(), anna.user.id);
    const move = (folder_id: number | null) =>
      t.api.call(endpoints.moveNote, { token: anna.token, body: { note_id: row.id, folder_id } });

    expect((await move(folder.id)).status).toBe(200);
    expect((await list(anna, { folder_id: folder.id })).map((n) => n.id)).toEqual([row.id]);
    expect((await move(null)).status).toBe(200);
    expect(await count(anna, { folder_id: folder.id })).toBe(0);
    const [stored] = await db().select().from(notes).where(eq(notes.id, row.id));
    expect(stored!.folderId).toBeNull();
  });

  it('answers 404 for a folder that does not exist and leaves the note where it was', async () => {
    const anna = await signUp(t.api);
    const folder = await seedFolder(db(), anna.user.id, 'Bleibt');
    const row = await seedNote(db(), anna.user.id, { folderId: folder.id });
    const res = await t.api.call(endpoints.moveNote, {
      token: anna.token,
      body: { note_id: row.id, folder_id: 999_999 },
    });
    expect(res.status).toBe(404);
    const [stored] = await db().select().from(notes).where(eq(notes.id, row.id));
    expect(stored!.folderId).toBe(folder.id);
  });

  it('answers 422 without a note id', async () => {
    const anna = await signUp(t.api);
    const res = await t.api.unchecked(endpoints.moveNote, {
      token: anna.token,
      body: { folder_id: null },
    });
    expect(res.status).toBe(422);
  });
});
