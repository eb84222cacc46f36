/**
 * How fast a share page paints (`npm run bench:share`, docs/sharing.md#the-page): the real app
 * (`createApp` with the built render module, this checkout's app/dist) on a fresh PGlite, served
 * over HTTP on 127.0.0.1, with notes of TWO_HOURS of transcript (a passage every 5 s; at a
 * meeting's pace, and at fast talk with the speaker changing every passage; summaries by the
 * built-in summariser) shared with transcript and recording, and with the summary only. Prints
 * Lighthouse (mobile, simulated throttling, median of RUNS) for the share page beside a blank page
 * (a heading and a paragraph) served the same way: score, FCP, LCP, TBT, CLS and the bytes of its
 * HTML. A benchmark, not a test: the figures go into docs/decisions/022-share-links.md.
 *
 *   npm run bench:share                  3 runs each
 *   BENCH_RUNS=5 npm run bench:share
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { users } from '../src/db/schema.ts';
import { createShareLink } from '../src/domain/shares.ts';
import { createLogger } from '../src/lib/logger.ts';
import { extractiveSummary } from '../src/processing/extractive.ts';
import type { StoredSegment } from '../src/db/schema.ts';
import { seedNote } from '../src/test/notes.ts';
// @ts-expect-error -- a plain JavaScript module of the repository's scripts
import { lighthouse, median } from '../../../scripts/lighthouse.mjs';

process.env.NODE_ENV = 'production';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TWO_HOURS = 2 * 60 * 60;
const repoDir = new URL('../../..', import.meta.url).pathname;
const appDist = resolve(process.env.APP_DIST ?? join(repoDir, 'app/dist'));

const WORDS =
  'wir besprechen heute den Stand des Projekts die Termine für das nächste Quartal und die ' +
  'Verteilung der Aufgaben im Team außerdem klären wir offene Fragen zum Budget';
/**
 * Two hours of passages of 5 s: `words` words each (13 ≈ 150 words a minute, a meeting's pace;
 * 20 ≈ 240, fast talk), the speaker changing every `turn` passages (4: every 20 s).
 */
function transcriptOf(words: number, turn: number): StoredSegment[] {
  return Array.from({ length: TWO_HOURS / 5 }, (_, index) => ({
    start: index * 5,
    end: index * 5 + 5,
    speaker: `S${(Math.floor(index / turn) % 4) + 1}`,
    text: `Abschnitt ${index + 1}: ${WORDS.split(' ')
      .slice(index % 7, (index % 7) + words)
      .join(' ')}.`,
  }));
}
const TYPICAL = transcriptOf(13, 4);
const DENSE = transcriptOf(20, 1);

const dataDir = await mkdtemp(join(tmpdir(), 'protokoll-share-bench-'));
const database = await openDatabase({ dataDir });
const blank = createServer((_request, response) =>
  response
    .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
    .end(
      '<!doctype html><html lang="de"><head><meta charset="utf-8">' +
        '<meta name="viewport" content="width=device-width,initial-scale=1"><title>Leer</title>' +
        '<meta name="description" content="Eine leere Seite zum Messen"></head><body><main>' +
        '<h1>Eine leere Seite zum Messen</h1><p>Nur Text: kein Skript, kein Stil.</p></main></body></html>',
    ),
);
try {
  const [user] = await database.db
    .insert(users)
    .values({ email: `share-${randomBytes(3).toString('hex')}@protokoll.test`, firstName: 'Bench' })
    .returning({ id: users.id });
  const seed = (segments: StoredSegment[]) =>
    seedNote(database.db, user!.id, {
      name: 'Klausurtagung Vertrieb 2026',
      durationSeconds: TWO_HOURS,
      segments,
      summary: extractiveSummary(segments, { language: 'de', structure: 'minutes' }),
      audioDataDir: dataDir,
    });
  const typical = await seed(TYPICAL);
  const dense = await seed(DENSE);
  const config = loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: dataDir,
    SERVE_APP: 'true',
    APP_DIST: appDist,
    WORKER: 'off',
  });
  const logger = createLogger({ level: 'error', write: () => {} });
  const app = createApp({ db: database, config, logger, version: 'bench' });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((listening) => server.once('listening', listening));
  const port = (server.address() as { port: number }).port;
  const deps = {
    db: database.db,
    config,
    storage: undefined as never,
    logger,
    jobs: undefined as never,
    jwtSecret: 'bench',
    mailer: { send: () => Promise.resolve() },
  };
  const share = async (noteId: number, input: { transcript: boolean; audio: boolean }) =>
    (
      await createShareLink(deps, {
        userId: user!.id,
        noteId,
        input,
        linkOf: (token) => `http://127.0.0.1:${port}/s/${token}`,
      })
    ).url;
  const summaryOnly = await share(typical.id, { transcript: false, audio: false });
  const url = await share(typical.id, { transcript: true, audio: true });
  const denseUrl = await share(dense.id, { transcript: true, audio: true });
  await new Promise<void>((listening) => blank.listen(0, '127.0.0.1', listening));
  const blankUrl = `http://127.0.0.1:${(blank.address() as { port: number }).port}/`;
  const html = await (await fetch(denseUrl)).text();

  type Run = {
    score: number;
    fcp: number;
    lcp: number;
    tbt: number;
    cls: number;
    bytes: { html: number };
  };
  const rows: [string, Run[]][] = [];
  for (const [name, page] of [
    ['blank page', blankUrl],
    ['share page, summary only', summaryOnly],
    ['share page, 150 words/min + audio', url],
    ['share page, 240 words/min, turns', denseUrl],
  ] as const) {
    const runs: Run[] = [];
    for (let run = 0; run < RUNS; run++) runs.push((await lighthouse(page)) as Run);
    rows.push([name, runs]);
  }
  console.log(
    `Lighthouse mobile, median of ${RUNS}; densest share page ${(html.length / 1024).toFixed(0)} KiB of HTML uncompressed (load average ${loadavg()[0]!.toFixed(1)})`,
  );
  console.log(
    'page                              score   FCP ms   LCP ms   TBT ms   CLS    HTML KiB',
  );
  for (const [name, runs] of rows) {
    const pick = (key: 'score' | 'fcp' | 'lcp' | 'tbt' | 'cls') =>
      median(runs.map((run) => run[key])) as number;
    console.log(
      `${name.padEnd(32)}  ${String(pick('score')).padStart(5)}  ${pick('fcp').toFixed(0).padStart(7)}  ${pick('lcp').toFixed(0).padStart(7)}  ${pick('tbt').toFixed(0).padStart(7)}  ${pick('cls').toFixed(3)}  ${(median(runs.map((run) => run.bytes.html)) / 1024).toFixed(1).padStart(8)}`,
    );
  }
  console.log('largest paint:', (rows[3]![1][0] as { lcpElement?: string }).lcpElement);
  // What shifted on the share page, where anything did.
  for (const shift of rows[3]![1].flatMap((run) => (run as { shifts?: unknown[] }).shifts ?? [])) {
    console.log('shifted:', JSON.stringify(shift));
  }
  server.close();
} finally {
  blank.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}
