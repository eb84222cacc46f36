import { sql, type Placeholder } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * Prepared statements of the hot reads (docs/architecture.md#hot-queries), built once per
 * database and name: drizzle does not rebuild their SQL per request, and PostgreSQL parses and
 * plans each once per pooled connection. A transaction's `tx` is a database of its own here, so a
 * statement is never shared across them.
 */
const statements = new WeakMap<Db, Map<string, unknown>>();

/** The statement `name` of `db`, built by `build` the first time it is asked for. */
export function preparedOnce<T>(db: Db, name: string, build: (name: string) => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(name);
    byName.set(name, statement);
  }
  return statement;
}

/**
 * How a query builder takes a value: as the value itself (`inline`), or as a named placeholder
 * whose value is collected for the prepared statement's execution (`parameters`).
 */
export type Bind = <T>(name: string, value: T) => T | Placeholder<string, T>;

export const inline: Bind = (_name, value) => value;

/** A `Bind` that names every value, and the values it named (dates as ISO text, as drivers take them). */
export function parameters(): { bind: Bind; values: Record<string, unknown> } {
  const values: Record<string, unknown> = {};
  const bind: Bind = (name, value) => {
    values[name] = value instanceof Date ? value.toISOString() : value;
    return sql.placeholder(name);
  };
  return { bind, values };
}
