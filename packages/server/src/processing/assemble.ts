// The transcript put together while chunks are still being transcribed: each result is merged as
// soon as the chunks before it are in, and cleaned as soon as merging has made its part final, so
// little is left to do once the last chunk is back.
import type { RemovedSegment, Segment } from '@protokoll/contract';
import type { ChunkPlan } from './audio.ts';
import { cleaningLanguage, cleanSegments, segmentCleaner } from './clean.ts';
import { dominantLanguage, TranscriptMerger } from './merge.ts';
import type { Transcription } from './stt.ts';

export interface AssembleOptions {
  /** Remove fillers and stutters (the `clean` transcript type). */
  clean: boolean;
  /** The recording's language; undefined (auto) lets cleaning guess it from the whole text. */
  language: string | undefined;
}

export interface AssembledTranscript {
  segments: Segment[];
  /** Whether the engine labelled speakers at all. */
  speakerLabels: boolean;
  /** The language most chunks reported. */
  detectedLanguage: string | undefined;
  /** Passages taken out as invented (docs/uploads.md#invented-text). */
  removedSegments: RemovedSegment[];
}

export class TranscriptAssembler {
  private readonly ordered: readonly ChunkPlan[];
  private readonly results = new Map<number, Transcription>();
  private readonly merger = new TranscriptMerger();
  private folded = 0;
  /** Cleans batch by batch when the language is known; otherwise everything at the end. */
  private readonly cleaner: ((batch: readonly Segment[]) => Segment[]) | undefined;
  private readonly cleaned: Segment[] = [];
  private cleanedUpTo = 0;

  constructor(
    chunks: readonly ChunkPlan[],
    private readonly options: AssembleOptions,
  ) {
    this.ordered = [...chunks].sort((a, b) => a.index - b.index);
    const language = cleaningLanguage(options.language);
    this.cleaner = options.clean && language ? segmentCleaner(language) : undefined;
  }

  /** A chunk's result, in any order. */
  add(index: number, result: Transcription): void {
    this.results.set(index, result);
    let folded = false;
    for (let chunk = this.ordered[this.folded]; chunk; chunk = this.ordered[this.folded]) {
      const next = this.results.get(chunk.index);
      if (!next) break;
      this.merger.add(chunk, next);
      this.folded += 1;
      folded = true;
    }
    if (folded && this.cleaner) {
      const { segments, settled } = this.merger.segments();
      this.cleaned.push(...this.cleaner(segments.slice(this.cleanedUpTo, settled)));
      this.cleanedUpTo = settled;
    }
  }

  /** The whole transcript; throws when a chunk has no result. */
  finish(): AssembledTranscript {
    const missing = this.ordered[this.folded];
    if (missing) throw new Error(`chunk ${missing.index} has no transcription`);
    const { segments } = this.merger.segments();
    let result = segments;
    if (this.cleaner) result = this.cleaned.concat(this.cleaner(segments.slice(this.cleanedUpTo)));
    else if (this.options.clean)
      result = cleanSegments(segments, { language: this.options.language });
    return {
      segments: result,
      speakerLabels: [...this.results.values()].some((r) =>
        r.segments.some((segment) => segment.speaker !== undefined),
      ),
      detectedLanguage: dominantLanguage(this.results),
      removedSegments: this.merger.removed(),
    };
  }
}
