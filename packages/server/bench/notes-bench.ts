/**
 * Notes benchmark (issue 5): list, count and search latency with 100,000 notes of one user.
 * Prints figures; it is not a test and asserts nothing.
 *
 *   pnpm bench:notes                                  PGlite in a temp folder
 *   DATABASE_URL=postgres://… pnpm bench:notes        PGlite, then PostgreSQL (a throwaway
 *                                                     database created on that server)
 *   BENCH_NOTES=20000 BENCH_RUNS=30 pnpm bench:notes  smaller or quicker
 *   BENCH_ENGINES=postgres                            one engine only (pglite, postgres)
 *   BENCH_BUDGET_S=15                                 seconds one call may take in all
 *
 * Every figure is one call through the real HTTP app (in process, no network): authentication,
 * validation, the query, the mapping and the JSON. Notes are bulk-inserted with a few hundred
 * words of German (or English) meeting text each; the database then runs VACUUM ANALYZE, as
 * autovacuum would in production, and the search plans are printed with EXPLAIN ANALYZE.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SEARCH_COUNT_LIMIT, type LoginResponse, type Summary } from '@protokoll/contract';
import { getTableColumns, sql } from 'drizzle-orm';
import pg from 'pg';
import { createApp, type App } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openPglite, openPostgres, rowsOf, type Database } from '../src/db/client.ts';
import { folders, notes, type NewNoteRow, type StoredSegment } from '../src/db/schema.ts';
import { silentLogger } from '../src/lib/logger.ts';
import {
  countNotesQuery,
  listNotesQuery,
  recentMatchesQuery,
  withSearchPlan,
  type NoteFilters,
} from '../src/domain/notes/queries.ts';

const NOTE_COUNT = Number(process.env.BENCH_NOTES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
/** Time one call may take in all before it stops short of RUNS (keeps PGlite's slow calls short). */
const BUDGET_MS = Number(process.env.BENCH_BUDGET_S ?? 15) * 1000;
const BATCH = 500;

