// An engine's slots counted in the database, so its `concurrency` holds for every worker process
// on it together (docs/decisions/015-engine-slots-across-processes.md). A request takes one row
// of `engine_slots` with a lease, as a worker claims a job (queue.ts): free or with a lease run
// out, FOR UPDATE SKIP LOCKED, so two processes never take one row. The lease is renewed while
// the request runs and cleared when it ends; a killed process's slots come back when their
// leases run out. A release notifies ENGINE_SLOTS_CHANNEL, which wakes the waiting requests of
// every process; polling is the fallback (no LISTEN, a lease that ran out: nobody notifies).
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import { engineSlots } from '../db/schema.ts';
import type { Config } from '../config.ts';
import { silentLogger, type Logger } from '../lib/logger.ts';
import { releaseCounter, type EngineSlots } from '../processing/engine-slots.ts';
import { DEFAULT_LEASE_MS } from './queue.ts';

/** The channel a released slot is announced on. */
export const ENGINE_SLOTS_CHANNEL = 'protokoll_engine_slots';

/** How often a request waiting for a slot looks again without a notification. */
export const DEFAULT_SLOT_POLL_MS = 500;

export interface DatabaseSlotsOptions {
  db: Db;
  /** The database's LISTEN (Database.listen); without it waiting requests only poll. */
  listen?: Database['listen'];
  /** Names this process in `held_by` (with a number per acquisition); defaults to host and pid. */
  holder?: string;
  /** How long a slot stays held without renewal; renewed every third of it. */
  leaseMs: number;
  pollMs?: number;
  logger?: Logger;
}

const leaseEnd = (leaseMs: number) => sql`now() + ${leaseMs} * interval '1 millisecond'`;

export function databaseEngineSlots(options: DatabaseSlotsOptions): EngineSlots {
  const { db, leaseMs, logger = silentLogger } = options;
  const pollMs = options.pollMs ?? DEFAULT_SLOT_POLL_MS;
  // One instance, one prefix: a slot this process took again after losing its lease is another
  // acquisition, whose release the first one's cannot clear.
  const prefix = `${options.holder ?? `${hostname()}:${process.pid}`}#${randomBytes(3).toString('hex')}`;
  const counter = releaseCounter();
  /** Rows made per engine and size: made once, by whichever process comes first. */
  const made = new Map<string, Promise<unknown>>();
  /** Held acquisitions: their leases are renewed together. */
  const held = new Set<string>();
  let taken = 0;
  let heartbeat: NodeJS.Timeout | undefined;
  let listening: Promise<(() => Promise<void>) | undefined> | undefined;
  let closed = false;

  function listen() {
    listening ??= options.listen
      ? options
          .listen(ENGINE_SLOTS_CHANNEL, () => counter.bump())
          .catch((error: unknown) => {
            logger.warn('cannot listen for engine slots: waiting requests poll', { err: error });
            return undefined;
          })
      : Promise.resolve(undefined);
    return listening;
  }

  function renew() {
    if (held.size === 0) return;
    const tokens = [...held];
    db.update(engineSlots)
      .set({ leaseUntil: leaseEnd(leaseMs) })
      .where(inArray(engineSlots.heldBy, tokens))
      .returning({ heldBy: engineSlots.heldBy })
      .then(
        (rows) => {
          // Another process took the slot after the lease ran out (renewals failed for that
          // long): the engine may see one request more than its limit until this one ends.
          const kept = new Set(rows.map((row) => row.heldBy));
          const lost = tokens.filter((token) => held.has(token) && !kept.has(token));
          if (lost.length > 0) logger.warn('engine slot leases lost', { slots: lost });
        },
        // Retried at the next beat; the lease outlasts two of them.
        (error: unknown) => logger.warn('engine slot renewal failed', { err: error }),
      );
  }

  function hold(token: string) {
    held.add(token);
    if (!heartbeat && !closed) {
      heartbeat = setInterval(renew, Math.max(10, Math.floor(leaseMs / 3)));
      heartbeat.unref();
    }
  }

  function letGo(token: string) {
    held.delete(token);
    if (held.size === 0) {
      clearInterval(heartbeat);
      heartbeat = undefined;
    }
  }

  async function tryTake(engine: string, size: number) {
    void listen();
    const key = `${engine}/${size}`;
    let rows = made.get(key);
    if (!rows) {
      rows = db.execute(sql`
        insert into ${engineSlots} (engine, slot)
        select ${engine}, n from generate_series(0, ${size - 1}::integer) as n
        on conflict do nothing`);
      made.set(key, rows);
      rows.catch(() => made.delete(key));
    }
    await rows;
    const token = `${prefix}:${++taken}`;
    const free = db
      .select({ slot: engineSlots.slot })
      .from(engineSlots)
      .where(
        and(
          eq(engineSlots.engine, engine),
          lt(engineSlots.slot, size),
          or(isNull(engineSlots.heldBy), lt(engineSlots.leaseUntil, sql`now()`)),
        ),
      )
      .orderBy(engineSlots.slot)
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await db
      .update(engineSlots)
      .set({ heldBy: token, leaseUntil: leaseEnd(leaseMs) })
      .where(and(eq(engineSlots.engine, engine), inArray(engineSlots.slot, free)))
      .returning({ slot: engineSlots.slot });
    if (!row) return undefined;
    hold(token);
    let given = false;
    return async () => {
      if (given) return;
      given = true;
      letGo(token);
      try {
        // Cleared only while still this acquisition's, and announced only then.
        await db.execute(sql`
          with freed as (
            update ${engineSlots} set held_by = null, lease_until = null
            where engine = ${engine} and slot = ${row.slot} and held_by = ${token}
            returning 1
          )
          select pg_notify(${ENGINE_SLOTS_CHANNEL}, '') from freed`);
      } catch (error) {
        logger.warn('engine slot release failed: it is free when its lease runs out', {
          engine,
          err: error,
        });
      }
      // This process's waiters need no round trip through the database.
      counter.bump();
    };
  }

  return {
    tryTake,
    releases: counter.count,
    released(since, signal) {
      // Not awaited: an abort must end the wait at once, even while LISTEN is still connecting;
      // a release announced before it listens is found by the poll.
      void listen();
      return counter.after(since, signal, pollMs);
    },
    async close() {
      closed = true;
      clearInterval(heartbeat);
      heartbeat = undefined;
      const unlisten = await listening;
      listening = Promise.resolve(undefined);
      await unlisten?.();
    },
  };
}

/**
 * A process's engine slots on its database (the API's in-process worker and `npm run worker`
 * alike): held as long as a job's lease, so a killed process's slots and jobs come back together.
 */
export function engineSlotsOf(
  database: Pick<Database, 'db' | 'listen'>,
  config: Pick<Config, 'worker'>,
  logger: Logger,
): EngineSlots {
  return databaseEngineSlots({
    db: database.db,
    listen: database.listen,
    leaseMs: config.worker.leaseMs ?? DEFAULT_LEASE_MS,
    logger,
  });
}
