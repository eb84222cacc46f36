// Issue 41's "runs on many machines", as separate OS processes: two API processes and two worker
// processes (src/main.ts and src/worker.ts, each with a DATA_DIR of its own) on one PostgreSQL and
// one S3 service (test/s3.ts). Everything through real HTTP: an account made on API 1 signs in on
// API 2; a recording uploaded to API 1 is claimed by a worker, which is killed with SIGKILL while
// its chunk is at the speech engine; the other worker finishes it once its lease runs out (done
// once, charged once); API 2 serves the note and its audio in ranges from the bucket, and the
// surviving worker's own /metrics (WORKER_METRICS_PORT) counts what it did. Then a resumable (tus)
// upload begun on API 1 is continued and ended on API 2, and the surviving worker makes its note.
// PostgreSQL only: PGlite's files belong to the one process that opened them.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  endpoints,
  RESUMABLE_UPLOAD_PATH,
  TUS_VERSION,
  UPLOAD_NOTE_ID_HEADER,
} from '@protokoll/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioFixtures, type AudioFixtures } from '../../../tests/support/audio.ts';
import { startOpenAiPeer, type OpenAiPeer } from '../../../tests/peers/openai.ts';
import { jobs } from './db/schema.ts';
import { defaultFields, filesIn, ledgerOf, uploadForm } from './jobs/testing.ts';
import { workDirOf } from './jobs/runtime.ts';
import { registration, tempDataDir } from './test/accounts.ts';
import { httpClient } from './test/client.ts';
import { testDbKind, useTestDatabase } from './test/db.ts';
import { startApiProcess, startWorkerProcess, type ServerProcess } from './test/processes.ts';
import { startTestS3, type TestS3 } from './test/s3.ts';

const database = useTestDatabase();
const METRICS_TOKEN = 'metrics-token-0123456789';
/**
 * A worker that died hands its job on after this (JOB_LEASE_MS; production: 60 s). Long enough
 * that a living worker's renewals (every third of it) are not missed on a busy machine.
 */
const LEASE_MS = 4_000;
/** A cap, not a wait: four processes start and a job runs twice on a loaded 2-core machine. */
const TEST_MS = 240_000;

let fixtures: AudioFixtures;
let peer: OpenAiPeer;
let s3: TestS3;
const processes: ServerProcess[] = [];
/** The two API processes and their data folders, for the second test. */
let apis: { url: string; dataDir: string }[] = [];

beforeAll(async () => {
  if (testDbKind !== 'postgres') return;
  [fixtures, peer, s3] = await Promise.all([
    audioFixtures(),
    startOpenAiPeer({ latencyMs: 0 }),
    startTestS3(),
  ]);
});
afterAll(async () => {
  await Promise.all(processes.map((child) => child.stop()));
  await peer?.close();
  await s3?.stop();
});

