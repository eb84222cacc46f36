// What Whisper-family engines write on silence and noise that nobody said: subtitle credits and
// video outros learnt from subtitled broadcasts ("Untertitelung des ZDF, 2020", "Vielen Dank fürs
// Zuschauen"), the same passage over and over, and one phrase looping within a passage. Applied to
// every engine answer before it is merged (docs/uploads.md#invented-text). Conservative on
// purpose: a credit goes only when the whole passage is made of credits, never a phrase inside a
// real sentence; repeats and loops only past counts that speech does not reach. Nothing is lost:
// what was taken out is listed in the note's details.
import type { RemovedSegment, RemovedSegmentReason } from '@protokoll/contract';
import type { TranscriptSegment } from './stt.ts';
import { normaliseText } from './text.ts';

/** Broadcasters and subtitle communities that appear in learnt credits (normalised). */
const SOURCES =
  '(?:zdf(?: für funk)?|ard|wdr|ndr|swr|br|mdr|hr|rbb|sr|funk|arte|3sat|kika|phoenix|orf|srf|' +
  'amara org(?: community)?|der amara org community|the amara org community|stephanie geiges)';
const YEAR = '(?: \\d{4})?';

/**
 * One credit sentence, normalised (lower case, letters and digits, single spaces). Each must be
 * a whole sentence of the passage; an optional "und" / "and" / "also" in front.
 */
const CREDIT_SENTENCES: readonly RegExp[] = [
  // German subtitle credits: "Untertitelung des ZDF, 2020", "Untertitel im Auftrag des ZDF für
  // funk, 2017", "Untertitel der Amara.org-Community", "Untertitelung. BR 2018".
  new RegExp(
    `^untertitel(?:ung)?(?: (?:erstellt |bereitgestellt )?(?:im auftrag )?(?:des|der|von|durch|vom))? ${SOURCES}${YEAR}$`,
  ),
  new RegExp(`^untertitel(?:ung)? \\d{4}$`),
  // A broadcaster alone only with a copyright or a year: "ZDF." may be an answer.
  new RegExp(`^(?:copyright ${SOURCES}${YEAR}|${SOURCES} \\d{4})$`),
  // English subtitle credits.
  new RegExp(`^(?:subtitles|captions|subtitled|captioned)(?: (?:by|from))? ${SOURCES}${YEAR}$`),
  /^(?:subtitles|transcription|transcript|captions) by castingwords$/,
  // Video outros.
  /^(?:vielen |herzlichen )?dank(?:e)?(?: schön)? (?:fürs|für s|für das|für ihr|für euer) zu(?:schauen|sehen|hören)$/,
  /^(?:vielen |herzlichen )?dank(?:e)?(?: schön)? (?:fürs|für s) zuschauen und (?:bis zum nächsten mal|tschüss)$/,
  /^bis zum nächsten mal$/,
  /^(?:abonniert|abonniere|abonnieren sie) (?:den|unseren|meinen) kanal$/,
  /^(?:thanks|thank you)(?: so much| very much)? for watching$/,
  /^(?:thanks|thank you)(?: so much| very much)? for watching and see you (?:next time|in the next video)$/,
  /^(?:please |don t forget to )?(?:like and )?subscribe(?: to (?:my|our|the) channel)?$/,
];
const LEAD_WORDS = /^(?:und|and|also|so) /;

/** A sentence of a passage, split at . ! ? … (a credit may be several, "Danke. Bis dann."). */
function sentences(text: string): string[] {
  return (text.match(/[^.!?…]+(?:[.!?…]+|$)/g) ?? [])
    .map((sentence) => normaliseText(sentence))
    .filter(Boolean);
}

/** The whole passage is credits and outros (each of its sentences one). */
export function isCredit(text: string): boolean {
  const parts = sentences(text);
  if (parts.length === 0) return false;
  // "Untertitelung des ZDF, 2020" is one sentence whose comma normalises away; "Amara.org"
  // splits at its dot, so the whole passage is tried as one sentence too.
  const matches = (sentence: string) => {
    const bare = sentence.replace(LEAD_WORDS, '');
    return CREDIT_SENTENCES.some((pattern) => pattern.test(bare));
  };
  return parts.every(matches) || matches(normaliseText(text));
}

