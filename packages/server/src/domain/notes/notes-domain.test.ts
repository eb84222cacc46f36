// The note operations without HTTP: they work with the storage and the job signal they are
// given, which is what lets the app, the worker and tests swap them.
import { readFile, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs, minutesLedger, notes, users } from '../../db/schema.ts';
import { createJobSignal } from '../../jobs/signal.ts';
import { ApiError } from '../../lib/errors.ts';
import { monthPeriod, reserveMinutes } from '../minutes.ts';
import { wordingFor } from '../../lib/wording.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import { memoryLogger, testConfig } from '../../test/app.ts';
import { useTestDatabase } from '../../test/db.ts';
import { seedNote } from '../../test/notes.ts';
import type { DomainDeps } from '../deps.ts';
import { deleteNote } from './delete-note.ts';
import { retryNote } from './retry-note.ts';

const database = useTestDatabase();

/** Storage in memory that records what was removed; `failRemove` makes removing throw. */
function memoryStorage(options: { failRemove?: boolean } = {}) {
  const objects = new Map<string, Buffer>();
  const removed: string[] = [];
  const storage: Storage = {
    async write(key, body) {
      const chunks: Buffer[] = [];
      for await (const chunk of body as AsyncIterable<Uint8Array>) chunks.push(Buffer.from(chunk));
      objects.set(key, Buffer.concat(chunks));
      return { size: objects.get(key)!.length, modifiedAt: new Date() };
    },
    async moveIn(path, key) {
      objects.set(key, await readFile(path));
      await rm(path, { force: true });
      return { size: objects.get(key)!.length, modifiedAt: new Date() };
    },
    async read(key) {
      return Readable.from([objects.get(key)!]);
    },
    async stat(key) {
      const bytes = objects.get(key);
      return bytes ? { size: bytes.length, modifiedAt: new Date() } : undefined;
    },
    async remove(key) {
      if (options.failRemove) throw new Error('storage unavailable');
      removed.push(key);
      objects.delete(key);
    },
    async removeAll(prefix) {
      for (const key of [...objects.keys()]) if (key.startsWith(`${prefix}/`)) objects.delete(key);
    },
  };
  return { storage, removed };
}

function depsWith(storage: Storage) {
  const { logger, lines } = memoryLogger();
  const announced: number[] = [];
  const jobSignal = createJobSignal();
  jobSignal.subscribe(() => announced.push(Date.now()));
  const deps: DomainDeps = {
    db: database().db,
    config: testConfig({ STT_BASE_URL: 'http://127.0.0.1:9/v1' }),
    storage,
    logger,
    jobs: jobSignal,
  };
  return { deps, logs: lines, announced };
}

async function user(email: string): Promise<number> {
  const [row] = await database().db.insert(users).values({ email }).returning({ id: users.id });
  return row!.id;
}

const ledger = (noteId: number) =>
  database()
    .db.select({
      kind: minutesLedger.kind,
      minutes: minutesLedger.minutes,
      reason: minutesLedger.reason,
    })
    .from(minutesLedger)
    .where(eq(minutesLedger.noteId, noteId))
    .orderBy(asc(minutesLedger.id));

describe('deleteNote', () => {
  it('refunds the minutes still held, deletes the note and removes its recording', async () => {
    const { storage, removed } = memoryStorage();
    const { deps } = depsWith(storage);
    const owner = await user('loeschen@example.de');
    await storage.write(`${owner}/aufnahme.mp3`, Readable.from([Buffer.from('ID3')]));
    const note = await seedNote(deps.db, owner, {
      status: 'transcribing',
      audioKey: `${owner}/aufnahme.mp3`,
    });
    await reserveMinutes(deps.db, { userId: owner, noteId: note.id, minutes: 4, run: 1 });

    await deleteNote(deps, { userId: owner, noteId: note.id });

    expect(await deps.db.select().from(notes).where(eq(notes.id, note.id))).toEqual([]);
    // The recording and its level overview beside it.
    expect(removed).toEqual([`${owner}/aufnahme.mp3`, `${owner}/aufnahme.mp3.peaks.json`]);
    // The note's rows are kept (the ledger is never edited); the refund releases the reservation.
    const rows = await deps.db
      .select({ kind: minutesLedger.kind, minutes: minutesLedger.minutes })
      .from(minutesLedger)
      .where(
        and(eq(minutesLedger.userId, owner), eq(minutesLedger.period, monthPeriod(new Date()))),
      )
      .orderBy(asc(minutesLedger.id));
    expect(rows).toEqual([
      { kind: 'reserve', minutes: 4 },
      { kind: 'refund', minutes: 4 },
    ]);
  });

  it("answers 404 for someone else's note and leaves it alone", async () => {
    const { storage, removed } = memoryStorage();
    const { deps } = depsWith(storage);
    const owner = await user('eigen@example.de');
    const other = await user('fremd@example.de');
    const note = await seedNote(deps.db, owner, { audioKey: `${owner}/x.mp3` });

    const refused = await deleteNote(deps, { userId: other, noteId: note.id }).catch((e) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 404 });
    expect(await deps.db.select().from(notes).where(eq(notes.id, note.id))).toHaveLength(1);
    expect(removed).toEqual([]);
  });

  it('still deletes when the recording cannot be removed, and logs it', async () => {
    const { storage } = memoryStorage({ failRemove: true });
    const { deps, logs } = depsWith(storage);
    const owner = await user('speicher@example.de');
    const note = await seedNote(deps.db, owner, { audioKey: `${owner}/weg.mp3` });

    await deleteNote(deps, { userId: owner, noteId: note.id });

    expect(await deps.db.select().from(notes).where(eq(notes.id, note.id))).toEqual([]);
    expect(logs).toContainEqual(
      expect.objectContaining({ msg: 'note deleted, but its recording could not be removed' }),
    );
  });
});

describe('retryNote', () => {
  it('reserves the refunded minutes again, queues the job and wakes the workers', async () => {
    const { deps, announced } = depsWith(memoryStorage().storage);
    const owner = await user('nochmal@example.de');
    const note = await seedNote(deps.db, owner, {
      status: 'error',
      error: 'errors.transcriptionFailed',
      minutesReserved: 2,
      minutesCharged: 0,
    });
    const words = await wordingFor(deps.config.localesDir, 'de');

    const retried = await retryNote(deps, { userId: owner, noteId: note.id, words });

    expect(retried).toMatchObject({ status: 'queued', error: null });
    expect(await ledger(note.id)).toEqual([{ kind: 'reserve', minutes: 2, reason: 'note-run-1' }]);
    const [job] = await deps.db.select().from(jobs).where(eq(jobs.noteId, note.id));
    expect(job).toMatchObject({ state: 'queued', attempts: 0 });
    expect(announced).toHaveLength(1);
  });

  it('refuses a note that has not failed, announcing nothing', async () => {
    const { deps, announced } = depsWith(memoryStorage().storage);
    const owner = await user('fertig@example.de');
    const note = await seedNote(deps.db, owner);
    const words = await wordingFor(deps.config.localesDir, 'de');

    const refused = await retryNote(deps, { userId: owner, noteId: note.id, words }).catch(
      (e) => e,
    );
    expect(refused).toMatchObject({ status: 409 });
    expect(announced).toEqual([]);
  });
});
