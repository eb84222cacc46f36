// The bound in front of the database (docs/architecture.md#database-queue): the gate on its own,
// then the app with a saturated gate (503 + Retry-After + the error body, nothing written), then
// PostgreSQL's pool with no free connection. Every wait is for a state, never for a fixed time.
import { endpoints, ErrorBody } from '@protokoll/contract';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Config } from '../config.ts';
import { openPostgres } from '../db/client.ts';
import { folders } from '../db/schema.ts';
import { accountsApp, signUp } from '../test/accounts.ts';
import { testDbKind, useTestDatabase } from '../test/db.ts';
import { createDbGate, returningGate, type DbGate } from './db-gate.ts';
import { ServerBusyError } from './errors.ts';

const database = useTestDatabase();

/** A place held until `release()`: the request a test saturates the gate with. */
function hold(gate: DbGate): { release(): void; done: Promise<void> } {
  let release!: () => void;
  const entered = new Promise<void>((resolve) => {
    void gate
      .run(() => {
        resolve();
        return new Promise<void>((r) => (release = r));
      })
      .catch(() => {});
  });
  const done = entered.then(() => undefined);
  return {
    release: () => release(),
    done,
  };
}

/** Resolves once `check` holds (polled each macrotask; the test's own timeout bounds it). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setImmediate(resolve));
}

describe('createDbGate', () => {
  it('lets maxConcurrent in, queues in arrival order, and hands each freed place to the next', async () => {
    const gate = createDbGate({ maxConcurrent: 2, queueLimit: 10, queueTimeoutMs: 60_000 });
    const order: string[] = [];
    const releases: Record<string, () => void> = {};
    const runs = ['a', 'b', 'c', 'd'].map((name) =>
      gate.run(async () => {
        order.push(name);
        await new Promise<void>((resolve) => (releases[name] = resolve));
        return name;
      }),
    );
    await until(() => order.length === 2);
    expect(order).toEqual(['a', 'b']);
    expect([gate.active, gate.waiting]).toEqual([2, 2]);
    releases.b!();
    await until(() => order.length === 3);
    expect(order).toEqual(['a', 'b', 'c']);
    releases.a!();
    await until(() => order.length === 4);
    releases.c!();
    releases.d!();
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'c', 'd']);
    expect([gate.active, gate.waiting]).toEqual([0, 0]);
  });

  it('refuses at once beyond the queue limit, without starting the work', async () => {
    const gate = createDbGate({ maxConcurrent: 1, queueLimit: 1, queueTimeoutMs: 60_000 });
    const first = hold(gate);
    await first.done;
    const queued = gate.run(async () => 'queued');
    let started = false;
    const refused = gate.run(async () => {
      started = true;
    });
    await expect(refused).rejects.toBeInstanceOf(ServerBusyError);
    await expect(refused).rejects.toMatchObject({ status: 503, retryAfterSeconds: 60 });
    expect(started).toBe(false);
    first.release();
    expect(await queued).toBe('queued');
    expect([gate.active, gate.waiting]).toEqual([0, 0]);
  });

  it('gives up on a wait after queueTimeoutMs, leaves the line, and the place goes to the next', async () => {
    const gate = createDbGate({ maxConcurrent: 1, queueLimit: 5, queueTimeoutMs: 30 });
    const first = hold(gate);
    await first.done;
    let started = false;
    const waited = gate.run(async () => {
      started = true;
    });
    await expect(waited).rejects.toMatchObject({ status: 503, retryAfterSeconds: 1 });
    expect(started).toBe(false);
    expect(gate.waiting).toBe(0);
    const next = gate.run(async () => 'next');
    first.release();
    expect(await next).toBe('next');
    expect([gate.active, gate.waiting]).toEqual([0, 0]);
  });

  it('lends the place out while work runs away from the database, and takes it back in front of the line', async () => {
    const gate = createDbGate({ maxConcurrent: 1, queueLimit: 10, queueTimeoutMs: 60_000 });
    const order: string[] = [];
    let finishHash!: () => void;
    const hashing = new Promise<void>((resolve) => (finishHash = resolve));
    const signIn = gate.run(async (place) => {
      order.push('sign-in reads');
      await place.away(async () => {
        order.push('hashing');
        await hashing;
      });
      order.push('sign-in writes');
      return 'signed in';
    });
    await until(() => order.includes('hashing'));
    // The place is free while the password is hashed: another request gets it at once.
    expect(gate.active).toBe(0);
    expect(await gate.run(async () => order.push('other') && 'other')).toBe('other');
    const blocker = hold(gate);
    await blocker.done;
    // Two requests line up while the sign-in is away.
    const later = ['later 1', 'later 2'].map((name) =>
      gate.run(async () => {
        order.push(name);
      }),
    );
    await until(() => gate.waiting === 2);
    finishHash();
    // Back from hashing, the sign-in waits for a free place, but in front of those who came later.
    await until(() => gate.waiting === 3);
    expect(order).toEqual(['sign-in reads', 'hashing', 'other']);
    blocker.release();
    expect(await signIn).toBe('signed in');
    await Promise.all(later);
    expect(order.slice(3)).toEqual(['sign-in writes', 'later 1', 'later 2']);
    expect([gate.active, gate.waiting]).toEqual([0, 0]);
  });

  it('lets requests coming back from away in arrival order, and a full line does not refuse them', async () => {
    const gate = createDbGate({ maxConcurrent: 1, queueLimit: 1, queueTimeoutMs: 60_000 });
    const order: string[] = [];
    const finish: Record<string, () => void> = {};
    const awayRun = (name: string) =>
      gate.run(async (place) => {
        await place.away(() => new Promise<void>((resolve) => (finish[name] = resolve)));
        order.push(name);
      });
    const a = awayRun('a');
    await until(() => 'a' in finish);
    const b = awayRun('b');
    await until(() => 'b' in finish);
    const blocker = hold(gate);
    await blocker.done;
    const queued = gate.run(async () => {
      order.push('queued');
    });
    await until(() => gate.waiting === 1);
    // The line is full (queueLimit 1), yet both come back in, in the order they returned.
    finish.a!();
    await until(() => gate.waiting === 2);
    finish.b!();
    await until(() => gate.waiting === 3);
    blocker.release();
    await Promise.all([a, b, queued]);
    expect(order).toEqual(['a', 'b', 'queued']);
    expect([gate.active, gate.waiting]).toEqual([0, 0]);
  });

  it("lets a request's later steps (returningGate) in front of the line, even a full one", async () => {
    const gate = createDbGate({ maxConcurrent: 1, queueLimit: 1, queueTimeoutMs: 60_000 });
    const order: string[] = [];
    const blocker = hold(gate);
    await blocker.done;
    const queued = gate.run(async () => {
      order.push('queued');
    });
    await until(() => gate.waiting === 1);
    const later = returningGate(gate).run(async () => {
      order.push('later step');
    });
    await until(() => gate.waiting === 2);
    blocker.release();
    await Promise.all([queued, later]);
    expect(order).toEqual(['later step', 'queued']);
    expect([gate.active, gate.waiting]).toEqual([0, 0]);
  });

  it('answers 503 when no place comes back within the wait limit after the work away from it, and stays balanced', async () => {
    const gate = createDbGate({ maxConcurrent: 1, queueLimit: 0, queueTimeoutMs: 30 });
    let blocker: ReturnType<typeof hold> | undefined;
    const run = gate.run((place) =>
      place.away(async () => {
        blocker = hold(gate);
        await blocker.done;
      }),
    );
    await expect(run).rejects.toBeInstanceOf(ServerBusyError);
    expect([gate.active, gate.waiting]).toEqual([1, 0]);
    blocker!.release();
    await until(() => gate.active === 0);
  });

  it('frees the place when the work fails', async () => {
    const gate = createDbGate({ maxConcurrent: 1, queueLimit: 0, queueTimeoutMs: 1_000 });
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(async () => 'again')).toBe('again');
  });
});

describe('the app behind a saturated gate', () => {
  async function setup(limits: Config['database']['pglite']) {
    const dbGate = createDbGate(limits);
    const t = await accountsApp(database(), {}, { dbGate });
    const anna = await signUp(t.api);
    const folderNames = async () =>
      (
        await database()
          .db.select({ name: folders.name })
          .from(folders)
          .where(eq(folders.userId, anna.user.id))
      ).map((row) => row.name);
    return { t, anna, dbGate, folderNames };
  }

  it('answers 503 with Retry-After and the error body when the queue is full, and writes nothing', async () => {
    const { t, anna, dbGate, folderNames } = await setup({
      maxConcurrent: 1,
      queueLimit: 0,
      queueTimeoutMs: 2_000,
    });
    const busy = hold(dbGate);
    await busy.done;

    const res = await t.api.call(endpoints.createFolder, {
      token: anna.token,
      body: { name: 'Projekte' },
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe('2');
    expect(ErrorBody.parse(res.error)).toEqual({
      success: false,
      code: 'server',
      message: 'Server busy. Please try again shortly.',
      requestId: expect.any(String),
    });
    // The request's own line says 503 (as a warning); no failure with a stack is logged.
    expect(t.logs.filter((line) => line.msg === 'request failed')).toEqual([]);
    expect(t.logs.some((line) => line.msg === 'request' && line.status === 503)).toBe(true);

    busy.release();
    await until(() => dbGate.active === 0);
    expect(await folderNames()).toEqual([]);
    const again = await t.api.call(endpoints.createFolder, {
      token: anna.token,
      body: { name: 'Projekte' },
    });
    expect(again.status).toBe(200);
    expect(await folderNames()).toEqual(['Projekte']);
  });

  it('answers 503 to a request that waited queueTimeoutMs; one that gets its place in time succeeds', async () => {
    const { t, anna, dbGate, folderNames } = await setup({
      maxConcurrent: 1,
      queueLimit: 10,
      queueTimeoutMs: 50,
    });
    const busy = hold(dbGate);
    await busy.done;
    const late = await t.api.call(endpoints.createFolder, {
      token: anna.token,
      body: { name: 'Zu spät' },
    });
    expect(late.status).toBe(503);
    expect(late.headers.get('Retry-After')).toBe('1');
    expect(late.error.code).toBe('server');

    // Queued while the place is held, then let through when it frees.
    const inTime = t.api.call(endpoints.createFolder, {
      token: anna.token,
      body: { name: 'Rechtzeitig' },
    });
    await until(() => dbGate.waiting === 1);
    busy.release();
    expect((await inTime).status).toBe(200);
    expect(await folderNames()).toEqual(['Rechtzeitig']);
  });

  it('signs in without holding a place while the password is checked', async () => {
    const real = createDbGate({ maxConcurrent: 1, queueLimit: 10, queueTimeoutMs: 10_000 });
    const placesHeldWhileHashing: number[] = [];
    // The real gate, watched: how many places are taken while the sign-in is away hashing.
    const dbGate: DbGate = {
      run: (work) =>
        real.run((place) =>
          work({
            away: (outside) =>
              place.away(() => {
                placesHeldWhileHashing.push(real.active);
                return outside();
              }),
          }),
        ),
      get active() {
        return real.active;
      },
      get waiting() {
        return real.waiting;
      },
    };
    const t = await accountsApp(database(), {}, { dbGate });
    const anna = await signUp(t.api);
    const res = await t.api.call(endpoints.login, {
      body: { email: anna.email, password: anna.password },
    });
    expect(res.status).toBe(200);
    // One check at registration (hashing) and one at sign-in (verifying), each with no place held.
    expect(placesHeldWhileHashing).toEqual([0, 0]);
    expect([real.active, real.waiting]).toEqual([0, 0]);
  });

  it('keeps health outside the gate', async () => {
    const { t, dbGate } = await setup({ maxConcurrent: 1, queueLimit: 0, queueTimeoutMs: 1_000 });
    const busy = hold(dbGate);
    await busy.done;
    expect((await t.api.call(endpoints.health)).status).toBe(200);
    busy.release();
  });
});

describe.runIf(testDbKind === 'postgres')('PostgreSQL pool with no free connection', () => {
  it('answers 503 with Retry-After after DATABASE_POOL_TIMEOUT_MS and writes nothing', async () => {
    // Opened with a long wait, so that its one connection is made whatever the machine's load
    // (a 50 ms limit on making it failed under load); then waiting for that connection, the
    // thing under test, is limited to 50 ms (node-postgres reads the limit on every wait).
    const small = await openPostgres(database().url!, {
      migrate: false,
      pool: { max: 1, timeoutMs: 60_000 },
    });
    (small.db as unknown as { $client: pg.Pool }).$client.options.connectionTimeoutMillis = 50;
    try {
      const t = await accountsApp(small, { DATABASE_POOL_TIMEOUT_MS: '50' });
      const anna = await signUp(t.api);
      // The pool's one connection, held by a transaction until released.
      let release!: () => void;
      let holding!: () => void;
      const held = new Promise<void>((resolve) => (holding = resolve));
      const transaction = small.db.transaction(async () => {
        holding();
        await new Promise<void>((resolve) => (release = resolve));
      });
      await held;
      const res = await t.api.call(endpoints.createFolder, {
        token: anna.token,
        body: { name: 'Projekte' },
      });
      expect(res.status).toBe(503);
      expect(res.headers.get('Retry-After')).toBe('1');
      expect(res.error.code).toBe('server');
      release();
      await transaction;
      const rows = await small.db.select().from(folders).where(eq(folders.userId, anna.user.id));
      expect(rows).toEqual([]);
    } finally {
      await small.close();
    }
  });
});
