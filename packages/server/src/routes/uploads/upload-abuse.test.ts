// Hostile uploads over a real socket: clients that drop mid-stream, lie about the length, send an
// endless chunked body, or exceed their share of concurrent uploads, and a process that died
// mid-upload. Each must end its request, leave no file behind and hold nothing (no note, no
// minutes, no upload slot). Every wait is for a state, bounded, never for a fixed time.
import { randomBytes } from 'node:crypto';
import { mkdir, stat, utimes, writeFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { endpoints } from '@protokoll/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioFixtures, type AudioFixtures } from '../../../../../tests/support/audio.ts';
import { startOpenAiPeer, type OpenAiPeer } from '../../../../../tests/peers/openai.ts';
import { minutesLedger, notes } from '../../db/schema.ts';
import { defaultFields, filesIn, uploadForm } from '../../jobs/testing.ts';
import { createWorker } from '../../jobs/worker.ts';
import { claimUploadPath, sweepStaleUploads, uploadTempDir } from '../../lib/upload-temp.ts';
import { startServer, type RunningServer } from '../../server.ts';
import { memoryLogger, testConfig } from '../../test/app.ts';
import { signUp, tempDataDir, type SignedUp } from '../../test/accounts.ts';
import { httpClient, type TestClient } from '../../test/client.ts';
import { useTestDatabase } from '../../test/db.ts';

const database = useTestDatabase();
const MiB = 1024 * 1024;
/** Generous bound of every wait: far above what a loaded machine needs, far below the test timeout. */
const WAIT_MS = 15_000;

let fixtures: AudioFixtures;
let peer: OpenAiPeer;
let server: RunningServer;
let api: TestClient;
let dataDir: string;
let logs: Record<string, unknown>[];

beforeAll(async () => {
  [fixtures, peer] = await Promise.all([audioFixtures(), startOpenAiPeer()]);
  dataDir = await tempDataDir();
  const memory = memoryLogger();
  logs = memory.lines;
  server = await startServer(
    testConfig({
      PORT: '0',
      DATA_DIR: dataDir,
      STT_BASE_URL: peer.url,
      MAX_UPLOAD_BYTES: '4M',
      MAX_CONCURRENT_UPLOADS_PER_USER: '1',
    }),
    { db: database(), logger: memory.logger, worker: false },
  );
  api = httpClient(server.url);
});
afterAll(async () => {
  await server?.close();
  await peer?.close();
});

/** Polls `check` until it holds; fails with `what` after WAIT_MS. */
async function waitFor(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  const end = Date.now() + WAIT_MS;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const tempFiles = () => filesIn(uploadTempDir(dataDir));

/** The multipart envelope of one upload as a browser sends it, around `fileBytes` of the file. */
function envelope(fileBytes: number) {
  const boundary = `----abuse${randomBytes(8).toString('hex')}`;
  const fields = defaultFields('abuse.wav', fileBytes);
  const head = Buffer.from(
    Object.entries(fields)
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="audio_file"; filename="abuse.wav"\r\n` +
      'Content-Type: audio/wav\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { contentType: `multipart/form-data; boundary=${boundary}`, head, tail };
}

/** What a raw client saw: the answer's status line (if any) and whether the server closed. */
interface RawConnection {
  socket: Socket;
  /** Everything the server sent so far. */
  received(): string;
  /** The status of the answer once its status line arrived. */
  status(): number | undefined;
  /** Resolves when the connection is gone (either side). */
  closed: Promise<void>;
}

/** A POST /api/note written by hand: headers as given, the body written by the caller. */
async function rawUpload(token: string, headers: Record<string, string>): Promise<RawConnection> {
  const { port } = new URL(server.url);
  const socket = connect(Number(port), '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let text = '';
  socket.setEncoding('latin1').on('data', (data: string) => (text += data));
  // Writes after the server went away fail; the test looks at the state, not at this error.
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const lines = Object.entries({
    Host: `127.0.0.1:${port}`,
    Authorization: `Bearer ${token}`,
    ...headers,
  }).map(([name, value]) => `${name}: ${value}`);
  socket.write(`POST /api/note HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
  return {
    socket,
    received: () => text,
    status: () => {
      const match = /^HTTP\/1\.1 (\d{3})/.exec(text);
      return match ? Number(match[1]) : undefined;
    },
    closed,
  };
}

/** Writes `chunk` and waits until the socket takes more (or is gone). */
function write(socket: Socket, chunk: Buffer): Promise<void> {
  return new Promise((resolve) => {
    if (socket.destroyed || !socket.write(chunk)) {
      const done = () => {
        socket.off('drain', done);
        socket.off('close', done);
        resolve();
      };
      socket.once('drain', done);
      socket.once('close', done);
      if (socket.destroyed) done();
    } else resolve();
  });
}

/** A started upload whose partial file is on the server's disk. */
async function partialUploadOnDisk(account: SignedUp, declaredFileBytes: number) {
  const { contentType, head, tail } = envelope(declaredFileBytes);
  const connection = await rawUpload(account.token, {
    'Content-Type': contentType,
    'Content-Length': String(head.length + declaredFileBytes + tail.length),
  });
  await write(connection.socket, head);
  await write(connection.socket, Buffer.alloc(MiB, 1));
  await waitFor('the partial file on disk', async () => {
    const [name] = await tempFiles();
    if (!name) return false;
    return (await stat(join(uploadTempDir(dataDir), name))).size > 0;
  });
  return { connection, head, tail };
}

/** Nothing of the user's refused upload is held: no file, no note, no minutes. */
async function expectNothingHeld(account: SignedUp) {
  await waitFor('no temporary upload left', async () => (await tempFiles()).length === 0);
  expect(await filesIn(join(dataDir, 'audio', String(account.user.id)))).toEqual([]);
  const db = database().db;
  expect(await db.select().from(notes).where(eq(notes.userId, account.user.id))).toEqual([]);
  const ledger = await db
    .select()
    .from(minutesLedger)
    .where(eq(minutesLedger.userId, account.user.id));
  expect(ledger.filter((row) => row.kind !== 'grant')).toEqual([]);
}

/** The upload slot is free again: a real upload of the same user is accepted. */
async function expectSlotFree(account: SignedUp) {
  const res = await api.call(endpoints.uploadNote, {
    token: account.token,
    body: await uploadForm(fixtures.german.mp3),
  });
  expect(res.status).toBe(200);
}

/** The server logged that this upload ended without being completed. */
function endedLogged(before: number) {
  return logs.slice(before).some((line) => line.msg === 'upload not completed');
}

describe('POST /api/note against hostile clients', () => {
  it('a client that drops mid-stream: the request ends, the partial file goes at once', async () => {
    const anna = await signUp(api);
    const before = logs.length;
    const { connection } = await partialUploadOnDisk(anna, 3 * MiB);
    connection.socket.destroy();
    await waitFor('the request to end', () => endedLogged(before));
    await expectNothingHeld(anna);
    await expectSlotFree(anna);
  });

  it('a client that drops while sending a part the server skips: ended, nothing kept', async () => {
    const anna = await signUp(api);
    const before = logs.length;
    const { contentType, head } = envelope(0);
    const skipped = Buffer.from(
      head
        .toString('latin1')
        .replace('name="audio_file"; filename="abuse.wav"', 'name="anhang"; filename="x.bin"'),
      'latin1',
    );
    const connection = await rawUpload(anna.token, {
      'Content-Type': contentType,
      'Content-Length': String(skipped.length + 3 * MiB),
    });
    await write(connection.socket, skipped);
    await write(connection.socket, Buffer.alloc(MiB, 5));
    connection.socket.destroy();
    await waitFor('the request to end', () => endedLogged(before));
    await expectNothingHeld(anna);
    await expectSlotFree(anna);
  });

  it('a body shorter than its Content-Length (client half-closes): ended, nothing kept', async () => {
    const anna = await signUp(api);
    const before = logs.length;
    const { connection } = await partialUploadOnDisk(anna, 3 * MiB);
    connection.socket.end();
    await waitFor('the request to end', () => endedLogged(before));
    await connection.closed;
    await expectNothingHeld(anna);
    await expectSlotFree(anna);
  });

  it('a body longer than its Content-Length: answered, nothing kept', async () => {
    const anna = await signUp(api);
    const before = logs.length;
    const fileBytes = 3 * MiB;
    const { contentType, head, tail } = envelope(fileBytes);
    // The declared length ends 1 MiB into the file: the form never closes within it.
    const connection = await rawUpload(anna.token, {
      'Content-Type': contentType,
      'Content-Length': String(head.length + MiB),
    });
    await write(connection.socket, head);
    for (let sent = 0; sent < fileBytes && !connection.socket.destroyed; sent += MiB) {
      await write(connection.socket, Buffer.alloc(MiB, 2));
    }
    await write(connection.socket, tail);
    await waitFor('the request to end', () => endedLogged(before));
    await waitFor('an answer or a closed connection', () => {
      return connection.status() !== undefined || connection.socket.destroyed;
    });
    if (connection.status() !== undefined) expect(connection.status()).toBe(400);
    connection.socket.destroy();
    await expectNothingHeld(anna);
    await expectSlotFree(anna);
  });

  it.each([
    ['the recording', 'audio_file'],
    ['a text field', 'name'],
  ])(
    'an endless chunked body in %s: 413 while the client still sends, the rest not read',
    async (_, part) => {
      const anna = await signUp(api);
      const { contentType, head: fileHead } = envelope(0);
      // The last part's header, turned into a text field's when the part is one.
      const head =
        part === 'audio_file'
          ? fileHead
          : Buffer.from(
              fileHead
                .toString('latin1')
                .replace(
                  /name="audio_file"; filename="abuse.wav"\r\nContent-Type: audio\/wav/,
                  `name="${part}"`,
                ),
              'latin1',
            );
      expect(head.includes(`name="${part}"`)).toBe(true);
      const connection = await rawUpload(anna.token, {
        'Content-Type': contentType,
        'Transfer-Encoding': 'chunked',
      });
      const chunk = (data: Buffer) =>
        Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]);
      await write(connection.socket, chunk(head));
      // A server that reads the whole body never stops this loop before the cap: 64 times the limit.
      const cap = 256 * MiB;
      const piece = chunk(Buffer.alloc(MiB, 3));
      let sent = 0;
      while (connection.status() === undefined && !connection.socket.destroyed && sent < cap) {
        await write(connection.socket, piece);
        sent += MiB;
      }
      await waitFor('the answer', () => connection.status() !== undefined);
      expect(connection.status()).toBe(413);
      expect(connection.received()).toContain('"code":"uploadFailed"');
      // The server hangs up instead of draining the body: far less than the cap went over the wire.
      await connection.closed;
      expect(sent).toBeLessThan(96 * MiB);
      await expectNothingHeld(anna);
      await expectSlotFree(anna);
    },
  );

  it('limits concurrent uploads per user: 429 with Retry-After and a translated text', async () => {
    const anna = await signUp(api);
    const ben = await signUp(api);
    const { connection } = await partialUploadOnDisk(anna, 3 * MiB);

    const second = await api.call(endpoints.uploadNote, {
      token: anna.token,
      body: await uploadForm(fixtures.german.mp3),
    });
    expect(second.status).toBe(429);
    expect(second.error.code).toBe('tooManyAttempts');
    expect(Number(second.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(second.error.message).toBe(
      'Sie laden bereits so viele Aufnahmen gleichzeitig hoch, wie erlaubt ist (1). Bitte warten Sie, bis eine davon angekommen ist, und versuchen Sie es dann erneut.',
    );
    const english = await api.call(endpoints.uploadNote, {
      token: anna.token,
      body: await uploadForm(fixtures.german.mp3),
      headers: { 'Accept-Language': 'en' },
    });
    expect(english.status).toBe(429);
    expect(english.error.message).toBe(
      'You are already uploading as many recordings at once as allowed (1). Please wait until one of them has arrived, then try again.',
    );
    // The limit is per user: another user uploads meanwhile.
    await expectSlotFree(ben);

    connection.socket.destroy();
    await expectNothingHeld(anna);
    await waitFor('the slot to be free', async () => {
      const res = await api.call(endpoints.uploadNote, {
        token: anna.token,
        body: await uploadForm(fixtures.german.mp3),
      });
      return res.status === 200;
    });
  });

  it('a client that stalls mid-body is cut off after the idle timeout, nothing kept', async () => {
    const idleDir = await tempDataDir();
    const memory = memoryLogger();
    const idle = await startServer(
      testConfig({
        PORT: '0',
        DATA_DIR: idleDir,
        STT_BASE_URL: peer.url,
        UPLOAD_IDLE_TIMEOUT_MS: '1000',
      }),
      { db: database(), logger: memory.logger, worker: false },
    );
    try {
      const idleApi = httpClient(idle.url);
      const anna = await signUp(idleApi);
      const { contentType, head, tail } = envelope(3 * MiB);
      const { port } = new URL(idle.url);
      const socket = connect(Number(port), '127.0.0.1');
      socket.on('error', () => {});
      let text = '';
      socket.setEncoding('latin1').on('data', (data: string) => (text += data));
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      socket.write(
        `POST /api/note HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${anna.token}\r\n` +
          `Content-Type: ${contentType}\r\nContent-Length: ${head.length + 3 * MiB + tail.length}\r\n\r\n`,
      );
      await write(socket, head);
      await write(socket, Buffer.alloc(MiB, 4));
      // Then nothing more: the server must give up on its own.
      await closed;
      expect(text).toMatch(/^HTTP\/1\.1 408/);
      await waitFor('no temporary upload left', async () => {
        return (await filesIn(uploadTempDir(idleDir))).length === 0;
      });
      expect(memory.lines.some((line) => line.msg === 'upload not completed')).toBe(true);
    } finally {
      await idle.close();
    }
  });
});

describe('leftovers of a process that died mid-upload', () => {
  async function leftover(dir: string, name: string, ageMs: number): Promise<string> {
    await mkdir(dir, { recursive: true });
    const path = join(dir, name);
    await writeFile(path, Buffer.alloc(64 * 1024));
    const at = new Date(Date.now() - ageMs);
    await utimes(path, at, at);
    return path;
  }

  it('the sweep removes files older than the grace, never those of uploads in flight here', async () => {
    const dir = await tempDataDir();
    const temp = uploadTempDir(dir);
    const dead = await leftover(temp, `${Date.now() - 20 * 60_000}-dead.part`, 20 * 60_000);
    const young = await leftover(temp, `${Date.now()}-young.part`, 1_000);
    // A slow upload of this process whose file has not been touched for as long as the dead one's.
    const living = claimUploadPath(temp);
    await writeFile(living.path, Buffer.alloc(1024));
    const at = new Date(Date.now() - 20 * 60_000);
    await utimes(living.path, at, at);
    const name = (path: string) => path.slice(temp.length + 1);

    expect(await sweepStaleUploads(dir, 15 * 60_000)).toBe(1);
    expect((await filesIn(temp)).sort()).toEqual([name(living.path), name(young)].sort());
    expect(await filesIn(temp)).not.toContain(name(dead));
    living.release();
    expect(await sweepStaleUploads(dir, 15 * 60_000)).toBe(1);
    expect(await filesIn(temp)).toEqual([name(young)]);
  });

  it("a worker's start-up sweep honours UPLOAD_STALE_AFTER_MS, not a built-in grace", async () => {
    const dir = await tempDataDir();
    const temp = uploadTempDir(dir);
    // Two minutes old: stale under the configured minute, young under the 15-minute default.
    const dead = await leftover(temp, `${Date.now() - 120_000}-dead.part`, 120_000);
    const young = await leftover(temp, `${Date.now()}-young.part`, 0);
    const worker = createWorker({
      db: database().db,
      config: testConfig({ DATA_DIR: dir, UPLOAD_STALE_AFTER_MS: '60000' }),
      logger: memoryLogger().logger,
      pollMs: 60_000,
    });
    worker.start();
    try {
      await waitFor('the stale file to be swept by the worker', async () => {
        return !(await filesIn(temp)).includes(dead.slice(temp.length + 1));
      });
      expect(await filesIn(temp)).toEqual([young.slice(temp.length + 1)]);
    } finally {
      await worker.stop({ graceMs: 0 });
    }
  });

  it('the API process sweeps periodically, not only when it starts', async () => {
    const dir = await tempDataDir();
    const running = await startServer(
      testConfig({
        PORT: '0',
        DATA_DIR: dir,
        STT_BASE_URL: peer.url,
        UPLOAD_SWEEP_INTERVAL_MS: '100',
        UPLOAD_STALE_AFTER_MS: '60000',
      }),
      { db: database(), logger: memoryLogger().logger, worker: false },
    );
    try {
      const temp = uploadTempDir(dir);
      // Left after the server started: only a periodic sweep can find it.
      const dead = await leftover(temp, `${Date.now() - 120_000}-dead.part`, 120_000);
      const young = await leftover(temp, `${Date.now()}-young.part`, 0);
      await waitFor('the stale file to be swept', async () => {
        return !(await filesIn(temp)).includes(dead.slice(temp.length + 1));
      });
      expect(await filesIn(temp)).toEqual([young.slice(temp.length + 1)]);
    } finally {
      await running.close();
    }
  });
});
