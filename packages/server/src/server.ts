import { readFile } from 'node:fs/promises';
import { createSecureServer, type Http2Session } from 'node:http2';
import type { AddressInfo, Socket } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp, type App } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import {
  createJobSignal,
  createWorker,
  engineSlotsOf,
  enginesFromConfig,
  listenForJobs,
  type Worker,
  type WorkerOptions,
} from './jobs/index.ts';
import { ensureJwtSecret } from './lib/auth/secret.ts';
import { answerClientError, MAX_HEADER_BYTES } from './lib/client-error.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { startTracing } from './lib/tracing.ts';
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
  /**
   * Base URL actually listened on, e.g. http://127.0.0.1:3000 (the real port when PORT=0);
   * https://… with TLS_CERT_FILE and TLS_KEY_FILE.
   */
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

/**
 * With a certificate: HTTP/2 over TLS, HTTP/1.1 for clients that offer only that
 * (docs/architecture.md#serving). Without: plain HTTP/1.1.
 */
async function serverOptions(tls: Config['tls']) {
  if (!tls) return { serverOptions: { maxHeaderSize: MAX_HEADER_BYTES } };
  const [cert, key] = await Promise.all([readFile(tls.certFile), readFile(tls.keyFile)]);
  return {
    createServer: createSecureServer,
    serverOptions: { cert, key, allowHTTP1: true, maxHeaderSize: MAX_HEADER_BYTES },
  };
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
  const tracing = startTracing(config.observability);
  const db = options.db ?? (await openDatabase(config, { logger }));
  const ownsDb = !options.db;
  // One storage and one job signal for the API and its worker: an upload wakes the worker at once.
  const storage = options.storage ?? storageOf(config);
  const jobs = createJobSignal();
  // Jobs queued by other API processes (or handed back by other workers) wake this one too.
  const stopListening = await listenForJobs(db, jobs, logger);
  const payments = paymentsFromConfig(config);
  if (!payments) logger.info('payments are off: STRIPE_SECRET_KEY is not set');
  // One set of engine pools: the worker's requests and health checks are what capabilities shows.
  // Their slots are counted in the database: an engine's concurrency holds for all processes.
  const engineSlots = engineSlotsOf(db, config, logger);
  const engines = enginesFromConfig(config, { slots: engineSlots });
  const app = createApp({
    db,
    config,
    logger,
    storage,
    jobs,
    engines,
    ...(payments ? { payments } : {}),
  });

  let server: ReturnType<typeof serve>;
  let port: number;
  // HTTP/2 sessions and TLS sockets, which the HTTP/2 server does not close by itself on close().
  const sessions = new Set<Http2Session>();
  const sockets = new Set<Socket>();
  try {
    const listen = await serverOptions(config.tls);
    ({ server, port } = await new Promise<{ server: ReturnType<typeof serve>; port: number }>(
      (resolve, reject) => {
        const s = serve(
          { fetch: app.fetch, port: config.port, hostname: config.host, ...listen },
          (info: AddressInfo) => resolve({ server: s, port: info.port }),
        );
        s.once('error', reject);
        s.on('clientError', answerClientError);
        if (config.tls) {
          s.on('session', (session: Http2Session) => {
            sessions.add(session);
            session.once('close', () => sessions.delete(session));
          });
          s.on('connection', (socket: Socket) => {
            sockets.add(socket);
            socket.once('close', () => sockets.delete(socket));
          });
        }
      },
    ));
  } catch (error) {
    await stopListening();
    await engineSlots.close();
    if (ownsDb) await db.close();
    throw error;
  }

  const url = `${config.tls ? 'https' : 'http'}://${urlHost(config.host)}:${port}`;
  logger.info('listening', {
    url,
    database: db.kind,
    serveApp: config.serveApp,
    http2: Boolean(config.tls),
  });
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
    resumable: { db: db.db, storage },
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
          engines,
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
          for (const socket of sockets) socket.destroy();
        }, CLOSE_TIMEOUT_MS);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        if ('closeIdleConnections' in server) server.closeIdleConnections();
        // GOAWAY: each session ends once its open streams are answered.
        for (const session of sessions) session.close();
      });
      await Promise.all([workerStopped, sweeper.stop(), upkeep?.stop()]);
      await stopListening();
      await engineSlots.close();
      await tracing?.shutdown();
      if (ownsDb) await db.close();
      logger.info('stopped');
    })();
    return closing;
  };

  return { app, db, url, port, worker, close };
}
