// A local stand-in for an OpenAI-compatible server: real HTTP on 127.0.0.1 speaking
// `/v1/audio/transcriptions` (multipart, verbose_json built from the audio it receives) and
// `/v1/chat/completions` (a Summary JSON built from the transcript in the prompt). Scriptable
// latency, failures, concurrency limit and invalid answers; every request is logged for
// assertions. Only for tests and benchmarks, never used by `start`.
import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';

// busboy is a dependency of the server package, not of the workspace root that tests/ resolves
// from: load it through the server package.
interface BusboyFileInfo {
  filename: string;
  mimeType: string;
}
interface Busboy {
  on(event: 'field', listener: (name: string, value: string) => void): this;
  on(event: 'file', listener: (name: string, stream: Readable, info: BusboyFileInfo) => void): this;
  on(event: 'close' | 'error', listener: (error?: Error) => void): this;
}
type BusboyFactory = (config: {
  headers: IncomingMessage['headers'];
  limits?: { fileSize?: number };
}) => NodeJS.WritableStream & Busboy;
const busboy = createRequire(new URL('../../packages/server/package.json', import.meta.url))(
  'busboy',
) as BusboyFactory;

const exec = promisify(execFile);

export type PeerEndpoint = 'transcriptions' | 'chat';

/** Fail matching requests with `status`: the next `times` of them, or every one without it. */
export interface FailurePlan {
  status: number;
  times?: number;
  endpoint?: PeerEndpoint;
  message?: string;
  headers?: Record<string, string>;
}

/** How transcriptions are answered. */
export interface TranscriptionStyle {
  /** `duration` as a JSON number (OpenAI) or a string (some servers). */
  durationAs: 'number' | 'string';
  /** Leave `segments` out of verbose_json. */
  omitSegments: boolean;
  /** Label segments `SPEAKER_00`… round-robin over this many speakers (0: no speaker field). */
  speakers: number;
  /** Answer verbose_json with OpenAI's 400 for models that cannot do it (gpt-4o-transcribe). */
  rejectVerboseJson: boolean;
  language: string;
}

export interface OpenAiPeerOptions {
  /** When set, requests need `Authorization: Bearer <apiKey>` or get 401. */
  apiKey?: string;
  /** Added before every answer. */
  latencyMs?: number;
  /** More simultaneous transcription and chat requests than this are answered 429. */
  maxConcurrency?: number;
  /**
   * Admitted requests wait for this before they are answered (and stay counted as in flight), so
   * a test can see requests overlap without depending on how fast the machine is.
   */
  hold?: Promise<void> | undefined;
  transcription?: Partial<TranscriptionStyle>;
  /**
   * The chat model's context in characters: a request whose messages are longer is answered 400
   * `context_length_exceeded`, as OpenAI does for tokens (undefined: any length).
   */
  contextChars?: number;
  /**
   * At most this many entries in each list of a chat answer, as a model that summarises writes a
   * few topics per part (undefined: an entry for every line that fits, which tests read back).
   */
  summaryListMax?: number;
  /**
   * Decisions the chat model adds to every answer that nobody said: an invention, as summary
   * models write them (`mm:ss` start).
   */
  inventedDecisions?: { text: string; start: string }[];
}

export interface ReceivedFile {
  filename: string;
  mimeType: string;
  bytes: number;
  sha256: string;
  /** What ffprobe measured, undefined when it could not read the file. */
  durationSeconds: number | undefined;
}

export interface PeerRequest {
  endpoint: PeerEndpoint | 'other';
  path: string;
  status: number;
  authorization: string | undefined;
  /**
   * Multipart text fields (transcriptions), the glossary's `prompt` among them; repeated names
   * collect into arrays.
   */
  fields: Record<string, string | string[]>;
  file: ReceivedFile | undefined;
  /** Parsed JSON body (chat). */
  body: unknown;
}

export interface OpenAiPeer {
  /** Base URL without `/v1` (tests add it or not). */
  url: string;
  requests: PeerRequest[];
  /** Most transcription and chat requests in flight at once since the last reset. */
  peakConcurrency(): number;
  configure(options: OpenAiPeerOptions): void;
  fail(plan: FailurePlan): void;
  /**
   * The next `times` chat answers are broken: not JSON, or JSON that is not a Summary; with
   * `prompt`, only answers to a conversation that holds it (one part of a long transcript).
   */
  chatInvalid(times: number, kind?: 'json' | 'schema', prompt?: string): void;
  /** Transcribe a file with this SHA-256 as `text` (sentences spread over its duration). */
  registerTranscript(sha256: string, text: string): void;
  /** Forget requests, failures, scripted answers and the peak; keep the options. */
  reset(): void;
  close(): Promise<void>;
}

