import type { ByteRange } from '../../providers/storage/storage.ts';

/** What a Range header asks of an object of a given size (RFC 9110 §14). */
export type RangeRequest =
  /** No usable Range: answer 200 with every byte. */
  | { kind: 'full' }
  /** One satisfiable range: answer 206 with it. */
  | { kind: 'partial'; range: ByteRange }
  /** Well-formed, but no byte of it exists: answer 416. */
  | { kind: 'unsatisfiable' };

const SINGLE_RANGE = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i;

/**
 * Reads a Range header for an object of `size` bytes. A header that is not a single byte range
 * (another unit, several ranges, bad syntax) is ignored, as RFC 9110 allows: the whole object is
 * sent. Players only ever ask for one range.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (!header) return { kind: 'full' };
  const match = SINGLE_RANGE.exec(header);
  if (!match) return { kind: 'full' };
  const [, first = '', last = ''] = match;
  if (!first && !last) return { kind: 'full' };

  if (!first) {
    // Suffix range: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', range: { start: Math.max(0, size - length), end: size - 1 } };
  }

  const start = Number(first);
  const end = last ? Number(last) : size - 1;
  if (last && end < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', range: { start, end: Math.min(end, size - 1) } };
}
