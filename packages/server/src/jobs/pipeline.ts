// The stages of turning a recording into a note, in order. Each stage reads what earlier ones
// left in the job's checkpoint, does its step with the pure functions of processing/, and writes
// its result back before the next stage starts: a restarted worker resumes at the stage (and,
// while transcribing, at the chunk) where the last one stopped, and a retry reruns only the
// stage that failed.
//
// Transcribing is one pipelined stage (docs/uploads.md#pipeline-stages): the recording is decoded once and
// cut into chunks as it goes, the first chunk goes to the engine as soon as it is cut, later
// ones are cut while earlier ones are transcribed, and each result is checkpointed, merged and
// cleaned as it arrives. Merge, speakers and clean remain as stages for jobs checkpointed before.
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  isFormalStructure,
  type NoteStatus,
  type NoteStructure,
  type RemovedSegment,
  type Segment,
  type Summary,
  type Template,
} from '@protokoll/contract';
import type { NoteRow } from '../db/schema.ts';
import { writeStreamToFile } from '../lib/files.ts';
import {
  buildPrompt,
  correctTranscript,
  type GlossaryCorrection,
  type GlossaryEntry,
} from '../processing/glossary.ts';
import type { Logger } from '../lib/logger.ts';
import type { PlanDefinition } from '../domain/plans.ts';
import {
  AudioError,
  cleanSegments,
  cutChunks,
  dominantLanguage,
  ensurePeaks,
  extractiveLanguage,
  extractiveSummary,
  LEAD_CHUNK_SECONDS,
  mergeTranscriptsWithRemoved,
  planChunks,
  PREPARED_MAX_BYTES_PER_SECOND,
  probeAudio,
  spokenLanguage,
  summariseWithLlm,
  transcribeChunks,
  TranscriptAssembler,
  type AudioSource,
  type ChatClient,
  type ChunkCutter,
  type ChunkFile,
  type ChunkOptions,
  type ChunkPlan,
  type SttClient,
  type Transcription,
} from '../processing/index.ts';
import type { Storage } from '../providers/storage/storage.ts';
import type { EnginePool } from '../processing/engine-pool.ts';
import { decisionsOf, withModelResolutions } from '../processing/formal-minutes.ts';
import { applyTemplate, storedTemplate } from '../processing/templates.ts';

/** The steps in order; `jobs.stage` names the next one to run. */
export const STAGES = [
  'prepare',
  'transcribe',
  'merge',
  'speakers',
  'clean',
  'summarise',
  'store',
  /** A finished note's summary written again (resummary.ts); a job of its own, not a step above. */
  'resummarise',
] as const;
export type Stage = (typeof STAGES)[number];

export function isStage(value: string): value is Stage {
  return (STAGES as readonly string[]).includes(value);
}

/**
 * Which of a worker's slots a stage runs in (docs/architecture.md#worker-and-jobs): the speech
 * engine's stages in a transcription slot, everything after in a summary slot, so a summary never
 * waits behind another note's transcription.
 */
export type Phase = 'transcription' | 'summary';
export const PHASE_STAGES: Record<Phase, readonly Stage[]> = {
  transcription: ['prepare', 'transcribe'],
  summary: ['merge', 'speakers', 'clean', 'summarise', 'store', 'resummarise'],
};
export function phaseOf(stage: Stage): Phase {
  return PHASE_STAGES.transcription.includes(stage) ? 'transcription' : 'summary';
}

/**
 * What a note shows while a stage runs: everything up to the summary is `transcribing`, the
 * summary and storing `summarizing`. Transcription takes most of the time, so it gets most of
 * the bar (5 → 80 %, chunk by chunk).
 */
export const STAGE_DISPLAY: Record<Stage, { status: NoteStatus; progress: number }> = {
  prepare: { status: 'transcribing', progress: 2 },
  transcribe: { status: 'transcribing', progress: 5 },
  merge: { status: 'transcribing', progress: 82 },
  speakers: { status: 'transcribing', progress: 85 },
  clean: { status: 'transcribing', progress: 88 },
  summarise: { status: 'summarizing', progress: 90 },
  store: { status: 'summarizing', progress: 98 },
  // Never shown on the note: it stays `done` with its summary readable (resummary.ts).
  resummarise: { status: 'summarizing', progress: 90 },
};
const TRANSCRIBE_END_PROGRESS = 80;