// ---------------------------------------------------------------------------------------------
// Text: a seeded generator, so every run (and both engines) sees the same notes.

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const germanSentences = [
  'Guten Morgen zusammen, wir beginnen mit der Besprechung der offenen Punkte.',
  'Das Budget für das nächste Quartal muss bis Ende des Monats freigegeben werden.',
  'Die Kundenzufriedenheit ist im Vergleich zum Vorjahr deutlich gestiegen.',
  'Wir sollten die Zuständigkeiten im Projektteam klarer verteilen.',
  'Die Einführung der neuen Software verzögert sich um zwei Wochen.',
  'Der Vorstand hat den Vorschlag zur Umstrukturierung einstimmig angenommen.',
  'Die Lieferkette ist wegen fehlender Bauteile weiterhin angespannt.',
  'Ich schlage vor, dass wir die Entscheidung auf die nächste Woche vertagen.',
  'Die Datenschutzbeauftragte hat keine Einwände gegen das Verfahren.',
  'Können wir die Präsentation noch um die Zahlen aus dem Vertrieb ergänzen?',
  'Die Vorlesung behandelt heute den zweiten Hauptsatz der Thermodynamik.',
  'Im Interview erzählt die Bewerberin von ihren Erfahrungen im Ausland.',
  'Frau {p} berichtet über den Stand beim Thema {t} in {c}.',
  'Herr {p} übernimmt bis {d} die Abstimmung zur {t}.',
  'Für die {t} planen wir im {m} ein Budget von {n} Euro ein.',
  'Die Rechnung {n} an die Firma {p} aus {c} ist noch offen.',
  'Die Niederlassung in {c} meldet {n} neue Kundinnen und Kunden.',
  'Wir vertagen die Entscheidung über die {t} auf den {m}.',
  'Ticket {n} zur {t} ist seit {d} in Bearbeitung.',
  'Bitte schicken Sie Frau {p} die Unterlagen zur {t} bis {d}.',
  'Die Schulung in {c} findet im {m} mit {n} Teilnehmenden statt.',
];
const englishSentences = [
  'Good morning everyone, let us start with the open items from last week.',
  'The budget for the next quarter has to be approved by the end of the month.',
  'Customer satisfaction improved noticeably compared with last year.',
  'Please send me the slides before Friday so I can review them.',
  'The supply chain is still under pressure because parts are missing.',
  '{p} gave an update on the {t} for the office in {c}.',
  'We agreed to move the {t} to {m} with a budget of {n} dollars.',
  'Invoice {n} for the client in {c} is still unpaid.',
  '{p} will follow up on ticket {n} by {d}.',
  'The team in {c} scheduled {n} interviews for {m}.',
];
const people = [
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Meyer',
  'Wagner',
  'Becker',
  'Schulz',
  'Hoffmann',
  'Schäfer',
  'Koch',
  'Bauer',
  'Richter',
  'Klein',
  'Wolf',
  'Schröder',
  'Neumann',
  'Schwarz',
  'Zimmermann',
  'Braun',
  'Krüger',
  'Hofmann',
  'Hartmann',
  'Lange',
  'Schmitt',
  'Werner',
  'Krause',
  'Meier',
  'Lehmann',
  'Öztürk',
  'Yılmaz',
  'Nowak',
  'Kowalski',
  'Rossi',
  'Johnson',
  'Smith',
  'Garcia',
  'Nguyen',
  'Okafor',
];
const cities = [
  'Berlin',
  'Hamburg',
  'München',
  'Köln',
  'Frankfurt',
  'Stuttgart',
  'Düsseldorf',
  'Leipzig',
  'Dortmund',
  'Essen',
  'Bremen',
  'Dresden',
  'Hannover',
  'Nürnberg',
  'Duisburg',
  'Bochum',
  'Wuppertal',
  'Bielefeld',
  'Bonn',
  'Münster',
  'Mannheim',
  'Karlsruhe',
  'Augsburg',
  'Wiesbaden',
  'Freiburg',
  'Lübeck',
  'Rostock',
  'Kassel',
  'Erfurt',
  'Mainz',
  'Wien',
  'Graz',
  'Zürich',
  'Basel',
  'Bern',
  'Linz',
  'Salzburg',
  'Innsbruck',
  'Potsdam',
  'Regensburg',
];
const topics = [
  'Personalplanung',
  'Hausordnung',
  'Dienstwagenregelung',
  'Reisekostenabrechnung',
  'Gehaltsrunde',
  'Weihnachtsfeier',
  'Kantinenumbau',
  'Serverumzug',
  'Cloudmigration',
  'Zertifizierung',
  'Qualitätssicherung',
  'Kundenbefragung',
  'Preisanpassung',
  'Messeplanung',
  'Homeoffice-Regelung',
  'Arbeitszeiterfassung',
  'Betriebsvereinbarung',
  'Lieferantenbewertung',
  'Lagerinventur',
  'Fuhrparkerneuerung',
  'Website-Relaunch',
  'Newsletterkampagne',
  'Mitarbeiterbefragung',
  'Energieaudit',
  'Photovoltaikanlage',
  'Gebäudesanierung',
  'Brandschutzordnung',
  'Datensicherung',
  'Passwortrichtlinie',
  'Einarbeitungsplan',
  'Ausbildungsplanung',
  'Praktikumsbetreuung',
  'Förderantrag',
  'Jahresabschluss',
  'Steuerprüfung',
  'Kreditlinie',
  'Investitionsplanung',
  'Produktschulung',
  'Vertriebsstrategie',
  'Markenauftritt',
];
const months = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
];
const weekdays = ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag'];

/** A sentence with its slots filled: names, places, topics and numbers give a long tail of words. */
function sentence(random: () => number, isEnglish: boolean): string {
  return pick(random, isEnglish ? englishSentences : germanSentences).replace(
    /\{(\w)\}/g,
    (_, slot: string) => {
      switch (slot) {
        case 'p':
          return pick(random, people);
        case 'c':
          return pick(random, cities);
        case 't':
          return pick(random, topics);
        case 'm':
          return pick(random, months);
        case 'd':
          return pick(random, weekdays);
        default:
          return String(1 + Math.floor(random() * 99_999));
      }
    },
  );
}

/** Rare words, each in about one note of a thousand. */
const rareGerman = ['Quartalsabschluss', 'Brandschutzbegehung', 'Wärmepumpenförderung'];
const rareEnglish = ['onboarding checklist', 'penetration test'];

const germanNames = [
  'Teamsitzung KW',
  'Vorstandssitzung',
  'Kundentermin Müller GmbH',
  'Projekt Phönix Statusrunde',
  'Vorlesung Thermodynamik',
  'Bewerbungsgespräch',
  'Jour fixe Vertrieb',
  'Betriebsratssitzung',
];
const englishNames = ['Weekly sync', 'Product review', 'Board meeting', 'Customer call'];

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

