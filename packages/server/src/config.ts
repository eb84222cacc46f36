// The server's configuration: environment variables in, one typed `Config` out.
//
// Every setting is stated once, in `Variables`: its variable, how it is read and checked, its
// default and its message. The transform in `configSchema` places the values in `Config`, whose
// type is inferred from it (no interface to keep in step). Adding a setting:
//   1. add the variable to `Variables` with a reader (integerVariable, bytesVariable,
//      booleanVariable, rateLimitVariable, or a zod schema; a message quotes the value unless it
//      may hold a secret);
//   2. add its field to the object `configSchema` returns, in its group, with a doc comment (what
//      readers of `Config` see);
//   3. add a row to README.md's Configuration tables (config.test.ts checks there is one).
// A rule between variables (one needs another) is an issue on the variable to fix, raised in that
// transform.
import { availableParallelism } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { repoRoot } from './lib/paths.ts';

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * A bounded queue's limits (lib/bounded-queue.ts): PGlite's gate
 * (docs/architecture.md#database-queue), the password queue and the upload's ffprobe check
 * (docs/architecture.md#password-and-probe-queues). Beyond it requests answer 503 with `Retry-After`.
 */
export interface QueueLimits {
  /** At work at once (requests on the database, password hashes, ffprobe checks). */
  maxConcurrent: number;
  /** Waiting in line beyond those; one more answers 503 at once. */
  queueLimit: number;
  /** Longest wait in line; then 503. */
  queueTimeoutMs: number;
}

/** At most `max` attempts per `windowMs`. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

/** One summary model of LLM_MODELS. */
export interface LlmModel {
  id: string;
  /** Only for paid plans. */
  premium: boolean;
}

export interface ConfigProblem {
  variable: string;
  message: string;
}

/** Bad environment: one entry per variable, worded for a person reading the terminal. */
export class ConfigError extends Error {
  readonly problems: ConfigProblem[];

  constructor(problems: ConfigProblem[]) {
    super(`Invalid configuration: ${problems.map((p) => `${p.variable} ${p.message}`).join('; ')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }

  /** The text main.ts prints before exiting. */
  format(): string {
    const lines = this.problems.map((p) => `  ${p.variable}: ${p.message}`);
    return ['Protokoll startet nicht: ungültige Konfiguration.', ...lines].join('\n');
  }
}

const booleanWords: Record<string, boolean> = {
  true: true,
  '1': true,
  yes: true,
  on: true,
  false: false,
  '0': false,
  no: false,
  off: false,
};

function booleanVariable() {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      const flag = booleanWords[value.toLowerCase()];
      if (flag === undefined) {
        ctx.addIssue({ code: 'custom', message: `muss true oder false sein (ist "${value}")` });
        return z.NEVER;
      }
      return flag;
    });
}

function isPostgresUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'postgres:' || url.protocol === 'postgresql:';
  } catch {
    return false;
  }
}

const durationUnits: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `10/15m` → ten attempts per fifteen minutes; units s, m, h, d. */
function rateLimitVariable(fallback: RateLimit) {
  return z
    .string()
    .optional()
    .transform((value, ctx): RateLimit => {
      if (value === undefined) return fallback;
      const match = /^(\d{1,9})\/(\d{1,9})([smhd])$/.exec(value);
      const max = Number(match?.[1]);
      const windowMs = Number(match?.[2]) * (durationUnits[match?.[3] ?? ''] ?? NaN);
      if (!match || !(max > 0) || !(windowMs > 0)) {
        ctx.addIssue({
          code: 'custom',
          message: `muss die Form Anzahl/Zeitraum haben, z. B. 10/15m oder 5/1h (ist "${value}")`,
        });
        return z.NEVER;
      }
      return { max, windowMs };
    });
}

/** PASSWORD_HASH_MAX_CONCURRENT's default: the cores but one, 1 to 4. */
export function defaultPasswordHashes(cores = availableParallelism()): number {
  return Math.max(1, Math.min(4, cores - 1));
}

/** A whole number in `[min, max]`, or `fallback` when unset. */
function integerVariable<Fallback extends number | undefined>(
  fallback: Fallback,
  min: number,
  max: number,
) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return fallback;
      const number = /^\d{1,15}$/.test(value) ? Number(value) : NaN;
      if (!(number >= min && number <= max)) {
        ctx.addIssue({
          code: 'custom',
          message: `muss eine ganze Zahl von ${min} bis ${max} sein (ist "${value}")`,
        });
        return z.NEVER;
      }
      return number;
    });
}

const byteUnits: Record<string, number> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };

/** Bytes, optionally with a binary unit: `1073741824`, `500M`, `2G`. */
function bytesVariable(fallback: number) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return fallback;
      const match = /^(\d{1,13})\s*([kmg]?)i?b?$/i.exec(value);
      const bytes = Number(match?.[1]) * (byteUnits[match?.[2]?.toLowerCase() ?? ''] ?? NaN);
      if (!match || !(bytes > 0) || !Number.isSafeInteger(bytes)) {
        ctx.addIssue({
          code: 'custom',
          message: `muss eine Größe in Bytes sein, z. B. 1073741824, 500M oder 2G (ist "${value}")`,
        });
        return z.NEVER;
      }
      return bytes;
    });
}

const PREMIUM_SUFFIX = ':premium';

/**
 * `gpt-4o-mini,gpt-4o:premium`: comma-separated model ids, the first is the standard model, a
 * trailing `:premium` marks a model for paid plans. Only that exact suffix is a marker, so Ollama
 * tags keep their colons (`llama3.1:8b`, `qwen2.5:14b:premium`).
 */
export function parseLlmModels(value: string): LlmModel[] | string {
  const models: LlmModel[] = [];
  for (const raw of value.split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    const premium = entry.toLowerCase().endsWith(PREMIUM_SUFFIX);
    const id = premium ? entry.slice(0, -PREMIUM_SUFFIX.length).trim() : entry;
    if (!id || /\s/.test(id)) return `enthält einen ungültigen Modellnamen ("${entry}")`;
    if (models.some((model) => model.id === id)) return `nennt "${id}" mehrfach`;
    models.push({ id, premium });
  }
  return models.length > 0 ? models : 'nennt kein Modell';
}

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'smtp:' || url.protocol === 'smtps:';
  } catch {
    return false;
  }
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Every variable the server reads. Messages quote the offending value except where it may hold a
 * secret (DATABASE_URL, SMTP_URL, keys, engine URLs). Every value arrives as a string or not at
 * all (empty strings count as unset).
 */
// ── Workers, engine pools and observability (docs/decisions/009-workers-engines-observability.md)

/** One engine of a pool (STT_ENGINES / LLM_ENGINES entries). */
export interface EngineConfig {
  /** Shown in metrics and capabilities; never the URL (it may carry credentials). */
  name: string;
  baseUrl: string;
  /** Secret: never logged. */
  apiKey: string | undefined;
  /** Speech engines: the model asked for (defaults to STT_MODEL). */
  model: string | undefined;
  /** Share of the requests among the healthy engines with room. */
  weight: number;
  /**
   * Requests in flight at most, from all processes on the database together (engine slots,
   * docs/decisions/015-engine-slots-across-processes.md).
   */
  concurrency: number;
  tag: 'local' | 'cloud';
}

const EngineEntrySchema = z.strictObject({
  name: z
    .string()
    .regex(/^[\w.:-]{1,40}$/)
    .optional(),
  url: z.string().refine(isHttpUrl),
  key: z.string().optional(),
  model: z.string().optional(),
  weight: z.number().positive().max(1000).default(1),
  concurrency: z.number().int().min(1).max(256).default(4),
  tag: z.enum(['local', 'cloud']).default('cloud'),
});

/** A JSON list of engines, e.g. `[{"url":"http://gpu:8000/v1","weight":2,"tag":"local"}]`. */
function engineListVariable(kind: 'stt' | 'llm') {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      let raw: unknown;
      try {
        raw = JSON.parse(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'muss eine JSON-Liste sein' });
        return z.NEVER;
      }
      const list = z.array(EngineEntrySchema).min(1).safeParse(raw);
      if (!list.success) {
        const issue = list.error.issues[0];
        ctx.addIssue({
          code: 'custom',
          message:
            `muss eine JSON-Liste von Engines sein ({"url": …, "weight", "concurrency", ` +
            `"tag": "local"|"cloud"}); Fehler bei ${issue?.path.join('.') || 'der Liste'}`,
        });
        return z.NEVER;
      }
      const names = new Set<string>();
      return list.data.map((entry, index): EngineConfig => {
        let name = entry.name ?? `${kind}-${index + 1}`;
        while (names.has(name)) name = `${name}-${index + 1}`;
        names.add(name);
        return {
          name,
          baseUrl: entry.url,
          apiKey: entry.key,
          model: entry.model,
          weight: entry.weight,
          concurrency: entry.concurrency,
          tag: entry.tag,
        };
      });
    });
}

/** A single STT_BASE_URL / LLM_BASE_URL as a pool of one. */
function singleEngine(
  kind: 'stt' | 'llm',
  baseUrl: string | undefined,
  apiKey: string | undefined,
  concurrency: number,
): EngineConfig[] {
  if (!baseUrl) return [];
  const host = new URL(baseUrl).host;
  return [
    {
      name: `${kind}-1`,
      baseUrl,
      apiKey,
      model: undefined,
      weight: 1,
      concurrency,
      tag: /^(127\.|localhost|\[::1\])/.test(host) ? 'local' : 'cloud',
    },
  ];
}

// ── end of the workers block

const Variables = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      error: (issue) =>
        `muss development, production oder test sein (ist "${String(issue.input)}")`,
    })
    .default('development'),
  PORT: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return 3000;
      const port = /^\d{1,5}$/.test(value) ? Number(value) : NaN;
      if (!(port >= 0 && port <= 65535)) {
        ctx.addIssue({
          code: 'custom',
          message: `muss eine ganze Zahl von 0 bis 65535 sein (ist "${value}")`,
        });
        return z.NEVER;
      }
      return port;
    }),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .refine(isPostgresUrl, 'muss eine PostgreSQL-URL sein (postgres://user:password@host:5432/db)')
    .optional(),
  DATA_DIR: z.string().default('.data'),
  APP_DIST: z.string().default('app/dist'),
  PAGE_RENDER_THREADS: integerVariable(1, 0, 16),
  STORYBOOK_DIST: z.string().default('storybook-static'),
  LOCALES_DIR: z.string().default('locales'),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, {
      error: (issue) => `muss debug, info, warn oder error sein (ist "${String(issue.input)}")`,
    })
    .default('info'),
  PUBLIC_URL: z
    .string()
    .refine(isHttpUrl, {
      error: (issue) =>
        `muss eine http(s)-URL sein, z. B. https://protokoll.example (ist "${String(issue.input)}")`,
    })
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  SERVE_APP: booleanVariable(),
  SERVE_STORYBOOK: booleanVariable(),
  TRUST_PROXY: booleanVariable(),
  // The value is never quoted in messages: it is a secret.
  JWT_SECRET: z.string().min(32, 'muss mindestens 32 Zeichen lang sein').optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_JWKS_URL: z
    .string()
    .refine(isHttpUrl, {
      error: (issue) => `muss eine http(s)-URL sein (ist "${String(issue.input)}")`,
    })
    .default('https://www.googleapis.com/oauth2/v3/certs'),
  // Not quoted either: it may hold the SMTP password.
  SMTP_URL: z
    .string()
    .refine(isSmtpUrl, 'muss eine SMTP-URL sein (smtp://user:password@host:587 oder smtps://…)')
    .optional(),
  MAIL_FROM: z.string().default('Protokoll <no-reply@protokoll.local>'),
  SUPPORT_EMAIL: z
    .string()
    .trim()
    .pipe(z.email('muss eine E-Mail-Adresse sein'))
    .default('support@protokoll.local'),
  RATE_LIMIT_LOGIN: rateLimitVariable({ max: 10, windowMs: 15 * 60_000 }),
  RATE_LIMIT_LOGIN_IP: rateLimitVariable({ max: 30, windowMs: 15 * 60_000 }),
  RATE_LIMIT_REGISTER: rateLimitVariable({ max: 5, windowMs: 60 * 60_000 }),
  RATE_LIMIT_FORGOT_PASSWORD: rateLimitVariable({ max: 5, windowMs: 60 * 60_000 }),
  RATE_LIMIT_SUPPORT: rateLimitVariable({ max: 5, windowMs: 60 * 60_000 }),
  RATE_LIMIT_SHARE_CODE: rateLimitVariable({ max: 10, windowMs: 15 * 60_000 }),
  RATE_LIMIT_SHARE_MISS: rateLimitVariable({ max: 30, windowMs: 15 * 60_000 }),
  // Engine URLs are not quoted in messages: they may carry credentials.
  STT_BASE_URL: z
    .string()
    .refine(isHttpUrl, 'muss eine http(s)-URL sein, z. B. https://api.openai.com/v1')
    .optional(),
  STT_API_KEY: z.string().optional(),
  STT_MODEL: z.string().default('whisper-1'),
  STT_CONCURRENCY: integerVariable(3, 1, 32),
  STT_TIMEOUT_MS: integerVariable(600_000, 1_000, 3_600_000),
  LLM_BASE_URL: z
    .string()
    .refine(isHttpUrl, 'muss eine http(s)-URL sein, z. B. http://127.0.0.1:11434/v1')
    .optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODELS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      const models = parseLlmModels(value);
      if (typeof models === 'string') {
        ctx.addIssue({ code: 'custom', message: models });
        return z.NEVER;
      }
      return models;
    }),
  LLM_TIMEOUT_MS: integerVariable(300_000, 1_000, 3_600_000),
  LLM_CONTEXT_CHARS: integerVariable(32_000, 4_000, 4_000_000),
  MAX_UPLOAD_BYTES: bytesVariable(1024 ** 3),
  MAX_JSON_BODY_BYTES: bytesVariable(64 * 1024),
  MAX_WEBHOOK_BODY_BYTES: bytesVariable(1024 ** 2),
  MAX_CONCURRENT_UPLOADS_PER_USER: integerVariable(3, 1, 1000),
  UPLOAD_IDLE_TIMEOUT_MS: integerVariable(60_000, 100, 3_600_000),
  UPLOAD_SWEEP_INTERVAL_MS: integerVariable(5 * 60_000, 100, 86_400_000),
  UPLOAD_STALE_AFTER_MS: integerVariable(15 * 60_000, 1_000, 7 * 86_400_000),
  UPLOAD_PROBE_CONCURRENCY: integerVariable(2, 1, 1000),
  UPLOAD_PROBE_QUEUE_LIMIT: integerVariable(20, 0, 100_000),
  UPLOAD_PROBE_QUEUE_TIMEOUT_MS: integerVariable(1_000, 10, 60_000),
  PGLITE_MAX_CONCURRENT: integerVariable(4, 1, 1000),
  PGLITE_QUEUE_LIMIT: integerVariable(1_000, 0, 100_000),
  PGLITE_QUEUE_TIMEOUT_MS: integerVariable(1_000, 10, 60_000),
  // Password hashes at once: the cores but one, which the event loop (HTTP, PGlite) keeps; at
  // least 1, at most the libuv thread pool's 4 (docs/architecture.md#password-and-probe-queues).
  PASSWORD_HASH_MAX_CONCURRENT: integerVariable(defaultPasswordHashes(), 1, 1000),
  PASSWORD_HASH_QUEUE_LIMIT: integerVariable(50, 0, 100_000),
  PASSWORD_HASH_QUEUE_TIMEOUT_MS: integerVariable(500, 10, 60_000),
  DATABASE_POOL_MAX: integerVariable(10, 1, 1000),
  DATABASE_POOL_TIMEOUT_MS: integerVariable(5_000, 10, 600_000),
  UPLOAD_RESUMABLE_EXPIRE_MS: integerVariable(86_400_000, 1_000, 30 * 86_400_000),
  // Unset: the worker's defaults. Small values make failing engines fail fast (end-to-end tests).
  JOB_MAX_ATTEMPTS: integerVariable(undefined, 1, 100),
  JOB_RETRY_BACKOFF_MS: integerVariable(undefined, 0, 86_400_000),
  // How long a claimed job stays a worker's without a renewal: a worker that died (kill -9, a
  // lost machine) hands its job to another after this.
  JOB_LEASE_MS: integerVariable(60_000, 1_000, 3_600_000),
  // Stripe keys are secrets: never quoted.
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PRICE_LOOKUP_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]*$/, {
      error: (issue) =>
        `darf nur Buchstaben, Ziffern und _ . : - enthalten (ist "${String(issue.input)}")`,
    })
    .default('protokoll_'),
  STRIPE_API_BASE: z
    .string()
    .refine(isHttpUrl, {
      error: (issue) =>
        `muss eine http(s)-URL sein, z. B. http://127.0.0.1:12111 (ist "${String(issue.input)}")`,
    })
    .optional(),
  // off: this process only serves HTTP; `npm run worker` processes run the jobs.
  WORKER: booleanVariable(),
  WORKER_CONCURRENCY: integerVariable(1, 1, 64),
  LLM_CONCURRENCY: integerVariable(2, 1, 64),
  // Engine URLs and keys inside are not quoted in messages.
  STT_ENGINES: engineListVariable('stt'),
  LLM_ENGINES: engineListVariable('llm'),
  METRICS_TOKEN: z.string().min(16, 'muss mindestens 16 Zeichen lang sein').optional(),
  // A separate worker process (`npm run worker`) has no HTTP port: this one serves its /metrics.
  WORKER_METRICS_PORT: integerVariable(undefined, 0, 65_535),
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .string()
    .refine(isHttpUrl, 'muss eine http(s)-URL sein')
    .optional(),
  OTEL_SERVICE_NAME: z.string().default('protokoll'),
  // Object storage (docs/uploads.md#storage): the local folder, or a bucket of an S3-compatible
  // service whose credentials come from the AWS SDK's default chain, never from here.
  STORAGE: z
    .enum(['local', 's3'], {
      error: (issue) => `muss local oder s3 sein (ist "${String(issue.input)}")`,
    })
    .default('local'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      error: (issue) =>
        `muss ein Bucket-Name sein (3–63 Zeichen: a–z, 0–9, . und -) (ist "${String(issue.input)}")`,
    })
    .optional(),
  S3_REGION: z.string().default('us-east-1'),
  // Not quoted: an endpoint URL may carry credentials.
  S3_ENDPOINT: z
    .string()
    .refine(isHttpUrl, 'muss eine http(s)-URL sein, z. B. http://127.0.0.1:9000')
    .optional(),
  S3_FORCE_PATH_STYLE: booleanVariable(),
  // HTTPS with HTTP/2 (docs/architecture.md#serving): both files or neither.
  TLS_CERT_FILE: z.string().optional(),
  TLS_KEY_FILE: z.string().optional(),
});

