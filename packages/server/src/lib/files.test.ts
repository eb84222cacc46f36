import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeStreamToFile } from './files.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'protokoll-files-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('writeStreamToFile', () => {
  it('writes the stream into the file', async () => {
    await writeStreamToFile(Readable.from(['Auf', 'nahme']), join(dir, 'a.wav'));
    expect(await readFile(join(dir, 'a.wav'), 'utf8')).toBe('Aufnahme');
  });

  it('leaves no file when the source fails', async () => {
    // Twenty times: the source fails while the file may still be opening, a race that only a busy
    // machine loses (closedOf); a quiet one passes without the wait too.
    for (let i = 0; i < 20; i++) {
      const failing = new Readable({
        read() {
          this.push('Anfang');
          this.destroy(new Error('Verbindung abgebrochen'));
        },
      });
      await expect(writeStreamToFile(failing, join(dir, `${i}.part`))).rejects.toThrow(
        'Verbindung abgebrochen',
      );
    }
    expect(await readdir(dir)).toEqual([]);
  });

  it('leaves no file when aborted', async () => {
    const endless = new Readable({ read() {} });
    endless.push('Anfang');
    const controller = new AbortController();
    const writing = writeStreamToFile(endless, join(dir, 'b.part'), { signal: controller.signal });
    controller.abort();
    await expect(writing).rejects.toMatchObject({ name: 'AbortError' });
    expect(await readdir(dir)).toEqual([]);
  });
});
