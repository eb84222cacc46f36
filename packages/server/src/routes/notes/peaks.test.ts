import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { endpoints, NotePeaks, PEAKS_COUNT } from '@protokoll/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { foldPeaks, peaksKey } from '../../processing/peaks.ts';
import { accountsApp, signUp, type AccountsApp, type SignedUp } from '../../test/accounts.ts';
import { useTestDatabase } from '../../test/db.ts';
import { seedNote, TEST_AUDIO_SECONDS } from '../../test/notes.ts';

const database = useTestDatabase();
let t: AccountsApp;
let anna: SignedUp;

beforeAll(async () => {
  t = await accountsApp(database());
  anna = await signUp(t.api);
});

const stored = (audioKey: string) =>
  access(join(t.dataDir, 'audio', peaksKey(audioKey))).then(
    () => true,
    () => false,
  );

describe('GET /api/note/{id}/peaks', () => {
  it('measures the overview of a note processed before on first request, then keeps it', async () => {
    const note = await seedNote(database().db, anna.user.id, { audioDataDir: t.dataDir });
    expect(await stored(note.audioKey!)).toBe(false);

    const res = await t.api.call(endpoints.getNotePeaks, {
      token: anna.token,
      params: { id: note.id },
    });
    expect(res.status).toBe(200);
    expect(NotePeaks.parse(res.body)).toEqual(res.body);
    // One slice per tenth of a second of the 3-second test tone (MP3 adds a frame of padding),
    // the loudest at 100.
    expect(res.body.peaks.length).toBeGreaterThanOrEqual(TEST_AUDIO_SECONDS * 10);
    expect(res.body.peaks.length).toBeLessThanOrEqual(TEST_AUDIO_SECONDS * 10 + 1);
    expect(Math.max(...res.body.peaks)).toBe(100);
    // A steady tone: every full slice is about as loud as the loudest.
    expect(res.body.peaks.slice(1, -2).every((level) => level >= 90)).toBe(true);
    expect(res.body.duration_seconds).toBeCloseTo(TEST_AUDIO_SECONDS, 0);
    expect(res.headers.get('cache-control')).toBe('private, max-age=86400');
    expect(await stored(note.audioKey!)).toBe(true);

    const again = await t.api.call(endpoints.getNotePeaks, {
      token: anna.token,
      params: { id: note.id },
    });
    expect(again.body).toEqual(res.body);
  });

  it('answers 404 for a note without a recording and for somebody else’s note', async () => {
    const without = await seedNote(database().db, anna.user.id);
    const res = await t.api.call(endpoints.getNotePeaks, {
      token: anna.token,
      params: { id: without.id },
    });
    expect(res.status).toBe(404);

    const bob = await signUp(t.api);
    const hers = await seedNote(database().db, anna.user.id, { audioDataDir: t.dataDir });
    const foreign = await t.api.call(endpoints.getNotePeaks, {
      token: bob.token,
      params: { id: hers.id },
    });
    expect(foreign.status).toBe(404);
    expect(await stored(hers.audioKey!)).toBe(false);
  });

  it('goes with the note when it is deleted', async () => {
    const note = await seedNote(database().db, anna.user.id, { audioDataDir: t.dataDir });
    await t.api.call(endpoints.getNotePeaks, { token: anna.token, params: { id: note.id } });
    expect(await stored(note.audioKey!)).toBe(true);
    const res = await t.api.call(endpoints.deleteNote, {
      token: anna.token,
      query: { id: note.id },
    });
    expect(res.status).toBe(200);
    expect(await stored(note.audioKey!)).toBe(false);
  });

  it('needs a session', async () => {
    const res = await t.api.call(endpoints.getNotePeaks, { params: { id: 1 } });
    expect(res.status).toBe(401);
  });
});

describe('foldPeaks', () => {
  it('folds long recordings into PEAKS_COUNT slices, each its loudest part, in percent', () => {
    const levels = Array.from({ length: PEAKS_COUNT * 3 }, (_, index) => (index === 4 ? 0.5 : 0.1));
    const peaks = foldPeaks(levels);
    expect(peaks).toHaveLength(PEAKS_COUNT);
    expect(peaks[1]).toBe(100);
    expect(peaks[0]).toBe(20);
  });

  it('keeps short recordings as they are, and silence at zero', () => {
    expect(foldPeaks([0.2, 0.4])).toEqual([50, 100]);
    expect(foldPeaks([0, 0])).toEqual([0, 0]);
    expect(foldPeaks([])).toEqual([]);
  });
});
