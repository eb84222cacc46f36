import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { endpoints } from '@protokoll/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { originalFilename } from '../../domain/notes/recording.ts';
import { accountsApp, signUp, type AccountsApp, type SignedUp } from '../../test/accounts.ts';
import { useTestDatabase } from '../../test/db.ts';
import { seedNote } from '../../test/notes.ts';
import { contentDisposition } from './content-disposition.ts';

const database = useTestDatabase();
let t: AccountsApp;
let anna: SignedUp;
let bert: SignedUp;
let noteId: number;
let bytes: Buffer;

beforeAll(async () => {
  t = await accountsApp(database());
  anna = await signUp(t.api);
  bert = await signUp(t.api);
  const note = await seedNote(database().db, anna.user.id, {
    audioDataDir: t.dataDir,
    fileName: 'Aufnahme Größe „Q1“ 2026.mp3',
  });
  noteId = note.id;
  bytes = await readFile(join(t.dataDir, 'audio', note.audioKey!));
});

function original(id: number, token: string | undefined, headers: Record<string, string> = {}) {
  return t.app.request(`/api/note/${id}/original`, {
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
  });
}

describe('GET /api/note/{id}/original', () => {
  it('sends the stored recording byte for byte, as an attachment under its real name and type', async () => {
    const res = await original(noteId, anna.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('audio/mpeg');
    expect(res.headers.get('Content-Length')).toBe(String(bytes.length));
    expect(res.headers.get('Content-Disposition')).toBe(
      'attachment; filename="Aufnahme Gr__e _Q1_ 2026.mp3"; ' +
        "filename*=UTF-8''Aufnahme%20Gr%C3%B6%C3%9Fe%20%E2%80%9EQ1%E2%80%9C%202026.mp3",
    );
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('resumes with a range', async () => {
    const res = await original(noteId, anna.token, { Range: 'bytes=100-199' });
    expect(res.status).toBe(206);
    expect(res.headers.get('Content-Range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);
  });

  it("answers 404 for another person's note, and for a note without a recording", async () => {
    const res = await original(noteId, bert.token);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('Aufnahme');
    const silent = await seedNote(database().db, anna.user.id);
    expect((await original(silent.id, anna.token)).status).toBe(404);
  });

  it('answers 401 without a session and takes the auth cookie, for a plain download link', async () => {
    expect((await original(noteId, undefined)).status).toBe(401);
    const res = await t.api.call(endpoints.getNoteOriginal, {
      params: { id: noteId },
      headers: { Cookie: `auth=${anna.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.raw.headers.get('Content-Disposition')).toMatch(/^attachment; /);
  });

  it('is not mistaken for an export format', async () => {
    const res = await original(noteId, anna.token, { Range: 'bytes=0-3' });
    expect(res.headers.get('Content-Type')).toBe('audio/mpeg');
  });
});

describe('originalFilename', () => {
  it('keeps the uploaded name and adds the detected extension only when it has none', () => {
    expect(originalFilename({ fileName: 'Aufnahme 2026-11-24 09-15.webm', key: '1/ab.webm' })).toBe(
      'Aufnahme 2026-11-24 09-15.webm',
    );
    expect(originalFilename({ fileName: 'Besprechung', key: '1/ab.m4a' })).toBe('Besprechung.m4a');
    expect(originalFilename({ fileName: '../..\\etc/passwd\u0000', key: '1/ab.mp3' })).toBe(
      'etc passwd.mp3',
    );
    expect(originalFilename({ fileName: ' ', key: '1/ab.wav' })).toBe('recording.wav');
  });
});

describe('contentDisposition', () => {
  it('encodes the real name as RFC 5987 and gives an ASCII stand-in', () => {
    expect(contentDisposition('attachment', "Müller's (Entwurf).m4a")).toBe(
      `attachment; filename="M_ller's (Entwurf).m4a"; filename*=UTF-8''M%C3%BCller%27s%20%28Entwurf%29.m4a`,
    );
    expect(contentDisposition('inline', 'a"b\\c.mp3')).toBe(
      `inline; filename="a_b_c.mp3"; filename*=UTF-8''a%22b%5Cc.mp3`,
    );
  });
});
