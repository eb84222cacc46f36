// The playable length of an upload from its header and a bounded read of its first and last
// bytes, where the format allows it: a WAV of PCM samples, an MP3 with an Xing/Info or VBRI header
// or at a constant bitrate. It only ever confirms a file whose header and size agree; anything
// else (a file shorter or longer than its header says, an unusual encoding, a tail that is not
// audio) gets the full packet scan in audio.ts, so every refusal still comes from that scan.
import { open, type FileHandle } from 'node:fs/promises';

/** Bytes read at either end of the file: enough for any header and a run of frames. */
const WINDOW_BYTES = 64 * 1024;

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(Math.max(0, length));
  const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
  return buffer.subarray(0, bytesRead);
}

/**
 * Seconds of audio the file holds when its header and its size agree; undefined when only the
 * full scan can tell. `declaredSeconds` is ffprobe's reading of the header, which must agree too.
 */
export async function boundedLength(
  path: string,
  ext: string,
  declaredSeconds: number | undefined,
): Promise<number | undefined> {
  if (ext !== 'wav' && ext !== 'mp3') return undefined;
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const seconds = ext === 'wav' ? await wavSeconds(handle, size) : await mp3Seconds(handle, size);
    if (seconds === undefined) return undefined;
    // ffprobe read the same header: a disagreement is a case for the full scan.
    if (declaredSeconds === undefined) return ext === 'wav' ? seconds : undefined;
    const slack = Math.max(0.5, declaredSeconds * 0.005);
    return Math.abs(declaredSeconds - seconds) <= slack ? declaredSeconds : undefined;
  } finally {
    await handle.close();
  }
}

/** RIFF/WAVE with integer or float PCM: the data chunk's size over the byte rate. */
async function wavSeconds(handle: FileHandle, size: number): Promise<number | undefined> {
  const head = await readAt(handle, 0, WINDOW_BYTES);
  if (head.length < 12 || head.toString('latin1', 0, 4) !== 'RIFF') return undefined;
  if (head.toString('latin1', 8, 12) !== 'WAVE') return undefined;
  let format: { code: number; rate: number; blockAlign: number } | undefined;
  for (let at = 12; at + 8 <= head.length;) {
    const id = head.toString('latin1', at, at + 4);
    const length = head.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === 'fmt ' && body + 16 <= head.length) {
      let code = head.readUInt16LE(body);
      // WAVE_FORMAT_EXTENSIBLE names the real format in its sub-format GUID.
      if (code === 0xfffe && length >= 40 && body + 26 <= head.length) {
        code = head.readUInt16LE(body + 24);
      }
      format = {
        code,
        rate: head.readUInt32LE(body + 4),
        blockAlign: head.readUInt16LE(body + 12),
      };
    } else if (id === 'data') {
      // PCM (1) and IEEE float (3) have a constant byte rate; anything else is scanned.
      if (!format || (format.code !== 1 && format.code !== 3)) return undefined;
      if (!(format.rate > 0 && format.blockAlign > 0)) return undefined;
      // 0 and 0xFFFFFFFF are what streaming writers leave: the header does not know.
      if (length === 0xffffffff || (length === 0 && size > body)) return undefined;
      // Shorter than its header says (truncated): the scan decides.
      if (size - body < length) return undefined;
      return Math.floor(length / format.blockAlign) / format.rate;
    }
    // Chunks are padded to an even length.
    at = body + length + (length % 2);
  }
  return undefined;
}

/** One MPEG audio layer III frame header. */
interface Frame {
  /** 1 for MPEG-1, 2 for MPEG-2 and 2.5. */
  lsf: boolean;
  sampleRate: number;
  /** kbit/s. */
  bitrate: number;
  mono: boolean;
  bytes: number;
  /** The bits that stay the same in every frame of a stream (sync, version, layer, rate). */
  signature: number;
}

const MPEG1_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MPEG2_KBPS = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const RATES: Record<number, number[]> = {
  3: [44_100, 48_000, 32_000],
  2: [22_050, 24_000, 16_000],
  0: [11_025, 12_000, 8_000],
};

function frameAt(buffer: Buffer, at: number): Frame | undefined {
  if (at + 4 > buffer.length) return undefined;
  const [b0, b1, b2, b3] = [buffer[at]!, buffer[at + 1]!, buffer[at + 2]!, buffer[at + 3]!];
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return undefined;
  const version = (b1 >> 3) & 3;
  const layer = (b1 >> 1) & 3;
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  // Layer III only; free-format and reserved values are not for this shortcut.
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15) return undefined;
  if (rateIndex === 3) return undefined;
  const lsf = version !== 3;
  const sampleRate = RATES[version]![rateIndex]!;
  const bitrate = (lsf ? MPEG2_KBPS : MPEG1_KBPS)[bitrateIndex]!;
  const padding = (b2 >> 1) & 1;
  const bytes = Math.floor(((lsf ? 72_000 : 144_000) * bitrate) / sampleRate) + padding;
  return {
    lsf,
    sampleRate,
    bitrate,
    mono: b3 >> 6 === 3,
    bytes,
    signature: (b1 << 8) | (b2 & 0x0c),
  };
}