function makeNote(
  random: () => number,
  userId: number,
  folderIds: number[],
  i: number,
): NewNoteRow {
  const isEnglish = random() < 0.2;
  const segments: StoredSegment[] = [];
  let at = 0;
  let words = 0;
  const target = 200 + Math.floor(random() * 100);
  while (words < target) {
    const text = sentence(random, isEnglish);
    const length = 3 + random() * 8;
    segments.push({
      start: at,
      end: at + length,
      speaker: `S${1 + Math.floor(random() * 3)}`,
      text,
    });
    at += length;
    words += text.split(' ').length;
  }
  // About one note in a thousand carries each rare word.
  const rare = isEnglish ? rareEnglish : rareGerman;
  if (random() < 0.001 * rare.length) {
    const segment = pick(random, segments);
    segment.text = `${segment.text} ${pick(random, rare)}.`;
  }
  const summary: Summary = {
    title: pick(random, isEnglish ? englishNames : germanNames),
    overview: segments
      .slice(0, 2)
      .map((segment) => segment.text)
      .join(' '),
    topics: [{ title: segments[2]!.text.slice(0, 40), start: segments[2]!.start }],
    decisions: [{ text: segments[3]!.text, start: segments[3]!.start }],
    action_items: [{ task: segments[4]!.text, owner: 'S1', start: segments[4]!.start }],
    generator: 'extractive',
  };
  const createdAt = new Date(Date.UTC(2024, 0, 1) + Math.floor(random() * 730 * 86_400_000));
  return {
    userId,
    folderId: random() < 0.7 ? pick(random, folderIds) : null,
    name: `${pick(random, isEnglish ? englishNames : germanNames)} ${1 + (i % 52)}`,
    status: 'done',
    progress: 100,
    fileName: `aufnahme-${i}.m4a`,
    size: 5_000_000 + Math.floor(random() * 40_000_000),
    durationSeconds: at,
    minutesCharged: Math.ceil(at / 60),
    language: isEnglish ? 'en' : 'de',
    summaryLanguage: isEnglish ? 'en' : 'de',
    summaryModel: 'standard',
    structure: 'minutes',
    design: 'classic',
    transcriptType: 'clean',
    speakers: 3,
    saved: random() < 0.1,
    segments,
    summary,
    createdAt,
    updatedAt: createdAt,
  };
}

/**
 * Bulk insert: one JSON parameter per batch, unpacked by the database. Much quicker than a
 * parameter per value, above all in PGlite, where each value crosses into WebAssembly.
 */
async function insertNotes(database: Database, rows: NewNoteRow[]): Promise<void> {
  const columns = Object.entries(getTableColumns(notes)).filter(([key]) =>
    rows.some((row) => (row as Record<string, unknown>)[key] !== undefined),
  );
  const records = rows.map((row) =>
    Object.fromEntries(
      columns.map(([key, column]) => [column.name, (row as Record<string, unknown>)[key] ?? null]),
    ),
  );
  const names = sql.raw(columns.map(([, column]) => `"${column.name}"`).join(', '));
  await database.db.execute(
    sql`insert into ${notes} (${names}) select ${names} from json_populate_recordset(null::notes, ${JSON.stringify(records)}::json)`,
  );
}

// ---------------------------------------------------------------------------------------------
// Engines

interface Engine {
  name: string;
  database: Database;
  dispose(): Promise<void>;
}

