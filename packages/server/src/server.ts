import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp, type App } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { createJobSignal, createWorker, type Worker, type WorkerOptions } from './jobs/index.ts';
import { ensureJwtSecret } from './lib/auth/secret.ts';
import { answerClientError, MAX_HEADER_BYTES } from './lib/client-error.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { startUploadSweeper } from './lib/upload-temp.ts';
import { warnAboutPlaceholderPages } from './web/placeholder-content.ts';
import { startPgliteUpkeep } from './db/pglite-upkeep.ts';
import { storageOf } from './providers/storage/index.ts';
import type { Storage } from './providers/storage/storage.ts';
import { paymentsFromConfig } from './providers/payments/index.ts';
import { audioTools, describeAudioTools } from './processing/audio-tools.ts';

export interface StartOptions {
  /** Use this database instead of opening one from the config; the caller then closes it. */
  db?: Database;
  logger?: Logger;
  /** Where recordings live; defaults to the audio folder in DATA_DIR. */
  storage?: Storage;
  /**
   * Run the processing worker in this process (default true; `WORKER=off` in main.ts turns it
   * off when separate worker processes do the work). Options go to `createWorker`.
   */
  worker?: boolean | Omit<WorkerOptions, 'db' | 'config' | 'logger' | 'storage' | 'jobs'>;
}

export interface RunningServer {
  app: App;
  db: Database;
  /** Base URL actually listened on, e.g. http://127.0.0.1:3000 (the real port when PORT=0). */
  url: string;
  port: number;
  /** The in-process worker, unless it was turned off. */
  worker: Worker | undefined;
  /**
   * Stops accepting connections and the worker (running jobs get a grace period, then go back to
   * the queue), finishes open requests, then closes the database it opened.
   */
  close(): Promise<void>;
}

/** Grace period for open connections before they are cut on shutdown. */
const CLOSE_TIMEOUT_MS = 5_000;

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

/** Opens the database (applying migrations), builds the app and listens on HOST:PORT. */
export async function startServer(
  configured: Config,
  options: StartOptions = {},
): Promise<RunningServer> {
  const config = await ensureJwtSecret(configured);
  const logger = options.logger ?? createLogger({ level: config.logLevel });
  if (config.nodeEnv === 'production' && !configured.jwtSecret) {
    logger.warn('JWT_SECRET is not set: using the generated secret in DATA_DIR', {
      hint: 'set JWT_SECRET when several API processes serve the same users',
    });
  }
  const db = options.db ?? (await openDatabase(config, { logger }));
  const ownsDb = !options.db;
  // One storage and one job signal for the API and its worker: an upload wakes the worker at once.
  const storage = options.storage ?? storageOf(config);
  const jobs = createJobSignal();
  const payments = paymentsFromConfig(config);
  if (!payments) logger.info('payments are off: STRIPE_SECRET_KEY is not set');
  const app = createApp({ db, config, logger, storage, jobs, ...(payments ? { payments } : {}) });

  let server: ReturnType<typeof serve>;
  let port: number;
  try {
    ({ server, port } = await new Promise<{ server: ReturnType<typeof serve>; port: number }>(
      (resolve, reject) => {
        const s = serve(
          {
            fetch: app.fetch,
            port: config.port,
            hostname: config.host,
            serverOptions: { maxHeaderSize: MAX_HEADER_BYTES },
          },
          (info: AddressInfo) => resolve({ server: s, port: info.port }),
        );
        s.once('error', reject);
        s.on('clientError', answerClientError);
      },
    ));
  } catch (error) {
    if (ownsDb) await db.close();
    throw error;
  }

  const url = `http://${urlHost(config.host)}:${port}`;
  logger.info('listening', { url, database: db.kind, serveApp: config.serveApp });
  // The Impressum must name the operator: a production server serving the template says so.
  if (config.nodeEnv === 'production' && config.serveApp) {
    await warnAboutPlaceholderPages(config.appDist, logger);
  }
  // Checked now, not at the first upload: a server without them says so in its log and in
  // GET /api/capabilities, and refuses uploads before reading them.
  const tools = await audioTools();
  if (tools.missing.length > 0) logger.warn('audio tools missing', describeAudioTools(tools));
  else logger.info('audio tools', describeAudioTools(tools));
  // Every API process sweeps, so a crashed one's temporary uploads go without a worker starting.
  const sweeper = startUploadSweeper({
    dataDir: config.dataDir,
    intervalMs: config.uploads.sweepIntervalMs,
    staleAfterMs: config.uploads.staleAfterMs,
    resumableExpireMs: config.uploads.resumableExpireMs,
    logger,
  });

  // PGlite has no autovacuum: the server keeps its statistics and dead rows in hand.
  const upkeep = db.kind === 'pglite' ? startPgliteUpkeep(db.db, logger) : undefined;

  const workerOptions = options.worker ?? true;
  const worker =
    workerOptions === false
      ? undefined
      : createWorker({
          db: db.db,
          config,
          logger,
          storage,
          jobs,
          ...(workerOptions === true ? {} : workerOptions),
        });
  worker?.start();

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      const workerStopped = worker?.stop({ graceMs: CLOSE_TIMEOUT_MS });
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => {
          if ('closeAllConnections' in server) server.closeAllConnections();
        }, CLOSE_TIMEOUT_MS);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        if ('closeIdleConnections' in server) server.closeIdleConnections();
      });
      await Promise.all([workerStopped, sweeper.stop(), upkeep?.stop()]);
      if (ownsDb) await db.close();
      logger.info('stopped');
    })();
    return closing;
  };

  return { app, db, url, port, worker, close };
}