/** Frames chained from `at` while they stay in `buffer` and in one stream. */
function chain(buffer: Buffer, at: number, first: Frame): { frames: Frame[]; end: number } {
  const frames = [first];
  let next = at + first.bytes;
  for (;;) {
    const frame = frameAt(buffer, next);
    if (!frame || frame.signature !== first.signature) break;
    frames.push(frame);
    next += frame.bytes;
  }
  return { frames, end: next };
}

/** Size of an ID3v2 tag at the start (its header says), or 0. */
function id3v2Bytes(head: Buffer): number {
  if (head.length < 10 || head.toString('latin1', 0, 3) !== 'ID3') return 0;
  const size =
    ((head[6]! & 0x7f) << 21) | ((head[7]! & 0x7f) << 14) | ((head[8]! & 0x7f) << 7) | head[9]!;
  const footer = head[5]! & 0x10 ? 10 : 0;
  return 10 + size + footer;
}

/** Bytes of ID3v1 and APEv2 tags at the end of `tail` (the last bytes of the file). */
function trailingTagBytes(tail: Buffer): number {
  let bytes = 0;
  if (
    tail.length >= 128 &&
    tail.toString('latin1', tail.length - 128, tail.length - 125) === 'TAG'
  ) {
    bytes += 128;
  }
  const apeFooter = tail.length - bytes - 32;
  if (apeFooter >= 0 && tail.toString('latin1', apeFooter, apeFooter + 8) === 'APETAGEX') {
    // The size counts the items and the footer; a header of 32 bytes precedes them when flagged.
    const tagSize = tail.readUInt32LE(apeFooter + 12);
    const hasHeader = (tail.readUInt32LE(apeFooter + 20) & 0x80000000) !== 0;
    bytes += tagSize + (hasHeader ? 32 : 0);
  }
  return bytes;
}

/**
 * MP3: the first frame and its Xing/Info or VBRI header, checked against the file's size; a
 * file without one must show the same bitrate in a run of frames at its start and at its end.
 * Either way the last bytes must be a chain of frames that runs to the end of the audio.
 */
async function mp3Seconds(handle: FileHandle, size: number): Promise<number | undefined> {
  const start = id3v2Bytes(await readAt(handle, 0, 10));
  const head = await readAt(handle, start, WINDOW_BYTES);
  // The audio must start right after the tag, as every encoder writes it.
  const first = frameAt(head, 0);
  if (!first) return undefined;
  const opening = chain(head, 0, first);
  if (opening.frames.length < 2 && opening.end < head.length) return undefined;

  const tailStart = Math.max(start, size - WINDOW_BYTES);
  const tail = await readAt(handle, tailStart, size - tailStart);
  const audioEnd = size - trailingTagBytes(tail);
  const audioBytes = audioEnd - start;
  const closing = closingFrames(tail.subarray(0, audioEnd - tailStart), first);
  if (!closing) return undefined;

  const header = vbrHeader(head, first);
  if (header) {
    if (header.frames === undefined || header.bytes === undefined) return undefined;
    // The header counts the bytes of the stream it describes; cut or extended files are scanned.
    if (Math.abs(audioBytes - header.bytes) > Math.max(4096, header.bytes * 0.001)) {
      return undefined;
    }
    return (header.frames * (first.lsf ? 576 : 1152)) / first.sampleRate;
  }
  // No header: a constant bitrate, or the scan.
  const rates = new Set([...opening.frames, ...closing].map((frame) => frame.bitrate));
  if (rates.size !== 1) return undefined;
  return (audioBytes * 8) / (first.bitrate * 1000);
}

/**
 * The frames that end the audio: a chain of at least three of `first`'s stream that reaches the
 * end of `tail` (the last one may be cut short), found from the window's start; undefined when
 * the audio does not end in frames.
 */
function closingFrames(tail: Buffer, first: Frame): Frame[] | undefined {
  for (let at = 0; at + 4 <= tail.length; at++) {
    const frame = frameAt(tail, at);
    if (!frame || frame.signature !== first.signature) continue;
    const run = chain(tail, at, frame);
    if (run.frames.length >= 3 && run.end >= tail.length) return run.frames;
  }
  return tail.length === 0 ? [] : undefined;
}

/** The Xing/Info (after the side information) or VBRI (at 36) header in the first frame. */
function vbrHeader(head: Buffer, first: Frame): { frames?: number; bytes?: number } | undefined {
  const side = first.lsf ? (first.mono ? 9 : 17) : first.mono ? 17 : 32;
  // A frame with a CRC carries it between the header and the side information.
  for (const offset of [4 + side, 6 + side]) {
    if (offset + 16 > head.length) continue;
    const tag = head.toString('latin1', offset, offset + 4);
    if (tag !== 'Xing' && tag !== 'Info') continue;
    const flags = head.readUInt32BE(offset + 4);
    let at = offset + 8;
    const header: { frames?: number; bytes?: number } = {};
    if (flags & 1) {
      header.frames = head.readUInt32BE(at);
      at += 4;
    }
    if (flags & 2) header.bytes = head.readUInt32BE(at);
    return header;
  }
  if (head.length >= 54 && head.toString('latin1', 36, 40) === 'VBRI') {
    return { bytes: head.readUInt32BE(46), frames: head.readUInt32BE(50) };
  }
  return undefined;
}
