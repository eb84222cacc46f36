import { AUDIO_SIGNATURE_BYTES, hasAudioSignature } from '@protokoll/contract';

/*
 * The length of a chosen recording, read in the browser so the form can show its cost before
 * anything is sent. Only the metadata is read; the server measures again and decides.
 */

/** Files up to this size may be decoded whole when the media element cannot read them. */
const DECODE_MAX_BYTES = 64 * 1024 * 1024;
/** A file whose metadata does not arrive by then counts as unreadable. */
const READ_TIMEOUT_MS = 15_000;

const usable = (seconds: number) => Number.isFinite(seconds) && seconds > 0;

/** Through a media element: reads only the header (and, for WebM without one, seeks to the end). */
function fromMediaElement(file: Blob, timeoutMs: number): Promise<number | null> {
  return new Promise((resolve) => {
    const audio = document.createElement('audio');
    const url = URL.createObjectURL(file);
    let settled = false;
    const finish = (seconds: number | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      audio.removeAttribute('src');
      audio.load();
      URL.revokeObjectURL(url);
      resolve(seconds);
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    audio.preload = 'metadata';
    audio.addEventListener('error', () => finish(null));
    audio.addEventListener('loadedmetadata', () => {
      if (usable(audio.duration)) return finish(audio.duration);
      // Recordings made by MediaRecorder (WebM) carry no length; seeking far past the end makes
      // the browser find it.
      audio.addEventListener('durationchange', () => {
        if (usable(audio.duration)) finish(audio.duration);
      });
      audio.currentTime = Number.MAX_SAFE_INTEGER;
    });
    audio.src = url;
  });
}

/** Through Web Audio: decodes the whole file, so only for files of moderate size. */
async function fromAudioContext(file: Blob): Promise<number | null> {
  const Context =
    globalThis.AudioContext ??
    (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context || file.size > DECODE_MAX_BYTES) return null;
  const context = new Context();
  try {
    const buffer = await context.decodeAudioData(await file.arrayBuffer());
    return usable(buffer.duration) ? buffer.duration : null;
  } catch {
    return null;
  } finally {
    void context.close().catch(() => undefined);
  }
}

/**
 * Seconds of audio in `file`, or `null` when this browser cannot read it (the form then says
 * that the server measures it). Never rejects.
 */
export async function readAudioDuration(
  file: Blob,
  { timeoutMs = READ_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<number | null> {
  try {
    return (await fromMediaElement(file, timeoutMs)) ?? (await fromAudioContext(file));
  } catch {
    return null;
  }
}

/**
 * What the form learns of a chosen file: its length in seconds; `null` when this browser cannot
 * read it but it may be audio (the server measures it); `'notAudio'` when it cannot be read and
 * its first bytes start no accepted format, so the server would refuse it as not audio
 * (docs/uploads.md#accepted-audio) and nothing is sent.
 */
export async function readChosenAudio(
  file: Blob,
  options?: { timeoutMs?: number },
): Promise<number | null | 'notAudio'> {
  const seconds = await readAudioDuration(file, options);
  if (seconds !== null) return seconds;
  try {
    const head = new Uint8Array(await file.slice(0, AUDIO_SIGNATURE_BYTES).arrayBuffer());
    return hasAudioSignature(head) ? null : 'notAudio';
  } catch {
    return null;
  }
}