/** The names of every variable the server reads (README.md's Configuration tables list them). */
export const CONFIG_VARIABLES = Object.keys(Variables.shape) as (keyof typeof Variables.shape)[];

function queueLimits(
  maxConcurrent: number,
  queueLimit: number,
  queueTimeoutMs: number,
): QueueLimits {
  return { maxConcurrent, queueLimit, queueTimeoutMs };
}

/**
 * The variables as `Config`. Relative paths are resolved against `root`, so the result does not
 * depend on the working directory.
 */
function configSchema(root: string) {
  const abs = (p: string) => (isAbsolute(p) ? p : resolve(root, p));
  return Variables.transform((e, ctx) => {
    if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
      // Without it no payment could ever change a plan: refuse to start rather than take money.
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'muss gesetzt sein, wenn STRIPE_SECRET_KEY gesetzt ist (whsec_…)',
      });
      return z.NEVER;
    }
    if (e.STORAGE === 's3' && !e.S3_BUCKET) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: 'muss gesetzt sein, wenn STORAGE=s3 ist',
      });
      return z.NEVER;
    }
    if (Boolean(e.TLS_CERT_FILE) !== Boolean(e.TLS_KEY_FILE)) {
      ctx.addIssue({
        code: 'custom',
        path: [e.TLS_CERT_FILE ? 'TLS_KEY_FILE' : 'TLS_CERT_FILE'],
        message: 'muss gesetzt sein, wenn TLS_CERT_FILE oder TLS_KEY_FILE gesetzt ist (PEM-Datei)',
      });
      return z.NEVER;
    }
    return {
      nodeEnv: e.NODE_ENV,
      port: e.PORT,
      host: e.HOST,
      /** PostgreSQL connection string; undefined means the embedded PGlite in `dataDir/pglite`. */
      databaseUrl: e.DATABASE_URL,
      /** Local state: PGlite files, audio, the mail outbox. Absolute. */
      dataDir: abs(e.DATA_DIR),
      /** The built web app (Vite output). Absolute. */
      appDist: abs(e.APP_DIST),
      /**
       * Worker threads that render pages with the reader's data (0: the thread that answers
       * HTTP renders them; docs/decisions/002-rendering-per-request.md).
       */
      pageRenderThreads: e.PAGE_RENDER_THREADS,
      /** Folder holding de.json and en.json. Absolute. */
      localesDir: abs(e.LOCALES_DIR),
      logLevel: e.LOG_LEVEL,
      /** Public base URL without trailing slash (links in mails, OpenAPI servers). */
      publicUrl: e.PUBLIC_URL,
      /** Whether this process serves the built web app next to the API. */
      serveApp: e.SERVE_APP ?? e.NODE_ENV === 'production',
      /** The built Storybook (`npm run build-storybook` output). Absolute. */
      storybookDist: abs(e.STORYBOOK_DIST),
      /** Whether this process serves the built Storybook under /storybook/ (off unless set). */
      serveStorybook: e.SERVE_STORYBOOK ?? false,
      /**
       * HS256 key of the access tokens (≥ 32 characters). Undefined means "not set":
       * `startServer` then keeps a generated one in DATA_DIR/jwt-secret.
       */
      jwtSecret: e.JWT_SECRET,
      /** Google sign-in is on only when this is set. */
      googleClientId: e.GOOGLE_CLIENT_ID,
      /** Where Google's signing keys are published (a local peer in tests). */
      googleJwksUrl: e.GOOGLE_JWKS_URL,
      /** SMTP connection (smtp://user:pass@host:587 or smtps://…); unset: mails go to DATA_DIR/outbox. */
      smtpUrl: e.SMTP_URL,
      /** Sender of every mail. */
      mailFrom: e.MAIL_FROM,
      /** Inbox of the contact form's messages (docs/product.md#support). */
      supportEmail: e.SUPPORT_EMAIL,
      /** Fixed-window limits of the abuse-prone calls. */
      rateLimits: {
        /** Per IP address and e-mail address. */
        login: e.RATE_LIMIT_LOGIN,
        /** Per IP address across e-mail addresses (password spraying). */
        loginIp: e.RATE_LIMIT_LOGIN_IP,
        /** Per IP address. */
        register: e.RATE_LIMIT_REGISTER,
        /** Per IP address. */
        forgotPassword: e.RATE_LIMIT_FORGOT_PASSWORD,
        /** Contact-form messages per account. */
        support: e.RATE_LIMIT_SUPPORT,
        /** Access codes tried per IP address and share link. */
        shareCode: e.RATE_LIMIT_SHARE_CODE,
        /** Share links asked for that do not exist, per IP address; past it every link answers 429. */
        shareMiss: e.RATE_LIMIT_SHARE_MISS,
      },
      /** Take the client address from X-Forwarded-For (only behind a proxy that sets it). */
      trustProxy: e.TRUST_PROXY ?? false,
      /** Speech-to-text: any OpenAI-compatible `/v1/audio/transcriptions` endpoint. */
      stt: {
        /** Base URL with or without `/v1`; undefined: no speech-to-text on this server. */
        baseUrl: e.STT_BASE_URL,
        /** Sent as a Bearer token when set. Secret: never logged. */
        apiKey: e.STT_API_KEY,
        model: e.STT_MODEL,
        /** Chunks transcribed at the same time, per job. */
        concurrency: e.STT_CONCURRENCY,
        /** Per request (one chunk of at most ten minutes). */
        timeoutMs: e.STT_TIMEOUT_MS,
      },
      /** Summaries: any OpenAI-compatible `/v1/chat/completions` endpoint. */
      llm: {
        /** Base URL with or without `/v1`; undefined: summaries come from the extractive summariser. */
        baseUrl: e.LLM_BASE_URL,
        /** Sent as a Bearer token when set. Secret: never logged. */
        apiKey: e.LLM_API_KEY,
        /**
         * In LLM_MODELS order; the first is the standard model. Empty without `baseUrl`; a chat
         * endpoint without a model list still needs one model to ask.
         */
        models:
          e.LLM_BASE_URL || e.LLM_ENGINES
            ? (e.LLM_MODELS ?? [{ id: 'gpt-4o-mini', premium: false }])
            : ([] as LlmModel[]),
        /** Per request. */
        timeoutMs: e.LLM_TIMEOUT_MS,
        /**
         * The models' context in characters (~4 per token): prompt, transcript and answer. A
         * longer transcript is summarised in parts (docs/uploads.md#long-recordings).
         */
        contextChars: e.LLM_CONTEXT_CHARS,
      },
      /** Largest accepted upload in bytes. */
      maxUploadBytes: e.MAX_UPLOAD_BYTES,
      /** Largest body of every other call (JSON, small forms) in bytes. */
      maxJsonBodyBytes: e.MAX_JSON_BODY_BYTES,
      /** Largest body of the payment provider's webhook in bytes. */
      maxWebhookBodyBytes: e.MAX_WEBHOOK_BODY_BYTES,
      /** What bounds uploads besides their size (README "Upload limits"). */
      uploads: {
        /** Uploads one user may have in flight at once (per API process); more answer 429. */
        maxConcurrentPerUser: e.MAX_CONCURRENT_UPLOADS_PER_USER,
        /** An upload that receives no byte for this long is ended with 408. */
        idleTimeoutMs: e.UPLOAD_IDLE_TIMEOUT_MS,
        /** How often the API process clears temporary uploads a dead process left behind. */
        sweepIntervalMs: e.UPLOAD_SWEEP_INTERVAL_MS,
        /** A temporary upload untouched this long belongs to a dead process. */
        staleAfterMs: e.UPLOAD_STALE_AFTER_MS,
        /** A resumable upload expires this long after it was created; the sweep then removes it. */
        resumableExpireMs: e.UPLOAD_RESUMABLE_EXPIRE_MS,
        /** The bound on checking arrived recordings with ffprobe (docs/architecture.md#password-and-probe-queues). */
        probe: queueLimits(
          e.UPLOAD_PROBE_CONCURRENCY,
          e.UPLOAD_PROBE_QUEUE_LIMIT,
          e.UPLOAD_PROBE_QUEUE_TIMEOUT_MS,
        ),
      },
      /** How requests line up for the database (README "Database limits"). */
      database: {
        /** PGlite's gate. */
        pglite: queueLimits(
          e.PGLITE_MAX_CONCURRENT,
          e.PGLITE_QUEUE_LIMIT,
          e.PGLITE_QUEUE_TIMEOUT_MS,
        ),
        /** PostgreSQL: connections of this process's pool. */
        poolMax: e.DATABASE_POOL_MAX,
        /** PostgreSQL: longest wait for a pool connection; then 503. */
        poolTimeoutMs: e.DATABASE_POOL_TIMEOUT_MS,
      },
      /**
       * The password queue (docs/architecture.md#password-and-probe-queues). On either engine: hashing is
       * CPU.
       */
      passwordHashing: queueLimits(
        e.PASSWORD_HASH_MAX_CONCURRENT,
        e.PASSWORD_HASH_QUEUE_LIMIT,
        e.PASSWORD_HASH_QUEUE_TIMEOUT_MS,
      ),
      /** Attempts of a processing job before it fails for good; undefined: the worker's default. */
      jobMaxAttempts: e.JOB_MAX_ATTEMPTS,
      /** Wait before a job's second attempt (doubling after); undefined: the worker's default. */
      jobRetryBackoffMs: e.JOB_RETRY_BACKOFF_MS,
      /**
       * Payments through Stripe: hosted checkout, customer portal and signed webhooks
       * (docs/billing.md); undefined (STRIPE_SECRET_KEY unset) means payments are off.
       */
      stripe:
        e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
          ? {
              /** Secret: never logged. */
              secretKey: e.STRIPE_SECRET_KEY,
              /** Signing secret of the webhook endpoint (`whsec_…`). Secret: never logged. */
              webhookSecret: e.STRIPE_WEBHOOK_SECRET,
              /** Prices are found by lookup key `<prefix><plan>_<interval>`, e.g. `protokoll_pro_month`. */
              priceLookupPrefix: e.STRIPE_PRICE_LOOKUP_PREFIX,
              /**
               * Where the SDK sends its requests instead of api.stripe.com: a local Stripe peer in
               * tests. Undefined: Stripe itself.
               */
              apiBase: e.STRIPE_API_BASE ? stripeApiBase(e.STRIPE_API_BASE) : undefined,
            }
          : undefined,
      /**
       * HTTPS with HTTP/2 (HTTP/1.1 still answered): the PEM files of the certificate (with its
       * chain) and the private key, absolute; undefined: plain HTTP/1.1.
       */
      /**
       * Where recordings and level overviews are kept (docs/uploads.md#storage): `local`, the
       * folder DATA_DIR/audio (the embedded default), or `s3`, a bucket of any S3-compatible
       * service.
       */
      storage:
        e.STORAGE === 's3' && e.S3_BUCKET
          ? {
              kind: 's3' as const,
              bucket: e.S3_BUCKET,
              region: e.S3_REGION,
              /** Another service than AWS (Garage, SeaweedFS, a local test server); undefined: AWS. */
              endpoint: e.S3_ENDPOINT,
              /** Bucket in the path instead of the host name (a self-hosted endpoint rarely has a
               * wildcard DNS name per bucket). */
              forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
            }
          : { kind: 'local' as const },
      /** How one worker divides its work (docs/architecture.md#worker-and-jobs). */
      worker: {
        /** Whether this API process runs a worker of its own (WORKER, on unless off). */
        inProcess: e.WORKER ?? true,
        /** Jobs transcribing at once; each sends STT_CONCURRENCY chunks at once. */
        concurrency: e.WORKER_CONCURRENCY,
        /** Jobs summarising at once, beside the transcriptions. */
        summaryConcurrency: e.LLM_CONCURRENCY,
        /** How long a claimed job stays this worker's without a renewal (JOB_LEASE_MS). */
        leaseMs: e.JOB_LEASE_MS,
        /**
         * Port of the worker process's own GET /metrics (WORKER_METRICS_PORT, on HOST, behind
         * METRICS_TOKEN); undefined: none. The API processes serve theirs on PORT.
         */
        metricsPort: e.WORKER_METRICS_PORT,
      },
      /** Speech engines in rotation: STT_ENGINES, else STT_BASE_URL as a pool of one. */
      sttEngines:
        e.STT_ENGINES ?? singleEngine('stt', e.STT_BASE_URL, e.STT_API_KEY, 4 * e.STT_CONCURRENCY),
      /** Language-model engines in rotation: LLM_ENGINES, else LLM_BASE_URL as a pool of one. */
      llmEngines:
        e.LLM_ENGINES ?? singleEngine('llm', e.LLM_BASE_URL, e.LLM_API_KEY, 4 * e.LLM_CONCURRENCY),
      observability: {
        /** Bearer token for GET /metrics; unset: /metrics answers 404. Secret: never logged. */
        metricsToken: e.METRICS_TOKEN,
        /** OTLP/HTTP endpoint for traces; unset: no tracing. */
        otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
        /** service.name of the traces. */
        serviceName: e.OTEL_SERVICE_NAME,
      },
      tls:
        e.TLS_CERT_FILE && e.TLS_KEY_FILE
          ? { certFile: abs(e.TLS_CERT_FILE), keyFile: abs(e.TLS_KEY_FILE) }
          : undefined,
    };
  });
}

