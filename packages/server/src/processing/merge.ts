// Joins the chunk transcripts into one: timestamps shifted to the whole recording, the passages
// both neighbours heard in their overlap kept once, speakers renumbered S1, S2, ….
import type { RemovedSegment, Segment } from '@protokoll/contract';
import type { ChunkPlan } from './audio.ts';
import { filterHallucinations } from './hallucinations.ts';
import type { Transcription } from './stt.ts';
import { normaliseText, words } from './text.ts';

/** Seconds two passages may miss each other by and still be the same passage. */
const TIME_TOLERANCE = 1;
/** Share of common words (Dice) above which two passages say the same. */
const TEXT_SIMILARITY = 0.6;

interface Merged {
  start: number;
  end: number;
  text: string;
  /** Global label, S1…. */
  speaker: string;
  chunk: number;
  /** The engine's label within its chunk. */
  local: string | undefined;
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** One word sequence inside the other, or most words shared. */
export function sameText(a: string, b: string): boolean {
  const wa = words(a);
  const wb = words(b);
  if (wa.length === 0 || wb.length === 0) return false;
  const [short, long] = wa.length <= wb.length ? [wa, wb] : [wb, wa];
  if (` ${long.join(' ')} `.includes(` ${short.join(' ')} `)) return true;
  const counts = new Map<string, number>();
  for (const word of wa) counts.set(word, (counts.get(word) ?? 0) + 1);
  let common = 0;
  for (const word of wb) {
    const left = counts.get(word) ?? 0;
    if (left > 0) {
      common++;
      counts.set(word, left - 1);
    }
  }
  return (2 * common) / (wa.length + wb.length) >= TEXT_SIMILARITY;
}

const overlapsInTime = (a: { start: number; end: number }, b: { start: number; end: number }) =>
  a.start <= b.end + TIME_TOLERANCE && b.start <= a.end + TIME_TOLERANCE;

/**
 * Merges chunk transcripts in chunk order, one chunk at a time as results come in (the pipeline
 * folds each chunk as soon as the ones before it are in).
 *
 * Overlap: a passage of a chunk that starts inside the overlap with the previous chunk is
 * dropped when a passage the previous chunk already placed there matches it in time and words.
 * The longer wording wins, since the earlier chunk may have heard a sentence cut off at its end.
 *
 * Speakers: a diarizing engine labels speakers per request, so `SPEAKER_00` of one chunk need not
 * be `SPEAKER_00` of the next. Labels are linked across a border only where the overlap proves it
 * (a dropped duplicate carries both chunks' labels); every other label of a new chunk becomes a
 * new speaker. This can list one person twice (the reader lets users rename speakers, and the
 * same name joins them) but never merges two people into one. Passages without a label keep the
 * previous passage's speaker; a transcript without any labels is all S1.
 *
 * Invented text: every answer goes through the hallucination filter first
 * (docs/uploads.md#invented-text); what it took out is kept in `removed()`.
 */
export class TranscriptMerger {
  private readonly merged: Merged[] = [];
  private readonly taken: RemovedSegment[] = [];
  private speakers = 0;
  private previous: ChunkPlan | undefined;

  private newSpeaker(): string {
    return `S${++this.speakers}`;
  }

