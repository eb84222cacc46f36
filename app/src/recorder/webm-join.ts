/*
 * Joins the WebM files of one recording made in several sittings (before and after a reload, see
 * docs/uploads.md#recording-in-the-browser) into one WebM: the first sitting's header, then every
 * sitting's clusters with their timecodes moved behind the sittings before. A sitting cut off by a
 * crash ends at its last complete element. Opus in WebM from MediaRecorder only: the sittings
 * share codec, sample rate and channels, so one header serves them all.
 */

const EBML = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const CLUSTER = 0x1f43b675;
const INFO = 0x1549a966;
const TRACKS = 0x1654ae6b;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const TIMECODE = 0xe7;
const SIMPLE_BLOCK = 0xa3;
const BLOCK_GROUP = 0xa0;
const BLOCK = 0xa1;
/** Elements on the segment's level: they end a cluster of unknown size. */
const TOP_LEVEL = new Set([
  CLUSTER,
  INFO,
  TRACKS,
  0x114d9b74, // SeekHead
  0x1c53bb6b, // Cues
  0x1254c367, // Tags
  0x1941a469, // Attachments
  0x1043a770, // Chapters
]);
/** An Opus frame is 20 ms; a sitting ends this long after its last block starts. */
const FRAME_NS = 20_000_000;

export class WebmJoinError extends Error {}

interface Element {
  id: number;
  /** Where the element's data starts and ends; `end` is Infinity for an unknown size. */
  start: number;
  end: number;
  /** Where the element (its id) starts. */
  at: number;
}

function readVint(bytes: Uint8Array, pos: number, keepMarker: boolean) {
  const first = bytes[pos];
  if (first === undefined) return undefined;
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8 || pos + length > bytes.length) return undefined;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = bytes[pos + i]!;
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

function readElement(bytes: Uint8Array, pos: number): Element | undefined {
  const id = readVint(bytes, pos, true);
  if (!id) return undefined;
  const size = readVint(bytes, pos + id.length, false);
  if (!size) return undefined;
  const start = pos + id.length + size.length;
  return { id: id.value, start, end: size.unknown ? Infinity : start + size.value, at: pos };
}

function readUint(bytes: Uint8Array, element: Element): number {
  let value = 0;
  for (let i = element.start; i < element.end; i++) value = value * 256 + bytes[i]!;
  return value;
}

function encodeId(id: number): number[] {
  const out: number[] = [];
  for (let value = id; value > 0; value = Math.floor(value / 256)) out.unshift(value % 256);
  return out;
}

/** A size as an 8-byte vint, so any length fits. */
function encodeSize(size: number): number[] {
  const out = [0x01];
  for (let i = 6; i >= 0; i--) out.push(Math.floor(size / 256 ** i) % 256);
  return out;
}

function encodeUint(value: number): number[] {
  const out: number[] = [];
  for (let v = value; v > 0; v = Math.floor(v / 256)) out.unshift(v % 256);
  return out.length ? out : [0];
}

function element(id: number, parts: readonly Uint8Array[]): Uint8Array[] {
  const size = parts.reduce((sum, part) => sum + part.length, 0);
  return [new Uint8Array([...encodeId(id), ...encodeSize(size)]), ...parts];
}

interface Cluster {
  timecode: number;
  /** The cluster's children other than its timecode, complete ones only. */
  children: Uint8Array[];
  /** For each child that is a block: where it starts, relative to the cluster, in ticks. */
  starts: (number | undefined)[];
}

interface Sitting {
  header: Uint8Array;
  info: Uint8Array[];
  tracks: Uint8Array | undefined;
  timecodeScale: number;
  clusters: Cluster[];
  /** Where the sitting ends, in its own timecode ticks. */
  end: number;
}

/** The complete children of an element, up to its end or (unknown size) the next top-level id. */
function children(bytes: Uint8Array, parent: Element): Element[] {
  const out: Element[] = [];
  let pos = parent.start;
  const limit = Math.min(parent.end, bytes.length);
  while (pos < limit) {
    const child = readElement(bytes, pos);
    if (!child || child.end === Infinity) break;
    if (parent.end === Infinity && TOP_LEVEL.has(child.id)) break;
    if (child.end > limit) break;
    out.push(child);
    pos = child.end;
  }
  return out;
}

/** Relative timecode of a (Simple)Block: after the track number, a signed 16-bit value. */
function blockTimecode(bytes: Uint8Array, block: Element): number {
  const track = readVint(bytes, block.start, false);
  if (!track) return 0;
  const at = block.start + track.length;
  const value = (bytes[at]! << 8) | bytes[at + 1]!;
  return value >= 0x8000 ? value - 0x10000 : value;
}

