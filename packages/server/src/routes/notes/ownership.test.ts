import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { downloadFormats, endpoints } from '@protokoll/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { folders, notes } from '../../db/schema.ts';
import { accountsApp, signUp, type AccountsApp } from '../../test/accounts.ts';
import { prepare } from '../../test/client.ts';
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
    const anna = await signUp(t.api);
    const bob = await signUp(t.api);
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
    const attempts = [
      prepare(endpoints.getNote, { params: { id } }),
      prepare(endpoints.getNoteAudio, { params: { id } }),
      prepare(endpoints.getNoteOriginal, { params: { id } }),
      ...downloadFormats.map((format) =>
        prepare(endpoints.downloadNote, { params: { id, format } }),
      ),
      prepare(endpoints.updateNote, { body: { id, name: 'Übernommen' } }),
      prepare(endpoints.updateNote, { body: { id, saved: true } }),
      prepare(endpoints.updateNote, { body: { id, speaker_names: { S1: '' } } }),
      prepare(endpoints.deleteNote, { query: { id } }),
      prepare(endpoints.moveNote, { body: { note_id: id, folder_id: annasFolder.id } }),
      prepare(endpoints.moveNote, { body: { note_id: id, folder_id: null } }),
      // Anna's own note into Bob's folder.
      prepare(endpoints.moveNote, { body: { note_id: annasNote.id, folder_id: bobsFolder.id } }),
      prepare(endpoints.updateFolder, { body: { id: bobsFolder.id, name: 'Gekapert' } }),
      prepare(endpoints.deleteFolder, { body: { id: bobsFolder.id } }),
    ];
    for (const call of attempts) {
      const res = await t.api.send(call, { token: anna.token });
      const label = `${call.endpoint.id} ${JSON.stringify(call.input)}`;
      expect(res.status, label).toBe(404);
      expect(res.error, label).toMatchObject({ success: false, code: 'notFound' });
    }

    expect(await noteRow(bobsNote.id)).toEqual(noteBefore);
    expect(await folderRow(bobsFolder.id)).toEqual(folderBefore);
    expect(await noteRow(annasNote.id)).toEqual(annasNoteBefore);
    await expect(stat(join(t.dataDir, 'audio', bobsNote.audioKey!))).resolves.toBeDefined();

    // Lists and counts show only the own notes and folders, whatever the filter names.
    const list = await t.api.call(endpoints.listNotes, { token: anna.token });
    expect(list.body.notes.map((n) => n.id)).toEqual([annasNote.id]);
    const inBobsFolder = await t.api.call(endpoints.countNotes, {
      query: { folder_id: bobsFolder.id },
      token: anna.token,
    });
    expect(inBobsFolder.body.count).toBe(0);
    const folderList = await t.api.call(endpoints.listFolders, { token: anna.token });
    expect(folderList.body.folders).toEqual([
      { id: annasFolder.id, name: 'Annas Ordner', note_count: 0 },
    ]);

    // Bob still has everything.
    expect((await t.api.call(endpoints.getNote, { params: { id }, token: bob.token })).status).toBe(
      200,
    );
    expect(
      (await t.api.call(endpoints.getNoteAudio, { params: { id }, token: bob.token })).status,
    ).toBe(200);
  });

  it('every note and folder call needs a session', async () => {
    const calls = [
      prepare(endpoints.listNotes),
      prepare(endpoints.countNotes),
      prepare(endpoints.getNote, { params: { id: 1 } }),
      prepare(endpoints.getNoteAudio, { params: { id: 1 } }),
      prepare(endpoints.getNoteOriginal, { params: { id: 1 } }),
      prepare(endpoints.downloadNote, { params: { id: 1, format: 'txt' } }),
      prepare(endpoints.updateNote, { body: { id: 1, saved: true } }),
      prepare(endpoints.deleteNote, { query: { id: 1 } }),
      prepare(endpoints.moveNote, { body: { note_id: 1, folder_id: null } }),
      prepare(endpoints.listFolders),
      prepare(endpoints.createFolder, { body: { name: 'x' } }),
      prepare(endpoints.updateFolder, { body: { id: 1, name: 'x' } }),
      prepare(endpoints.deleteFolder, { body: { id: 1 } }),
    ];
    for (const call of calls) {
      const res = await t.api.send(call);
      expect(res.status, `${call.endpoint.method} ${call.endpoint.path}`).toBe(401);
    }
  });
});

describe('account deletion', () => {
  it('removes the notes, folders and recordings of the account, and only those', async () => {
    const anna = await signUp(t.api);
    const neighbour = await signUp(t.api);
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

    const res = await t.api.call(endpoints.deleteUser, {
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
