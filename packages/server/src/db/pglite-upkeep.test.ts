import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDbKind, useTestDatabase } from '../test/db.ts';
import { seedNote } from '../test/notes.ts';
import { rowsOf } from './client.ts';
import { tablesDue, upkeep } from './pglite-upkeep.ts';
import { users } from './schema.ts';

const database = useTestDatabase();

/** Statistics reach the shared counters when the backend is idle; make that now. */
async function flushStats() {
  await database().db.execute(sql`select pg_stat_force_next_flush()`);
  await database().db.execute(sql`select 1`);
}

async function notesStats() {
  const result = await database().db.execute(
    sql`select n_live_tup::int as live, n_dead_tup::int as dead, last_analyze is not null as analyzed
        from pg_stat_user_tables where relname = 'notes'`,
  );
  return rowsOf<{ live: number; dead: number; analyzed: boolean }>(result)[0];
}

// PGlite only: on PostgreSQL autovacuum does this itself, and could do it in the middle of a test.
describe.skipIf(testDbKind === 'postgres')(
  'database upkeep (what autovacuum does, for PGlite)',
  () => {
    it('analyzes the tables never analyzed, then leaves them until enough has changed', async () => {
      const db = database().db;
      await flushStats();
      expect((await tablesDue(db)).map((table) => table.name)).toContain('notes');
      await upkeep(db);
      await flushStats();
      expect(await tablesDue(db)).toEqual([]);
      expect(await notesStats()).toMatchObject({ analyzed: true });
    });

    it('vacuums a table once a fifth of its rows are dead, and analyzes it with it', async () => {
      const db = database().db;
      const [user] = await db
        .insert(users)
        .values({ email: `upkeep-${Date.now()}@example.com`, passwordHash: 'x' })
        .returning();
      for (let index = 0; index < 60; index += 1)
        await seedNote(db, user!.id, { name: `N${index}` });
      // Each progress update leaves a dead row behind, as a processing note's updates do.
      for (let round = 0; round < 2; round += 1) {
        await db.execute(sql`update notes set progress = ${round + 1} where user_id = ${user!.id}`);
      }
      await flushStats();
      expect((await notesStats())?.dead).toBeGreaterThanOrEqual(120);
      const due = await tablesDue(db);
      expect(due).toContainEqual({ name: 'notes', vacuum: true });
      expect(await upkeep(db)).toContainEqual({ name: 'notes', vacuum: true });
      await flushStats();
      expect(await notesStats()).toMatchObject({ dead: 0, live: 60, analyzed: true });
      expect(await tablesDue(db)).toEqual([]);
    });
  },
);
