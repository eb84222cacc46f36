import { endpoints, type QueryOf } from '@protokoll/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountsApp, signUp, type AccountsApp, type SignedUp } from '../../test/accounts.ts';
import { useTestDatabase } from '../../test/db.ts';
import {
  countNotes,
  listNotesQuery,
  recentMatchesQuery,
  withSearchPlan,
} from '../../domain/notes/queries.ts';
import { englishSegments, englishSummary, seedFolder, seedNote } from '../../test/notes.ts';

const database = useTestDatabase();
let t: AccountsApp;
let anna: SignedUp;
let bob: SignedUp;
const ids: Record<string, number> = {};
let folderId: number;

beforeAll(async () => {
  t = await accountsApp(database());
  anna = await signUp(t.api);
  bob = await signUp(t.api);
  const db = database().db;
  const folder = await seedFolder(db, anna.user.id, 'Gremien');
  folderId = folder.id;
  // The default German note: "Besprechung" and "Quartalsabschluss" appear only in its transcript.
  ids.vorstand = (await seedNote(db, anna.user.id, { folderId })).id;
  ids.english = (
    await seedNote(db, anna.user.id, {
      name: 'Team sync',
      language: 'en',
      summaryLanguage: 'en',
      segments: englishSegments,
      summary: englishSummary,
    })
  ).id;
  // Language detected automatically, not yet known: German stemming.
  ids.auto = (
    await seedNote(db, anna.user.id, {
      name: 'Kundentermin',
      language: 'auto',
      summaryLanguage: 'de',
      segments: [
        { start: 0, end: 5, speaker: 'S1', text: 'Die Besprechungen mit Kunden laufen gut.' },
      ],
      summary: null,
    })
  ).id;
  ids.unrelated = (
    await seedNote(db, anna.user.id, {
      name: 'Gartenplanung',
      segments: [{ start: 0, end: 2, speaker: 'S1', text: 'Tomaten und Gurken pflanzen.' }],
      summary: null,
    })
  ).id;
  // Bob's note holds the same words: it must never show up for Anna.
  ids.bobs = (await seedNote(db, bob.user.id, { name: 'Vorstandssitzung Bob' })).id;
});

async function search(
  query: string,
  extra: QueryOf<typeof endpoints.countNotes> = {},
  account = anna,
): Promise<number[]> {
  const q = { search_query: query, ...extra };
  const res = await t.api.call(endpoints.listNotes, { query: q, token: account.token });
  expect(res.status).toBe(200);
  const found = res.body.notes.map((note) => note.id);
  const counted = await t.api.call(endpoints.countNotes, { query: q, token: account.token });
  // List and count always agree on the same filters.
  expect(counted.body.count).toBe(found.length);
  return found.sort((a, b) => a - b);
}

const sorted = (...list: number[]) => [...list].sort((a, b) => a - b);

describe('search_query', () => {
  it('finds a note by a word that appears only in its transcript', async () => {
    expect(await search('Quartalsabschluss')).toEqual([ids.vorstand]);
    expect(await search('quartalsabschluss')).toEqual([ids.vorstand]);
  });

  it('finds words of the summary and of the name', async () => {
    expect(await search('verschicken')).toEqual([ids.vorstand]);
    expect(await search('Gartenplanung')).toEqual([ids.unrelated]);
  });

  it('stems German: "Besprechung" finds "Besprechungen" and the other way round', async () => {
    expect(await search('Besprechung')).toEqual(sorted(ids.vorstand!, ids.auto!));
    expect(await search('Besprechungen')).toEqual(sorted(ids.vorstand!, ids.auto!));
  });

  it('stems English in an English note: "meeting" finds "meetings", "schedules" finds "scheduled"', async () => {
    expect(await search('meeting')).toEqual([ids.english]);
    expect(await search('schedules')).toEqual([ids.english]);
    expect(await search('interview')).toEqual([ids.english]);
  });

  it('handles umlauts and ß', async () => {
    expect(await search('Straßenbau')).toEqual([ids.vorstand]);
    expect(await search('nächste Schritte')).toEqual([ids.vorstand]);
  });

  it('finds a name while it is being typed', async () => {
    for (const partial of ['Garten', 'Gartenpl', 'Gartenplanu', 'gartenplanun']) {
      expect(await search(partial), partial).toEqual([ids.unrelated]);
    }
    expect(await search('Vorstandssitz')).toEqual([ids.vorstand]);
    expect(await search('Kundenter')).toEqual([ids.auto]);
    expect(await search('quarterl')).toEqual([ids.english]);
  });

  it('needs every word, and honours an excluded word', async () => {
    expect(await search('Budget Protokoll')).toEqual([ids.vorstand]);
    expect(await search('Budget Tomaten')).toEqual([]);
    expect(await search('Besprechung -Kunden')).toEqual([ids.vorstand]);
  });

  it('finds nothing for a word in no note', async () => {
    expect(await search('Quantenphysik')).toEqual([]);
  });

  it('combines with the other filters', async () => {
    expect(await search('Besprechung', { folder_id: folderId })).toEqual([ids.vorstand]);
    expect(await search('Besprechung', { saved: true })).toEqual([]);
    expect(
      await search('Besprechung', { start_date: '2000-01-01', end_date: '2000-01-02' }),
    ).toEqual([]);
  });

  it("never finds another user's notes", async () => {
    expect(await search('Vorstandssitzung')).toEqual([ids.vorstand]);
    expect(await search('Bob')).toEqual([]);
    expect(await search('Vorstandssitzung', {}, bob)).toEqual([ids.bobs]);
  });

  it('treats search syntax and stop words as text, never as an error', async () => {
    const queries = [
      '"',
      ':*',
      "a' | b",
      '!!',
      'die der das',
      '(Budget',
      'Budget & )',
      '-',
      'x -die',
    ];
    for (const query of queries) {
      const res = await t.api.call(endpoints.listNotes, {
        query: { search_query: query },
        token: anna.token,
      });
      expect(res.status, query).toBe(200);
    }
    // Blank means no search at all.
    expect((await search('   ')).length).toBe(4);
  });
});

