import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDbKind, useTestDatabase } from '../test/db.ts';
import { openDatabase, openPostgres } from './client.ts';
import { migratePglite } from './migrate.ts';
import { PGLITE_SETTINGS } from './pglite-settings.ts';
import type * as schema from './schema.ts';
import { users } from './schema.ts';

const database = useTestDatabase();

/** Both drivers answer `execute` with `{ rows }`; the shared Db type leaves it unknown. */
async function rows(query: Promise<unknown>): Promise<unknown[]> {
  return ((await query) as { rows: unknown[] }).rows;
}

/** Drizzle wraps driver errors; the SQLSTATE sits on the cause. */
function sqlState(error: unknown): string | undefined {
  const withCode = (e: unknown) => (e as { code?: unknown } | undefined)?.code;
  const code = withCode(error) ?? withCode((error as { cause?: unknown }).cause);
  return typeof code === 'string' ? code : undefined;
}

describe('migrations', () => {
  it(`run on ${testDbKind}`, () => {
    expect(database().kind).toBe(testDbKind);
  });

  it('create the users table with its defaults', async () => {
    const { db } = database();
    const [user] = await db.insert(users).values({ email: 'anna@example.de' }).returning();
    expect(user).toMatchObject({
      email: 'anna@example.de',
      passwordHash: null,
      firstName: null,
      lastName: null,
      company: null,
      phoneNumber: null,
      planId: 'free',
    });
    expect(user?.id).toBeTypeOf('number');
    expect(user?.createdAt).toBeInstanceOf(Date);
    expect(user?.updatedAt).toBeInstanceOf(Date);
  });

  it('keep e-mail addresses unique regardless of case', async () => {
    const { db } = database();
    await db.insert(users).values({ email: 'Bernd@Example.de' });
    const duplicate = await db
      .insert(users)
      .values({ email: 'bernd@example.DE' })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(duplicate).toBeDefined();
    expect(sqlState(duplicate)).toBe('23505');

    const found = await db
      .select({ email: users.email })
      .from(users)
      .where(eq(sql`lower(${users.email})`, 'bernd@example.de'));
    expect(found).toEqual([{ email: 'Bernd@Example.de' }]);
  });

  it('bump updated_at on update', async () => {
    const { db } = database();
    const [before] = await db
      .insert(users)
      .values({ email: 'clara@example.de', updatedAt: new Date('2020-01-01T00:00:00Z') })
      .returning();
    const [after] = await db
      .update(users)
      .set({ company: 'ACME' })
      .where(eq(users.id, before!.id))
      .returning();
    expect(after!.updatedAt.getTime()).toBeGreaterThan(before!.updatedAt.getTime());
  });

  it('are recorded, so running them again changes nothing', async () => {
    const { db } = database();
    const count = sql`select count(*)::int as n from drizzle.__drizzle_migrations`;
    const applied = await rows(db.execute(count));
    expect((applied[0] as { n: number }).n).toBeGreaterThan(0);
    if (testDbKind === 'postgres') {
      await (await openPostgres(database().url!)).close();
    } else {
      await migratePglite(db as PgliteDatabase<typeof schema>);
    }
    expect(await rows(db.execute(count))).toEqual(applied);
  });
});

describe.runIf(testDbKind === 'pglite')('openDatabase without DATABASE_URL', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('keeps PGlite in DATA_DIR/pglite and migrates it', { timeout: 120_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'protokoll-data-'));
    dirs.push(dataDir);
    const opened = await openDatabase({ databaseUrl: undefined, dataDir });
    try {
      expect(opened.kind).toBe('pglite');
      // Created by a child process (initdb's memory stays out of the server), then opened here
      // with the embedded settings.
      expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
      const settings = await rows(
        opened.db.execute(
          sql`select current_setting('shared_buffers') as shared_buffers,
            current_setting('maintenance_work_mem') as maintenance_work_mem`,
        ),
      );
      expect(settings[0]).toEqual({
        shared_buffers: PGLITE_SETTINGS.shared_buffers,
        maintenance_work_mem: PGLITE_SETTINGS.maintenance_work_mem,
      });
      await opened.db.insert(users).values({ email: 'disk@example.de' });
    } finally {
      await opened.close();
    }
    const reopened = await openDatabase({ databaseUrl: undefined, dataDir });
    try {
      const rows = await reopened.db.select({ email: users.email }).from(users);
      expect(rows).toEqual([{ email: 'disk@example.de' }]);
    } finally {
      await reopened.close();
    }
  });
});

describe.runIf(testDbKind === 'postgres')('openDatabase with DATABASE_URL', () => {
  it('lets several processes migrate one empty database at once', async () => {
    const empty = await createTestDatabase({ migrate: false });
    try {
      const opened = await Promise.all([
        openPostgres(empty.url!),
        openPostgres(empty.url!),
        openPostgres(empty.url!),
      ]);
      for (const handle of opened) expect(handle.kind).toBe('postgres');
      await Promise.all(opened.map((handle) => handle.close()));
      expect(await rows(empty.db.execute(sql`select count(*)::int as n from users`))).toEqual([
        { n: 0 },
      ]);
    } finally {
      await empty.close();
    }
  });

  it('fails clearly when the server is unreachable', async () => {
    await expect(openPostgres('postgres://postgres@127.0.0.1:1/none')).rejects.toThrow();
  });
});
