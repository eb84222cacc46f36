import type { LogLevel } from '../config.ts';

export type LogFields = Record<string, unknown>;

/** A structured logger writing one JSON object per line. */
export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  /** A logger adding `fields` to every line (e.g. the request id). */
  child(fields: LogFields): Logger;
}

const rank: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface LoggerOptions {
  level?: LogLevel;
  /** Receives each finished line without its newline; defaults to stdout. */
  write?: (line: string) => void;
  fields?: LogFields;
}

function serialize(_key: string, value: unknown): unknown {
  if (value instanceof Error) {
    return { name: value.name, message: value.message, stack: value.stack };
  }
  if (typeof value === 'bigint') return value.toString();
  return value;
}

let stdoutWrite: ((line: string) => void) | undefined;

/**
 * Lines to stdout, written together once per turn of the event loop: under load one system call
 * carries many requests' lines instead of one each, which cost about 50 µs apiece here
 * (docs/architecture.md#hot-queries). A line waits at most until the loop's next check phase;
 * what is pending when the process exits is written then.
 */
function toStdout(): (line: string) => void {
  if (stdoutWrite) return stdoutWrite;
  let pending = '';
  const flush = () => {
    if (!pending) return;
    const chunk = pending;
    pending = '';
    process.stdout.write(chunk);
  };
  process.on('exit', flush);
  stdoutWrite = (line) => {
    if (!pending) setImmediate(flush);
    pending += `${line}\n`;
  };
  return stdoutWrite;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const threshold = rank[options.level ?? 'info'];
  const write = options.write ?? toStdout();
  const base = options.fields ?? {};

  const log = (level: LogLevel, msg: string, fields?: LogFields) => {
    if (rank[level] < threshold) return;
    let line: string;
    try {
      line = JSON.stringify(
        { time: new Date().toISOString(), level, msg, ...base, ...fields },
        serialize,
      );
    } catch {
      line = JSON.stringify({
        time: new Date().toISOString(),
        level,
        msg,
        ...base,
        unserializable: true,
      });
    }
    write(line);
  };

  return {
    debug: (msg, fields) => log('debug', msg, fields),
    info: (msg, fields) => log('info', msg, fields),
    warn: (msg, fields) => log('warn', msg, fields),
    error: (msg, fields) => log('error', msg, fields),
    child: (fields) => createLogger({ ...options, fields: { ...base, ...fields } }),
  };
}

/** Discards everything (tests that do not look at logs). */
export const silentLogger: Logger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
  child: () => silentLogger,
};