describe.skipIf(testDbKind !== 'postgres')(
  'two API processes and two workers on one PostgreSQL and one bucket (skipped without DATABASE_URL: separate processes need PostgreSQL)',
  () => {
    it(
      'a worker killed mid-job leaves the note to the other, done and charged once; API 2 serves what API 1 took',
      async () => {
        const shared = {
          DATABASE_URL: database().url!,
          ...s3.env,
          STT_BASE_URL: peer.url,
          STT_CONCURRENCY: '1',
          JOB_LEASE_MS: String(LEASE_MS),
          METRICS_TOKEN,
        };
        const dirs = await Promise.all([1, 2, 3, 4].map(() => tempDataDir()));
        const [api1, api2, workerA, workerB] = await Promise.all([
          startApiProcess({ ...shared, DATA_DIR: dirs[0]! }),
          startApiProcess({ ...shared, DATA_DIR: dirs[1]! }),
          startWorkerProcess({ ...shared, DATA_DIR: dirs[2]!, WORKER_METRICS_PORT: '0' }),
          startWorkerProcess({ ...shared, DATA_DIR: dirs[3]!, WORKER_METRICS_PORT: '0' }),
        ]);
        processes.push(api1, api2, workerA, workerB);
        apis = [
          { url: api1.url, dataDir: dirs[0]! },
          { url: api2.url, dataDir: dirs[1]! },
        ];
        const dataDirOf = new Map([
          [workerA.id, dirs[2]!],
          [workerB.id, dirs[3]!],
        ]);
        const one = httpClient(api1.url);
        const two = httpClient(api2.url);

        // An account made on API 1 signs in on API 2: sessions live in the database.
        const form = registration();
        expect((await one.call(endpoints.register, { body: form })).status).toBe(200);
        const signIn = await two.call(endpoints.login, {
          body: { email: form.email, password: form.password },
        });
        expect(signIn.status).toBe(200);
        const token = signIn.body.token;

        // The engine holds every chunk until released: the job stays mid-way.
        let release = () => {};
        peer.configure({ hold: new Promise<void>((resolve) => (release = resolve)) });
        const upload = await one.call(endpoints.uploadNote, {
          token,
          body: await uploadForm(fixtures.german.mp3),
        });
        expect(upload.status).toBe(200);
        const noteId = upload.body.note!.id;
        await expect
          .poll(() => peer.requests.filter((r) => r.endpoint === 'transcriptions').length, {
            timeout: 60_000,
          })
          .toBe(1);

        // The worker holding the job dies without a word.
        const [claimed] = await database().db.select().from(jobs).where(eq(jobs.noteId, noteId));
        expect(claimed).toMatchObject({ state: 'running', attempts: 1 });
        const [victim, survivor] =
          claimed!.lockedBy === workerA.id ? [workerA, workerB] : [workerB, workerA];
        expect(victim.id).toBe(claimed!.lockedBy);
        await victim.kill();
        peer.configure({ hold: undefined });
        release();

        // The other takes it over once the lease ran out, and finishes it (read on API 2).
        await expect
          .poll(
            async () => {
              const res = await two.call(endpoints.getNote, { token, params: { id: noteId } });
              return res.body.note.status;
            },
            { timeout: 120_000, interval: 200 },
          )
          .toBe('done');
        const note = (await two.call(endpoints.getNote, { token, params: { id: noteId } })).body
          .note;
        expect(note.segments.length).toBeGreaterThan(0);
        const [job] = await database().db.select().from(jobs).where(eq(jobs.noteId, noteId));
        expect(job).toMatchObject({ state: 'done', lockedBy: null });
        expect(job!.attempts).toBeGreaterThanOrEqual(2);
        expect(await ledgerOf(database().db, noteId)).toEqual(['reserve:1', 'charge:1']);

        // The audio: the bytes as uploaded, in ranges, through API 2 from the bucket.
        const bytes = await readFile(fixtures.german.mp3);
        const ranged = await fetch(`${api2.url}/api/note/${noteId}/audio`, {
          headers: { Authorization: `Bearer ${token}`, Range: 'bytes=100-1099' },
        });
        expect(ranged.status).toBe(206);
        expect(ranged.headers.get('Content-Range')).toBe(`bytes 100-1099/${bytes.length}`);
        expect(Buffer.from(await ranged.arrayBuffer()).equals(bytes.subarray(100, 1100))).toBe(
          true,
        );
        // No recording on any process's disk; the survivor's work folder is empty again.
        for (const dir of dirs) expect(await filesIn(join(dir, 'audio'))).toEqual([]);
        expect(await filesIn(workDirOf(dataDirOf.get(survivor.id)!, noteId))).toEqual([]);

        // The survivor's own metrics port: the token is required, and it counted the charge.
        expect(survivor.metricsUrl).toBeDefined();
        expect((await fetch(`${survivor.metricsUrl}/metrics`)).status).toBe(401);
        const scrape = await fetch(`${survivor.metricsUrl}/metrics`, {
          headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
        });
        expect(scrape.status).toBe(200);
        const text = await scrape.text();
        expect(text).toMatch(/^protokoll_minutes_charged_total 1$/m);
        expect(text).toMatch(/^protokoll_jobs_ended_total\{outcome="done"\} 1$/m);
        expect(text).toMatch(
          /^protokoll_job_stage_duration_seconds_count\{stage="transcribe"\} \d/m,
        );
        expect(text).toMatch(
          /^protokoll_engine_requests_total\{kind="stt",engine="[^"]+",outcome="ok"\} [1-9]/m,
        );
        expect(text).toMatch(/^protokoll_queue_depth\{state="queued"\} 0$/m);
        expect(text).toMatch(/^protokoll_queue_oldest_age_seconds 0$/m);
        expect((await fetch(`${survivor.metricsUrl}/api/health`)).status).toBe(404);
      },
      TEST_MS,
    );

    it(
      'a resumable upload begun on API 1 continues and ends on API 2, and the surviving worker makes the note',
      async () => {
        // The processes of the test above: one worker is left.
        const [api1, api2] = apis;
        expect(api1 && api2).toBeTruthy();
        const two = httpClient(api2!.url);
        const form = registration();
        expect((await two.call(endpoints.register, { body: form })).status).toBe(200);
        const { token } = (
          await two.call(endpoints.login, { body: { email: form.email, password: form.password } })
        ).body;
        const bytes = await readFile(fixtures.german.mp3);
        const { size: _size, ...fields } = defaultFields('besprechung.mp3', bytes.length);
        const tus = (url: string, path: string, init: RequestInit & { headers?: object }) =>
          fetch(`${url}${path}`, {
            ...init,
            headers: {
              Authorization: `Bearer ${token}`,
              'Tus-Resumable': TUS_VERSION,
              ...init.headers,
            },
          });
        const created = await tus(api1!.url, RESUMABLE_UPLOAD_PATH, {
          method: 'POST',
          headers: {
            'Upload-Length': String(bytes.length),
            'Upload-Metadata': Object.entries(fields)
              .filter((entry): entry is [string, string] => entry[1] !== undefined)
              .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
              .join(','),
          },
        });
        expect(created.status).toBe(201);
        const path = new URL(created.headers.get('Location')!, api1!.url).pathname;
        const half = Math.floor(bytes.length / 2);
        const patch = (url: string, offset: number, body: Uint8Array<ArrayBuffer>) =>
          tus(url, path, {
            method: 'PATCH',
            headers: {
              'Upload-Offset': String(offset),
              'Content-Type': 'application/offset+octet-stream',
            },
            body,
          });
        expect((await patch(api1!.url, 0, new Uint8Array(bytes.subarray(0, half)))).status).toBe(
          204,
        );
        // API 2 knows where it stands, takes the rest, and answers the note.
        const head = await tus(api2!.url, path, { method: 'HEAD' });
        expect(head.status).toBe(200);
        expect(head.headers.get('Upload-Offset')).toBe(String(half));
        const last = await patch(api2!.url, half, new Uint8Array(bytes.subarray(half)));
        expect(last.status).toBe(204);
        const noteId = Number(last.headers.get(UPLOAD_NOTE_ID_HEADER));
        expect(noteId).toBeGreaterThan(0);

        const one = httpClient(api1!.url);
        await expect
          .poll(
            async () =>
              (await one.call(endpoints.getNote, { token, params: { id: noteId } })).body.note
                .status,
            { timeout: 120_000, interval: 200 },
          )
          .toBe('done');
        expect(await ledgerOf(database().db, noteId)).toEqual(['reserve:1', 'charge:1']);
        // Nothing of the upload stayed on either API process's disk.
        for (const dir of apis.map((api) => api.dataDir)) {
          expect(await filesIn(join(dir, 'tmp'))).toEqual([]);
        }
      },
      TEST_MS,
    );
  },
);
