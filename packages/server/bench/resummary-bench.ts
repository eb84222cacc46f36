/**
 * Re-summary benchmark (issue 37, part 3). Prints figures; it is not a test and asserts nothing.
 *
 *   npm run bench:resummary                      a 2-hour note's transcript, peer latency 200 ms
 *   BENCH_HOURS=0.5 BENCH_LATENCY_MS=500         another length, another latency per request
 *   BENCH_MODEL_LATENCY_MS=5000                  the third run's latency (default 2,000 ms)
 *
 * A finished note with the transcript of a `BENCH_HOURS` meeting (a passage every 6 seconds) is
 * summarised again through the API by the server's in-process worker (PGlite), with the OpenAI
 * peer as the language model, running as a process of its own with a fixed latency per request.
 * Every request to the peer is timed (fetch is wrapped), as in bench:pipeline, and the overhead
 * is the time with no request in flight, from the claim of the job to the new summary stored, as
 * a share of the language model's own time. Target: ≤ 5 %. The time from the request to the
 * claim (the worker waking) is printed beside it.
 *
 * Three runs, side by side. The worker's own time is mostly fixed per re-summary (reading the
 * note, storing the summary), so its share depends on how long the model takes, and what it
 * does after the last answer grows with the summary:
 * 1. the peer's answers made of a few entries per list and part (`BENCH_LIST_MAX`, default 6:
 *    about what a model writes for ten minutes of a meeting), at `BENCH_LATENCY_MS`;
 * 2. an entry for every line (a "summary" three times the transcript, the worst case to store);
 * 3. as 1, at `BENCH_MODEL_LATENCY_MS` (default 2 s): still quicker than a hosted or local model
 *    writes a part's JSON summary of a thousand tokens or so.
 * Each run makes two re-summaries on one server and prints both: the first runs the worker's code
 * for the first time (the JIT compiles it), the second is what a server that has been up sees.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { openPglite } from '../src/db/client.ts';
import { notes, type StoredSegment } from '../src/db/schema.ts';
import type { WorkerEvent } from '../src/jobs/index.ts';
import { silentLogger } from '../src/lib/logger.ts';
import { startServer } from '../src/server.ts';
import { peerProcess, register, timeRequests, unionMs } from './bench-support.ts';

const HOURS = Number(process.env.BENCH_HOURS ?? 2);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 200);
const LIST_MAX = Number(process.env.BENCH_LIST_MAX ?? 6);
const MODEL_LATENCY_MS = Number(process.env.BENCH_MODEL_LATENCY_MS ?? 2000);
const out = (line = '') => process.stdout.write(`${line}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

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

/** What one re-summary took, from the request to the new summary stored. */
interface Timing {
  requestedAt: number;
  acceptedAt: number;
  claimedAt: number;
  doneAt: number;
  outcome: string;
  requests: [number, number][];
}

/**
 * Two re-summaries, one after the other, of two fresh 2-hour notes on one server, with the peer
 * answering after `latencyMs` with at most `listMax` entries per list: the first runs the worker's
 * code for the first time, the second as a server that has run for a while does.
 */
async function scenario(label: string, latencyMs: number, listMax?: number): Promise<void> {
  out(label);
  const dataDir = await mkdtemp(join(tmpdir(), 'protokoll-bench-'));
  const peer = await peerProcess(
    latencyMs,
    listMax === undefined ? {} : { summaryListMax: listMax },
  );
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
  let claimedAt = 0;
  let ended: ((outcome: string) => void) | undefined;
  const running = await startServer(config, {
    db: database,
    logger: silentLogger,
    worker: {
      onEvent: (event: WorkerEvent) => {
        if (event.type === 'claimed') claimedAt = performance.now();
        if (event.type === 'done' || event.type === 'failed') ended?.(event.type);
      },
    },
  });
  const segments = meeting(HOURS);
  try {
    const { token, userId } = await register(running.url);
    const resummarise = async (): Promise<Timing> => {
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
        .returning({ id: notes.id });
      engine.length = 0;
      const outcome = new Promise<string>((resolve) => (ended = resolve));
      const requestedAt = performance.now();
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
      const result = await outcome;
      return {
        requestedAt,
        acceptedAt,
        claimedAt,
        doneAt: performance.now(),
        outcome: result,
        requests: [...engine],
      };
    };
    const chars = segments.reduce((sum, segment) => sum + segment.text.length, 0);
    out(
      `   ${HOURS}-hour transcript: ${segments.length} passages, ${(chars / 1000).toFixed(0)} k characters; peer latency ${latencyMs} ms per request`,
    );
    const first = await resummarise();
    const second = await resummarise();
    const [stored] = await database.db
      .select({ summary: notes.summary })
      .from(notes)
      .orderBy(desc(notes.id))
      .limit(1);
    out(
      `   outcome: ${first.outcome}, ${second.outcome}; the summary: ${(JSON.stringify(stored?.summary ?? null).length / 1000).toFixed(0)} k characters of JSON`,
    );
    report('first re-summary of this server', first);
    report('second re-summary', second);
  } finally {
    restoreFetch();
    await running.close();
    await database.close();
    await peer.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function report(name: string, timing: Timing): void {
  const { requestedAt, acceptedAt, claimedAt, doneAt, requests } = timing;
  const totalMs = doneAt - claimedAt;
  const engineWall = unionMs(requests);
  const overheadMs = totalMs - engineWall;
  const sorted = [...requests].sort((a, b) => a[0] - b[0]);
  const between = sorted.slice(1).map(([from], i) => from - sorted[i]![1]);
  out(`   ${name}:`);
  out(
    `     request accepted after ${ms(acceptedAt - requestedAt)}, claimed ${ms(claimedAt - acceptedAt)} later; claim → stored ${seconds(totalMs)}; language model: ${requests.length} requests, ${seconds(engineWall)} with one in flight`,
  );
  out(
    `     → overhead (no request in flight): ${ms(overheadMs)} = ${((overheadMs / engineWall) * 100).toFixed(1)} % of the language model's time (≤ 5 %: ${overheadMs <= engineWall * 0.05 ? 'target met' : 'target missed'}); request → stored ${(((doneAt - requestedAt - engineWall) / engineWall) * 100).toFixed(1)} % over it`,
  );
  out(
    `     without a request in flight: claim → first request ${ms(sorted[0]![0] - claimedAt)}, between requests ${between.map(ms).join(', ')}, last answer → stored ${ms(doneAt - sorted.at(-1)![1])}`,
  );
}

out(`Re-summary benchmark (${new Date().toISOString()})`);
await scenario(
  `1) answers of at most ${LIST_MAX} entries per list and part, ${LATENCY_MS} ms per request`,
  LATENCY_MS,
  LIST_MAX,
);
await scenario(
  `2) answers with an entry for every line (a summary three times the transcript), ${LATENCY_MS} ms per request`,
  LATENCY_MS,
);
await scenario(
  `3) answers as in 1, ${MODEL_LATENCY_MS} ms per request`,
  MODEL_LATENCY_MS,
  LIST_MAX,
);
