import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startOpenAiPeer, type OpenAiPeer } from '../../../../tests/peers/openai.ts';
import {
  audioFixtures,
  GERMAN_TEXT,
  sha256File,
  type AudioFixtures,
} from '../../../../tests/support/audio.ts';
import { EngineError, normaliseBaseUrl, reasonForStatus } from './engine.ts';
import {
  createSttClient,
  parseTranscription,
  transcribeChunks,
  type ChunkFile,
  type Transcription,
} from './stt.ts';

let peer: OpenAiPeer;
let fixtures: AudioFixtures;
beforeAll(async () => {
  [peer, fixtures] = await Promise.all([startOpenAiPeer(), audioFixtures()]);
}, 60_000);
afterAll(async () => {
  await peer?.close();
});
beforeEach(() => {
  peer.reset();
  peer.configure({
    apiKey: undefined,
    latencyMs: 0,
    maxConcurrency: undefined,
    hold: undefined,
    transcription: {},
  });
});

const client = (options: Partial<Parameters<typeof createSttClient>[0]> = {}) =>
  createSttClient({ baseUrl: peer.url, model: 'whisper-1', ...options });

async function engineError(promise: Promise<unknown>): Promise<EngineError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}

describe('normaliseBaseUrl', () => {
  it.each([
    'https://api.openai.com',
    'https://api.openai.com/',
    'https://api.openai.com/v1',
    'https://api.openai.com/v1/',
    'https://api.openai.com/v1/audio/transcriptions',
    'https://api.openai.com/v1/chat/completions?x=1',
  ])('%s → https://api.openai.com/v1', (url) => {
    expect(normaliseBaseUrl(url)).toBe('https://api.openai.com/v1');
  });

  it('keeps a provider path before /v1 and adds /v1 where it is missing', () => {
    expect(normaliseBaseUrl('https://api.groq.com/openai/v1')).toBe(
      'https://api.groq.com/openai/v1',
    );
    expect(normaliseBaseUrl('http://127.0.0.1:11434')).toBe('http://127.0.0.1:11434/v1');
    expect(() => normaliseBaseUrl('ftp://x')).toThrow(TypeError);
  });
});

