// Several engines of one kind (STT_ENGINES, LLM_ENGINES) behind the one client interface the
// pipeline uses (docs/architecture.md#providers). Each request goes to a healthy engine with room,
// shared by weight (smooth weighted round robin: deterministic, and even over short runs); a
// request that fails in a way another engine may not (unreachable, timeout, 5xx, 429) is sent to
// the next engine at once. An engine that could not be reached or failed on its side is out of
// rotation until its health check answers again. An engine's room (its `concurrency`) is counted
// by the pool's EngineSlots: across every process on the database when the worker hands it the
// database's slots (jobs/engine-slots.ts), in this process otherwise.
import { createHash } from 'node:crypto';
import type { EngineConfig } from '../config.ts';
import { engineLatency, engineRequests, engineUp, secondsSince } from '../lib/metrics.ts';
import { EngineError, normaliseBaseUrl, type EngineName } from './engine.ts';
import { memoryEngineSlots, type EngineSlots, type SlotRelease } from './engine-slots.ts';

export interface PoolEngineStatus {
  name: string;
  tag: 'local' | 'cloud';
  up: boolean;
}

interface Member<C> {
  config: EngineConfig;
  client: C;
  /** Names the engine's slots wherever they are counted (slotKey). */
  slotKey: string;
  up: boolean;
  /** Smooth weighted round robin's running score. */
  current: number;
}

export interface EnginePool<C> {
  readonly kind: EngineName;
  /** Runs `call` on a chosen engine, and on the next ones while it fails retryably. */
  run<T>(call: (client: C) => Promise<T>, signal?: AbortSignal): Promise<T>;
  /**
   * Runs `calls` with a `run` whose calls, made one after another, keep the engine's slot from
   * one to the next (a long transcript's parts: no slot taken and given back between them); the
   * slot is given back when `calls` ends, or when a call fails or its engine is out of rotation.
   */
  sequence<T>(calls: (run: EnginePool<C>['run']) => Promise<T>): Promise<T>;
  status(): PoolEngineStatus[];
  /** Checks every engine now (also done every `healthIntervalMs` once started). */
  checkHealth(): Promise<void>;
  start(): void;
  stop(): void;
}

export interface EnginePoolOptions {
  healthIntervalMs?: number;
  /** Answers whether the engine is reachable; defaults to GET {base}/models (any answer < 500). */
  probe?: (config: EngineConfig, signal: AbortSignal) => Promise<boolean>;
  fetch?: typeof fetch;
  /** Where the engines' requests in flight are counted; defaults to this pool alone. */
  slots?: EngineSlots;
}

/**
 * The name an engine's slots go by: processes that configure the same engine (name and URL) share
 * them. The URL is hashed, not stored (it may carry credentials); with it, two machines' default
 * `stt-1` that point at engines of their own never share a count, and engines of one URL that
 * are different engines (127.0.0.1 on each machine) are kept apart by naming them.
 */
export function slotKey(kind: EngineName, config: EngineConfig): string {
  const url = createHash('sha256').update(normaliseBaseUrl(config.baseUrl)).digest('hex');
  return `${kind}:${config.name}:${url.slice(0, 12)}`;
}

/** Reasons that say the engine itself is unwell, not the request: out of rotation. */
const UNWELL = new Set(['unreachable', 'timeout', 'server']);

export const DEFAULT_HEALTH_INTERVAL_MS = 10_000;

/** The default health check: the engine answers HTTP on its model list at all (404 included). */
export function httpProbe(fetchImpl: typeof fetch = fetch) {
  return async (config: EngineConfig, signal: AbortSignal): Promise<boolean> => {
    try {
      const response = await fetchImpl(`${normaliseBaseUrl(config.baseUrl)}/models`, {
        headers: config.apiKey ? { Authorization: `Bearer ${config.apiKey}` } : {},
        signal,
      });
      await response.body?.cancel();
      return response.status < 500;
    } catch {
      return false;
    }
  };
}

