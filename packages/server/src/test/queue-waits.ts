// How long the suite's servers wait in each bounded queue before a 503: 30 s instead of
// production's 0.5–1 s (docs/architecture.md#suite-time). Tests check behaviour, not capacity: on a
// loaded machine a few requests at once may wait longer than production allows. Each queue's own
// limits are tested with limits of their own (lib/bounded-queue.test.ts, lib/db-gate.test.ts,
// routes/uploads/uploads.test.ts). Used by the app's tests (test/app.ts) and the end-to-end
// server (playwright.config.ts); a new queue's wait limit belongs here.
export const TEST_QUEUE_WAITS = {
  PGLITE_QUEUE_TIMEOUT_MS: '30000',
  PASSWORD_HASH_QUEUE_TIMEOUT_MS: '30000',
  UPLOAD_PROBE_QUEUE_TIMEOUT_MS: '30000',
} as const;