describe('STT client against the OpenAI peer', () => {
  it.each([
    ['without /v1', ''],
    ['with /v1/', '/v1/'],
  ])('sends the OpenAI multipart request %s', async (_label, suffix) => {
    await client({ baseUrl: `${peer.url}${suffix}` }).transcribe(fixtures.german.mp3, {
      language: 'de-DE',
    });
    const [request] = peer.requests;
    expect(request).toMatchObject({
      path: '/v1/audio/transcriptions',
      status: 200,
      authorization: undefined,
      fields: {
        model: 'whisper-1',
        response_format: 'verbose_json',
        'timestamp_granularities[]': 'segment',
        language: 'de',
      },
      file: { filename: 'german.mp3', mimeType: 'audio/mpeg' },
    });
    expect(request!.file!.sha256).toBe(await sha256File(fixtures.german.mp3));
  });

  it('leaves the language out for auto and sends the key as a Bearer token', async () => {
    peer.configure({ apiKey: 'sk-test' });
    await client({ apiKey: 'sk-test' }).transcribe(fixtures.german.mp3, { language: 'auto' });
    expect(peer.requests[0]!.authorization).toBe('Bearer sk-test');
    expect(peer.requests[0]!.fields.language).toBeUndefined();
  });

  it('reads timed segments of a known recording', async () => {
    peer.registerTranscript(await sha256File(fixtures.german.flac), GERMAN_TEXT);
    const result = await client().transcribe(fixtures.german.flac);
    expect(result.durationSeconds).toBeCloseTo(7.78, 1);
    expect(result.segments.map((s) => s.text)).toEqual([
      'Guten Morgen zusammen.',
      'Wir haben beschlossen, das Budget zu erhöhen.',
      'Anna kümmert sich bis Freitag um den Bericht.',
    ]);
    expect(result.segments[0]!.start).toBe(0);
    expect(result.segments.at(-1)!.end).toBeCloseTo(result.durationSeconds, 2);
    expect(result.language).toBe('german');
  });

  it('accepts duration as a string, and no segments (one segment from the text)', async () => {
    peer.configure({ transcription: { durationAs: 'string', omitSegments: true } });
    const result = await client().transcribe(fixtures.english);
    expect(result.durationSeconds).toBeCloseTo(6.6, 1);
    expect(result.segments).toHaveLength(1);
    expect(result.segments[0]).toMatchObject({ start: 0, text: result.text });
    expect(result.segments[0]!.end).toBeCloseTo(result.durationSeconds, 2);
  });

  it('keeps the speaker labels of a diarizing engine', async () => {
    peer.configure({ transcription: { speakers: 2 } });
    const result = await client().transcribe(fixtures.german.wav);
    expect(result.segments.map((s) => s.speaker)).toEqual(
      result.segments.map((_, i) => (i % 2 === 0 ? 'SPEAKER_00' : 'SPEAKER_01')),
    );
  });

  it('falls back to json once the model refuses verbose_json, and stays there', async () => {
    peer.configure({ transcription: { rejectVerboseJson: true } });
    const stt = client({ model: 'gpt-4o-transcribe' });
    const first = await stt.transcribe(fixtures.english, { durationSeconds: 6.6 });
    expect(first.segments).toEqual([{ start: 0, end: 6.6, text: first.text }]);
    await stt.transcribe(fixtures.english, { durationSeconds: 6.6 });
    expect(peer.requests.map((r) => [r.status, r.fields.response_format])).toEqual([
      [400, 'verbose_json'],
      [200, 'json'],
      [200, 'json'],
    ]);
  });

  it('classifies 401 as permanent, without a second request', async () => {
    peer.configure({ apiKey: 'sk-right' });
    const error = await engineError(
      transcribeChunks(
        [{ index: 0, start: 0, end: 7, path: fixtures.german.mp3 }],
        client({ apiKey: 'sk-wrong' }),
        {
          backoffMs: 1,
        },
      ),
    );
    expect(error).toMatchObject({ reason: 'unauthorized', retryable: false, status: 401 });
    expect(error.key).toBe('processing.engine.unauthorized');
    expect(error.message).not.toContain('sk-wrong');
    expect(peer.requests).toHaveLength(1);
  });

  it('classifies a timeout and an unreachable engine as retryable', async () => {
    peer.configure({ latencyMs: 400 });
    const timeout = await engineError(client({ timeoutMs: 100 }).transcribe(fixtures.english));
    expect(timeout).toMatchObject({ reason: 'timeout', retryable: true });

    const closed = await startOpenAiPeer();
    await closed.close();
    const down = await engineError(
      createSttClient({ baseUrl: closed.url, model: 'm' }).transcribe(fixtures.english),
    );
    expect(down).toMatchObject({ reason: 'unreachable', retryable: true, status: undefined });
  });

  it.each([
    [408, 'timeout', true],
    [409, 'busy', true],
    [429, 'busy', true],
    [500, 'server', true],
    [503, 'server', true],
    [400, 'rejected', false],
    [403, 'unauthorized', false],
    [404, 'notFound', false],
    [413, 'tooLarge', false],
    [422, 'rejected', false],
  ] as const)('answers %i → %s (retryable %s)', async (status, reason, retryable) => {
    expect(reasonForStatus(status)).toBe(reason);
    peer.fail({ status, times: 1 });
    const error = await engineError(client().transcribe(fixtures.english));
    expect(error).toMatchObject({ status, reason, retryable });
  });
});

describe('parseTranscription', () => {
  it('reads string timestamps, speaker_label, and skips empty segments', () => {
    const body = JSON.stringify({
      text: 'Hallo. Welt.',
      duration: '4.5',
      segments: [
        { start: '0.0', end: '1.5', text: ' Hallo.', speaker_label: 'A' },
        { start: 1.5, end: 2, text: '  ' },
        { start: 2, end: 4.5, text: 'Welt.', speaker: 1 },
      ],
    });
    expect(parseTranscription(body)).toEqual({
      text: 'Hallo. Welt.',
      language: undefined,
      durationSeconds: 4.5,
      segments: [
        { start: 0, end: 1.5, text: 'Hallo.', speaker: 'A' },
        { start: 2, end: 4.5, text: 'Welt.', speaker: '1' },
      ],
    });
  });

  it('takes a plain-text body as the transcript, and refuses an answer without one', () => {
    expect(parseTranscription('Nur Text.', 3).segments).toEqual([
      { start: 0, end: 3, text: 'Nur Text.' },
    ]);
    expect(() => parseTranscription('{"task":"transcribe"}')).toThrow(EngineError);
  });
});