/** A phrase of one word is a loop from this many times in a row; longer ones from LOOP_REPEATS. */
const LOOP_WORD_REPEATS = 8;
const LOOP_REPEATS = 4;
/** Longest phrase (in words) looked for. */
const LOOP_MAX_WORDS = 12;

interface Token {
  word: string;
  from: number;
  to: number;
}

function tokens(text: string): Token[] {
  const found: Token[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)) {
    found.push({
      word: match[0].toLowerCase(),
      from: match.index,
      to: match.index + match[0].length,
    });
  }
  return found;
}

/**
 * One phrase said again and again within a passage ("Das ist gut. Das ist gut. Das ist gut. Das
 * ist gut."), left once; the passage unchanged when there is none.
 */
export function collapseLoops(text: string): string {
  const list = tokens(text);
  const keep: [number, number][] = [];
  let from = 0;
  let i = 0;
  outer: while (i < list.length) {
    for (let size = 1; size <= LOOP_MAX_WORDS && i + 2 * size <= list.length; size++) {
      let repeats = 1;
      while (
        i + (repeats + 1) * size <= list.length &&
        list
          .slice(i, i + size)
          .every((token, k) => token.word === list[i + repeats * size + k]!.word)
      )
        repeats++;
      if (repeats >= (size === 1 ? LOOP_WORD_REPEATS : LOOP_REPEATS)) {
        // Up to the end of the first time it was said, then on after the last time.
        keep.push([from, list[i + size - 1]!.to]);
        from = list[i + repeats * size - 1]!.to;
        i += repeats * size;
        continue outer;
      }
    }
    i++;
  }
  if (keep.length === 0) return text;
  return (keep.map(([a, b]) => text.slice(a, b)).join('') + text.slice(from)).trim();
}

/** Identical passages in a row this short are a repeat only from the third on. */
const SHORT_WORDS = 4;
const SHORT_RUN = 3;

export interface FilteredSegments {
  segments: TranscriptSegment[];
  /** In the answer's own seconds, in order. */
  removed: RemovedSegment[];
}

const removal = (
  segment: TranscriptSegment,
  reason: RemovedSegmentReason,
  text = segment.text,
): RemovedSegment => ({ start: segment.start, end: segment.end, text, reason });

/**
 * An engine answer's passages without the invented ones:
 * - `loop`: a phrase said within a passage four times in a row or more (a single word eight) is
 *   left once; the passage stays, and the removed entry holds its text as the engine wrote it;
 * - `credit`: a passage made only of subtitle credits and video outros (CREDIT_SENTENCES), matched
 *   on its normalised words, whole sentences only;
 * - `repeat`: a passage with the same words and speaker as the one before it: the first stays;
 *   passages of fewer than four words ("Ja.", "Genau.") only from a run of three on, since two
 *   people may well say "Ja." one after the other.
 */
export function filterHallucinations(input: readonly TranscriptSegment[]): FilteredSegments {
  const removed: RemovedSegment[] = [];
  const spoken: TranscriptSegment[] = [];
  for (const segment of input) {
    const collapsed = collapseLoops(segment.text);
    const text = collapsed === segment.text ? segment.text : collapsed;
    if (isCredit(text)) {
      removed.push(removal(segment, 'credit'));
      continue;
    }
    if (text !== segment.text) removed.push(removal(segment, 'loop'));
    spoken.push(text === segment.text ? segment : { ...segment, text });
  }
  // Runs of the same words and speaker.
  const segments: TranscriptSegment[] = [];
  for (let i = 0; i < spoken.length;) {
    const first = spoken[i]!;
    const key = normaliseText(first.text);
    let end = i + 1;
    while (
      end < spoken.length &&
      normaliseText(spoken[end]!.text) === key &&
      spoken[end]!.speaker === first.speaker
    )
      end++;
    const run = spoken.slice(i, end);
    const short = key.split(' ').length < SHORT_WORDS;
    if (run.length > 1 && (!short || run.length >= SHORT_RUN)) {
      segments.push(first);
      for (const repeat of run.slice(1)) removed.push(removal(repeat, 'repeat'));
    } else segments.push(...run);
    i = end;
  }
  removed.sort((a, b) => a.start - b.start);
  return { segments, removed };
}