describe('search vectors', () => {
  it('stems the transcript in the language spoken and the summary in its own, every part of it searched', async () => {
    const carol = await signUp(t.api);
    const db = database().db;
    // A German meeting summarised in English, in bullet points.
    const note = await seedNote(db, carol.user.id, {
      name: 'Hausverwaltung',
      language: 'de',
      summaryLanguage: 'en',
      structure: 'bullets',
      segments: [{ start: 0, end: 4, speaker: 'S1', text: 'Die Besprechungen zur Dachsanierung.' }],
      summary: {
        ...englishSummary,
        language: 'en',
        structure: 'bullets',
        bullets: [{ text: 'The roof repairs were scheduled for spring.', start: 0 }],
      },
    });
    const found = async (query: string) =>
      (
        await t.api.call(endpoints.listNotes, {
          query: { search_query: query },
          token: carol.token,
        })
      ).body.notes.map((n) => n.id);
    expect(await found('Besprechung')).toEqual([note.id]);
    expect(await found('Dachsanierungen')).toEqual([note.id]);
    // English stemming of a bullet point: "schedules" finds "scheduled", "repair" finds "repairs".
    expect(await found('schedules repair')).toEqual([note.id]);
    // One note across both vectors: a word of each, or one excluded from the other, as one text.
    expect(await found('Besprechung spring')).toEqual([note.id]);
    expect(await found('Besprechung -spring')).toEqual([]);
  });
});

describe('search hits', () => {
  async function hits(query: string) {
    const res = await t.api.call(endpoints.listNotes, {
      query: { search_query: query },
      token: anna.token,
    });
    expect(res.status).toBe(200);
    const byId = new Map(res.body.notes.map((note) => [note.id, note.search_hit]));
    return {
      get: (id: number | undefined) => byId.get(id ?? 0),
      has: (id: number | undefined) => byId.has(id ?? 0),
    };
  }
  const marked = (hit: { passage: { text: string; match: boolean }[] } | undefined) =>
    hit?.passage.filter((part) => part.match).map((part) => part.text);

  it('names the first matching transcript line and marks the found words in it', async () => {
    const hit = (await hits('Quartalsabschluss')).get(ids.vorstand);
    expect(hit?.line).toBe(1);
    expect(marked(hit)).toEqual(['Quartalsabschluss']);
    expect(hit?.passage.map((part) => part.text).join('')).toBe(
      'Der Quartalsabschluss liegt vor, das Budget für Straßenbau ist freigegeben.',
    );
    expect(hit).toMatchObject({ cut_start: false, cut_end: false });
  });

  it('marks stemmed and partly typed words as the search found them', async () => {
    expect(marked((await hits('Besprechungen')).get(ids.auto))).toEqual(['Besprechungen']);
    expect((await hits('Besprechungen')).get(ids.vorstand)?.line).toBe(0);
    const english = (await hits('meeting')).get(ids.english);
    expect(english?.line).toBe(0);
    expect(marked(english)).toEqual(['meetings']);
    expect(marked((await hits('Quartalsab')).get(ids.vorstand))).toEqual(['Quartalsabschluss']);
  });

  it('cuts a long line around the found word', async () => {
    const filler =
      'Wir gehen die Punkte der Tagesordnung der Reihe nach durch und sprechen darüber.';
    const id = (
      await seedNote(database().db, anna.user.id, {
        name: 'Lange Rede',
        segments: [
          {
            start: 0,
            end: 60,
            speaker: 'S1',
            text: `${filler} ${filler} Die Zauberflöte steht im Mittelpunkt. ${filler} ${filler}`,
          },
        ],
        summary: null,
      })
    ).id;
    const hit = (await hits('Zauberflöte')).get(id);
    expect(hit).toMatchObject({ line: 0, cut_start: true, cut_end: true });
    expect(marked(hit)).toEqual(['Zauberflöte']);
    const words =
      hit?.passage
        .map((part) => part.text)
        .join('')
        .split(/\s+/u).length ?? 0;
    expect(words).toBeLessThanOrEqual(24);
    expect(words).toBeGreaterThanOrEqual(8);
  });

  it('falls back to the summary, and has no hit when only the name matched', async () => {
    const summary = (await hits('verschicken')).get(ids.vorstand);
    expect(summary?.line).toBeNull();
    expect(marked(summary)?.length).toBeGreaterThan(0);
    const byName = await hits('Gartenplanung');
    expect(byName.has(ids.unrelated)).toBe(true);
    expect(byName.get(ids.unrelated)).toBeUndefined();
  });

  it('is left out of a list without a search', async () => {
    const res = await t.api.call(endpoints.listNotes, { query: {}, token: anna.token });
    expect(res.body.notes.every((note) => note.search_hit === undefined)).toBe(true);
  });
});

