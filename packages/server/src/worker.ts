// A worker process without HTTP: `npm run worker` (or `tsx packages/server/src/worker.ts`) on as
// many machines as needed, all pointing at the same PostgreSQL (DATABASE_URL) and, with
// STORAGE=s3, the same bucket (each its own DATA_DIR). The API processes then run with WORKER=off,
// or keep their own in-process worker as well. With WORKER_METRICS_PORT it serves GET /metrics
// (behind METRICS_TOKEN) on that port and nothing else.
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import {
  createJobSignal,
  createWorker,
  engineSlotsOf,
  enginesFromConfig,
  listenForJobs,
} from './jobs/index.ts';
import { createLogger } from './lib/logger.ts';
import { observeQueue } from './lib/metrics.ts';
import { startTracing } from './lib/tracing.ts';
import { storageOf } from './providers/storage/index.ts';
import { startMetricsServer, type MetricsServer } from './routes/health/worker-metrics.ts';

/** How long a running job may take to finish after SIGTERM before it is handed back. */
const STOP_GRACE_MS = 20_000;

let config: Config;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.format()}\n`);
  process.exit(1);
}

const logger = createLogger({ level: config.logLevel });
const tracing = startTracing(config.observability);
if (!config.databaseUrl) {
  // PGlite's files belong to the one process that opened them; a second process on the same
  // folder (this worker next to the API) would corrupt them.
  process.stderr.write(
    'Protokoll-Worker startet nicht: ein eigener Worker braucht PostgreSQL (DATABASE_URL).\n' +
      '  Mit der eingebetteten Datenbank (PGlite) läuft der Worker im Serverprozess (npm start).\n',
  );
  process.exit(1);
}
if (config.sttEngines.length === 0) {
  logger.warn('no STT_BASE_URL: jobs that need transcription will fail');
}

let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase(config, { logger });
} catch (error) {
  logger.error('start failed', { err: error });
  process.stderr.write(
    `Protokoll-Worker startet nicht: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}

// The database's notifications wake the worker when an API process queues a job; polling stays
// as the fallback (a lost LISTEN connection, a job whose retry time came).
const jobs = createJobSignal();
const stopListening = await listenForJobs(database, jobs, logger);
// An engine's slots are counted in the database, for all worker processes together; a release
// anywhere wakes this process's waiting requests.
const engineSlots = engineSlotsOf(database, config, logger);
const worker = createWorker({
  db: database.db,
  config,
  logger,
  storage: storageOf(config),
  jobs,
  engines: enginesFromConfig(config, { slots: engineSlots }),
});
// Queue depth and the oldest job's age are read from this database when scraped.
observeQueue(database.db);
let metrics: MetricsServer | undefined;
if (config.worker.metricsPort !== undefined) {
  if (!config.observability.metricsToken) {
    logger.warn('WORKER_METRICS_PORT without METRICS_TOKEN: /metrics answers 404');
  }
  try {
    metrics = await startMetricsServer({
      host: config.host,
      port: config.worker.metricsPort,
      token: config.observability.metricsToken,
    });
  } catch (error) {
    logger.error('start failed', { err: error });
    process.stderr.write(
      `Protokoll-Worker startet nicht: Metriken auf ${config.host}:${config.worker.metricsPort}: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  }
  logger.info('worker metrics listening', { url: metrics.url });
}
// The signals are handled before the worker announces itself: a supervisor that reads the line
// and stops it at once (or a preempted process) never meets the default handler, which would
// end the process mid-claim without closing its connections.
let stopping = false;
const stop = (signal: NodeJS.Signals) => {
  if (stopping) process.exit(1);
  stopping = true;
  logger.info('shutting down', { signal });
  worker
    .stop({ graceMs: STOP_GRACE_MS })
    .then(() => stopListening())
    .then(() => engineSlots.close())
    .then(() => metrics?.close())
    .then(() => tracing?.shutdown())
    .then(() => database.close())
    .then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error('shutdown failed', { err: error });
        process.exit(1);
      },
    );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

worker.start();
process.stdout.write(
  `Protokoll-Worker ${worker.id} läuft (${database.kind})${metrics ? `, Metriken auf ${metrics.url}/metrics` : ''}\n`,
);
