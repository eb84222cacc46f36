import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { endpoints } from '@protokoll/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountsApp, signUp, type AccountsApp, type SignedUp } from '../../test/accounts.ts';
import { useTestDatabase } from '../../test/db.ts';
import { seedNote } from '../../test/notes.ts';
import { parseRange } from './range.ts';

const database = useTestDatabase();
let t: AccountsApp;
let anna: SignedUp;
let noteId: number;
let bytes: Buffer;

beforeAll(async () => {
  t = await accountsApp(database());
  anna = await signUp(t.api);
  const note = await seedNote(database().db, anna.user.id, { audioDataDir: t.dataDir });
  noteId = note.id;
  bytes = await readFile(join(t.dataDir, 'audio', note.audioKey!));
});

// Range, If-Range and HEAD are HTTP itself: these requests are written by hand.
function audio(headers: Record<string, string> = {}, method = 'GET') {
  return t.app.request(`/api/note/${noteId}/audio`, {
    method,
    headers: { Authorization: `Bearer ${anna.token}`, ...headers },
  });
}

async function body(res: Response): Promise<Buffer> {
  return Buffer.from(await res.arrayBuffer());
}

describe('GET /api/note/{id}/audio', () => {
  it('streams the whole recording with its type and says it accepts ranges', async () => {
    expect(bytes.length).toBeGreaterThan(1_000);
    // A real MP3 from ffmpeg: an ID3 tag or a frame sync at the start.
    expect(bytes.subarray(0, 3).toString() === 'ID3' || bytes[0] === 0xff).toBe(true);
    const res = await audio();
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('audio/mpeg');
    expect(res.headers.get('Accept-Ranges')).toBe('bytes');
    expect(res.headers.get('Content-Length')).toBe(String(bytes.length));
    expect(res.headers.get('Content-Range')).toBeNull();
    expect((await body(res)).equals(bytes)).toBe(true);
  });

  it('answers the first bytes with 206 and Content-Range', async () => {
    const res = await audio({ Range: 'bytes=0-99' });
    expect(res.status).toBe(206);
    expect(res.headers.get('Content-Range')).toBe(`bytes 0-99/${bytes.length}`);
    expect(res.headers.get('Content-Length')).toBe('100');
    expect(res.headers.get('Content-Type')).toBe('audio/mpeg');
    expect((await body(res)).equals(bytes.subarray(0, 100))).toBe(true);
  });

  it('answers a suffix range with the last bytes', async () => {
    const res = await audio({ Range: 'bytes=-500' });
    expect(res.status).toBe(206);
    const start = bytes.length - 500;
    expect(res.headers.get('Content-Range')).toBe(
      `bytes ${start}-${bytes.length - 1}/${bytes.length}`,
    );
    expect((await body(res)).equals(bytes.subarray(start))).toBe(true);
  });

  it('answers an open-ended range up to the end, and clamps an end beyond it', async () => {
    const open = await audio({ Range: 'bytes=1000-' });
    expect(open.status).toBe(206);
    expect(open.headers.get('Content-Range')).toBe(
      `bytes 1000-${bytes.length - 1}/${bytes.length}`,
    );
    expect((await body(open)).equals(bytes.subarray(1000))).toBe(true);

    const past = await audio({ Range: `bytes=10-${bytes.length + 5000}` });
    expect(past.status).toBe(206);
    expect((await body(past)).equals(bytes.subarray(10))).toBe(true);
  });

  it('answers 416 with the size for a range beyond the end', async () => {
    for (const range of [
      `bytes=${bytes.length}-`,
      `bytes=${bytes.length + 10}-${bytes.length + 20}`,
      'bytes=-0',
    ]) {
      const res = await audio({ Range: range });
      expect(res.status, range).toBe(416);
      expect(res.headers.get('Content-Range'), range).toBe(`bytes */${bytes.length}`);
      expect(await res.json()).toMatchObject({ success: false });
    }
  });

  it('ignores what is not a single byte range, and a range after the file changed', async () => {
    for (const range of ['bytes=0-1,5-6', 'items=0-5', 'bytes=9-3', 'bytes=abc']) {
      const res = await audio({ Range: range });
      expect(res.status, range).toBe(200);
      expect((await body(res)).length, range).toBe(bytes.length);
    }
    const first = await audio();
    const etag = first.headers.get('ETag');
    await first.arrayBuffer();
    expect(etag).toBeTruthy();
    const current = await audio({ Range: 'bytes=0-9', 'If-Range': etag! });
    expect(current.status).toBe(206);
    await current.arrayBuffer();
    const stale = await audio({ Range: 'bytes=0-9', 'If-Range': '"veraltet"' });
    expect(stale.status).toBe(200);
    expect((await body(stale)).length).toBe(bytes.length);
  });

  it('answers HEAD with the headers only', async () => {
    const res = await audio({ Range: 'bytes=0-9' }, 'HEAD');
    expect(res.status).toBe(206);
    expect(res.headers.get('Content-Length')).toBe('10');
    expect((await body(res)).length).toBe(0);
  });

  it('answers 404 for a note without a recording, and 401 without a session', async () => {
    const silent = await seedNote(database().db, anna.user.id);
    const res = await t.api.call(endpoints.getNoteAudio, {
      params: { id: silent.id },
      token: anna.token,
    });
    expect(res.status).toBe(404);
    expect((await t.api.call(endpoints.getNoteAudio, { params: { id: noteId } })).status).toBe(401);
  });

  it('takes the token from the auth cookie, for an <audio src> that cannot send a header', async () => {
    const cookie = (token: string) =>
      t.api.call(endpoints.getNoteAudio, {
        params: { id: noteId },
        headers: { Cookie: `auth=${token}` },
      });
    const res = await cookie(anna.token);
    expect(res.status).toBe(200);
    expect((await body(res.raw)).equals(bytes)).toBe(true);
    expect((await cookie('not-a-token')).status).toBe(401);
    // Other calls keep requiring the bearer header.
    const other = await t.api.call(endpoints.getNote, {
      params: { id: noteId },
      headers: { Cookie: `auth=${anna.token}` },
    });
    expect(other.status).toBe(401);
  });
});

describe('parseRange', () => {
  it('reads single byte ranges as RFC 9110 describes them', () => {
    expect(parseRange(undefined, 100)).toEqual({ kind: 'full' });
    expect(parseRange('bytes=0-0', 100)).toEqual({ kind: 'partial', range: { start: 0, end: 0 } });
    expect(parseRange('bytes=99-', 100)).toEqual({
      kind: 'partial',
      range: { start: 99, end: 99 },
    });
    expect(parseRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-200', 100)).toEqual({
      kind: 'partial',
      range: { start: 0, end: 99 },
    });
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-', 100)).toEqual({ kind: 'full' });
    expect(parseRange('BYTES=5-9', 100)).toEqual({
      kind: 'partial',
      range: { start: 5, end: 9 },
    });
  });
});
