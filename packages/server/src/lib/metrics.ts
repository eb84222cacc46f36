// The process's Prometheus metrics (GET /metrics, docs/architecture.md#observability): one
// registry per process, which the API, the worker and the engine pools write to. Queue depth and
// the oldest job's age are read from the database when scraped.
import { sql, type SQL } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/client.ts';

export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'protokoll_' });

const registers = [registry];
const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900];

export const httpRequests = new Counter({
  name: 'protokoll_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers,
});
export const httpDuration = new Histogram({
  name: 'protokoll_http_request_duration_seconds',
  help: 'Time from a request to its answer, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: SECONDS,
  registers,
});
export const jobStageDuration = new Histogram({
  name: 'protokoll_job_stage_duration_seconds',
  help: 'Time a job spent in a stage (after waiting for its slot)',
  labelNames: ['stage'] as const,
  buckets: SECONDS,
  registers,
});
export const jobSlotWait = new Histogram({
  name: 'protokoll_job_slot_wait_seconds',
  help: "Time a job waited for a worker's transcription or summary slot",
  labelNames: ['phase'] as const,
  buckets: SECONDS,
  registers,
});
export const jobsEnded = new Counter({
  name: 'protokoll_jobs_ended_total',
  help: 'Job attempts ended, by outcome (done, retry, failed, released, lost)',
  labelNames: ['outcome'] as const,
  registers,
});
export const minutesCharged = new Counter({
  name: 'protokoll_minutes_charged_total',
  help: 'Minutes charged for finished notes',
  registers,
});
export const engineRequests = new Counter({
  name: 'protokoll_engine_requests_total',
  help: 'Requests to speech and language engines, by engine and outcome (ok or the error reason)',
  labelNames: ['kind', 'engine', 'outcome'] as const,
  registers,
});
export const engineLatency = new Histogram({
  name: 'protokoll_engine_request_duration_seconds',
  help: 'Time an engine took to answer, by engine',
  labelNames: ['kind', 'engine'] as const,
  buckets: SECONDS,
  registers,
});
export const engineUp = new Gauge({
  name: 'protokoll_engine_up',
  help: 'Whether an engine is in rotation (1) or taken out after failures (0)',
  labelNames: ['kind', 'engine', 'tag'] as const,
  registers,
});
export const uploadsInFlight = new Gauge({
  name: 'protokoll_uploads_in_flight',
  help: 'Uploads being received now',
  registers,
});
export const dbGateWait = new Histogram({
  name: 'protokoll_db_gate_wait_seconds',
  help: 'Time a request waited for a place at the database gate (PGlite), by outcome',
  labelNames: ['outcome'] as const,
  buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2],
  registers,
});

let queueDb: Db | undefined;

/** The database whose queue the depth and age gauges read (the last app built in this process). */
export function observeQueue(db: Db): void {
  queueDb = db;
}

/**
 * The queue database's rows for `query`, or undefined when it cannot answer — whether its promise
 * fails or the call throws at once (a closed client): a scrape never fails for the queue gauges.
 */
async function queueRows<T>(query: SQL): Promise<T[] | undefined> {
  try {
    return rowsOf<T>(await queueDb!.execute(query));
  } catch {
    return undefined;
  }
}

new Gauge({
  name: 'protokoll_queue_depth',
  help: 'Jobs waiting (queued, due now) and running',
  labelNames: ['state'] as const,
  registers,
  async collect() {
    this.reset();
    if (!queueDb) return;
    // A database that cannot answer leaves the gauge out; the rest of the scrape still works.
    const rows = await queueRows<{ state: string; count: string | number }>(
      sql`select state, count(*) as count from jobs
      where state in ('queued', 'running') and (state = 'running' or run_at <= now())
      group by state`,
    );
    if (!rows) return;
    this.set({ state: 'queued' }, 0);
    this.set({ state: 'running' }, 0);
    for (const row of rows) this.set({ state: row.state }, Number(row.count));
  },
});
new Gauge({
  name: 'protokoll_queue_oldest_age_seconds',
  help: 'How long the oldest due job has waited to be claimed (0 when none waits)',
  registers,
  async collect() {
    if (!queueDb) return this.set(0);
    const rows = await queueRows<{ age: string | number | null }>(
      sql`select extract(epoch from now() - min(run_at)) as age from jobs
      where state = 'queued' and run_at <= now()`,
    );
    // Unknown, not zero (zero would say nothing waits): NaN, which Prometheus reads in any case.
    if (!rows) return this.set(NaN);
    this.set(Math.max(0, Number(rows[0]?.age ?? 0)));
  },
});

/** Seconds since `started` (a performance.now() reading). */
export function secondsSince(started: number): number {
  return (performance.now() - started) / 1000;
}