async function pgliteEngine(): Promise<Engine> {
  const dir = await mkdtemp(join(tmpdir(), 'protokoll-bench-'));
  const database = await openPglite(join(dir, 'pglite'));
  return {
    name: 'PGlite',
    database,
    async dispose() {
      await database.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function admin(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function postgresEngine(serverUrl: string): Promise<Engine> {
  const name = `protokoll_bench_${randomBytes(4).toString('hex')}`;
  await admin(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  const version = await database.db.execute(sql`show server_version`);
  return {
    name: `PostgreSQL ${String(rowsOf<Record<string, unknown>>(version)[0]?.server_version)}`,
    database,
    async dispose() {
      await database.close();
      await admin(serverUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Measuring

interface Figure {
  engine: string;
  what: string;
  runs: number;
  p50: number;
  p95: number;
  result: string;
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/**
 * Times `RUNS` calls (after three to warm up), or fewer when a slow call would take longer than
 * `BUDGET_MS` in all: never fewer than ten.
 */
async function measure(
  engine: string,
  what: string,
  call: (run: number) => Response | Promise<Response>,
  describe: (body: Record<string, unknown>) => string,
): Promise<Figure> {
  let result = '';
  for (let i = 0; i < 3; i += 1) await (await call(i)).arrayBuffer();
  const times: number[] = [];
  const started = performance.now();
  for (let run = 0; run < RUNS; run += 1) {
    if (run >= 10 && performance.now() - started > BUDGET_MS) break;
    const before = performance.now();
    const res = await call(run);
    const body = (await res.json()) as Record<string, unknown>;
    times.push(performance.now() - before);
    if (res.status !== 200) throw new Error(`${what}: HTTP ${res.status} ${JSON.stringify(body)}`);
    if (run === 0) result = describe(body);
  }
  times.sort((a, b) => a - b);
  return {
    engine,
    what,
    runs: times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    result,
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The plan of the app's own list or count query, run as the app runs it (`withSearchPlan`). */
async function explain(
  database: Database,
  userId: number,
  filters: NoteFilters,
  kind: 'list' | 'list (index)' | 'count',
): Promise<string[]> {
  if (kind === 'list') {
    // The first try of a search page: the newest notes, walked by date.
    const query = recentMatchesQuery(database.db, userId, filters, { page: 1, page_size: 10 });
    const result = await database.db.execute(sql`explain (analyze, costs off) ${query.getSQL()}`);
    return rowsOf<Record<string, unknown>>(result).map((row) => String(row['QUERY PLAN']));
  }
  return withSearchPlan(database.db, filters, async (db) => {
    const query =
      kind === 'list (index)'
        ? listNotesQuery(db, userId, filters, { page: 1, page_size: 10 })
        : countNotesQuery(db, userId, filters, SEARCH_COUNT_LIMIT);
    const result = await db.execute(sql`explain (analyze, costs off) ${query.getSQL()}`);
    return rowsOf<Record<string, unknown>>(result).map((row) => String(row['QUERY PLAN']));
  });
}

async function bench(engine: Engine): Promise<Figure[]> {
  const { database } = engine;
  const dataDir = await mkdtemp(join(tmpdir(), 'protokoll-bench-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    RATE_LIMIT_REGISTER: '1000/1m',
  });
  const app: App = createApp({ db: database, config, logger: silentLogger, version: 'bench' });
  try {
    const registered = await app.request('/api/auth/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        first_name: 'Bench',
        last_name: 'Mark',
        email: 'bench@example.de',
        password: 'bench-passwort-1',
        accept_terms: true,
      }),
    });
    const session = (await registered.json()) as LoginResponse;
    const userId = session.user.id;

    const folderRows = await database.db
      .insert(folders)
      .values(
        ['Vorstand', 'Kunden', 'Projekte', 'Vorlesungen', 'Bewerbungen'].map((name) => ({
          userId,
          name,
        })),
      )
      .returning({ id: folders.id });
    const folderIds = folderRows.map((row) => row.id);

    const random = mulberry32(20_260_301);
    const seedStarted = performance.now();
    for (let offset = 0; offset < NOTE_COUNT; offset += BATCH) {
      const batch: NewNoteRow[] = [];
      for (let i = offset; i < Math.min(NOTE_COUNT, offset + BATCH); i += 1) {
        batch.push(makeNote(random, userId, folderIds, i));
      }
      await insertNotes(database, batch);
      if ((offset / BATCH) % 40 === 39) {
        process.stdout.write(
          `  ${engine.name}: ${offset + BATCH} notes, ${seconds(performance.now() - seedStarted)}\n`,
        );
      }
    }
    const seedMs = performance.now() - seedStarted;
    // What autovacuum does after a bulk load: statistics, and the visibility map index-only
    // scans need.
    const analyzeStarted = performance.now();
    await database.db.execute(sql`vacuum analyze notes`);
    const size = await database.db.execute(
      sql`select pg_size_pretty(pg_total_relation_size('notes')) as size`,
    );
    process.stdout.write(
      `  ${engine.name}: ${NOTE_COUNT} notes seeded in ${seconds(seedMs)}, VACUUM ANALYZE ${seconds(performance.now() - analyzeStarted)}, table with indexes and TOAST ${String(rowsOf<Record<string, unknown>>(size)[0]?.size)}\n`,
    );

    const get = (path: string) =>
      app.request(path, { headers: { Authorization: `Bearer ${session.token}` } });
    const notesOf = (body: Record<string, unknown>) => `${(body.notes as unknown[]).length} notes`;
    const countOf = (body: Record<string, unknown>) => `count ${String(body.count)}`;
    const deepPage = Math.max(1, Math.floor(NOTE_COUNT / 10 / 2));
    const searches = [
      'Besprechung',
      'Quartalsabschluss',
      'Budget freigegeben',
      'Brandschutzbegehung',
      'hiring plan',
      'Vorstandssitz',
      'Wärmepumpe',
      'Rechtsabteilung',
      'penetration test',
      'Umstrukturierung -Vorstand',
    ];
    const q = (run: number) => encodeURIComponent(searches[run % searches.length]!);

    const figures: Figure[] = [];
    const add = async (...args: Parameters<typeof measure>) => {
      const figure = await measure(...args);
      figures.push(figure);
      process.stdout.write(`  ${engine.name}: ${figure.what} p50 ${figure.p50.toFixed(1)} ms\n`);
    };
    const e = engine.name;
    await add(e, 'list, page 1', () => get('/api/note/list'), notesOf);
    await add(e, `list, page ${deepPage}`, () => get(`/api/note/list?page=${deepPage}`), notesOf);
    await add(
      e,
      'list, folder + date range',
      () =>
        get(`/api/note/list?folder_id=${folderIds[0]}&start_date=2024-06-01&end_date=2024-12-31`),
      notesOf,
    );
    await add(e, 'list, saved', () => get('/api/note/list?saved=true'), notesOf);
    await add(e, 'count', () => get('/api/note/count'), countOf);
    await add(
      e,
      'count, folder + date range',
      () =>
        get(`/api/note/count?folder_id=${folderIds[0]}&start_date=2024-06-01&end_date=2024-12-31`),
      countOf,
    );
    await add(
      e,
      'search list (10 queries)',
      (run) => get(`/api/note/list?search_query=${q(run)}`),
      notesOf,
    );
    await add(
      e,
      'search count (10 queries)',
      (run) => get(`/api/note/count?search_query=${q(run)}`),
      countOf,
    );
    await add(
      e,
      'search list, rare word',
      () => get('/api/note/list?search_query=Quartalsabschluss'),
      notesOf,
    );
    await add(
      e,
      'search list, common word',
      () => get('/api/note/list?search_query=Budget'),
      notesOf,
    );
    await add(
      e,
      'search list, no match',
      () => get('/api/note/list?search_query=Xylophonkonzert'),
      notesOf,
    );
    await add(
      e,
      'search count, common word',
      () => get('/api/note/count?search_query=Budget'),
      countOf,
    );

    // The plans of a rare, a common and a missing word: a search page first walks the newest
    // notes by date, and asks the GIN index (`list (index)`) when they do not fill the page.
    for (const word of ['Quartalsabschluss', 'Budget', 'Xylophonkonzert']) {
      for (const kind of ['list', 'list (index)', 'count'] as const) {
        const plan = await explain(database, userId, { search_query: word }, kind);
        process.stdout.write(`\n  ${engine.name}: EXPLAIN ANALYZE ${kind}, search "${word}"\n`);
        for (const line of plan) process.stdout.write(`    ${line}\n`);
      }
    }
    process.stdout.write(
      `\n  ${engine.name}: process RSS after the benchmark ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MiB (server in this process${database.kind === 'pglite' ? ', with PGlite' : ''})\n`,
    );
    return figures;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

function table(figures: Figure[]): string {
  const header = ['engine', 'call', 'runs', 'p50 ms', 'p95 ms', 'answer (first run)'];
  const rows = figures.map((f) => [
    f.engine,
    f.what,
    String(f.runs),
    f.p50.toFixed(1),
    f.p95.toFixed(1),
    f.result,
  ]);
  const numeric = new Set([2, 3, 4]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => (numeric.has(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (numeric.has(i) ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

async function main() {
  process.stdout.write(`Notes benchmark: ${NOTE_COUNT} notes of one user, ${RUNS} runs per call\n`);
  // BENCH_ENGINES=postgres (or pglite) runs one engine only.
  const only = process.env.BENCH_ENGINES?.split(',').map((name) => name.trim());
  const engines: (() => Promise<Engine>)[] = [];
  if (!only || only.includes('pglite')) engines.push(pgliteEngine);
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl && (!only || only.includes('postgres'))) {
    engines.push(() => postgresEngine(serverUrl));
  } else if (!serverUrl) {
    process.stdout.write('DATABASE_URL is not set: PostgreSQL is skipped.\n');
  }

  const figures: Figure[] = [];
  for (const open of engines) {
    const engine = await open();
    try {
      figures.push(...(await bench(engine)));
    } finally {
      await engine.dispose();
    }
  }
  process.stdout.write(`\n${table(figures)}\n`);
}

await main();
