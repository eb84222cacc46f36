import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDbKind, useTestDatabase } from '../test/db.ts';
import { openDatabase, openPostgres, PGLITE_SLICE_MS } from './client.ts';
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

describe.runIf(testDbKind === 'pglite')('PGlite and the event loop', () => {
  // docs/architecture.md#pglite-turns: before, a line of statements ran in one stretch and the
  // event loop (sockets, timers) waited for the last of them.
  it('gives the event loop turns during a long line of statements', async () => {
    const { db } = database();
    const statements = 40;
    // Counts the event loop's turns while the line runs.
    let turns = 0;
    let running = true;
    const tick = () => {
      if (!running) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    await Promise.all(
      Array.from({ length: statements }, () =>
        db.execute(sql`select pg_sleep(${PGLITE_SLICE_MS / 1000})`),
      ),
    );
    running = false;
    // Each statement takes a whole slice, so nearly every one is followed by a turn.
    expect(turns).toBeGreaterThanOrEqual(statements / 4);
  });

  it('keeps the statements in call order', async () => {
    const { db } = database();
    const order = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        db.execute(sql`select ${i}::int as i, clock_timestamp() as at`).then((result) => {
          const [row] = (result as unknown as { rows: { i: number; at: Date }[] }).rows;
          return row!;
        }),
      ),
    );
    const byTime = [...order].sort((a, b) => +new Date(a.at) - +new Date(b.at) || a.i - b.i);
    expect(byTime.map((row) => row.i)).toEqual(order.map((row) => row.i));
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
