import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { repoRoot } from './lib/paths.ts';

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** PostgreSQL connection string; undefined means the embedded PGlite in `dataDir/pglite`. */
  databaseUrl: string | undefined;
  /** Local state: PGlite files now, audio and the mail outbox later. Absolute. */
  dataDir: string;
  /** The built web app (Vite output). Absolute. */
  appDist: string;
  /** Folder holding de.json and en.json. Absolute. */
  localesDir: string;
  logLevel: LogLevel;
  /** Public base URL without trailing slash (links in mails, OpenAPI servers). */
  publicUrl: string | undefined;
  /** Whether this process serves the built web app next to the API. */
  serveApp: boolean;
  /**
   * HS256 key of the access tokens (≥ 32 characters). Undefined outside production means "not
   * set": `startServer` then keeps a generated one in DATA_DIR/jwt-secret.
   */
  jwtSecret: string | undefined;
  /** Google sign-in is on only when this is set. */
  googleClientId: string | undefined;
  /** Where Google's signing keys are published (a local peer in tests). */
  googleJwksUrl: string;
  /** SMTP connection (smtp://user:pass@host:587 or smtps://…); unset: mails go to DATA_DIR/outbox. */
  smtpUrl: string | undefined;
  /** Sender of every mail. */
  mailFrom: string;
  /** Fixed-window limits of the abuse-prone calls. */
  rateLimits: RateLimits;
  /** Take the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean;
}

/** At most `max` attempts per `windowMs`. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

export interface RateLimits {
  /** Per IP address and e-mail address. */
  login: RateLimit;
  /** Per IP address. */
  register: RateLimit;
  /** Per IP address. */
  forgotPassword: RateLimit;
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
 * Messages quote the offending value except for DATABASE_URL, whose value may hold a password.
 * Every value arrives as a string or not at all (empty strings count as unset).
 */
const EnvSchema = z.object({
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
  RATE_LIMIT_LOGIN: rateLimitVariable({ max: 10, windowMs: 15 * 60_000 }),
  RATE_LIMIT_REGISTER: rateLimitVariable({ max: 5, windowMs: 60 * 60_000 }),
  RATE_LIMIT_FORGOT_PASSWORD: rateLimitVariable({ max: 5, windowMs: 60 * 60_000 }),
});

export type Env = Record<string, string | undefined>;

/**
 * Reads and validates the configuration from environment variables. Relative paths are resolved
 * against the repository root, so the result does not depend on the working directory.
 * @throws ConfigError listing every bad variable.
 */
export function loadConfig(env: Env = process.env, options: { root?: string } = {}): Config {
  const root = options.root ?? repoRoot;
  const cleaned: Env = {};
  for (const key of Object.keys(EnvSchema.shape)) {
    const value = env[key]?.trim();
    if (value) cleaned[key] = value;
  }
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? '?'),
        message: issue.message,
      })),
    );
  }
  const e = parsed.data;
  const abs = (p: string) => (isAbsolute(p) ? p : resolve(root, p));
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: abs(e.DATA_DIR),
    appDist: abs(e.APP_DIST),
    localesDir: abs(e.LOCALES_DIR),
    logLevel: e.LOG_LEVEL,
    publicUrl: e.PUBLIC_URL,
    serveApp: e.SERVE_APP ?? e.NODE_ENV === 'production',
    jwtSecret: e.JWT_SECRET,
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleJwksUrl: e.GOOGLE_JWKS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    rateLimits: {
      login: e.RATE_LIMIT_LOGIN,
      register: e.RATE_LIMIT_REGISTER,
      forgotPassword: e.RATE_LIMIT_FORGOT_PASSWORD,
    },
    trustProxy: e.TRUST_PROXY ?? false,
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
