import {
  endpoints,
  GLOSSARY_TERMS_MAX,
  listGlossary,
  createGlossaryTerm,
  updateGlossaryTerm,
  deleteGlossaryTerm,
} from '@protokoll/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { glossaryTerms } from '../../db/schema.ts';
import { glossaryForNote } from '../../domain/glossary.ts';
import { accountsApp, signUp, type AccountsApp, type SignedUp } from '../../test/accounts.ts';
import { useTestDatabase } from '../../test/db.ts';

const database = useTestDatabase();
let t: AccountsApp;
beforeAll(async () => {
  t = await accountsApp(database());
});

async function folderOf(account: SignedUp, name: string) {
  const res = await t.api.call(endpoints.createFolder, { token: account.token, body: { name } });
  return res.body.folder!.id;
}

function add(account: SignedUp, body: Record<string, unknown>) {
  return t.api.unchecked(createGlossaryTerm, { token: account.token, body });
}

async function terms(account: SignedUp, folderId?: number) {
  const res = await t.api.call(listGlossary, {
    token: account.token,
    query: folderId === undefined ? {} : { folder_id: folderId },
  });
  expect(res.status).toBe(200);
  return res.body.terms;
}

describe('glossary', () => {
  it('adds, lists A to Z, changes and deletes the terms of the user’s glossary', async () => {
    const anna = await signUp(t.api);
    for (const [term, kind] of [
      ['Protokoll', 'product'],
      ['Maier', 'name'],
      ['DSGVO', 'abbreviation'],
    ] as const) {
      const res = await add(anna, { term: `  ${term} `, kind, variants: ['', ' x '] });
      expect(res.status, term).toBe(200);
    }
    const list = await terms(anna);
    expect(list.map((item) => item.term)).toEqual(['DSGVO', 'Maier', 'Protokoll']);
    expect(list[1]).toMatchObject({ kind: 'name', variants: ['x'], note: '', folder_id: null });

    const changed = await t.api.call(updateGlossaryTerm, {
      token: anna.token,
      params: { id: list[1]!.id },
      body: { term: 'Maier', kind: 'name', variants: ['Meier', 'Mayer'], note: 'Kundin' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.term).toMatchObject({ variants: ['Meier', 'Mayer'], note: 'Kundin' });

    const gone = await t.api.call(deleteGlossaryTerm, {
      token: anna.token,
      params: { id: list[0]!.id },
    });
    expect(gone.status).toBe(200);
    expect((await terms(anna)).map((item) => item.term)).toEqual(['Maier', 'Protokoll']);
  });

  it('keeps a folder’s glossary apart, for the folder’s owner only', async () => {
    const anna = await signUp(t.api);
    const bob = await signUp(t.api);
    const folder = await folderOf(anna, 'Kunden');
    expect(
      (await add(anna, { term: 'Kubernetes', kind: 'product', folder_id: folder })).status,
    ).toBe(200);
    expect((await add(anna, { term: 'Maier', kind: 'name' })).status).toBe(200);
    expect((await terms(anna, folder)).map((item) => item.term)).toEqual(['Kubernetes']);
    expect((await terms(anna)).map((item) => item.term)).toEqual(['Maier']);

    // Bob can neither read nor add to Anna's folder's glossary, nor change or delete her terms.
    const read = await t.api.call(listGlossary, {
      token: bob.token,
      query: { folder_id: folder },
    });
    expect(read.status).toBe(404);
    expect((await add(bob, { term: 'Fremd', kind: 'name', folder_id: folder })).status).toBe(404);
    const [annas] = await terms(anna);
    const change = await t.api.call(updateGlossaryTerm, {
      token: bob.token,
      params: { id: annas!.id },
      body: { term: 'Bob', kind: 'name' },
    });
    expect(change.status).toBe(404);
    const remove = await t.api.call(deleteGlossaryTerm, {
      token: bob.token,
      params: { id: annas!.id },
    });
    expect(remove.status).toBe(404);
    expect((await terms(anna)).map((item) => item.term)).toEqual(['Maier']);

    // A folder's terms go with the folder.
    await t.api.call(endpoints.deleteFolder, { token: anna.token, body: { id: folder } });
    const left = await database()
      .db.select()
      .from(glossaryTerms)
      .where(eq(glossaryTerms.userId, anna.user.id));
    expect(left.map((row) => row.term)).toEqual(['Maier']);
  });

  it('refuses a term twice in one glossary whatever its case, in the user’s language', async () => {
    const anna = await signUp(t.api);
    const folder = await folderOf(anna, 'Projekt');
    expect((await add(anna, { term: 'Maier', kind: 'name' })).status).toBe(200);
    const again = await add(anna, { term: 'MAIER', kind: 'product' });
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({
      code: 'conflict',
      message: 'Dieser Begriff steht schon im Glossar.',
    });
    // The same term in a folder's glossary is another glossary.
    expect((await add(anna, { term: 'Maier', kind: 'name', folder_id: folder })).status).toBe(200);
    const other = await add(anna, { term: 'Protokoll', kind: 'product' });
    const rename = await t.api.unchecked(updateGlossaryTerm, {
      token: anna.token,
      params: { id: (other.body as { term: { id: number } }).term.id },
      body: { term: 'maier', kind: 'name' },
    });
    expect(rename.status).toBe(409);
  });

  it('refuses empty, too long and badly kinded terms, and too many variants', async () => {
    const anna = await signUp(t.api);
    const cases: [Record<string, unknown>, string][] = [
      [{ term: '  ', kind: 'name' }, 'glossary.termRequired'],
      [{ kind: 'name' }, 'glossary.termRequired'],
      [{ term: 'x'.repeat(61), kind: 'name' }, 'validation.tooLong'],
      [{ term: 'Maier', kind: 'person' }, 'validation.invalidValue'],
      [
        { term: 'Maier', kind: 'name', variants: ['a', 'b', 'c', 'd', 'e', 'f'] },
        'glossary.tooManyVariants',
      ],
      [{ term: 'Ma\u0000ier', kind: 'name' }, 'validation.controlCharacters'],
    ];
    for (const [body, message] of cases) {
      const res = await add(anna, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(JSON.stringify(res.error), JSON.stringify(body)).toContain(message);
    }
    expect(await terms(anna)).toEqual([]);
  });

  it(`holds at most ${GLOSSARY_TERMS_MAX} terms per glossary`, async () => {
    const anna = await signUp(t.api);
    await database()
      .db.insert(glossaryTerms)
      .values(
        Array.from({ length: GLOSSARY_TERMS_MAX }, (_, i) => ({
          userId: anna.user.id,
          term: `Begriff ${i}`,
          kind: 'name' as const,
        })),
      );
    const full = await add(anna, { term: 'Noch einer', kind: 'name' });
    expect(full.status).toBe(422);
    expect(full.error).toMatchObject({ code: 'invalidInput' });
    expect((full.error as { message: string }).message).toContain(String(GLOSSARY_TERMS_MAX));
  });

  it('gives processing the folder’s terms and the user’s, never another user’s', async () => {
    const anna = await signUp(t.api);
    const bob = await signUp(t.api);
    const folder = await folderOf(anna, 'Kunden');
    const bobs = await folderOf(bob, 'Bobs');
    await add(anna, { term: 'Maier', kind: 'name' });
    await add(anna, { term: 'Kubernetes', kind: 'product', folder_id: folder });
    await add(bob, { term: 'Fremd', kind: 'name' });
    await add(bob, { term: 'Bobsache', kind: 'name', folder_id: bobs });
    const { db } = database();
    const inFolder = await glossaryForNote(db, { userId: anna.user.id, folderId: folder });
    expect(inFolder.folder.map((entry) => entry.term)).toEqual(['Kubernetes']);
    expect(inFolder.user.map((entry) => entry.term)).toEqual(['Maier']);
    const unfiled = await glossaryForNote(db, { userId: anna.user.id, folderId: null });
    expect(unfiled).toEqual({ folder: [], user: [{ term: 'Maier', kind: 'name', variants: [] }] });
    // A folder id of someone else's gives nothing of theirs.
    const foreign = await glossaryForNote(db, { userId: anna.user.id, folderId: bobs });
    expect(foreign.folder).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await t.api.call(listGlossary, { query: {} })).status).toBe(401);
  });
});
