// Speech-to-text through any OpenAI-compatible `/v1/audio/transcriptions` endpoint (OpenAI, Groq,
// speaches, whisper.cpp server, LocalAI, vLLM), and the bounded, retrying run over all chunks.
import { openAsBlob } from 'node:fs';
import { basename } from 'node:path';
import type { ChunkPlan } from './audio.ts';
import { EngineError, engineRequest, normaliseBaseUrl, sleep } from './engine.ts';
import { baseLanguage } from './text.ts';

/** One passage as the engine returned it, in seconds of the file it was sent. */
export interface TranscriptSegment {
  start: number;
  end: number;
  text: string;
  /** The engine's own label when it diarizes (`SPEAKER_00`, `A`, `1`): local to this file. */
  speaker?: string;
}

export interface Transcription {
  text: string;
  /** Language the engine reports (a name like `german` or a code), when it reports one. */
  language: string | undefined;
  durationSeconds: number;
  segments: TranscriptSegment[];
}

export interface TranscribeOptions {
  /** Spoken language code, or `auto` (or undefined) to let the engine detect it. */
  language?: string | undefined;
  /** Length of the file, used when the engine reports none. */
  durationSeconds?: number | undefined;
  /**
   * The engine's `prompt`: the glossary's spellings (docs/product.md#glossary), within the
   * engine's token limit (processing/glossary.ts). Not sent when empty.
   */
  prompt?: string | undefined;
  signal?: AbortSignal | undefined;
}

/** Transcribes one audio file. */
export interface SttClient {
  readonly model: string;
  transcribe(path: string, options?: TranscribeOptions): Promise<Transcription>;
}

export interface SttClientOptions {
  /** With or without the trailing `/v1`. */
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  /** Per request; a ten-minute chunk on a CPU engine can take minutes. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const MIME_TYPES: Record<string, string> = {
  flac: 'audio/flac',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  webm: 'audio/webm',
};

const finite = (value: unknown): number | undefined => {
  const number = typeof value === 'string' ? Number(value.trim()) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
};

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * Reads a transcription answer, tolerant of what OpenAI-compatible servers differ in: `duration`
 * as number or string, timestamps as strings, no `segments` (one segment spanning the duration
 * is made from `text`), speaker fields under several names, a plain-text body.
 * @throws EngineError `invalidAnswer` when the answer holds no transcript at all.
 */
export function parseTranscription(body: string, fallbackDuration?: number): Transcription {
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    // A server that ignored response_format answers with the text itself.
    const text = body.trim();
    const duration = fallbackDuration ?? 0;
    return {
      text,
      language: undefined,
      durationSeconds: duration,
      segments: text ? [{ start: 0, end: duration, text }] : [],
    };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new EngineError('stt', 'invalidAnswer', 'transcription answer is not an object');
  }
  const record = data as Record<string, unknown>;
  const rawSegments = Array.isArray(record.segments) ? (record.segments as unknown[]) : undefined;
  if (typeof record.text !== 'string' && !rawSegments) {
    throw new EngineError(
      'stt',
      'invalidAnswer',
      'transcription answer has neither text nor segments',
    );
  }
  const segments: TranscriptSegment[] = [];
  for (const raw of rawSegments ?? []) {
    if (typeof raw !== 'object' || raw === null) continue;
    const item = raw as Record<string, unknown>;
    const text = typeof item.text === 'string' ? item.text.trim() : '';
    const start = finite(item.start);
    if (!text || start === undefined) continue;
    const end = Math.max(start, finite(item.end) ?? start);
    const speaker = item.speaker ?? item.speaker_label ?? item.speaker_id;
    segments.push({
      start: round(Math.max(0, start)),
      end: round(Math.max(0, end)),
      text,
      ...(typeof speaker === 'string' || typeof speaker === 'number'
        ? { speaker: String(speaker) }
        : {}),
    });
  }
  const text =
    typeof record.text === 'string'
      ? record.text.trim()
      : segments.map((segment) => segment.text).join(' ');
  const durationSeconds = finite(record.duration) ?? fallbackDuration ?? segments.at(-1)?.end ?? 0;
  if (!rawSegments && text) segments.push({ start: 0, end: round(durationSeconds), text });
  return {
    text,
    language: typeof record.language === 'string' ? record.language : undefined,
    durationSeconds,
    segments,
  };
}

/** Whether a 400 says the model cannot do verbose_json (gpt-4o-transcribe, some servers). */
function rejectsVerboseJson(error: unknown): boolean {
  return (
    error instanceof EngineError &&
    error.status === 400 &&
    /response_format|verbose_json|timestamp_granularities/i.test(error.message)
  );
}