/** What the stages keep in `jobs.checkpoint`. */
export interface Checkpoint {
  /** The chunk plan, fixed once made: resumed chunk results must fit the same cuts. */
  chunks?: ChunkPlan[];
  /** Finished chunks by index, until merged. */
  transcripts?: Record<string, Transcription>;
  /** The transcript from merge on (speakers and clean rewrite it). */
  segments?: Segment[];
  /** Whether the engine labelled speakers at all. */
  speakerLabels?: boolean;
  /** The language most chunks reported. */
  detectedLanguage?: string;
  /** Passages the hallucination filter took out (docs/uploads.md#invented-text). */
  removedSegments?: RemovedSegment[];
  /**
   * Near-misses corrected to the glossary's spelling (docs/product.md#glossary), in order: the
   * store stage keeps each as a revision of the note.
   */
  glossaryCorrections?: GlossaryCorrection[];
  summary?: Summary;
  /** What a re-summary was asked for (the `resummarise` stage only). */
  /** `keepEdits`: the current summary's hand edits go into the new one (docs/uploads.md#keeping-hand-edits). */
  resummary?: SummaryRequest & { minutes: number; keepEdits?: boolean };
}

/** Structure, language and model a summary is to be written in. */
export interface SummaryRequest {
  structure: NoteStructure;
  /** An own template of `structure`, as it was when chosen (docs/product.md#summary-templates). */
  template?: Template | undefined;
  summaryLanguage: string;
  summaryModel: string;
}

/** The engines a worker has; either may be missing from the configuration. */
export interface Engines {
  stt: SttClient | undefined;
  chat: ChatClient | undefined;
  /** Model ids the chat engine serves (LLM_MODELS); other summary models are extractive. */
  llmModels: readonly string[];
  /** The pools behind `stt` and `chat`: their health checks and which engines are up. */
  pools?: readonly EnginePool<unknown>[];
}

export interface PipelineOptions {
  /** Chunk requests in flight per job (STT_CONCURRENCY). */
  sttConcurrency: number;
  /** Further attempts per chunk after a retryable failure. */
  chunkRetries: number;
  /** First wait before a chunk retry (doubles each time). */
  chunkBackoffMs: number;
  /** Chunk lengths; the defaults are processing/'s (ten minutes, three seconds overlap). */
  chunking?: Pick<
    ChunkOptions,
    'maxChunkSeconds' | 'overlapSeconds' | 'maxChunkBytes' | 'leadChunkSeconds'
  >;
  /** The language model's context in characters (LLM_CONTEXT_CHARS). */
  llmContextChars?: number;
}

/** No speech-to-text engine is configured: nothing to transcribe with (permanent). */
export class NoEngineError extends Error {
  readonly key = 'errors.transcriptionUnavailable';
  constructor() {
    super('no speech-to-text engine is configured (STT_BASE_URL)');
    this.name = 'NoEngineError';
  }
}

/**
 * The recording could not be read from storage (the folder or the S3 service gone, the stream
 * broken off mid-read): a wait, not a failure of the job (docs/decisions/014): the attempt does
 * not count, the job is tried again after the unreachable-engine backoff.
 */
