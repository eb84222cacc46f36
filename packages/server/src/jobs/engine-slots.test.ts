import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startOpenAiPeer, type OpenAiPeer } from '../../../../tests/peers/openai.ts';
import type { EngineConfig } from '../config.ts';
import { openPostgres, rowsOf, type Database } from '../db/client.ts';
import { engineSlots } from '../db/schema.ts';
import { createChatClient, type ChatClient } from '../processing/chat.ts';
import { createEnginePool, slotKey } from '../processing/engine-pool.ts';
import type { EngineSlots } from '../processing/engine-slots.ts';
import { useTestDatabase } from '../test/db.ts';
import { databaseEngineSlots } from './engine-slots.ts';

const database = useTestDatabase();
let peer: OpenAiPeer;
/** A second connection to the same database on PostgreSQL, as another process has. */
let other: Database | undefined;
const opened: EngineSlots[] = [];
/** Resolves once a process's slots LISTEN for releases (the database has confirmed it). */
const listening = new Map<EngineSlots, Promise<void>>();

beforeAll(async () => {
  peer = await startOpenAiPeer({ latencyMs: 0 });
  const { url } = database();
  if (url) other = await openPostgres(url, { migrate: false });
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((slots) => slots.close()));
  await database().db.delete(engineSlots);
  peer.configure({ hold: undefined, maxConcurrency: undefined, latencyMs: 0 });
  peer.reset();
});
afterAll(async () => {
  await other?.close();
  await peer.close();
});

const engine = (concurrency: number): EngineConfig => ({
  name: 'llm-1',
  baseUrl: `${peer.url}/v1`,
  apiKey: undefined,
  model: undefined,
  weight: 1,
  concurrency,
  tag: 'local',
});

/** One process's slots: its own holder, its own connection where the engine has them. */
function slotsOf(
  holder: string,
  on: Database,
  options: { leaseMs?: number; pollMs?: number } = {},
): EngineSlots {
  let listened = () => {};
  const listen = on.listen;
  const slots = databaseEngineSlots({
    db: on.db,
    listen:
      listen &&
      (async (channel, onNotify) => {
        const stop = await listen(channel, onNotify);
        listened();
        return stop;
      }),
    holder,
    leaseMs: options.leaseMs ?? 60_000,
    pollMs: options.pollMs ?? 60_000,
  });
  opened.push(slots);
  listening.set(slots, new Promise<void>((resolve) => (listened = resolve)));
  return slots;
}

function poolOf(slots: EngineSlots, concurrency: number) {
  const client = createChatClient({ baseUrl: `${peer.url}/v1`, apiKey: undefined });
  return createEnginePool<ChatClient>('llm', [{ config: engine(concurrency), client }], { slots });
}

const ask = (client: ChatClient, signal?: AbortSignal) =>
  client.complete({
    model: 'test',
    messages: [{ role: 'user', content: 'Transkript: Guten Tag.' }],
    signal,
  });

/** Resolves once `check` holds, looking again on each turn of the event loop. */
async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setImmediate(resolve));
}

/** A hold on the peer's answers that the test lets go of. */
function holdAnswers() {
  let letGo = () => {};
  peer.configure({ hold: new Promise<void>((resolve) => (letGo = resolve)) });
  return () => letGo();
}

const inFlight = () => peer.requests.filter((r) => r.endpoint === 'chat' && r.status === 0).length;

