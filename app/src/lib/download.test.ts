import type { Download } from '@protokoll/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { downloadBlob, OBJECT_URL_LIFETIME_MS, saveDownload, saveFile } from './download.ts';

const text = 'Protokoll – Größe, Übersicht, Maßnahmen';
const base64 = (value: string) => Buffer.from(value, 'utf8').toString('base64');

const answer = (patch: Partial<Download> = {}): Download => ({
  success: true,
  data: base64(text),
  filename: 'Besprechung.txt',
  contentType: 'text/plain; charset=utf-8',
  status: 200,
  ...patch,
});

/** Reads a Blob in jsdom (which has no Blob#arrayBuffer in every version). */
function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('downloadBlob', () => {
  it('decodes the base64 data into bytes of the answer’s content type', async () => {
    const blob = downloadBlob(answer());
    expect(blob.type).toBe('text/plain; charset=utf-8');
    expect(new TextDecoder().decode(await bytesOf(blob))).toBe(text);
  });

  it('keeps binary data byte for byte', async () => {
    const bytes = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0xff, 0x80, 0x7f]);
    const blob = downloadBlob({
      data: Buffer.from(bytes).toString('base64'),
      contentType: 'application/zip',
    });
    expect(blob.type).toBe('application/zip');
    expect(await bytesOf(blob)).toEqual(bytes);
  });
});

describe('saveDownload', () => {
  it('saves the file under the server’s file name and answers true', async () => {
    const save = vi.fn();
    await expect(saveDownload(async () => answer(), 'txt', save)).resolves.toBe(true);
    expect(save).toHaveBeenCalledTimes(1);
    const [blob, filename] = save.mock.calls[0] as [Blob, string];
    expect(filename).toBe('Besprechung.txt');
    expect(blob.type).toBe('text/plain; charset=utf-8');
    expect(new TextDecoder().decode(await bytesOf(blob))).toBe(text);
  });

  it('names the file note.{format} when the server names none', async () => {
    const save = vi.fn();
    await saveDownload(async () => answer({ filename: undefined }), 'srt', save);
    expect(save.mock.calls[0]?.[1]).toBe('note.srt');
  });

  it('answers false, saving nothing, when the call fails', async () => {
    const save = vi.fn();
    const failing = async (): Promise<Download> => {
      throw new ApiError('http', 409, 'noteNotReady', 'not ready');
    };
    await expect(saveDownload(failing, 'pdf', save)).resolves.toBe(false);
    await expect(
      saveDownload(() => Promise.reject(new ApiError('offline', 0, 'offline', 'x')), 'pdf', save),
    ).resolves.toBe(false);
    expect(save).not.toHaveBeenCalled();
  });

  it('answers false for an unsuccessful answer', async () => {
    const save = vi.fn();
    await expect(
      saveDownload(async () => answer({ success: false, status: 500 }), 'md', save),
    ).resolves.toBe(false);
    await expect(saveDownload(async () => answer({ status: 404 }), 'md', save)).resolves.toBe(
      false,
    );
    expect(save).not.toHaveBeenCalled();
  });

  it('answers false when the data is not base64', async () => {
    const save = vi.fn();
    await expect(
      saveDownload(async () => answer({ data: '%%% not base64 %%%' }), 'json', save),
    ).resolves.toBe(false);
    expect(save).not.toHaveBeenCalled();
  });

  it('answers false when the browser refuses to save', async () => {
    const save = vi.fn(() => {
      throw new Error('blocked');
    });
    await expect(saveDownload(async () => answer(), 'docx', save)).resolves.toBe(false);
  });
});

describe('saveFile', () => {
  it('clicks a hidden <a download> with an object URL and revokes the URL later', () => {
    vi.useFakeTimers();
    const created: Blob[] = [];
    // jsdom has no object URLs.
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:protokoll/1';
    });
    URL.revokeObjectURL = vi.fn();
    const clicks: { href: string; download: string; attached: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push({ href: this.href, download: this.download, attached: this.isConnected });
    });

    const blob = new Blob(['x'], { type: 'text/plain' });
    saveFile(blob, 'Besprechung.txt');

    expect(created).toEqual([blob]);
    expect(clicks).toEqual([
      { href: 'blob:protokoll/1', download: 'Besprechung.txt', attached: true },
    ]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    vi.advanceTimersByTime(OBJECT_URL_LIFETIME_MS);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:protokoll/1');
  });
});
