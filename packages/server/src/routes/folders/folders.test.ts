import { endpoints } from '@protokoll/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { folders, notes } from '../../db/schema.ts';
import { accountsApp, signUp, type AccountsApp, type SignedUp } from '../../test/accounts.ts';
import { useTestDatabase } from '../../test/db.ts';
import { seedNote } from '../../test/notes.ts';

const database = useTestDatabase();
let t: AccountsApp;
beforeAll(async () => {
  t = await accountsApp(database());
});

async function create(account: SignedUp, name: string) {
  return t.api.call(endpoints.createFolder, { token: account.token, body: { name } });
}

async function created(account: SignedUp, name: string) {
  const res = await create(account, name);
  expect(res.status).toBe(200);
  return res.body.folder!;
}

async function names(account: SignedUp) {
  const res = await t.api.call(endpoints.listFolders, { token: account.token });
  expect(res.status).toBe(200);
  return res.body.folders.map((folder) => folder.name);
}

describe('folders', () => {
  it('creates folders and lists them by name as people read it', async () => {
    const anna = await signUp(t.api);
    for (const name of ['Zebra', 'Team 10', 'Äpfel', 'bücher', 'Team 2', 'Apfelbaum']) {
      await created(anna, name);
    }
    expect(await names(anna)).toEqual([
      'Äpfel',
      'Apfelbaum',
      'bücher',
      'Team 2',
      'Team 10',
      'Zebra',
    ]);
  });

  it("tells how many of the owner's notes each folder holds", async () => {
    const anna = await signUp(t.api);
    const bob = await signUp(t.api);
    const full = await created(anna, 'Kunden');
    const empty = await created(anna, 'Leer');
    const { db } = database();
    await seedNote(db, anna.user.id, { folderId: full.id });
    await seedNote(db, anna.user.id, { folderId: full.id });
    await seedNote(db, anna.user.id);
    await seedNote(db, bob.user.id);
    const res = await t.api.call(endpoints.listFolders, { token: anna.token });
    expect(res.status).toBe(200);
    expect(res.body.folders).toEqual([
      { id: full.id, name: 'Kunden', note_count: 2 },
      { id: empty.id, name: 'Leer', note_count: 0 },
    ]);
  });

  it('trims the name and answers the new folder', async () => {
    const anna = await signUp(t.api);
    const res = await create(anna, '  Kunden  ');
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body).toMatchObject({ success: true, folder: { name: 'Kunden' } });
    const [row] = await database().db.select().from(folders).where(eq(folders.id, body.folder!.id));
    expect(row).toMatchObject({ userId: anna.user.id, name: 'Kunden' });
  });

  it('refuses a second folder of the same name, whatever its case, with 409', async () => {
    const anna = await signUp(t.api);
    await created(anna, 'Vorlesungen');
    for (const name of ['Vorlesungen', 'VORLESUNGEN', ' vorlesungen ']) {
      const res = await create(anna, name);
      expect(res.status, name).toBe(409);
      expect(res.error).toMatchObject({
        success: false,
        code: 'folderExists',
        message: 'A folder with this name already exists.',
      });
    }
    expect(await names(anna)).toEqual(['Vorlesungen']);
    // Another user may use the name.
    const bob = await signUp(t.api);
    await created(bob, 'Vorlesungen');
  });

  it('answers "Folder name required" for an empty name', async () => {
    const anna = await signUp(t.api);
    for (const body of [{ name: '' }, { name: '   ' }, {}]) {
      const res = await t.api.unchecked(endpoints.createFolder, { token: anna.token, body });
      expect(res.status).toBe(422);
      expect(res.error).toMatchObject({
        success: false,
        code: 'folderNameRequired',
        message: 'Folder name required',
        issues: [{ path: 'name', message: 'errors.folderNameRequired' }],
      });
    }
    const folder = await created(anna, 'Alt');
    const rename = await t.api.call(endpoints.updateFolder, {
      token: anna.token,
      body: { id: folder.id, name: ' ' },
    });
    expect(rename.status).toBe(422);
    expect(rename.error).toMatchObject({
      code: 'folderNameRequired',
      message: 'Folder name required',
    });
    expect(await names(anna)).toEqual(['Alt']);
  });

  it('answers "Folder ID required" to rename or delete without an id', async () => {
    const anna = await signUp(t.api);
    const { updateFolder, deleteFolder } = endpoints;
    const cases: [typeof updateFolder | typeof deleteFolder, unknown][] = [
      [updateFolder, { name: 'Neu' }],
      [updateFolder, { id: 'abc', name: 'Neu' }],
      [deleteFolder, {}],
      [deleteFolder, { id: 0 }],
      // No body at all.
      [deleteFolder, undefined],
    ];
    for (const [endpoint, body] of cases) {
      const res = await t.api.unchecked(endpoint, { token: anna.token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.error).toMatchObject({
        code: 'folderIdRequired',
        message: 'Folder ID required',
      });
    }
    const other = await t.api.call(endpoints.createFolder, {
      token: anna.token,
      body: { name: 'x'.repeat(101) },
    });
    expect(other.status).toBe(422);
    expect(other.error).toMatchObject({ code: 'validation' });
  });

  it('renames a folder, also to another case of its own name, but not onto another one', async () => {
    const anna = await signUp(t.api);
    const folder = await created(anna, 'Projekte');
    await created(anna, 'Archiv');
    const rename = (name: string) =>
      t.api.call(endpoints.updateFolder, { token: anna.token, body: { id: folder.id, name } });

    const renamed = await rename('Projekte 2026');
    expect(renamed.status).toBe(200);
    expect(renamed.body.folder).toEqual({
      id: folder.id,
      name: 'Projekte 2026',
    });
    expect((await rename('PROJEKTE 2026')).status).toBe(200);
    const clash = await rename('archiv');
    expect(clash.status).toBe(409);
    expect(clash.error).toMatchObject({ code: 'folderExists' });
    expect(await names(anna)).toEqual(['Archiv', 'PROJEKTE 2026']);
    const missing = await t.api.call(endpoints.updateFolder, {
      token: anna.token,
      body: { id: 999_999, name: 'Neu' },
    });
    expect(missing.status).toBe(404);
  });

  it('deletes a folder and keeps its notes, unfiled', async () => {
    const anna = await signUp(t.api);
    const folder = await created(anna, 'Weg damit');
    const note = await seedNote(database().db, anna.user.id, { folderId: folder.id });
    const res = await t.api.call(endpoints.deleteFolder, {
      token: anna.token,
      body: { id: folder.id },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true });
    expect(await names(anna)).toEqual([]);
    const [row] = await database().db.select().from(notes).where(eq(notes.id, note.id));
    expect(row).toMatchObject({ id: note.id, folderId: null });
    const again = await t.api.call(endpoints.deleteFolder, {
      token: anna.token,
      body: { id: folder.id },
    });
    expect(again.status).toBe(404);
  });

  it('needs a session', async () => {
    expect((await t.api.call(endpoints.listFolders)).status).toBe(401);
    expect((await t.api.call(endpoints.createFolder, { body: { name: 'x' } })).status).toBe(401);
  });
});
