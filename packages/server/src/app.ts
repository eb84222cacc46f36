import { OpenAPIHono } from '@hono/zod-openapi';
import type { DataPageRenderer } from '@protokoll/contract';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { AppEnv } from './http/context.ts';
import { createBoundedQueue, type BoundedQueue } from './lib/bounded-queue.ts';
import { createDbGate, openGate, type DbGate } from './lib/db-gate.ts';
import { gateDatabaseRequests } from './http/db-gate.ts';
import { notFoundError } from './lib/errors.ts';
import { answerError, isSetupRefusal, sendError } from './http/errors.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { validationHook } from './http/openapi.ts';
import { requestId } from './http/request-id.ts';
import { limitBodies } from './http/body-limit.ts';
import { randomBytes } from 'node:crypto';
import { createGoogleVerifier, type GoogleVerifier } from './lib/auth/google.ts';
import { createJobSignal, type JobSignal } from './jobs/signal.ts';
import { readVersion } from './lib/version.ts';
import { audioTools, type AudioToolsFound } from './processing/audio-tools.ts';
import { createMailer, outboxDir, type Mailer } from './providers/mail/mailer.ts';
import type { Payments } from './providers/payments/index.ts';
import { storageOf } from './providers/storage/index.ts';
import type { Storage } from './providers/storage/storage.ts';
import { authRouter } from './routes/auth/index.ts';
import { billingRouter } from './routes/billing/index.ts';
import { capabilitiesRouter } from './routes/capabilities/index.ts';
import { foldersRouter } from './routes/folders/index.ts';
import { registersRouter } from './routes/registers/index.ts';
import { sharesRouter } from './routes/shares/index.ts';
import { glossaryRouter } from './routes/glossary/index.ts';
import { minutesApprovalRouter } from './routes/minutes-approval/index.ts';
import { templatesRouter } from './routes/templates/index.ts';
import { noteRetryRouter } from './routes/note-retry/index.ts';
import { noteTranscriptRouter } from './routes/note-transcript/index.ts';
import { noteSummariesRouter } from './routes/note-summaries/index.ts';
import { notesRouter } from './routes/notes/index.ts';
import { plansRouter } from './routes/plans/index.ts';
import { supportRouter } from './routes/support/index.ts';
import { teamRouter } from './routes/team/index.ts';
import { uploadsRouter } from './routes/uploads/index.ts';
import { userRouter } from './routes/user/index.ts';
import { mountDocs } from './routes/docs/index.ts';
import { healthRouter } from './routes/health/index.ts';
import { metricsRouter } from './routes/health/metrics.ts';
import { probesRouter } from './routes/health/probes.ts';
import { routePath } from 'hono/route';
import { httpDuration, httpRequests, observeQueue, secondsSince } from './lib/metrics.ts';
import { SpanKind, SpanStatusCode, tracer } from './lib/tracing.ts';
import { enginesFromConfig } from './jobs/worker.ts';
import type { Engines } from './jobs/pipeline.ts';
import { isApiPath, serveApp } from './web/app-serving.ts';
import { createDataPages } from './web/data-pages.ts';
import { i18nRouter } from './web/i18n.ts';
import { securityHeaders } from './web/security-headers.ts';
import { serveStorybook } from './web/storybook-serving.ts';
import { SHARE_MOUNT, sharePages } from './web/share-pages.ts';

