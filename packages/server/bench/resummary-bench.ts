/**
 * Re-summary benchmark (issue 37, part 3). Prints figures; it is not a test and asserts nothing.
 *
 *   npm run bench:resummary                      a 2-hour note's transcript, peer latency 200 ms
 *   BENCH_HOURS=0.5 BENCH_LATENCY_MS=500         another length, another latency per request
 *
 * A finished note with the transcript of a `BENCH_HOURS` meeting (a passage every 6 seconds) is
 * summarised again through the API by the server's in-process worker (PGlite), with the OpenAI
 * peer as the language model, running as a process of its own with a fixed latency per request.
 * Every request to the peer is timed (fetch is wrapped), as in bench:pipeline, and the overhead
 * is the time with no request in flight, from the claim of the job to the new summary stored, as
 * a share of the language model's own time. Target: ≤ 5 %. The time from the request to the
 * claim (the worker waking) is printed beside it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { openPglite } from '../src/db/client.ts';
import { notes, type StoredSegment } from '../src/db/schema.ts';
import type { WorkerEvent } from '../src/jobs/index.ts';
import { silentLogger } from '../src/lib/logger.ts';
import { startServer } from '../src/server.ts';
import { peerProcess, register, timeRequests, unionMs } from './bench-support.ts';

const HOURS = Number(process.env.BENCH_HOURS ?? 2);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 200);
const out = (line = '') => process.stdout.write(`${line}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const SENTENCES = [
  'Wir haben beschlossen, das Budget für das nächste Quartal zu erhöhen.',
  'Anna kümmert sich bis Freitag um den Bericht an den Vorstand.',
  'Die Zahlen aus dem Vertrieb liegen zwei Prozent über dem Plan.',
  'Offen ist noch, wer die Ausschreibung für das Kundenportal übernimmt.',
  'Thomas schlägt vor, die Entscheidung auf die nächste Sitzung zu vertagen.',
  'Der Mietvertrag für das Lager in Spandau endet im Juni.',
];

/** A meeting of `hours`: a passage every six seconds, three speakers taking turns. */
function meeting(hours: number): StoredSegment[] {
  const count = Math.round((hours * 3600) / 6);
  return Array.from({ length: count }, (_, i) => ({
    start: i * 6,
    end: i * 6 + 5.5,
    speaker: `S${(i % 3) + 1}`,
    text: `${SENTENCES[i % SENTENCES.length]} (Punkt ${i + 1})`,
  }));
}

out(`Re-summary benchmark (${new Date().toISOString()})`);
const dataDir = await mkdtemp(join(tmpdir(), 'protokoll-bench-'));
const peer = await peerProcess(LATENCY_MS);
const database = await openPglite(join(dataDir, 'pglite'));
const config = loadConfig({
  NODE_ENV: 'test',
  PORT: '0',
  DATA_DIR: dataDir,
  LLM_BASE_URL: peer.url,
  LLM_MODELS: 'gpt-4o-mini',
  JWT_SECRET: randomBytes(32).toString('hex'),
});
const engine: [number, number][] = [];
// The language model's requests only, not the engine pool's health checks.
const restoreFetch = timeRequests(peer.url, (url) => url.includes('/chat/completions'), engine);
const events: { at: number; event: WorkerEvent }[] = [];
let outcome = 'none';
let finished: (() => void) | undefined;
const done = new Promise<void>((resolve) => (finished = resolve));
const running = await startServer(config, {
  db: database,
  logger: silentLogger,
  worker: {
    onEvent: (event) => {
      events.push({ at: performance.now(), event });
      if (event.type === 'done' || event.type === 'failed') {
        outcome = event.type;
        finished?.();
      }
    },
  },
});
try {
  const { token, userId } = await register(running.url);
  const segments = meeting(HOURS);
  const [note] = await database.db
    .insert(notes)
    .values({
      userId,
      name: `Besprechung ${HOURS} h`,
      status: 'done',
      progress: 100,
      fileName: 'besprechung.mp3',
      size: 0,
      durationSeconds: HOURS * 3600,
      language: 'de',
      summaryLanguage: 'de',
      summaryModel: 'gpt-4o-mini',
      structure: 'minutes',
      design: 'classic',
      transcriptType: 'verbatim',
      segments,
    })
    .returning();
  const requested = performance.now();
  const res = await fetch(`${running.url}/api/note/${note!.id}/resummarise`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      structure: 'detailed',
      summary_language: 'en',
      summary_model: 'gpt-4o-mini',
    }),
  });
  if (!res.ok) throw new Error(`resummarise refused: ${res.status} ${await res.text()}`);
  const acceptedAt = performance.now();
  await done;
  const doneAt = performance.now();
  const [after] = await database.db.select().from(notes).where(eq(notes.id, note!.id));
  const claimedAt = events.find((e) => e.event.type === 'claimed')?.at ?? acceptedAt;
  const totalMs = doneAt - claimedAt;
  const engineWall = unionMs(engine);
  const overheadMs = totalMs - engineWall;
  const chars = segments.reduce((sum, segment) => sum + segment.text.length, 0);
  out(
    `   ${HOURS}-hour transcript: ${segments.length} passages, ${(chars / 1000).toFixed(0)} k characters; peer latency ${LATENCY_MS} ms per request`,
  );
  out(
    `   request accepted after ${seconds(acceptedAt - requested)}; claimed ${seconds(claimedAt - acceptedAt)} later; outcome: ${outcome}, summary version ${after?.summaryVersion}, ${after?.structure}/${after?.summaryLanguage}`,
  );
  out(
    `   re-summary (claim → stored): ${seconds(totalMs)}; language model: ${engine.length} requests, ${seconds(engineWall)} with one in flight`,
  );
  out(
    `   → overhead (no request in flight): ${seconds(overheadMs)} = ${((overheadMs / engineWall) * 100).toFixed(1)} % of the language model's time (≤ 5 %: ${overheadMs <= engineWall * 0.05 ? 'target met' : 'target missed'})`,
  );
  const sorted = [...engine].sort((a, b) => a[0] - b[0]);
  const between = sorted.slice(1).map(([from], i) => from - sorted[i]![1]);
  out(
    `   without a request in flight: claim → first request ${seconds(sorted[0]![0] - claimedAt)}, between requests ${between.map(seconds).join(', ')}, last answer → stored ${seconds(doneAt - sorted.at(-1)![1])}`,
  );
  out(
    `   → request → stored: ${seconds(doneAt - requested)} = ${(((doneAt - requested - engineWall) / engineWall) * 100).toFixed(1)} % over the language model's time`,
  );
} finally {
  restoreFetch();
  await running.close();
  await database.close();
  await peer.close();
  await rm(dataDir, { recursive: true, force: true });
}
