import { createHash } from 'node:crypto';
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

/**
 * The statement's name for the values it takes: a name per set of values, short enough for
 * PostgreSQL (63 characters at most), the same for the same set.
 */
const statementNames = new Map<string, string>();
function statementName(name: string, keys: string[]): string {
  const shape = `${name}:${keys.join(',')}`;
  let known = statementNames.get(shape);
  if (!known) {
    known = `${name}_${createHash('sha256').update(shape).digest('hex').slice(0, 16)}`;
    statementNames.set(shape, known);
  }
  return known;
}

interface Preparable {
  prepare(name: string): { execute(values: Record<string, unknown>): Promise<unknown> };
}
type PreparedResult<T extends Preparable> = ReturnType<ReturnType<T['prepare']>['execute']>;

/**
 * Runs the query `query` builds as a prepared statement, one per set of values it names
 * (docs/architecture.md#hot-queries): a list's shape changes with the filters present. The values
 * come from building the query once with `parameters`, which only collects them; the statement
 * is built, with placeholders, the first time its set is seen. Every value that changes between
 * requests must go through `bind`: anything else is fixed in the statement when it is built.
 */
export function runPrepared<T extends Preparable>(
  db: Db,
  name: string,
  query: (bind: Bind) => T,
): PreparedResult<T> {
  const { bind, values } = parameters();
  query(bind);
  const statement = preparedOnce(db, statementName(name, Object.keys(values)), (statementName) =>
    query(parameters().bind).prepare(statementName),
  );
  return statement.execute(values) as PreparedResult<T>;
}