describe('transcribeChunks', () => {
  const chunks = (count: number): ChunkFile[] =>
    Array.from({ length: count }, (_, index) => ({
      index,
      start: index * 6,
      end: index * 6 + 6.6,
      path: fixtures.english,
    }));

  it('retries a chunk after 500s with growing waits, then succeeds', async () => {
    peer.fail({ status: 500, times: 2 });
    const retries: number[] = [];
    const results = await transcribeChunks(chunks(1), client(), {
      backoffMs: 20,
      onRetry: ({ delayMs }) => retries.push(delayMs),
    });
    expect(results.get(0)!.text).toContain('Passage 1');
    expect(peer.requests.map((r) => r.status)).toEqual([500, 500, 200]);
    expect(retries).toEqual([20, 40]);
  });

  it('gives up after the retries and throws the retryable error', async () => {
    peer.fail({ status: 503 });
    const error = await engineError(
      transcribeChunks(chunks(1), client(), { retries: 2, backoffMs: 1 }),
    );
    expect(error).toMatchObject({ status: 503, retryable: true });
    expect(peer.requests).toHaveLength(3);
  });

  it('never has more requests in flight than its concurrency', async () => {
    // The first requests are held until two are in flight at once: the peak is reached for sure.
    let release!: () => void;
    peer.configure({
      maxConcurrency: 2,
      hold: new Promise<void>((resolve) => (release = resolve)),
    });
    const progress: number[] = [];
    const run = transcribeChunks(chunks(6), client(), {
      concurrency: 2,
      onProgress: ({ done }) => progress.push(done),
    });
    await expect.poll(() => peer.requests.length, { timeout: 20_000 }).toBe(2);
    release();
    const results = await run;
    expect([...results.keys()]).toEqual([0, 1, 2, 3, 4, 5]);
    expect(peer.peakConcurrency()).toBe(2);
    expect(peer.requests.every((r) => r.status === 200)).toBe(true);
    expect(progress).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('meets the peer’s 429 above its limit (the limit is real) and retries through it', async () => {
    // The two admitted requests are held until the other two have been refused: the overlap
    // does not depend on how quickly this machine sends them.
    let release!: () => void;
    peer.configure({
      maxConcurrency: 2,
      hold: new Promise<void>((resolve) => (release = resolve)),
    });
    const retried: number[] = [];
    const run = transcribeChunks(chunks(4), client(), {
      concurrency: 4,
      retries: 20,
      backoffMs: 20,
      maxBackoffMs: 200,
      onRetry: ({ index, error }) => {
        expect(error.reason).toBe('busy');
        retried.push(index);
      },
    });
    await expect
      .poll(() => peer.requests.filter((r) => r.status === 429).length, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(2);
    release();
    const results = await run;
    expect(results.size).toBe(4);
    expect(new Set(retried).size).toBe(2);
    expect(peer.requests.filter((r) => r.status === 200)).toHaveLength(4);
  });

  it('skips chunks done before a restart and checkpoints each new one', async () => {
    const done = new Map<number, Transcription>([
      [0, { text: 'alt', language: 'german', durationSeconds: 6.6, segments: [] }],
      [2, { text: 'alt', language: 'german', durationSeconds: 6.6, segments: [] }],
    ]);
    const checkpoints: number[] = [];
    const results = await transcribeChunks(chunks(4), client(), {
      done,
      concurrency: 1,
      onChunk: (index) => {
        checkpoints.push(index);
      },
    });
    expect(checkpoints).toEqual([1, 3]);
    expect(peer.requests).toHaveLength(2);
    expect(results.get(0)!.text).toBe('alt');
    expect(results.get(1)!.text).toContain('Passage');
  });

  it('starts no new chunk after a permanent failure', async () => {
    peer.fail({ status: 400 });
    const error = await engineError(
      transcribeChunks(chunks(5), client(), { concurrency: 1, backoffMs: 1 }),
    );
    expect(error.reason).toBe('rejected');
    expect(peer.requests).toHaveLength(1);
  });

  it('stops when the job is cancelled, with the cancellation, not an engine error', async () => {
    let release!: () => void;
    peer.configure({ hold: new Promise<void>((resolve) => (release = resolve)) });
    const controller = new AbortController();
    const run = transcribeChunks(chunks(3), client(), { signal: controller.signal });
    try {
      // Cancelled while the engine still holds the requests.
      await expect.poll(() => peer.requests.length, { timeout: 20_000 }).toBeGreaterThan(0);
      controller.abort(new Error('job stopped'));
      await expect(run).rejects.toThrow('job stopped');
    } finally {
      release();
    }
  });
});