interface Segment {
  start: number;
  end: number;
  text: string;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

async function probeDuration(path: string): Promise<number | undefined> {
  try {
    const { stdout } = await exec('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format=duration',
      '-of',
      'csv=p=0',
      '-i',
      path,
    ]);
    const duration = Number(stdout.trim());
    return Number.isFinite(duration) && duration > 0 ? duration : undefined;
  } catch {
    return undefined;
  }
}

const SAMPLE_RATE = 8000;
const FRAME_SECONDS = 0.25;

/** Decodes to 8 kHz mono 16-bit PCM. */
function decodePcm(path: string): Promise<Int16Array> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'ffmpeg',
      [
        '-nostdin',
        '-v',
        'error',
        '-i',
        path,
        '-f',
        's16le',
        '-ac',
        '1',
        '-ar',
        String(SAMPLE_RATE),
        '-',
      ],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const parts: Buffer[] = [];
    child.stdout.on('data', (data: Buffer) => parts.push(data));
    child.once('error', reject);
    child.once('close', () => {
      const buffer = Buffer.concat(parts);
      const copy = new Int16Array(Math.floor(buffer.length / 2));
      for (let i = 0; i < copy.length; i++) copy[i] = buffer.readInt16LE(i * 2);
      resolve(copy);
    });
  });
}

/**
 * Finds the tone blocks of tests/support/audio.ts's long recording: per 0.25 s frame the
 * frequency from zero crossings (with hysteresis), block k = (f − 300) / 20; runs of at least
 * one second of the same block become a segment "Block k".
 */
async function toneSegments(path: string): Promise<Segment[]> {
  const pcm = await decodePcm(path);
  const frame = Math.round(SAMPLE_RATE * FRAME_SECONDS);
  const blocks: (number | undefined)[] = [];
  for (let offset = 0; offset + frame <= pcm.length; offset += frame) {
    let state = 0;
    let crossings = 0;
    let energy = 0;
    for (let i = offset; i < offset + frame; i++) {
      const sample = pcm[i]!;
      energy += sample * sample;
      const next = sample > 1000 ? 1 : sample < -1000 ? -1 : state;
      if (next !== state && state !== 0) crossings++;
      state = next;
    }
    const rms = Math.sqrt(energy / frame);
    const frequency = crossings / 2 / FRAME_SECONDS;
    const block = Math.round((frequency - 300) / 20);
    const steady = rms > 3000 && block >= 0 && Math.abs(frequency - (300 + 20 * block)) <= 8;
    blocks.push(steady ? block : undefined);
  }
  const segments: Segment[] = [];
  let runStart = 0;
  for (let i = 1; i <= blocks.length; i++) {
    if (i < blocks.length && blocks[i] === blocks[runStart]) continue;
    const block = blocks[runStart];
    if (block !== undefined && i - runStart >= 4) {
      segments.push({
        start: round(runStart * FRAME_SECONDS),
        end: round(i * FRAME_SECONDS),
        text: `Block ${block}`,
      });
    }
    runStart = i;
  }
  return segments;
}

/** Registered text: one segment per sentence, timed by its share of the characters. */
function textSegments(text: string, duration: number): Segment[] {
  const sentences =
    text
      .match(/[^.!?]+[.!?]*/g)
      ?.map((s) => s.trim())
      .filter(Boolean) ?? [];
  const total = sentences.reduce((sum, s) => sum + s.length, 0) || 1;
  let at = 0;
  return sentences.map((sentence) => {
    const start = at;
    at += (duration * sentence.length) / total;
    return { start: round(start), end: round(at), text: sentence };
  });
}

/** Neither tones nor registered text: one passage every five seconds, saying where it is. */
function placeholderSegments(duration: number): Segment[] {
  const segments: Segment[] = [];
  for (let start = 0; start < duration; start += 5) {
    const end = Math.min(duration, start + 5);
    segments.push({
      start: round(start),
      end: round(end),
      text: `Passage ${segments.length + 1} from ${start.toFixed(1)} to ${end.toFixed(1)} seconds.`,
    });
  }
  return segments;
}