export function createEnginePool<C>(
  kind: EngineName,
  engines: readonly { config: EngineConfig; client: C }[],
  options: EnginePoolOptions = {},
): EnginePool<C> {
  if (engines.length === 0) throw new Error('an engine pool needs at least one engine');
  const members: Member<C>[] = engines.map(({ config, client }) => ({
    config,
    client,
    slotKey: slotKey(kind, config),
    up: true,
    current: 0,
  }));
  const probe = options.probe ?? httpProbe(options.fetch);
  const interval = options.healthIntervalMs ?? DEFAULT_HEALTH_INTERVAL_MS;
  const slots = options.slots ?? memoryEngineSlots();
  let timer: NodeJS.Timeout | undefined;

  function mark(member: Member<C>, up: boolean) {
    member.up = up;
    engineUp.set({ kind, engine: member.config.name, tag: member.config.tag }, up ? 1 : 0);
  }
  for (const member of members) mark(member, true);

  /** The engines to try next, not tried yet: healthy ones first, by weight. */
  function candidates(tried: Set<Member<C>>): Member<C>[] {
    const untried = members.filter((m) => !tried.has(m));
    const healthy = untried.filter((m) => m.up);
    // With every untried engine out of rotation, one is tried anyway: its check may be stale.
    const pool = healthy.length > 0 ? healthy : untried;
    // Smooth weighted round robin's order: the engine it would pick first, then the next ones,
    // should the first have no room (ties go to the earlier engine, as in the pick itself).
    return pool
      .map((m, at) => ({ m, at, score: m.current + m.config.weight }))
      .sort((a, b) => b.score - a.score || a.at - b.at)
      .map(({ m }) => m);
  }

  /**
   * Smooth weighted round robin's step, `chosen` among the engines that had room (`by` 1), or
   * taken back (`by` −1). The steps only add, so taking one back after other requests stepped
   * meanwhile leaves theirs as they were.
   */
  function step(chosen: Member<C>, withRoom: Member<C>[], by: 1 | -1) {
    let total = 0;
    for (const m of withRoom) {
      m.current += by * m.config.weight;
      total += m.config.weight;
    }
    chosen.current -= by * total;
  }

  /**
   * A slot of the first engine in `order` that has room, tried in turn: undefined when none has.
   * Each engine's step is made before its slot is asked for, so requests starting meanwhile
   * already go on to the next engine by weight (a burst is spread, not all sent to the first);
   * the step is taken back when the engine had no room. Engines after the one that had room
   * count as having room too (they were not asked).
   */
  async function take(
    order: Member<C>[],
  ): Promise<{ member: Member<C>; release: SlotRelease } | undefined> {
    for (const [at, member] of order.entries()) {
      const withRoom = order.slice(at);
      step(member, withRoom, 1);
      let release: SlotRelease | undefined;
      try {
        release = await slots.tryTake(member.slotKey, member.config.concurrency);
      } finally {
        if (!release) step(member, withRoom, -1);
      }
      if (release) return { member, release };
    }
    return undefined;
  }

  /** A slot kept between the calls of a sequence. */
  interface Kept {
    slot?: { member: Member<C>; release: SlotRelease } | undefined;
  }

  async function run<T>(
    call: (client: C) => Promise<T>,
    signal?: AbortSignal,
    kept?: Kept,
  ): Promise<T> {
    const tried = new Set<Member<C>>();
    let lastError: unknown;
    for (;;) {
      signal?.throwIfAborted();
      const order = candidates(tried);
      if (order.length === 0) throw lastError;
      const seen = slots.releases();
      const held = kept?.slot;
      if (kept) kept.slot = undefined;
      // The sequence's slot serves while its engine is still a candidate.
      if (held && !order.includes(held.member)) await held.release();
      const taken = held && order.includes(held.member) ? held : await take(order);
      if (!taken) {
        // A stopping worker's job must not wait here for another request to end.
        await slots.released(seen, signal);
        continue;
      }
      const { member, release } = taken;
      if (signal?.aborted) {
        await release();
        signal.throwIfAborted();
      }
      tried.add(member);
      const started = performance.now();
      const labels = { kind, engine: member.config.name };
      let keep = false;
      try {
        const result = await call(member.client);
        engineRequests.inc({ ...labels, outcome: 'ok' });
        engineLatency.observe(labels, secondsSince(started));
        if (!member.up) mark(member, true);
        // Kept for the sequence's next call (one at a time; a second one's slot goes back).
        if (kept && !kept.slot) {
          kept.slot = taken;
          keep = true;
        }
        return result;
      } catch (error) {
        if (!(error instanceof EngineError)) throw error;
        engineRequests.inc({ ...labels, outcome: error.reason });
        engineLatency.observe(labels, secondsSince(started));
        if (UNWELL.has(error.reason)) mark(member, false);
        if (!error.retryable) throw error;
        lastError = error;
      } finally {
        if (!keep) await release();
      }
    }
  }

  async function sequence<T>(calls: (run: EnginePool<C>['run']) => Promise<T>): Promise<T> {
    const kept: Kept = {};
    try {
      return await calls((call, signal) => run(call, signal, kept));
    } finally {
      await kept.slot?.release();
    }
  }

  async function checkHealth() {
    await Promise.all(
      members.map(async (member) => {
        const up = await probe(member.config, AbortSignal.timeout(5_000));
        if (up !== member.up) mark(member, up);
      }),
    );
  }

  return {
    kind,
    run: (call, signal) => run(call, signal),
    sequence,
    status: () => members.map((m) => ({ name: m.config.name, tag: m.config.tag, up: m.up })),
    checkHealth,
    start() {
      if (timer) return;
      timer = setInterval(() => void checkHealth(), interval);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