  /** Folds in the next chunk; chunks must come in plan order. */
  add(chunk: ChunkPlan, result: Transcription): void {
    const { merged, previous } = this;
    if (previous && chunk.start < previous.start) {
      throw new Error(`chunk ${chunk.index} comes before chunk ${previous.index}`);
    }
    const overlapEnd = previous && previous.end > chunk.start ? previous.end : undefined;
    const labels = new Map<string, string>();
    const earlier = merged.filter((segment) => previous && segment.chunk === previous.index);

    const ordering = [...result.segments].sort((a, b) => a.start - b.start);
    const filtered = filterHallucinations(ordering);
    for (const entry of filtered.removed) {
      const start = round(Math.min(chunk.start + entry.start, chunk.end));
      const end = round(Math.max(start, Math.min(chunk.start + entry.end, chunk.end)));
      // Both neighbours may have heard the same credit in their overlap: listed once.
      const twin = this.taken.some(
        (kept) =>
          kept.reason === entry.reason &&
          overlapsInTime(kept, { start, end }) &&
          normaliseText(kept.text) === normaliseText(entry.text),
      );
      if (!twin) this.taken.push({ ...entry, start, end });
    }
    for (const segment of filtered.segments) {
      const start = round(Math.min(chunk.start + segment.start, chunk.end));
      const end = round(Math.max(start, Math.min(chunk.start + segment.end, chunk.end)));
      const local = segment.speaker;
      if (overlapEnd !== undefined && start < overlapEnd) {
        const twin = earlier.find(
          (kept) => overlapsInTime(kept, { start, end }) && sameText(kept.text, segment.text),
        );
        if (twin) {
          if (words(segment.text).length > words(twin.text).length) twin.text = segment.text;
          twin.end = Math.max(twin.end, end);
          if (local !== undefined && twin.local !== undefined && !labels.has(local)) {
            labels.set(local, twin.speaker);
          }
          continue;
        }
      }
      let speaker: string;
      if (local === undefined)
        speaker = merged.at(-1)?.speaker ?? (this.speakers > 0 ? 'S1' : this.newSpeaker());
      else {
        speaker = labels.get(local) ?? this.newSpeaker();
        labels.set(local, speaker);
      }
      merged.push({ start, end, text: segment.text.trim(), speaker, chunk: chunk.index, local });
    }
    this.previous = chunk;
  }

  /** The passages the hallucination filter took out so far, by start time. */
  removed(): RemovedSegment[] {
    return [...this.taken].sort((a, b) => a.start - b.start);
  }

  /**
   * The transcript so far, by start time, and how many of its first passages are final: a later
   * chunk only adds passages from its own start on and only rewrites passages of the chunk before
   * it, so everything that starts before the last folded chunk stays as it is.
   */
  segments(): { segments: Segment[]; settled: number } {
    // Stable: passages of equal start keep their chunk order.
    const sorted = this.merged
      .map((segment, order) => ({ segment, order }))
      .sort((a, b) => a.segment.start - b.segment.start || a.order - b.order)
      .map(({ segment }) => ({
        start: segment.start,
        end: segment.end,
        speaker: segment.speaker,
        text: segment.text,
      }));
    const from = this.previous?.start ?? 0;
    let settled = 0;
    while (settled < sorted.length && sorted[settled]!.start < from) settled += 1;
    return { segments: sorted, settled };
  }
}

/** Merges all chunk transcripts at once (see TranscriptMerger). */
export function mergeTranscripts(
  chunks: readonly ChunkPlan[],
  results: ReadonlyMap<number, Transcription>,
): Segment[] {
  return mergeTranscriptsWithRemoved(chunks, results).segments;
}

/** mergeTranscripts, with the passages the hallucination filter took out. */
export function mergeTranscriptsWithRemoved(
  chunks: readonly ChunkPlan[],
  results: ReadonlyMap<number, Transcription>,
): { segments: Segment[]; removed: RemovedSegment[] } {
  const merger = new TranscriptMerger();
  for (const chunk of [...chunks].sort((a, b) => a.index - b.index)) {
    const result = results.get(chunk.index);
    if (!result) throw new Error(`chunk ${chunk.index} has no transcription`);
    merger.add(chunk, result);
  }
  return { segments: merger.segments().segments, removed: merger.removed() };
}

/** The language most chunks reported, for notes uploaded with `language: auto`. */
export function dominantLanguage(results: ReadonlyMap<number, Transcription>): string | undefined {
  const counts = new Map<string, number>();
  for (const result of results.values()) {
    if (result.language) counts.set(result.language, (counts.get(result.language) ?? 0) + 1);
  }
  let best: string | undefined;
  for (const [language, count] of counts) {
    if (best === undefined || count > (counts.get(best) ?? 0)) best = language;
  }
  return best;
}
