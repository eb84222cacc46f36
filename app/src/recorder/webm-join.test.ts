// @vitest-environment node
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinWebm, WebmJoinError } from './webm-join.ts';

const exec = promisify(execFile);
let dir: string;

/** A sine of `seconds` at `hz` as Opus in WebM, the way ffmpeg writes it (sizes, cues, duration). */
async function tone(name: string, hz: number, seconds: number): Promise<Uint8Array> {
  const path = join(dir, `${name}.webm`);
  await exec('ffmpeg', [
    ...['-nostdin', '-v', 'error', '-y', '-f', 'lavfi'],
    ...['-i', `sine=frequency=${hz}:sample_rate=48000:duration=${seconds}`],
    ...['-c:a', 'libopus', '-b:a', '32k', '-f', 'webm', path],
  ]);
  return new Uint8Array(await readFile(path));
}

async function probe(bytes: Uint8Array): Promise<{ duration: number; packets: number }> {
  const path = join(dir, `joined-${Math.random().toString(36).slice(2)}.webm`);
  await writeFile(path, bytes);
  const { stdout } = await exec('ffprobe', [
    ...['-v', 'error', '-select_streams', 'a:0', '-count_packets'],
    ...['-show_entries', 'stream=nb_read_packets,codec_name:packet=pts_time', '-of', 'json', path],
  ]);
  const info = JSON.parse(stdout) as {
    streams: { nb_read_packets: string; codec_name: string }[];
    packets: { pts_time: string }[];
  };
  expect(info.streams[0]?.codec_name).toBe('opus');
  const last = Number(info.packets.at(-1)?.pts_time ?? 0);
  return { duration: last + 0.02, packets: Number(info.streams[0]?.nb_read_packets) };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'webm-join-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('joinWebm', () => {
  it('puts the sittings one after another, timestamps rising, length the sum', async () => {
    const first = await tone('a', 440, 3);
    const second = await tone('b', 660, 2);
    const joined = joinWebm([first, second]);
    const { duration, packets } = await probe(joined);
    expect(duration).toBeGreaterThan(4.9);
    expect(duration).toBeLessThan(5.2);
    // 20 ms packets: about 250 in 5 s, none lost.
    expect(packets).toBeGreaterThanOrEqual(248);
  });

  it('ends a sitting cut off mid-cluster at its last complete block', async () => {
    const first = await tone('c', 440, 4);
    const cut = first.subarray(0, Math.floor(first.length * 0.6));
    const second = await tone('d', 660, 1);
    const { duration } = await probe(joinWebm([cut, second]));
    expect(duration).toBeGreaterThan(2.5);
    expect(duration).toBeLessThan(4);
  });

  it('leaves one sitting as a readable file', async () => {
    const only = await tone('e', 440, 2);
    const { duration } = await probe(joinWebm([only]));
    expect(duration).toBeGreaterThan(1.9);
    expect(duration).toBeLessThan(2.2);
  });

  it('refuses what is not WebM', () => {
    expect(() => joinWebm([new TextEncoder().encode('no webm')])).toThrow(WebmJoinError);
  });
});

describe('joinWebm with an end', () => {
  it('cuts the joined recording at the given second, never after it', async () => {
    const first = await tone('f', 440, 3);
    const second = await tone('g', 660, 3);
    const { duration } = await probe(joinWebm([first, second], 4));
    expect(duration).toBeGreaterThan(3.9);
    expect(duration).toBeLessThanOrEqual(4);
  });

  it('leaves a recording shorter than the end whole', async () => {
    const only = await tone('h', 440, 2);
    const { duration } = await probe(joinWebm([only], 60));
    expect(duration).toBeGreaterThan(1.9);
    expect(duration).toBeLessThan(2.2);
  });
});
