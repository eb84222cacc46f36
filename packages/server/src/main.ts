import { ConfigError, loadConfig, type Config } from './config.ts';
import { createLogger } from './lib/logger.ts';
import { audioTools } from './processing/audio-tools.ts';
import { startServer } from './server.ts';

let config: Config;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.format()}\n`);
  process.exit(1);
}

const logger = createLogger({ level: config.logLevel });

// WORKER=off: this process only serves HTTP; `npm run worker` processes run the jobs.
const inProcessWorker = config.worker.inProcess;

let running: Awaited<ReturnType<typeof startServer>>;
try {
  running = await startServer(config, { logger, worker: inProcessWorker });
} catch (error) {
  logger.error('start failed', { err: error });
  const reason = error instanceof Error ? error.message : String(error);
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  process.stderr.write(
    `Protokoll startet nicht: ${reason}\n  Datenbank: ${where}\n  Adresse: ${config.host}:${config.port}\n`,
  );
  process.exit(1);
}

// The signals are handled before the server announces itself (and before the audio tools are
// looked for): a supervisor that reads the line and stops it at once meets this handler, never
// the default one that ends the process without closing the database.
let stopping = false;
const stop = (signal: NodeJS.Signals) => {
  if (stopping) {
    // A second Ctrl-C means "now".
    process.exit(1);
  }
  stopping = true;
  logger.info('shutting down', { signal });
  running.close().then(
    () => process.exit(0),
    (error: unknown) => {
      logger.error('shutdown failed', { err: error });
      process.exit(1);
    },
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

process.stdout.write(
  `Protokoll läuft auf ${running.url}${config.publicUrl ? ` (öffentlich: ${config.publicUrl})` : ''}\n`,
);
const { missing } = await audioTools();
if (missing.length > 0) {
  process.stderr.write(
    `Achtung: ${missing.join(' und ')} ${missing.length > 1 ? 'fehlen' : 'fehlt'}, Aufnahmen können nicht verarbeitet werden.\n` +
      '  Debian/Ubuntu: apt-get install ffmpeg (oder FFMPEG_PATH und FFPROBE_PATH setzen)\n',
  );
}
