import type { Engines } from '../jobs/pipeline.ts';
import type { Config } from '../config.ts';
import type { Db, DbKind } from '../db/client.ts';
import type { JobSignal } from '../jobs/signal.ts';
import type { AudioToolsFound } from '../processing/audio-tools.ts';
import type { Mailer } from '../providers/mail/mailer.ts';
import type { Storage } from '../providers/storage/storage.ts';
import type { Payments } from '../providers/payments/index.ts';
import type { AccessClaims } from '../lib/auth/tokens.ts';
import type { BoundedQueue } from '../lib/bounded-queue.ts';
import type { DbGate, GatePlace } from '../lib/db-gate.ts';
import type { GoogleVerifier } from '../lib/auth/google.ts';
import type { Logger } from '../lib/logger.ts';

/** What every handler finds on `c.var`. */
export interface AppVariables {
  requestId: string;
  config: Config;
  db: Db;
  dbKind: DbKind;
  /** The bound in front of the database: PGlite's queue, or open on PostgreSQL (lib/db-gate.ts). */
  dbGate: DbGate;
  /** The request's place in the gate, when the request runs through it as a whole. */
  dbPlace?: GatePlace;
  /** The bound on password hashes and checks (docs/architecture.md#password-and-probe-queues). */
  passwordQueue: BoundedQueue;
  /** The bound on the upload's ffprobe check (docs/architecture.md#password-and-probe-queues). */
  probeQueue: BoundedQueue;
  /** Carries the request id on every line. */
  logger: Logger;
  version: string;
  startedAt: number;
  /** The resolved HS256 key of access tokens. */
  jwtSecret: string;
  mailer: Mailer;
  /** Where recordings live. */
  storage: Storage;
  /** Wakes the workers once a job was queued. */
  jobs: JobSignal;
  /** Undefined when Google sign-in is off (no GOOGLE_CLIENT_ID). */
  google: GoogleVerifier | undefined;
  /** Undefined when payments are off (no STRIPE_SECRET_KEY). */
  payments: Payments | undefined;
  /** ffmpeg and ffprobe as found at start-up (uploads are refused while one is missing). */
  audioTools: Promise<AudioToolsFound>;
  /** The engine pools (GET /api/capabilities reports which engines are up). */
  engines: Engines;
  /** Set by `requireAuth` on endpoints with `auth: true`; read it through `authOf(c)`. */
  auth?: AccessClaims;
}

export interface AppEnv {
  Variables: AppVariables;
}
