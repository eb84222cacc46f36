import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  downloadFormats,
  FolderListResponse,
  NoteCountResponse,
  NoteListResponse,
} from '@protokoll/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { folders, notes } from '../../db/schema.ts';
import { accountsApp, signUp, type AccountsApp } from '../../test/accounts.ts';
import { useTestDatabase } from '../../test/db.ts';
import { seedFolder, seedNote } from '../../test/notes.ts';

const database = useTestDatabase();
let t: AccountsApp;
beforeAll(async () => {
  t = await accountsApp(database());
});
const db = () => database().db;

async function noteRow(id: number) {
  const [row] = await db().select().from(notes).where(eq(notes.id, id));
  return row;
}

async function folderRow(id: number) {
  const [row] = await db().select().from(folders).where(eq(folders.id, id));
  return row;
}

describe("another user's notes and folders", () => {
  it('answer 404 on every note and folder call, and nothing changes', async () => {
    const anna = await signUp(t.call);
    const bob = await signUp(t.call);
    const annasFolder = await seedFolder(db(), anna.user.id, 'Annas Ordner');
    const annasNote = await seedNote(db(), anna.user.id, { name: 'Annas Notiz' });
    const bobsFolder = await seedFolder(db(), bob.user.id, 'Bobs Ordner');
    const bobsNote = await seedNote(db(), bob.user.id, {
      name: 'Bobs Notiz',
      folderId: bobsFolder.id,
      speakerNames: { S1: 'Bob' },
      audioDataDir: t.dataDir,
    });
    const noteBefore = await noteRow(bobsNote.id);
    const folderBefore = await folderRow(bobsFolder.id);
    const annasNoteBefore = await noteRow(annasNote.id);

    const id = bobsNote.id;
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/note/${id}`],
      ['GET', `/api/note/${id}/audio`],
      ...downloadFormats.map((format): [string, string] => ['GET', `/api/note/${id}/${format}`]),
      ['PATCH', '/api/note', { id, name: 'Übernommen' }],
      ['PATCH', '/api/note', { id, saved: true }],
      ['PATCH', '/api/note', { id, speaker_names: { S1: '' } }],
      ['DELETE', `/api/note?id=${id}`],
      ['POST', '/api/note/move', { note_id: id, folder_id: annasFolder.id }],
      ['POST', '/api/note/move', { note_id: id, folder_id: null }],
      // Anna's own note into Bob's folder.
      ['POST', '/api/note/move', { note_id: annasNote.id, folder_id: bobsFolder.id }],
      ['PUT', '/api/folder', { id: bobsFolder.id, name: 'Gekapert' }],
      ['DELETE', '/api/folder', { id: bobsFolder.id }],
    ];
    for (const [method, path, body] of attempts) {
      const res = await t.call(method, path, { token: anna.token, body });
      const label = `${method} ${path} ${JSON.stringify(body ?? '')}`;
      expect(res.status, label).toBe(404);
      expect(await res.json(), label).toMatchObject({ success: false, code: 'notFound' });
    }

    expect(await noteRow(bobsNote.id)).toEqual(noteBefore);
    expect(await folderRow(bobsFolder.id)).toEqual(folderBefore);
    expect(await noteRow(annasNote.id)).toEqual(annasNoteBefore);
    await expect(stat(join(t.dataDir, 'audio', bobsNote.audioKey!))).resolves.toBeDefined();

    // Lists and counts show only the own notes and folders, whatever the filter names.
    const list = await t.call('GET', '/api/note/list', { token: anna.token });
    expect(NoteListResponse.parse(await list.json()).notes.map((n) => n.id)).toEqual([
      annasNote.id,
    ]);
    const inBobsFolder = await t.call('GET', `/api/note/count?folder_id=${bobsFolder.id}`, {
      token: anna.token,
    });
    expect(NoteCountResponse.parse(await inBobsFolder.json()).count).toBe(0);
    const folderList = await t.call('GET', '/api/folder/list', { token: anna.token });
    expect(FolderListResponse.parse(await folderList.json()).folders).toEqual([
      { id: annasFolder.id, name: 'Annas Ordner' },
    ]);

    // Bob still has everything.
    expect((await t.call('GET', `/api/note/${id}`, { token: bob.token })).status).toBe(200);
    expect((await t.call('GET', `/api/note/${id}/audio`, { token: bob.token })).status).toBe(200);
  });

  it('every note and folder call needs a session', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/note/list'],
      ['GET', '/api/note/count'],
      ['GET', '/api/note/1'],
      ['GET', '/api/note/1/audio'],
      ['GET', '/api/note/1/txt'],
      ['PATCH', '/api/note', { id: 1, saved: true }],
      ['DELETE', '/api/note?id=1'],
      ['POST', '/api/note/move', { note_id: 1, folder_id: null }],
      ['GET', '/api/folder/list'],
      ['POST', '/api/folder', { name: 'x' }],
      ['PUT', '/api/folder', { id: 1, name: 'x' }],
      ['DELETE', '/api/folder', { id: 1 }],
    ];
    for (const [method, path, body] of calls) {
      const res = await t.call(method, path, { body });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });
});

describe('account deletion', () => {
  it('removes the notes, folders and recordings of the account, and only those', async () => {
    const anna = await signUp(t.call);
    const neighbour = await signUp(t.call);
    const folder = await seedFolder(db(), anna.user.id, 'Privat');
    const first = await seedNote(db(), anna.user.id, {
      folderId: folder.id,
      audioDataDir: t.dataDir,
    });
    const second = await seedNote(db(), anna.user.id, {
      status: 'transcribing',
      audioDataDir: t.dataDir,
    });
    const kept = await seedNote(db(), neighbour.user.id, { audioDataDir: t.dataDir });

    const res = await t.call('DELETE', '/api/user', {
      token: anna.token,
      body: { confirmation: 'DELETE' },
    });
    expect(res.status).toBe(200);

    expect(await db().select().from(notes).where(eq(notes.userId, anna.user.id))).toEqual([]);
    expect(await db().select().from(folders).where(eq(folders.userId, anna.user.id))).toEqual([]);
    for (const note of [first, second]) {
      await expect(stat(join(t.dataDir, 'audio', note.audioKey!))).rejects.toThrow();
    }
    await expect(stat(join(t.dataDir, 'audio', String(anna.user.id)))).rejects.toThrow();
    await expect(stat(join(t.dataDir, 'audio', kept.audioKey!))).resolves.toBeDefined();
    expect(await noteRow(kept.id)).toBeDefined();
  });
});