/** A client for one engine. Asks for `verbose_json` with segment timestamps. */
export function createSttClient(options: SttClientOptions): SttClient {
  const url = `${normaliseBaseUrl(options.baseUrl)}/audio/transcriptions`;
  const timeoutMs = options.timeoutMs ?? 600_000;
  // Set once the engine refused verbose_json: later chunks go straight to plain json.
  let plainJson = false;

  async function send(path: string, verbose: boolean, request: TranscribeOptions) {
    const ext = basename(path).split('.').pop()?.toLowerCase() ?? '';
    const form = new FormData();
    // openAsBlob streams the file from disk instead of reading it into memory.
    const file = await openAsBlob(path, { type: MIME_TYPES[ext] ?? 'application/octet-stream' });
    form.append('file', file, basename(path));
    form.append('model', options.model);
    form.append('response_format', verbose ? 'verbose_json' : 'json');
    if (verbose) form.append('timestamp_granularities[]', 'segment');
    const language = baseLanguage(request.language);
    if (language && language !== 'auto') form.append('language', language);
    if (request.prompt) form.append('prompt', request.prompt);
    const response = await engineRequest({
      engine: 'stt',
      url,
      apiKey: options.apiKey,
      body: form,
      timeoutMs,
      signal: request.signal,
      fetch: options.fetch,
    });
    return parseTranscription(response.text, request.durationSeconds);
  }

  return {
    model: options.model,
    async transcribe(path, request = {}) {
      if (plainJson) return send(path, false, request);
      try {
        return await send(path, true, request);
      } catch (error) {
        if (!rejectsVerboseJson(error)) throw error;
        plainJson = true;
        return send(path, false, request);
      }
    },
  };
}

/** A chunk cut to a file, ready to send. */
export interface ChunkFile extends ChunkPlan {
  path: string;
}

export interface TranscribeChunksOptions {
  /** Requests in flight at once (STT_CONCURRENCY). */
  concurrency?: number;
  /** Further attempts per chunk after a retryable failure. */
  retries?: number;
  /** First wait; doubles with each attempt, or the engine's Retry-After when longer. */
  backoffMs?: number;
  maxBackoffMs?: number;
  language?: string | undefined;
  /** The engine's `prompt`, the same for every chunk (TranscribeOptions.prompt). */
  prompt?: string | undefined;
  signal?: AbortSignal | undefined;
  /** Chunks finished in an earlier run (resume after a restart): not sent again. */
  done?: ReadonlyMap<number, Transcription>;
  /**
   * Awaited for each newly finished chunk before it counts as done: the place to checkpoint it.
   * A rejection stops the run like a failed chunk.
   */
  onChunk?: (index: number, result: Transcription) => void | Promise<void>;
  /** After every finished chunk, and once at the start with the resumed ones. */
  onProgress?: (progress: { done: number; total: number }) => void;
  /** Before each wait for a retry (for the log). */
  onRetry?: (info: { index: number; attempt: number; delayMs: number; error: EngineError }) => void;
}

/**
 * Transcribes every chunk with at most `concurrency` requests in flight, retrying retryable
 * failures per chunk with exponential backoff. After the first chunk that fails for good, no
 * new chunk is started; chunks already in flight may still finish (and are reported through
 * `onChunk`, so a retry of the job does not pay for them again); then the failure is thrown.
 * @returns every chunk's transcription by chunk index.
 */
export async function transcribeChunks(
  chunks: readonly ChunkFile[],
  client: SttClient,
  options: TranscribeChunksOptions = {},
): Promise<Map<number, Transcription>> {
  const {
    concurrency = 3,
    retries = 3,
    backoffMs = 1000,
    maxBackoffMs = 30_000,
    signal,
    done,
  } = options;
  const results = new Map<number, Transcription>();
  for (const chunk of chunks) {
    const previous = done?.get(chunk.index);
    if (previous) results.set(chunk.index, previous);
  }
  const queue = chunks.filter((chunk) => !results.has(chunk.index));
  const total = chunks.length;
  options.onProgress?.({ done: results.size, total });
  let failure: { error: unknown } | undefined;

  async function attempt(chunk: ChunkFile): Promise<Transcription> {
    for (let attemptNo = 0; ; attemptNo++) {
      try {
        return await client.transcribe(chunk.path, {
          language: options.language,
          durationSeconds: chunk.end - chunk.start,
          ...(options.prompt ? { prompt: options.prompt } : {}),
          signal,
        });
      } catch (error) {
        if (!(error instanceof EngineError) || !error.retryable || attemptNo >= retries)
          throw error;
        if (failure) throw error;
        const delayMs = Math.min(
          maxBackoffMs,
          Math.max(backoffMs * 2 ** attemptNo, error.retryAfterMs ?? 0),
        );
        options.onRetry?.({ index: chunk.index, attempt: attemptNo + 1, delayMs, error });
        await sleep(delayMs, signal);
      }
    }
  }

  async function worker(): Promise<void> {
    for (;;) {
      if (failure) return;
      const chunk = queue.shift();
      if (!chunk) return;
      try {
        const result = await attempt(chunk);
        await options.onChunk?.(chunk.index, result);
        results.set(chunk.index, result);
        options.onProgress?.({ done: results.size, total });
      } catch (error) {
        failure ??= { error };
        return;
      }
    }
  }

  const workers = Math.max(1, Math.min(concurrency, queue.length));
  await Promise.all(Array.from({ length: workers }, () => worker()));
  if (failure) throw failure.error;
  return new Map([...results].sort(([a], [b]) => a - b));
}
