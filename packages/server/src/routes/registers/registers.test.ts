// A folder's registers (docs/formal-minutes.md#registers), through the app: a folder kept as a
// Gremium collects the resolutions of its final minutes in the Beschluss-Sammlung, numbered per
// year and never renumbered (a correction strikes what it changed and enters the new wording, a
// deleted note leaves its entries); the Aufgabenliste holds every task with its mark; the
// register's PDF and CSV; nobody else sees any of it.
import { allEndpoints } from '@protokoll/contract/all-endpoints';
import {
  endpoints,
  Summary,
  type Endpoint,
  type ErrorBody,
  type FolderRegisters,
} from '@protokoll/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notes } from '../../db/schema.ts';
import { extractiveSummary } from '../../processing/extractive.ts';
import { WORKS_COUNCIL_NAMES, WORKS_COUNCIL_SESSION } from '../../processing/formal-meetings.ts';
import { accountsApp, signUp, type AccountsApp, type SignedUp } from '../../test/accounts.ts';
import { prepare, type CallInput } from '../../test/client.ts';
import { useTestDatabase } from '../../test/db.ts';
import { seedNote } from '../../test/notes.ts';
import { pdfText } from '../../test/pdf.ts';

const database = useTestDatabase();
let t: AccountsApp;
let keeper: SignedUp;
let other: SignedUp;
beforeAll(async () => {
  t = await accountsApp(database());
  keeper = await signUp(t.api, { first_name: 'Petra', last_name: 'Schmidt' });
  other = await signUp(t.api);
});
const db = () => database().db;

interface Answer {
  status: number;
  registers: FolderRegisters;
  error: ErrorBody;
}

async function call<E extends Endpoint>(
  endpoint: E,
  input: CallInput<E>,
  account: SignedUp = keeper,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await t.api.send(prepare(endpoint, ...([input] as never as [CallInput<E>])), {
    token: account.token,
    headers,
  });
  return {
    status: res.status,
    get registers() {
      return (res.body as unknown as { registers: FolderRegisters }).registers;
    },
    get error() {
      return res.error;
    },
  };
}

async function folder(name: string, account = keeper): Promise<number> {
  const res = await t.api.call(endpoints.createFolder, { body: { name }, token: account.token });
  expect(res.status).toBe(200);
  return res.body.folder!.id;
}

/** A Betriebsrat session of `date` in `folderId`, as the built-in summariser minutes it. */
async function session(name: string, date: string | undefined, folderId: number | null) {
  const summary = extractiveSummary(WORKS_COUNCIL_SESSION, {
    language: 'de',
    structure: 'works_council',
    speakerNames: WORKS_COUNCIL_NAMES,
  });
  if (date) summary.formal!.head.date = date;
  const note = await seedNote(db(), keeper.user.id, {
    name,
    structure: 'works_council',
    segments: WORKS_COUNCIL_SESSION,
    speakerNames: WORKS_COUNCIL_NAMES,
    summary,
  });
  if (folderId !== null) await db().update(notes).set({ folderId }).where(eq(notes.id, note.id));
  return note.id;
}

const registersOf = (id: number, account = keeper) =>
  call(allEndpoints.getFolderRegisters, { params: { id } }, account);

/** Signed by names the keeper enters, then final. */
async function makeFinal(id: number) {
  const approval = await call(allEndpoints.getMinutesApproval, { params: { id } });
  expect(approval.status).toBe(200);
  const detail = await t.api.call(endpoints.getNote, { params: { id }, token: keeper.token });
  const submitted = await call(allEndpoints.submitMinutes, {
    params: { id },
    body: {
      base_version: detail.body.note.summary_edit_version ?? 0,
      signers: [
        { role: 'chair', name: 'Andrea Keller' },
        { role: 'member', name: 'Jonas Berg' },
      ],
    },
  });
  expect(submitted.status).toBe(200);
  const final = await call(allEndpoints.finaliseMinutes, { params: { id } });
  expect(final.status).toBe(200);
}

/** "2026/1 …" lines of the register, struck entries marked. */
const numbers = (registers: FolderRegisters) =>
  registers.resolutions.map(
    (entry) =>
      `${entry.year}/${entry.number} ${entry.text.slice(0, 30)}${entry.struck_at ? ' (gestrichen)' : ''}`,
  );

const FIRST = 'Der Betriebsrat stimmt einer S';
const SECOND = 'Der Betriebsrat beschließt ein';