function parseSitting(bytes: Uint8Array): Sitting {
  const header = readElement(bytes, 0);
  if (!header || header.id !== EBML || header.end > bytes.length) {
    throw new WebmJoinError('not a WebM file');
  }
  const segment = readElement(bytes, header.end);
  if (!segment || segment.id !== SEGMENT) throw new WebmJoinError('no segment');
  const sitting: Sitting = {
    header: bytes.subarray(0, header.end),
    info: [],
    tracks: undefined,
    timecodeScale: 1_000_000,
    clusters: [],
    end: 0,
  };
  let pos = segment.start;
  const limit = Math.min(segment.end, bytes.length);
  while (pos < limit) {
    const child = readElement(bytes, pos);
    if (!child) break;
    if (child.id === CLUSTER) {
      const parts = children(bytes, child);
      let timecode = 0;
      const kept: Uint8Array[] = [];
      const starts: (number | undefined)[] = [];
      let last = child.start;
      for (const part of parts) {
        last = part.end;
        if (part.id === TIMECODE) {
          timecode = readUint(bytes, part);
          continue;
        }
        kept.push(bytes.subarray(part.at, part.end));
        const block =
          part.id === SIMPLE_BLOCK
            ? part
            : part.id === BLOCK_GROUP
              ? children(bytes, part).find((inner) => inner.id === BLOCK)
              : undefined;
        starts.push(block ? blockTimecode(bytes, block) : undefined);
        if (block) {
          const ticks = timecode + blockTimecode(bytes, block);
          sitting.end = Math.max(sitting.end, ticks + FRAME_NS / sitting.timecodeScale);
        }
      }
      if (kept.length) sitting.clusters.push({ timecode, children: kept, starts });
      // A cluster of unknown size (or cut off) ends where its last complete child ends.
      pos = child.end === Infinity || child.end > bytes.length ? last : child.end;
      if (pos === child.start && child.end === Infinity) break;
      continue;
    }
    if (child.end === Infinity || child.end > bytes.length) break;
    if (child.id === INFO) {
      for (const part of children(bytes, child)) {
        if (part.id === TIMECODE_SCALE) sitting.timecodeScale = readUint(bytes, part) || 1_000_000;
        // The first sitting's length is no longer the file's.
        if (part.id !== DURATION) sitting.info.push(bytes.subarray(part.at, part.end));
      }
    } else if (child.id === TRACKS) {
      sitting.tracks = bytes.subarray(child.at, child.end);
    }
    pos = child.end;
  }
  return sitting;
}

/**
 * The sittings of one recording, oldest first, as one WebM. With `maxSeconds` the file ends
 * there: every block that would still sound after it is left out (the part that fits the
 * minutes, docs/uploads.md#recording-in-the-browser).
 */
export function joinWebm(
  sittings: readonly Uint8Array[],
  maxSeconds = Infinity,
): Uint8Array<ArrayBuffer> {
  const parsed = sittings.map(parseSitting);
  const first = parsed[0];
  if (!first?.tracks) throw new WebmJoinError('no tracks');
  const frameTicks = FRAME_NS / first.timecodeScale;
  const maxTicks = (maxSeconds * 1e9) / first.timecodeScale;
  const clusters: Uint8Array[] = [];
  let offset = 0;
  for (const sitting of parsed) {
    // Timecodes in the first sitting's scale.
    const scale = sitting.timecodeScale / first.timecodeScale;
    const startTicks = sitting.clusters[0]?.timecode ?? 0;
    for (const cluster of sitting.clusters) {
      const timecode = Math.round(offset + (cluster.timecode - startTicks) * scale);
      let blocks = 0;
      const children = cluster.children.filter((_, index) => {
        const start = cluster.starts[index];
        if (start === undefined) return true;
        const fits = timecode + start * scale + frameTicks <= maxTicks;
        if (fits) blocks++;
        return fits;
      });
      // Past the end: no block of this cluster sounds within it.
      if (blocks === 0) continue;
      // An 8-byte value: any timecode fits.
      const value = encodeUint(timecode);
      const padded = new Uint8Array([
        TIMECODE,
        0x88,
        ...new Array<number>(8 - value.length).fill(0),
        ...value,
      ]);
      clusters.push(...element(CLUSTER, [padded, ...children]));
    }
    offset += Math.max(0, sitting.end - startTicks) * scale;
  }
  const segment = element(SEGMENT, [...element(INFO, first.info), first.tracks, ...clusters]);
  const parts = [first.header, ...segment];
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