export type Config = z.output<ReturnType<typeof configSchema>>;
export type StripeConfig = NonNullable<Config['stripe']>;
export type RateLimits = Config['rateLimits'];
export type SttConfig = Config['stt'];
export type LlmConfig = Config['llm'];
export type UploadLimits = Config['uploads'];
export type DatabaseLimits = Config['database'];
export type WorkerConfig = Config['worker'];
export type StorageConfig = Config['storage'];
export type ObservabilityConfig = Config['observability'];

export type Env = Record<string, string | undefined>;

/**
 * Reads and validates the configuration from environment variables. Relative paths are resolved
 * against the repository root, so the result does not depend on the working directory.
 * @throws ConfigError listing every bad variable.
 */
export function loadConfig(env: Env = process.env, options: { root?: string } = {}): Config {
  const cleaned: Env = {};
  for (const key of CONFIG_VARIABLES) {
    const value = env[key]?.trim();
    if (value) cleaned[key] = value;
  }
  const parsed = configSchema(options.root ?? repoRoot).safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? '?'),
        message: issue.message,
      })),
    );
  }
  return parsed.data;
}

/** STRIPE_API_BASE as the SDK's protocol, host and port settings. */
function stripeApiBase(value: string): { protocol: 'http' | 'https'; host: string; port: number } {
  const url = new URL(value);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    protocol,
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
  };
}

/** Where the embedded database keeps its files. */
export function pgliteDir(config: Pick<Config, 'dataDir'>): string {
  return join(config.dataDir, 'pglite');
}

/** Where a generated JWT secret is kept when JWT_SECRET is not set. */
export function jwtSecretFile(config: Pick<Config, 'dataDir'>): string {
  return join(config.dataDir, 'jwt-secret');
}