const MARKER_LINE = /^\[(\d+:\d{2}(?::\d{2})?)\]\s*([^:]+):\s*(.*)$/;

/** A Summary answer made from the `[mm:ss] Speaker: text` lines of the prompt. */
function summaryFromPrompt(
  messages: { role?: string; content?: unknown }[],
  listMax = Infinity,
): unknown {
  const lines = messages
    .filter((m) => m.role === 'user' && typeof m.content === 'string')
    .flatMap((m) => (m.content as string).split('\n'))
    .map((line) => MARKER_LINE.exec(line.trim()))
    .filter((match): match is RegExpExecArray => match !== null)
    .map(([, start, speaker, text]) => ({ start: start!, speaker: speaker!, text: text! }));
  const first = lines[0];
  const few = <T>(list: T[]): T[] => list.slice(0, listMax);
  // The structure's own part, when the system prompt's shape asks for it.
  const system = messages
    .filter((m) => m.role === 'system' && typeof m.content === 'string')
    .map((m) => m.content as string)
    .join('\n');
  const groups = lines
    .map((line, i) => ({ line, i }))
    .filter(({ i }) => i % 3 === 0)
    .map(({ line, i }) => ({ line, rest: lines.slice(i, i + 3) }));
  const part = system.includes('"qa": [')
    ? {
        qa: few(
          lines.flatMap((line, i) =>
            line.text.trim().endsWith('?')
              ? [{ question: line.text, answer: lines[i + 1]?.text ?? '', start: line.start }]
              : [],
          ),
        ),
      }
    : system.includes('"sections": [')
      ? {
          sections: few(groups).map(({ line, rest }) => ({
            heading: line.text.split(/\s+/).slice(0, 3).join(' '),
            points: rest.map((r) => r.text),
            key_terms: line.text.split(/\s+/).filter((word) => /^\p{Lu}/u.test(word)),
            start: line.start,
          })),
        }
      : system.includes('"discussion": [')
        ? {
            discussion: few(groups).map(({ line, rest }) => ({
              title: line.text.split(/\s+/).slice(0, 3).join(' '),
              points: rest.map((r) => ({ text: r.text, speaker: r.speaker, start: r.start })),
              start: line.start,
            })),
          }
        : system.includes('"bullets": [')
          ? { bullets: few(lines).map((line) => ({ text: line.text, start: line.start })) }
          : {};
  return {
    ...part,
    title: first ? `Summary: ${first.text.split(/\s+/).slice(0, 4).join(' ')}` : 'Summary',
    overview: lines
      .slice(0, 2)
      .map((line) => line.text)
      .join(' '),
    topics: few(lines.filter((_, i) => i % 3 === 0)).map((line) => ({
      title: line.text.split(/\s+/).slice(0, 3).join(' '),
      text: line.text,
      start: line.start,
    })),
    decisions: few(
      lines.filter((line) => /beschlossen|geeinigt|entschieden|decided|agreed/i.test(line.text)),
    ).map((line) => ({ text: line.text, start: line.start })),
    action_items: few(
      lines.filter((line) => /kümmert|übernimmt|\bbis\b|\bby\b|\bwill\b/i.test(line.text)),
    ).map((line) => ({ task: line.text, owner: line.speaker, due: null, start: line.start })),
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function openAiError(res: ServerResponse, status: number, message: string, headers = {}) {
  const type =
    status === 401 ? 'invalid_api_key' : status >= 500 ? 'server_error' : 'invalid_request_error';
  sendJson(res, status, { error: { message, type, param: null, code: null } }, headers);
}

async function drain(req: IncomingMessage) {
  for await (const _ of req) {
    // discard
  }
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return JSON.parse(Buffer.concat(parts).toString('utf8'));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startOpenAiPeer(initial: OpenAiPeerOptions = {}): Promise<OpenAiPeer> {
  const dir = await mkdtemp(join(tmpdir(), 'openai-peer-'));
  let options: OpenAiPeerOptions = { ...initial };
  let failures: (FailurePlan & { left: number })[] = [];
  let invalidChat: { left: number; kind: 'json' | 'schema'; prompt?: string | undefined } = {
    left: 0,
    kind: 'json',
  };
  const transcripts = new Map<string, string>();
  const requests: PeerRequest[] = [];
  let active = 0;
  let peak = 0;
  let fileNo = 0;

  const style = (): TranscriptionStyle => ({
    durationAs: 'number',
    omitSegments: false,
    speakers: 0,
    rejectVerboseJson: false,
    language: 'german',
    ...options.transcription,
  });

  async function transcription(req: IncomingMessage, log: PeerRequest, res: ServerResponse) {
    const path = join(dir, `upload-${++fileNo}`);
    const hash = createHash('sha256');
    let file: Omit<ReceivedFile, 'bytes' | 'sha256' | 'durationSeconds'> | undefined;
    let bytes = 0;
    const writes: Promise<void>[] = [];
    await new Promise<void>((resolve, reject) => {
      const parser = busboy({ headers: req.headers });
      parser.on('field', (name, value) => {
        const key = name;
        const previous = log.fields[key];
        log.fields[key] =
          previous === undefined
            ? value
            : [...(Array.isArray(previous) ? previous : [previous]), value];
      });
      parser.on('file', (name, stream, info) => {
        if (name !== 'file') {
          stream.resume();
          return;
        }
        file = { filename: info.filename, mimeType: info.mimeType };
        stream.on('data', (data: Buffer) => {
          bytes += data.length;
          hash.update(data);
        });
        writes.push(pipeline(stream, createWriteStream(path)));
      });
      parser.on('close', () => resolve());
      parser.on('error', (error) => reject(error ?? new Error('multipart error')));
      req.pipe(parser);
    });
    await Promise.all(writes);
    if (!file) return openAiError(res, 400, "Missing required parameter: 'file'.");
    const model = log.fields.model;
    if (typeof model !== 'string' || !model) {
      return openAiError(res, 400, "Missing required parameter: 'model'.");
    }
    const sha256 = hash.digest('hex');
    const durationSeconds = await probeDuration(path);
    log.file = { ...file, bytes, sha256, durationSeconds };
    if (durationSeconds === undefined) {
      await rm(path, { force: true });
      return openAiError(
        res,
        400,
        'Invalid file format. Supported formats: flac, m4a, mp3, mp4, mpeg, mpga, oga, ogg, wav, webm',
      );
    }
    const format =
      typeof log.fields.response_format === 'string' ? log.fields.response_format : 'json';
    const answer = style();
    if (format === 'verbose_json' && answer.rejectVerboseJson) {
      await rm(path, { force: true });
      return openAiError(
        res,
        400,
        `response_format 'verbose_json' is not compatible with model '${model}'. Use 'json' or 'text' instead.`,
      );
    }
    const registered = transcripts.get(sha256);
    let segments = registered
      ? textSegments(registered, durationSeconds)
      : await toneSegments(path);
    if (segments.length === 0) segments = placeholderSegments(durationSeconds);
    await rm(path, { force: true });
    const text = segments.map((segment) => segment.text).join(' ');
    if (options.latencyMs) await sleep(options.latencyMs);
    if (format === 'text') {
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
      return res.end(text);
    }
    if (format !== 'verbose_json') return sendJson(res, 200, { text });
    const duration = round(durationSeconds);
    sendJson(res, 200, {
      task: 'transcribe',
      language: answer.language,
      duration: answer.durationAs === 'string' ? String(duration) : duration,
      text,
      ...(answer.omitSegments
        ? {}
        : {
            segments: segments.map((segment, id) => ({
              id,
              seek: 0,
              start: segment.start,
              end: segment.end,
              text: ` ${segment.text}`,
              tokens: [],
              temperature: 0,
              avg_logprob: -0.2,
              compression_ratio: 1.2,
              no_speech_prob: 0.01,
              ...(answer.speakers > 0
                ? { speaker: `SPEAKER_${String(id % answer.speakers).padStart(2, '0')}` }
                : {}),
            })),
          }),
    });
  }

  async function chat(req: IncomingMessage, log: PeerRequest, res: ServerResponse) {
    let body: { model?: unknown; messages?: unknown };
    try {
      body = (await readJson(req)) as typeof body;
    } catch {
      return openAiError(res, 400, 'We could not parse the JSON body of your request.');
    }
    log.body = body;
    if (typeof body.model !== 'string' || !Array.isArray(body.messages)) {
      return openAiError(res, 400, "Missing required parameter: 'model' or 'messages'.");
    }
    const length = (body.messages as { content?: unknown }[]).reduce(
      (sum, message) => sum + (typeof message.content === 'string' ? message.content.length : 0),
      0,
    );
    if (options.contextChars !== undefined && length > options.contextChars) {
      return sendJson(res, 400, {
        error: {
          message: `This model's maximum context length is ${options.contextChars} characters. However, your messages resulted in ${length} characters.`,
          type: 'invalid_request_error',
          param: 'messages',
          code: 'context_length_exceeded',
        },
      });
    }
    let content: string;
    const { prompt } = invalidChat;
    const asks =
      prompt === undefined ||
      (body.messages as { content?: unknown }[]).some(
        (message) => typeof message.content === 'string' && message.content.includes(prompt),
      );
    if (invalidChat.left > 0 && asks) {
      invalidChat.left--;
      content =
        invalidChat.kind === 'json'
          ? 'Gern! Hier ist die Zusammenfassung: {"title": '
          : JSON.stringify({ title: 42, overview: 'x', topics: 'none' });
    } else {
      const answer = summaryFromPrompt(
        body.messages as { role?: string; content?: unknown }[],
        options.summaryListMax,
      ) as { decisions: unknown[] };
      if (options.inventedDecisions) answer.decisions.push(...options.inventedDecisions);
      content = JSON.stringify(answer);
    }
    if (options.latencyMs) await sleep(options.latencyMs);
    sendJson(res, 200, {
      id: `chatcmpl-${requests.length}`,
      object: 'chat.completion',
      created: 1_700_000_000,
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    });
  }

  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const endpoint: PeerRequest['endpoint'] =
      path === '/v1/audio/transcriptions'
        ? 'transcriptions'
        : path === '/v1/chat/completions'
          ? 'chat'
          : 'other';
    const log: PeerRequest = {
      endpoint,
      path,
      status: 0,
      authorization: req.headers.authorization,
      fields: {},
      file: undefined,
      body: undefined,
    };
    requests.push(log);
    // Only work counts as load: an engine pool's health check (GET /models) runs beside the
    // requests it limits, as a real engine answers it beside its work.
    let counted = endpoint !== 'other';
    if (counted) {
      active++;
      peak = Math.max(peak, active);
    }
    // Counted out when the answer is written, before the client can send its next request.
    const done = () => {
      log.status = res.statusCode;
      if (!counted) return;
      counted = false;
      active--;
    };
    res.once('finish', done);
    res.once('close', done);

    void (async () => {
      try {
        if (req.method !== 'POST' || endpoint === 'other') {
          await drain(req);
          return openAiError(res, 404, `Unknown request URL: ${req.method} ${path}`);
        }
        if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
          await drain(req);
          return openAiError(res, 401, 'Incorrect API key provided.');
        }
        if (options.maxConcurrency !== undefined && active > options.maxConcurrency) {
          await drain(req);
          return openAiError(res, 429, 'Rate limit reached: too many concurrent requests.');
        }
        if (options.hold) await options.hold;
        const plan = failures.find(
          (f) => (f.endpoint === undefined || f.endpoint === endpoint) && f.left > 0,
        );
        if (plan) {
          plan.left--;
          await drain(req);
          if (options.latencyMs) await sleep(options.latencyMs);
          return openAiError(
            res,
            plan.status,
            plan.message ?? `Scripted failure ${plan.status}`,
            plan.headers,
          );
        }
        if (endpoint === 'transcriptions') await transcription(req, log, res);
        else await chat(req, log, res);
      } catch (error) {
        if (!res.headersSent) openAiError(res, 500, `Peer error: ${(error as Error).message}`);
        else res.destroy();
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    peakConcurrency: () => peak,
    configure(next) {
      options = { ...options, ...next };
    },
    fail(plan) {
      failures.push({ ...plan, left: plan.times ?? Infinity });
    },
    chatInvalid(times, kind = 'json', prompt) {
      invalidChat = { left: times, kind, prompt };
    },
    registerTranscript(sha256, text) {
      transcripts.set(sha256, text);
    },
    reset() {
      requests.length = 0;
      failures = [];
      invalidChat = { left: 0, kind: 'json' };
      peak = active;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => {
          void rm(dir, { recursive: true, force: true });
          if (error) reject(error);
          else resolve();
        });
      }),
  };
}