export interface AppDeps {
  /** An open database from `openDatabase` (or the test helper). */
  db: Database;
  config: Config;
  /** Defaults to a JSON logger on stdout at `config.logLevel`. */
  logger?: Logger;
  /** Reported by /api/health and the OpenAPI document; defaults to the root package.json's. */
  version?: string;
  /** Epoch ms the uptime counts from; defaults to now. */
  startedAt?: number;
  /** Defaults to nodemailer: SMTP_URL, or the outbox folder in DATA_DIR. */
  mailer?: Mailer;
  /** Defaults to Google's keys at GOOGLE_JWKS_URL when GOOGLE_CLIENT_ID is set; off otherwise. */
  google?: GoogleVerifier;
  /** Where recordings live; defaults to the audio folder in DATA_DIR. */
  storage?: Storage;
  /**
   * Wakes the workers when an upload or a retry queued a job. startServer passes the signal its
   * in-process worker listens to; without one the app has its own, and workers find jobs by polling.
   */
  jobs?: JobSignal;
  /** The payment provider (`paymentsFromConfig`); absent: payments are off. */
  payments?: Payments;
  /**
   * The engine pools whose health GET /api/capabilities reports; startServer passes its worker's.
   * Defaults to pools of the configuration, each engine counted up until a check says otherwise.
   */
  engines?: Engines;
  /** Defaults to the ffmpeg and ffprobe this process finds (system first, then npm's). */
  audioTools?: Promise<AudioToolsFound>;
  /**
   * The bound in front of the database. Defaults to a gate from PGLITE_* on PGlite and to none
   * on PostgreSQL, whose pool bounds itself (lib/db-gate.ts).
   */
  dbGate?: DbGate;
  /** The bound on password hashes and checks. Defaults to one from PASSWORD_HASH_*. */
  passwordQueue?: BoundedQueue;
  /** The bound on the upload's ffprobe check. Defaults to one from UPLOAD_PROBE_*. */
  probeQueue?: BoundedQueue;
  /**
   * The render module of the pages rendered with data (docs/architecture.md#pages-rendered-with-data).
   * Defaults to the built app's, `APP_DIST/.ssr/entry-server.js`, when there is one.
   */
  pageRenderer?: () => Promise<DataPageRenderer | undefined>;
}

export type App = OpenAPIHono<AppEnv>;