describe('search pages', () => {
  // Twelve notes a day apart, by age in days (0 is the newest): "Haushalt" in all but ages 2
  // and 7, "Seltenwort" in the three oldest.
  let carl: SignedUp;
  const newestFirst: number[] = [];
  const texts = (age: number) =>
    [age % 5 === 2 ? 'Der Plan steht.' : 'Der Haushalt steht.', age >= 9 ? 'Ein Seltenwort.' : '']
      .join(' ')
      .trim();

  beforeAll(async () => {
    carl = await signUp(t.api);
    const db = database().db;
    for (let age = 0; age < 12; age += 1) {
      const createdAt = new Date(Date.UTC(2025, 0, 31 - age));
      const note = await seedNote(db, carl.user.id, {
        name: `Sitzung ${age}`,
        segments: [{ start: 0, end: 3, speaker: 'S1', text: texts(age) }],
        summary: null,
        createdAt,
        updatedAt: createdAt,
      });
      newestFirst.push(note.id);
    }
  });

  const page = async (query: string, page: number, size: number) => {
    const res = await t.api.call(endpoints.listNotes, {
      query: { search_query: query, page, page_size: size },
      token: carl.token,
    });
    expect(res.status).toBe(200);
    return res.body.notes.map((note) => note.id);
  };

  it('gives every page of a common and of a rare word in date order, as the full search does', async () => {
    const haushalt = newestFirst.filter((_, i) => i % 5 !== 2);
    expect([...(await page('Haushalt', 1, 4)), ...(await page('Haushalt', 2, 4))]).toEqual(
      haushalt.slice(0, 8),
    );
    expect(await page('Haushalt', 3, 4)).toEqual(haushalt.slice(8));
    expect(await page('Seltenwort', 1, 10)).toEqual(newestFirst.slice(9));
    expect(await page('Haushalt -Seltenwort', 1, 10)).toEqual(
      haushalt.filter((id) => !newestFirst.slice(9).includes(id)),
    );
  });

  it('counts a search up to its limit and says when there are more; other counts stay exact', async () => {
    const db = database().db;
    // "Haushalt" is in ten of the twelve notes.
    expect(await countNotes(db, carl.user.id, { search_query: 'Haushalt' }, 4)).toEqual({
      count: 4,
      more: true,
    });
    expect(await countNotes(db, carl.user.id, { search_query: 'Haushalt' }, 10)).toEqual({
      count: 10,
      more: false,
    });
    expect(await countNotes(db, carl.user.id, {}, 4)).toEqual({ count: 12, more: false });
    const res = await t.api.call(endpoints.countNotes, {
      query: { search_query: 'Haushalt' },
      token: carl.token,
    });
    expect(res.body).toEqual({ success: true, count: 10, more: false });
  });

  it('answers from the newest notes only when they hold the whole page', async () => {
    const db = database().db;
    const filters = { search_query: 'Haushalt' };
    const full = await withSearchPlan(db, filters, (tx) =>
      listNotesQuery(tx, carl.user.id, filters, { page: 1, page_size: 3 }),
    );
    // The newest five notes hold four matches: the first page of three is exact.
    const recent = await recentMatchesQuery(
      db,
      carl.user.id,
      filters,
      { page: 1, page_size: 3 },
      5,
    );
    expect(recent.map((row) => row.id)).toEqual(full.map((row) => row.id));
    // The second page needs six matches: the window falls short, so the caller asks the index.
    const short = await recentMatchesQuery(db, carl.user.id, filters, { page: 2, page_size: 3 }, 5);
    expect(short.length).toBeLessThan(3);
  });
});