export class StorageUnavailableError extends Error {
  readonly key = 'processing.storage.unavailable';
  constructor(cause: unknown) {
    super(
      `the recording could not be read from storage: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
    this.name = 'StorageUnavailableError';
  }
}

const isMissing = (error: unknown) => (error as { code?: string } | null)?.code === 'ENOENT';

export interface StageContext {
  note: NoteRow;
  /** The note's glossaries (docs/product.md#glossary): its folder's terms and its owner's. */
  glossary?: { folder: GlossaryEntry[]; user: GlossaryEntry[] } | undefined;
  plan: PlanDefinition;
  checkpoint: Checkpoint;
  /** Intermediate files of this note (chunks, an MP4 copy); removed once transcribed. */
  workDir: string;
  storage: Storage;
  engines: Engines;
  options: PipelineOptions;
  signal: AbortSignal;
  logger: Logger;
  /** Persists checkpoint data and the next stage (fenced: throws when the lease is lost). */
  save(write: { patch?: Checkpoint; drop?: (keyof Checkpoint)[]; next: Stage }): Promise<void>;
  /**
   * Hands data to the next stage in memory only, for results quicker to make again than to write:
   * the stored checkpoint stays as it is, so a restart or retry repeats the stage from what it holds.
   */
  carry(write: { patch: Checkpoint; next: Stage }): void;
  /** Persists one finished chunk. */
  saveChunk(index: number, result: Transcription): Promise<void>;
  /** Shows progress on the note. */
  progress(status: NoteStatus, percent: number): Promise<void>;
  /** Tells the worker's observer (logs, tests) about a finished chunk. */
  chunkDone(index: number): void;
  /** Waits for the worker's slot the stage runs in (phaseOf), before the stage starts. */
  enter?(stage: Stage): Promise<void>;
}

/** Formats ffmpeg must be able to seek in: MP4/M4A can keep their index at the end. */
const NEEDS_SEEKING = new Set(['m4a', 'mp4']);

/**
 * The stored recording as the decoder reads it: streamed straight from storage, or, for formats
 * that need seeking, copied into the work folder first (storage may be remote later).
 */
async function openRecording(ctx: StageContext): Promise<{
  source: AudioSource;
  close(): Promise<void>;
  /** Throws StorageUnavailableError when reading the recording broke off, for the caller's catch. */
  rethrow(error: unknown): never;
}> {
  const { note, storage, workDir, signal } = ctx;
  if (!note.audioKey) throw new AudioError('unreadable', 'the recording is no longer stored');
  const extension = note.audioKey.split('.').pop() ?? 'bin';
  let stream: Awaited<ReturnType<Storage['read']>>;
  try {
    stream = await storage.read(note.audioKey);
  } catch (error) {
    // A missing object is the job's own failure; anything else is storage that is away.
    throw isMissing(error) ? error : new StorageUnavailableError(error);
  }
  let broken: unknown;
  stream.once('error', (error) => (broken ??= error));
  const rethrow = (error: unknown): never => {
    if (broken !== undefined && !signal.aborted) throw new StorageUnavailableError(broken);
    throw error;
  };
  if (!NEEDS_SEEKING.has(extension)) {
    return { source: { stream }, close: async () => void stream.destroy(), rethrow };
  }
  await mkdir(workDir, { recursive: true });
  const path = join(workDir, `source.${extension}`);
  try {
    await writeStreamToFile(stream, path, { signal });
  } catch (error) {
    await rm(path, { force: true });
    rethrow(error);
  }
  return { source: { path }, close: () => rm(path, { force: true }), rethrow };
}

/** The recording's length: measured at upload; measured again only for a note that lacks it. */
async function recordingSeconds(ctx: StageContext): Promise<number> {
  const known = ctx.note.durationSeconds;
  if (known !== null && known > 0) return known;
  const recording = await openRecording(ctx);
  try {
    if ('path' in recording.source)
      return (await probeAudio(recording.source.path)).durationSeconds;
    await mkdir(ctx.workDir, { recursive: true });
    const path = join(ctx.workDir, 'source.probe');
    try {
      await writeStreamToFile(recording.source.stream, path, { signal: ctx.signal }).catch(
        recording.rethrow,
      );
      return (await probeAudio(path, ctx.signal)).durationSeconds;
    } finally {
      await rm(path, { force: true });
    }
  } finally {
    await recording.close();
  }
}

/**
 * Plans the chunks. The size limit is planned with the largest a second of prepared audio can
 * be, so no prepared file is needed first: cutting starts with transcribing.
 */
async function prepare(ctx: StageContext): Promise<Stage> {
  await rm(ctx.workDir, { recursive: true, force: true });
  const chunks =
    ctx.checkpoint.chunks ??
    planChunks(await recordingSeconds(ctx), {
      leadChunkSeconds: LEAD_CHUNK_SECONDS,
      ...ctx.options.chunking,
      bytesPerSecond: PREPARED_MAX_BYTES_PER_SECOND,
    });
  if (chunks.length === 0) throw new AudioError('empty', 'the recording has no length');
  await ctx.save({ patch: { chunks }, next: 'transcribe' });
  return 'transcribe';
}

function chunkPath(dir: string, chunk: ChunkPlan): string {
  return join(dir, `chunk-${String(chunk.index).padStart(4, '0')}.flac`);
}

/** What a chunk past the end of the recording holds: nothing, without asking the engine. */
const NOTHING: Transcription = { text: '', language: undefined, durationSeconds: 0, segments: [] };

/**
 * A speech-to-text client that waits for each chunk's cut before its first request: the cutter
 * decodes ahead while the engine works on earlier chunks.
 */
function cuttingClient(
  stt: SttClient,
  cutter: ChunkCutter,
  chunks: ReadonlyMap<string, ChunkPlan>,
): SttClient {
  return {
    model: stt.model,
    async transcribe(path, options) {
      const chunk = chunks.get(path);
      const file = chunk ? await cutter.file(chunk.index) : path;
      if (file === undefined) return NOTHING;
      return stt.transcribe(file, options);
    },
  };
}

/** Transcribes the chunks not done yet, cutting them as the engine works. */
async function transcribeAll(
  ctx: StageContext,
  chunks: ChunkPlan[],
  done: Map<number, Transcription>,
  assembler: TranscriptAssembler,
  language: string | undefined,
  stt: SttClient,
  prompt: string,
): Promise<void> {
  const { workDir, signal, options, note } = ctx;
  const pending = chunks.filter((chunk) => !done.has(chunk.index));
  if (pending.length > 0) {
    const chunkDir = join(workDir, 'chunks');
    const recording = await openRecording(ctx);
    // One chunk ready beyond those in flight, so a freed slot never waits for the decoder.
    const cutter = cutChunks(recording.source, pending, chunkDir, {
      signal,
      ahead: options.sttConcurrency + 1,
    });
    try {
      const files: ChunkFile[] = chunks.map((chunk) => ({
        ...chunk,
        path: chunkPath(chunkDir, chunk),
      }));
      const client = cuttingClient(
        stt,
        cutter,
        new Map(files.map((file) => [file.path, file as ChunkPlan])),
      );
      let updates = Promise.resolve();
      await transcribeChunks(files, client, {
        concurrency: options.sttConcurrency,
        retries: options.chunkRetries,
        backoffMs: options.chunkBackoffMs,
        language,
        prompt,
        signal,
        done,
        onChunk: async (index, result) => {
          await ctx.saveChunk(index, result);
          await rm(files.find((file) => file.index === index)!.path, { force: true });
          cutter.release(index);
          assembler.add(index, result);
          ctx.chunkDone(index);
        },
        onProgress: ({ done: finished, total }) => {
          const start = STAGE_DISPLAY.transcribe.progress;
          const percent = Math.round(
            start + ((TRANSCRIBE_END_PROGRESS - start) * finished) / total,
          );
          updates = updates.then(() => ctx.progress('transcribing', percent)).catch(() => {});
        },
        onRetry: ({ index, attempt, delayMs, error }) => {
          ctx.logger.warn('chunk retry', {
            noteId: note.id,
            chunk: index,
            attempt,
            delayMs,
            err: error,
          });
        },
      });
      await updates;
    } catch (error) {
      recording.rethrow(error);
    } finally {
      await cutter.stop();
      await recording.close();
    }
  }
}

async function transcribe(ctx: StageContext): Promise<Stage> {
  const { engines, checkpoint, workDir, signal, note } = ctx;
  if (!engines.stt) throw new NoEngineError();
  const chunks = checkpoint.chunks;
  if (!chunks) throw new Error('transcribe: no chunk plan in the checkpoint');
  const done = new Map(
    Object.entries(checkpoint.transcripts ?? {}).map(([index, result]) => [Number(index), result]),
  );
  const language = note.language === 'auto' ? undefined : note.language;
  const assembler = new TranscriptAssembler(chunks, {
    clean: note.transcriptType === 'clean',
    language,
  });
  for (const [index, result] of done) assembler.add(index, result);

  // The player's level overview (docs/uploads.md#level-overview) is measured beside the
  // transcription, while the engine works; without one the reader measures it on first request.
  const overview = note.audioKey
    ? ensurePeaks(ctx.storage, note.audioKey, signal).catch((error: unknown) => {
        if (!signal.aborted)
          ctx.logger.warn('level overview failed', { noteId: note.id, err: error });
      })
    : Promise.resolve();

  try {
    const { prompt } = buildPrompt(ctx.glossary?.folder ?? [], ctx.glossary?.user ?? []);
    await transcribeAll(ctx, chunks, done, assembler, language, engines.stt, prompt);
  } finally {
    // Nothing of this note's is written after its stage has ended.
    await overview;
  }

  const assembled = assembler.finish();
  const keep = speakersAsked(note, ctx.plan) && assembled.speakerLabels;
  const corrected = withGlossary(
    ctx,
    keep
      ? assembled.segments
      : assembled.segments.map((segment) => ({ ...segment, speaker: 'S1' })),
  );
  const transcript: Checkpoint = {
    ...corrected,
    removedSegments: assembled.removedSegments,
    speakerLabels: assembled.speakerLabels,
    ...(assembled.detectedLanguage ? { detectedLanguage: assembled.detectedLanguage } : {}),
  };
  if (usesLlm(note, engines)) {
    // The chunk results live on in the merged transcript.
    await ctx.save({ patch: transcript, drop: ['transcripts'], next: 'summarise' });
  } else {
    // Summarised without an engine, at once: the transcript goes to the store stage with the
    // summary, written once (docs/uploads.md#pipeline-stages); until then the checkpoint keeps
    // the chunk results it is assembled from again in an instant.
    ctx.carry({ patch: transcript, next: 'summarise' });
  }
  // Audio is not needed any more: later stages work on text.
  await rm(workDir, { recursive: true, force: true });
  return 'summarise';
}

async function merge(ctx: StageContext): Promise<Stage> {
  const { checkpoint } = ctx;
  const chunks = checkpoint.chunks ?? [];
  const results = new Map(
    Object.entries(checkpoint.transcripts ?? {}).map(([index, result]) => [Number(index), result]),
  );
  const { segments, removed } = mergeTranscriptsWithRemoved(chunks, results);
  const speakerLabels = [...results.values()].some((result) =>
    result.segments.some((segment) => segment.speaker !== undefined),
  );
  const detectedLanguage = dominantLanguage(results);
  await ctx.save({
    patch: {
      segments,
      removedSegments: removed,
      speakerLabels,
      ...(detectedLanguage ? { detectedLanguage } : {}),
    },
    // The chunk results live on in the merged transcript.
    drop: ['transcripts'],
    next: 'speakers',
  });
  // Audio is not needed any more: later stages work on text.
  await rm(ctx.workDir, { recursive: true, force: true });
  return 'speakers';
}

/**
 * Speaker labels stay only when they were asked for: the plan includes speaker detection
 * (docs/minutes.md#plan-limits) and the upload did not say there is one speaker. Otherwise the
 * transcript has one speaker, S1, whatever the engine guessed.
 */
export function speakersAsked(note: Pick<NoteRow, 'speakers'>, plan: PlanDefinition): boolean {
  return plan.speakerDetection && note.speakers !== 1;
}

async function speakers(ctx: StageContext): Promise<Stage> {
  const segments = ctx.checkpoint.segments ?? [];
  const keep = speakersAsked(ctx.note, ctx.plan) && ctx.checkpoint.speakerLabels === true;
  await ctx.save({
    patch: {
      segments: keep ? segments : segments.map((segment) => ({ ...segment, speaker: 'S1' })),
    },
    next: 'clean',
  });
  return 'clean';
}

async function clean(ctx: StageContext): Promise<Stage> {
  if (ctx.note.transcriptType === 'clean') {
    const language = ctx.note.language === 'auto' ? undefined : ctx.note.language;
    const segments = cleanSegments(ctx.checkpoint.segments ?? [], { language });
    await ctx.save({ patch: withGlossary(ctx, segments), next: 'summarise' });
  } else {
    await ctx.save({ patch: withGlossary(ctx, ctx.checkpoint.segments ?? []), next: 'summarise' });
  }
  return 'summarise';
}

/**
 * The transcript with its near-misses corrected to the glossary (docs/product.md#glossary), and
 * the corrections for the store stage. Made once, where the transcript is final: after the
 * assembly (cleaned and speakers settled), before the summary, which then reads the terms as
 * the glossary spells them.
 */
function withGlossary(
  ctx: StageContext,
  segments: Segment[],
): Pick<Checkpoint, 'segments' | 'glossaryCorrections'> {
  const terms = [...(ctx.glossary?.folder ?? []), ...(ctx.glossary?.user ?? [])];
  if (terms.length === 0) return { segments, glossaryCorrections: [] };
  const corrected = correctTranscript(segments, terms);
  return { segments: corrected.segments, glossaryCorrections: corrected.corrections };
}

/** The note's summary model is one the configured chat engine serves. */
export function usesLlm(note: Pick<NoteRow, 'summaryModel'>, engines: Engines): boolean {
  return engines.chat !== undefined && engines.llmModels.includes(note.summaryModel);
}

/**
 * Writes a summary of `segments` as `request` asks: with the language model when the model is one
 * the chat engine serves (`llm` true), else with the built-in summariser. Processing and a
 * re-summary (resummary.ts) both write theirs with this.
 */
export async function writeSummary(
  segments: readonly Segment[],
  note: Pick<NoteRow, 'language' | 'speakerNames' | 'durationSeconds' | 'agenda'>,
  request: SummaryRequest,
  engines: Engines,
  {
    signal,
    detectedLanguage,
    contextChars,
  }: {
    signal: AbortSignal;
    detectedLanguage?: string | undefined;
    /** The language model's context in characters (LLM_CONTEXT_CHARS): parts are cut to fit. */
    contextChars?: number | undefined;
  },
): Promise<{ summary: Summary; llm: boolean }> {
  const options = {
    structure: request.structure,
    template: request.template,
    language: request.summaryLanguage,
    speakerNames: note.speakerNames,
    ...(note.agenda?.length ? { agenda: note.agenda } : {}),
  };
  if (usesLlm(request, engines) && engines.chat) {
    const summary = await summariseWithLlm(segments, {
      ...options,
      client: engines.chat,
      model: request.summaryModel,
      contextChars,
      durationSeconds: note.durationSeconds,
      signal,
    });
    if (!isFormalStructure(request.structure)) return { summary, llm: true };
    // A formal type's head and agenda items, each item with its passages, are found in the
    // transcript (docs/formal-minutes.md#how-the-minutes-are-found); the model's title and
    // overview stay.
    const found = extractiveSummary(segments, {
      ...options,
      language: summary.language ?? options.language,
    });
    const { title, overview, windows, language } = summary;
    // What the model calls a resolution and the rules did not find is kept, checked like any
    // citation: unless its wording was said, it stands "ohne Beleg".
    const formal = withModelResolutions(found.formal!, summary.decisions, segments);
    const combined: Summary = {
      ...found,
      formal,
      decisions: decisionsOf(formal),
      title,
      overview,
      generator: 'llm',
      ...(language ? { language } : {}),
      ...(windows ? { windows } : {}),
    };
    return { summary: applyTemplate(combined, request.template), llm: true };
  }
  // The built-in summariser cannot translate: the note is in the spoken language, and says
  // which one was asked for (docs/uploads.md#the-note-language).
  const written = extractiveLanguage(
    request.summaryLanguage,
    spokenLanguage(note.language, detectedLanguage, segments),
  );
  const extracted = extractiveSummary(segments, { ...options, language: written.language });
  if (written.requested) extracted.requested_language = written.requested;
  return { summary: applyTemplate(extracted, request.template), llm: false };
}

async function summarise(ctx: StageContext): Promise<Stage> {
  const { note, engines } = ctx;
  const segments = ctx.checkpoint.segments ?? [];
  const { summary, llm } = await writeSummary(
    segments,
    note,
    // Written only from the contract's enum at upload.
    {
      ...note,
      structure: note.structure as NoteStructure,
      template: storedTemplate(note.template),
    },
    engines,
    {
      signal: ctx.signal,
      detectedLanguage: ctx.checkpoint.detectedLanguage,
      contextChars: ctx.options.llmContextChars,
    },
  );
  if (llm) await ctx.save({ patch: { summary }, next: 'store' });
  // Deterministic and quick: made again rather than written twice (the store stage writes it).
  else ctx.carry({ patch: { summary }, next: 'store' });
  return 'store';
}

const RUNNERS: Record<
  Exclude<Stage, 'store' | 'resummarise'>,
  (ctx: StageContext) => Promise<Stage>
> = {
  prepare,
  transcribe,
  merge,
  speakers,
  clean,
  summarise,
};

/**
 * Runs stages from `from` up to (not including) `store`, which the worker does itself in the
 * transaction that charges the minutes. Shows each stage on the note before it starts.
 */
export async function runStages(from: Stage, ctx: StageContext): Promise<void> {
  let stage = from;
  while (stage !== 'store') {
    if (stage === 'resummarise') throw new Error('runStages: a re-summary runs in resummary.ts');
    ctx.signal.throwIfAborted();
    await ctx.enter?.(stage);
    const display = STAGE_DISPLAY[stage];
    await ctx.progress(display.status, display.progress);
    ctx.logger.info('job stage', { noteId: ctx.note.id, stage });
    stage = await RUNNERS[stage](ctx);
  }
}
