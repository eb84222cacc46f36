// PostgreSQL errors by SQLSTATE. Drizzle wraps driver errors; the code sits on the error or on
// its cause, and PGlite and node-postgres both report it there.

function sqlState(error: unknown): unknown {
  const codeOf = (e: unknown) => (e as { code?: unknown } | undefined)?.code;
  return codeOf(error) ?? codeOf((error as { cause?: unknown } | undefined)?.cause);
}

/** A unique index refused the row (an e-mail address or folder name taken). */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}

/** A foreign key refused the row (its folder was deleted a moment ago). */
export function isForeignKeyViolation(error: unknown): boolean {
  return sqlState(error) === '23503';
}

/**
 * node-postgres gave up waiting for a free pool connection (DATABASE_POOL_TIMEOUT_MS). The query
 * never reached the database.
 */
export function isPoolTimeout(error: unknown): boolean {
  const messageOf = (e: unknown) => (e instanceof Error ? e.message : '');
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  return [error, cause].some((e) => /timeout exceeded when trying to connect/i.test(messageOf(e)));
}