describe('engine slots in the database', () => {
  it('keeps two processes together within the engine’s limit', async () => {
    const limit = 2;
    // Each answer takes a while, so the requests of both processes overlap at the engine.
    peer.configure({ maxConcurrency: limit, latencyMs: 100 });
    const one = poolOf(slotsOf('one', database()), limit);
    const two = poolOf(slotsOf('two', other ?? database()), limit);
    const pools = Array.from({ length: 8 }, (_, at) => (at % 2 === 0 ? one : two));
    const answers = await Promise.all(pools.map((pool) => pool.run((client) => ask(client))));

    expect(answers).toHaveLength(8);
    const chats = peer.requests.filter((r) => r.endpoint === 'chat');
    // Each process counting alone lets two through: four at once, two of them refused (429).
    expect(peer.peakConcurrency()).toBeLessThanOrEqual(limit);
    expect(chats.map((r) => r.status)).toEqual(Array(8).fill(200));
  });

  it('wakes a request waiting in another process when a slot is released (LISTEN/NOTIFY)', async () => {
    const letGo = holdAnswers();
    const one = poolOf(slotsOf('one', database()), 1);
    // Polls once a minute: only the notification can wake it within the test's time.
    const twoSlots = slotsOf('two', other ?? database(), { pollMs: 60_000 });
    const two = poolOf(twoSlots, 1);
    const first = one.run((client) => ask(client));
    await until(() => inFlight() === 1);
    let secondAsked = false;
    const second = two.run((client) => {
      secondAsked = true;
      return ask(client);
    });
    // The second waits on a slot held in the database, not at the engine.
    await until(async () => {
      const [row] = await database()
        .db.select({ heldBy: engineSlots.heldBy })
        .from(engineSlots)
        .where(eq(engineSlots.slot, 0));
      return row?.heldBy?.startsWith('one#') === true;
    });
    expect(secondAsked).toBe(false);
    // A release before the second process listens would only be found by its poll.
    await listening.get(twoSlots);
    letGo();
    await Promise.all([first, second]);
    expect(peer.peakConcurrency()).toBe(1);
  });

  it('takes over the slot of a killed holder once its lease has run out', async () => {
    const key = slotKey('llm', engine(1));
    const killed = slotsOf('killed', database(), { leaseMs: 400 });
    expect(await killed.tryTake(key, 1)).toBeDefined();
    // Killed: no more renewals, and no release.
    await killed.close();
    const [held] = rowsOf<{ until: string }>(
      await database().db.execute(
        sql`select lease_until::text as until from engine_slots where engine = ${key}`,
      ),
    );

    const survivor = poolOf(slotsOf('survivor', other ?? database(), { pollMs: 50 }), 1);
    expect(await survivor.run((client) => ask(client))).toContain('{');

    const [after] = rowsOf<{ expired: boolean; free: boolean }>(
      await database().db.execute(
        sql`select now() >= ${held!.until}::timestamptz as expired, held_by is null as free
            from engine_slots where engine = ${key}`,
      ),
    );
    expect(after).toEqual({ expired: true, free: true });
  });

  it('keeps a slot while its holder renews the lease', async () => {
    const key = slotKey('llm', engine(1));
    const holder = slotsOf('holder', database(), { leaseMs: 150 });
    const release = await holder.tryTake(key, 1);
    expect(release).toBeDefined();
    const leaseOf = async () =>
      rowsOf<{ until: string }>(
        await database().db.execute(
          sql`select lease_until::text as until from engine_slots where engine = ${key}`,
        ),
      )[0]!.until;
    const first = await leaseOf();
    // Two renewals later the first lease has long run out, yet the slot is still held.
    await until(async () => {
      const [row] = rowsOf<{ renewed: boolean }>(
        await database().db.execute(
          sql`select lease_until > ${first}::timestamptz + interval '150 milliseconds' as renewed
              from engine_slots where engine = ${key}`,
        ),
      );
      return row?.renewed === true;
    });
    const rival = slotsOf('rival', other ?? database());
    expect(await rival.tryTake(key, 1)).toBeUndefined();
    await release!();
    const after = await rival.tryTake(key, 1);
    expect(after).toBeDefined();
    await after!();
  });

  it('lets a request waiting for a slot go at once when its signal aborts', async () => {
    const letGo = holdAnswers();
    const pool = poolOf(slotsOf('one', database()), 1);
    const running = pool.run((client) => ask(client));
    await until(() => inFlight() === 1);
    const controller = new AbortController();
    let secondRan = false;
    const waiting = pool.run((client) => {
      secondRan = true;
      return ask(client);
    }, controller.signal);
    const reason = new Error('stopping');
    controller.abort(reason);
    await expect(waiting).rejects.toBe(reason);

    letGo();
    await running;
    expect(secondRan).toBe(false);
    expect(peer.requests.filter((r) => r.endpoint === 'chat')).toHaveLength(1);
  });
});