/** The whole HTTP surface: API, OpenAPI docs, locale files and (optionally) the built web app. */
export function createApp(deps: AppDeps): App {
  const { config, db } = deps;
  const logger = deps.logger ?? createLogger({ level: config.logLevel });
  const version = deps.version ?? readVersion();
  const startedAt = deps.startedAt ?? Date.now();
  // startServer resolves a persisted secret; an app built directly without one (a test, a
  // script) signs with a throwaway key, so its sessions end with the process.
  const jwtSecret = config.jwtSecret ?? randomBytes(48).toString('base64url');
  const mailer =
    deps.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: outboxDir(config.dataDir),
      logger,
    });
  const google =
    deps.google ??
    (config.googleClientId
      ? createGoogleVerifier({ clientId: config.googleClientId, jwksUrl: config.googleJwksUrl })
      : undefined);
  const storage = deps.storage ?? storageOf(config);
  const jobs = deps.jobs ?? createJobSignal();
  const engines = deps.engines ?? enginesFromConfig(config);

  const tools = deps.audioTools ?? audioTools();
  const dbGate =
    deps.dbGate ?? (db.kind === 'pglite' ? createDbGate(config.database.pglite) : openGate);
  // On either engine: hashing is CPU on this process's thread pool, whatever the database.
  const passwordQueue =
    deps.passwordQueue ?? createBoundedQueue(config.passwordHashing, 'password');
  // Probing is CPU in child processes, whatever the engine (docs/architecture.md#password-and-probe-queues).
  const probeQueue = deps.probeQueue ?? createBoundedQueue(config.uploads.probe, 'upload check');
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  // Metrics and a trace span for every request, by route pattern (never the path: ids and tokens).
  observeQueue(db.db);
  app.use(async (c, next) => {
    const started = performance.now();
    await tracer().startActiveSpan(
      `${c.req.method} request`,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': c.req.method } },
      async (span) => {
        try {
          await next();
        } finally {
          const route = routePath(c, -1);
          const status = c.res.status;
          const labels = { method: c.req.method, route, status: String(status) };
          httpRequests.inc(labels);
          httpDuration.observe(labels, secondsSince(started));
          span.updateName(`${c.req.method} ${route}`);
          span.setAttributes({ 'http.route': route, 'http.response.status_code': status });
          if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
          span.end();
        }
      },
    );
  });
  app.use(requestId());
  app.use(securityHeaders(config));
  app.use(async (c, next) => {
    const started = performance.now();
    const requestLogger = logger.child({ requestId: c.var.requestId });
    c.set('config', config);
    c.set('db', db.db);
    c.set('dbKind', db.kind);
    c.set('dbGate', dbGate);
    c.set('passwordQueue', passwordQueue);
    c.set('probeQueue', probeQueue);
    c.set('logger', requestLogger);
    c.set('version', version);
    c.set('startedAt', startedAt);
    c.set('jwtSecret', jwtSecret);
    c.set('mailer', mailer);
    c.set('google', google);
    c.set('storage', storage);
    c.set('jobs', jobs);
    c.set('payments', deps.payments);
    c.set('audioTools', tools);
    c.set('engines', engines);
    await next();
    // Path only: query strings may carry tokens (reset links), and headers and bodies never appear.
    // A 503 is a refusal the server chose, not a failure of its own: busy is worth a warning,
    // payments off is how this server is set up (every billing call says so), worth no more than
    // any other answer.
    const status = c.res.status;
    const level = isSetupRefusal(c.error)
      ? 'info'
      : status === 503
        ? 'warn'
        : status >= 500
          ? 'error'
          : 'info';
    requestLogger[level]('request', {
      method: c.req.method,
      path: c.req.path,
      status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    });
  });
  app.use(limitBodies({ json: config.maxJsonBodyBytes, webhook: config.maxWebhookBodyBytes }));
  app.use(gateDatabaseRequests());

  app.route('/', healthRouter());
  app.route('/', probesRouter());
  app.route('/', metricsRouter(config.observability.metricsToken));
  app.route('/', i18nRouter());
  app.route('/', authRouter());
  app.route('/', userRouter());
  app.route('/', plansRouter());
  app.route('/', capabilitiesRouter());
  app.route('/', noteRetryRouter());
  app.route('/', noteTranscriptRouter());
  // Before the notes' router: `GET /api/note/{id}/summaries` also fits its `{format}`.
  app.route('/', noteSummariesRouter());
  // Before the notes' router too: `GET /api/note/{id}/minutes` fits its `{format}`.
  app.route('/', minutesApprovalRouter());
  // Before the notes' router too: `GET /api/note/{id}/shares` fits its `{format}`.
  app.route('/', sharesRouter());
  app.route('/', billingRouter());
  app.route('/', uploadsRouter({ config, db: db.db, storage, dbGate }));
  app.route('/', notesRouter());
  app.route('/', foldersRouter());
  app.route('/', registersRouter());
  app.route('/', glossaryRouter());
  app.route('/', templatesRouter());
  app.route('/', supportRouter());
  app.route('/', teamRouter());
  mountDocs(app, { version, publicUrl: config.publicUrl });

  // Before the app: its catch-all would answer /storybook/ with the 404 page.
  if (config.serveStorybook) app.get('/storybook/*', serveStorybook(config.storybookDist));
  if (config.serveStorybook) app.get('/storybook', serveStorybook(config.storybookDist));
  if (config.serveApp) {
    const dataPages = createDataPages({
      appDist: config.appDist,
      api: async (request, env) => app.fetch(request, env),
      renderer: deps.pageRenderer,
      threads: config.pageRenderThreads,
      logger,
    });
    app.route(SHARE_MOUNT, sharePages(dataPages));
    app.get('*', serveApp(config.appDist, { dataPages }));
  }

  app.notFound((c) => {
    if (isApiPath(c.req.path)) return sendError(c, notFoundError());
    return c.text('404 Not Found', 404);
  });

  app.onError(answerError(config, logger));

  return app;
}
