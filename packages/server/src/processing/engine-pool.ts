// Several engines of one kind (STT_ENGINES, LLM_ENGINES) behind the one client interface the
// pipeline uses (docs/architecture.md#providers). Each request goes to a healthy engine with room,
// shared by weight (smooth weighted round robin: deterministic, and even over short runs); a
// request that fails in a way another engine may not (unreachable, timeout, 5xx, 429) is sent to
// the next engine at once. An engine that could not be reached or failed on its side is out of
// rotation until its health check answers again.
import type { EngineConfig } from '../config.ts';
import { engineLatency, engineRequests, engineUp, secondsSince } from '../lib/metrics.ts';
import { EngineError, normaliseBaseUrl, type EngineName } from './engine.ts';

export interface PoolEngineStatus {
  name: string;
  tag: 'local' | 'cloud';
  up: boolean;
}

interface Member<C> {
  config: EngineConfig;
  client: C;
  inFlight: number;
  up: boolean;
  /** Smooth weighted round robin's running score. */
  current: number;
}

export interface EnginePool<C> {
  readonly kind: EngineName;
  /** Runs `call` on a chosen engine, and on the next ones while it fails retryably. */
  run<T>(call: (client: C) => Promise<T>, signal?: AbortSignal): Promise<T>;
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
    inFlight: 0,
    up: true,
    current: 0,
  }));
  const probe = options.probe ?? httpProbe(options.fetch);
  const interval = options.healthIntervalMs ?? DEFAULT_HEALTH_INTERVAL_MS;
  const waiters: (() => void)[] = [];
  let timer: NodeJS.Timeout | undefined;

  function mark(member: Member<C>, up: boolean) {
    member.up = up;
    engineUp.set({ kind, engine: member.config.name, tag: member.config.tag }, up ? 1 : 0);
  }
  for (const member of members) mark(member, true);

  /** The next engine by weight among those not tried yet: healthy with room first. */
  function pick(tried: Set<Member<C>>): Member<C> | undefined | 'wait' {
    const untried = members.filter((m) => !tried.has(m));
    if (untried.length === 0) return undefined;
    const healthy = untried.filter((m) => m.up);
    // With every untried engine out of rotation, one is tried anyway: its check may be stale.
    const pool = healthy.length > 0 ? healthy : untried;
    const free = pool.filter((m) => m.inFlight < m.config.concurrency);
    if (free.length === 0) return 'wait';
    const total = free.reduce((sum, m) => sum + m.config.weight, 0);
    let best = free[0]!;
    for (const m of free) {
      m.current += m.config.weight;
      if (m.current > best.current) best = m;
    }
    best.current -= total;
    return best;
  }

  function freed() {
    for (const wake of waiters.splice(0)) wake();
  }

  /** Resolves when a request ends somewhere in the pool; rejects at once when `signal` aborts. */
  function room(signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        const at = waiters.indexOf(wake);
        if (at >= 0) waiters.splice(at, 1);
        reject(signal?.reason as Error);
      };
      const wake = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      waiters.push(wake);
    });
  }

  async function run<T>(call: (client: C) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const tried = new Set<Member<C>>();
    let lastError: unknown;
    for (;;) {
      signal?.throwIfAborted();
      const member = pick(tried);
      if (member === undefined) throw lastError;
      if (member === 'wait') {
        // A stopping worker's job must not wait here for another request to end.
        await room(signal);
        continue;
      }
      tried.add(member);
      member.inFlight++;
      const started = performance.now();
      const labels = { kind, engine: member.config.name };
      try {
        const result = await call(member.client);
        engineRequests.inc({ ...labels, outcome: 'ok' });
        engineLatency.observe(labels, secondsSince(started));
        if (!member.up) mark(member, true);
        return result;
      } catch (error) {
        if (!(error instanceof EngineError)) throw error;
        engineRequests.inc({ ...labels, outcome: error.reason });
        engineLatency.observe(labels, secondsSince(started));
        if (UNWELL.has(error.reason)) mark(member, false);
        if (!error.retryable) throw error;
        lastError = error;
      } finally {
        member.inFlight--;
        freed();
      }
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
    run,
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