describe("a folder's registers", () => {
  it('enters final minutes of a Gremium, numbered per year and never renumbered', async () => {
    const id = await folder('Betriebsrat Werk Nord');
    const march = await session('Sitzung März', '2026-03-12', id);
    const april = await session('Sitzung April', '2026-04-09', id);
    const december = await session('Sitzung Dezember 2025', '2025-12-04', id);

    // Not a Gremium yet: final minutes enter nothing.
    await makeFinal(march);
    let res = await registersOf(id);
    expect(res.status).toBe(200);
    expect(res.registers.folder).toEqual({ id, name: 'Betriebsrat Werk Nord', gremium: false });
    expect(res.registers.resolutions).toEqual([]);
    expect(res.registers.structure).toBe('works_council');

    // Made one: the final minutes in it are entered, with their meeting and vote.
    res = await call(allEndpoints.setFolderGremium, { params: { id }, body: { gremium: true } });
    expect(res.status).toBe(200);
    expect(res.registers.folder.gremium).toBe(true);
    expect(numbers(res.registers)).toEqual([`2026/1 ${FIRST}`, `2026/2 ${SECOND}`]);
    expect(res.registers.resolutions[0]).toMatchObject({
      note_id: march,
      note_name: 'Sitzung März',
      version: 1,
      date: '2026-03-12',
      place: 'Besprechungsraum 2',
      item_number: 1,
      item_title: 'Überstunden im Lager',
      vote: { yes: 7, no: 0, abstain: 2 },
      result: 'accepted',
      struck_at: null,
    });
    expect(res.registers.resolutions[1]).toMatchObject({
      item_number: 2,
      vote: { unanimous: true },
    });

    // Each year counts on its own; a later meeting made final takes the next number.
    await makeFinal(december);
    await makeFinal(april);
    res = await registersOf(id);
    expect(numbers(res.registers)).toEqual([
      `2026/1 ${FIRST}`,
      `2026/2 ${SECOND}`,
      `2026/3 ${FIRST}`,
      `2026/4 ${SECOND}`,
      `2025/1 ${FIRST}`,
      `2025/2 ${SECOND}`,
    ]);

    // A correction of March that changes TOP 1's wording: the old entry is struck, the new
    // wording is the next number, TOP 2 keeps its entry and number.
    expect((await call(allEndpoints.correctMinutes, { params: { id: march } })).status).toBe(200);
    const [row] = await db().select().from(notes).where(eq(notes.id, march));
    const summary = Summary.parse(row!.summary);
    summary.formal!.items[0]!.resolutions[0]!.text =
      'Der Betriebsrat stimmt zwei Samstagsschichten im Lager zu.';
    await db().update(notes).set({ summary }).where(eq(notes.id, march));
    await makeFinal(march);
    res = await registersOf(id);
    expect(numbers(res.registers)).toEqual([
      `2026/1 ${FIRST} (gestrichen)`,
      `2026/2 ${SECOND}`,
      `2026/3 ${FIRST}`,
      `2026/4 ${SECOND}`,
      `2026/5 Der Betriebsrat stimmt zwei Sa`,
      `2025/1 ${FIRST}`,
      `2025/2 ${SECOND}`,
    ]);
    expect(res.registers.resolutions[0]).toMatchObject({ struck_in_version: 2, version: 1 });
    expect(res.registers.resolutions[4]).toMatchObject({ note_id: march, version: 2 });

    // Deleting a note leaves its entries, under its name.
    const deleted = await t.api.call(endpoints.deleteNote, {
      query: { id: april },
      token: keeper.token,
    });
    expect(deleted.status).toBe(200);
    res = await registersOf(id);
    expect(res.registers.resolutions[2]).toMatchObject({
      number: 3,
      note_id: null,
      note_name: 'Sitzung April',
    });
    const pdf = await t.api.call(allEndpoints.downloadResolutionRegister, {
      params: { id, format: 'pdf' },
      token: keeper.token,
    });
    const text = await pdfText(new Uint8Array(Buffer.from(pdf.body.data, 'base64')));
    expect(text).toContain('Sitzung April, Fassung 1 (Notiz gelöscht)');
    expect(text).toContain('Gestrichen mit Fassung 2 am');

    // No longer a Gremium: the entries stay, and new final minutes enter nothing.
    await call(allEndpoints.setFolderGremium, { params: { id }, body: { gremium: false } });
    const june = await session('Sitzung Juni', '2026-06-11', id);
    await makeFinal(june);
    res = await registersOf(id);
    expect(res.registers.resolutions).toHaveLength(7);
    // A Gremium again: June is entered, nothing twice.
    res = await call(allEndpoints.setFolderGremium, { params: { id }, body: { gremium: true } });
    expect(numbers(res.registers).slice(5, 7)).toEqual([`2026/6 ${FIRST}`, `2026/7 ${SECOND}`]);
    expect(res.registers.resolutions).toHaveLength(9);
  });

  it('enters final minutes moved into a Gremium once, however often they move', async () => {
    const id = await folder('Eigentümer Lindenstraße');
    await call(allEndpoints.setFolderGremium, { params: { id }, body: { gremium: true } });
    const note = await session('Sitzung Mai', '2026-05-05', null);
    await makeFinal(note);
    const move = (folder_id: number | null) =>
      t.api.call(endpoints.moveNote, { body: { note_id: note, folder_id }, token: keeper.token });
    expect((await move(id)).status).toBe(200);
    expect(numbers((await registersOf(id)).registers)).toEqual([
      `2026/1 ${FIRST}`,
      `2026/2 ${SECOND}`,
    ]);
    await move(null);
    await move(id);
    expect((await registersOf(id)).registers.resolutions).toHaveLength(2);
  });

  it('lists every task with its meeting and item, and keeps it done when marked', async () => {
    const id = await folder('Betriebsrat Süd');
    const note = await session('Sitzung Juli', '2026-07-02', id);
    await makeFinal(note);
    let res = await registersOf(id);
    const tasks = res.registers.tasks;
    expect(tasks.length).toBeGreaterThanOrEqual(2);
    const festsaal = tasks.find((task) => task.task.includes('Festsaal'));
    expect(festsaal).toMatchObject({
      note_id: note,
      note_name: 'Sitzung Juli',
      date: '2026-07-02',
      item_number: 3,
      item_title: 'Sommerfest',
      done: false,
    });
    expect(festsaal!.key).toMatch(/^[0-9a-f]{16}$/);

    // A signed note's task is marked in the register, not in its minutes.
    res = await call(allEndpoints.markRegisterTask, {
      params: { id },
      body: { note_id: note, key: festsaal!.key, done: true },
    });
    expect(res.status).toBe(200);
    expect(res.registers.tasks.find((task) => task.key === festsaal!.key)!.done).toBe(true);
    res = await registersOf(id);
    expect(res.registers.tasks.find((task) => task.key === festsaal!.key)!.done).toBe(true);
    expect(res.registers.tasks.filter((task) => task.done)).toHaveLength(1);

    // A task the note does not hold, or a note of another folder: 404, nothing kept.
    res = await call(allEndpoints.markRegisterTask, {
      params: { id },
      body: { note_id: note, key: '0123456789abcdef', done: true },
    });
    expect(res.status).toBe(404);
    const elsewhere = await folder('Anderswo');
    res = await call(allEndpoints.markRegisterTask, {
      params: { id: elsewhere },
      body: { note_id: note, key: festsaal!.key, done: false },
    });
    expect(res.status).toBe(404);
    res = await call(allEndpoints.markRegisterTask, {
      params: { id },
      body: { note_id: note, key: 'kein-schluessel', done: true },
    } as never);
    expect(res.status).toBe(422);
    expect(res.error.issues?.map((issue) => issue.path)).toEqual(['key']);
  });

  it('exports the Beschluss-Sammlung as PDF and CSV, in the request’s language', async () => {
    const id = await folder('Betriebsrat Werk West');
    await call(allEndpoints.setFolderGremium, { params: { id }, body: { gremium: true } });
    await makeFinal(await session('Sitzung August', '2026-08-13', id));
    const download = async (format: 'pdf' | 'csv', language = 'de') => {
      const res = await t.api.call(allEndpoints.downloadResolutionRegister, {
        params: { id, format },
        token: keeper.token,
        headers: { 'Accept-Language': language },
      });
      expect(res.status).toBe(200);
      return { ...res.body, bytes: Buffer.from(res.body.data, 'base64') };
    };
    const csv = await download('csv');
    expect(csv.filename).toBe('Beschluss-Sammlung Betriebsrat Werk West.csv');
    expect(csv.contentType).toBe('text/csv; charset=utf-8');
    const text = csv.bytes.toString('utf8');
    expect(text.startsWith('\ufeffNummer;Datum;Ort;TOP;Titel des TOP;Wortlaut;Ja;Nein;')).toBe(
      true,
    );
    const lines = text.split('\r\n');
    expect(lines[1]).toMatch(
      /^2026\/1;2026-08-13;Besprechungsraum 2;1;Überstunden im Lager;Der Betriebsrat stimmt .*;7;0;2;7 Ja, 0 Nein, 2 Enthaltungen – angenommen;Sitzung August;1;\d{4}-\d\d-\d\d;$/,
    );
    expect(lines[2]).toContain(';einstimmig – angenommen;');

    const pdf = await pdfText(new Uint8Array((await download('pdf')).bytes));
    expect(pdf).toContain('Beschluss-Sammlung – Betriebsrat Werk West');
    expect(pdf).toContain('Nr. 2026/1');
    expect(pdf).toContain('13. August 2026, Besprechungsraum 2');
    expect(pdf).toContain('TOP 1: Überstunden im Lager');
    const english = await download('pdf', 'en');
    expect(english.filename).toBe('Register of resolutions Betriebsrat Werk West.pdf');
    expect(await pdfText(new Uint8Array(english.bytes))).toContain('No. 2026/1');
    const englishCsv = (await download('csv', 'en')).bytes.toString('utf8');
    expect(englishCsv.startsWith('\ufeffNumber,Date,Place,Item,')).toBe(true);
  });

  it('keeps every folder’s registers to its owner', async () => {
    const id = await folder('Vorstand');
    for (const res of [
      await registersOf(id, other),
      await call(allEndpoints.setFolderGremium, { params: { id }, body: { gremium: true } }, other),
      await call(allEndpoints.downloadResolutionRegister, { params: { id, format: 'csv' } }, other),
    ]) {
      expect(res.status).toBe(404);
    }
    expect((await registersOf(id)).registers.folder.gremium).toBe(false);
    const res = await call(allEndpoints.setFolderGremium, {
      params: { id },
      body: { gremium: 'ja' },
    } as never);
    expect(res.status).toBe(422);
  });
});
