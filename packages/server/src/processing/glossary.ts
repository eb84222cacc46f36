// The glossary at work (docs/product.md#glossary, docs/decisions/018-glossary.md): the engine's
// `prompt` built from the user's and the folder's terms, and the near-misses of the finished
// transcript corrected to the glossary's spelling where the match is sure.
import { createRequire } from 'node:module';
import type { GlossaryKind, Segment } from '@protokoll/contract';
import { distance } from 'fastest-levenshtein';
import cologne from 'talisman/phonetics/german/cologne.js';

/** A term as processing uses it. */
export interface GlossaryEntry {
  term: string;
  kind: GlossaryKind;
  variants: readonly string[];
}

/**
 * Whisper reads at most 224 tokens of prompt (the model's half context, less one): more is cut
 * from the front by the engine. The prompt is built to stay within it.
 */
export const PROMPT_TOKEN_LIMIT = 224;

/**
 * A conservative token count for text we cannot tokenise here (the engine's tokenizer is not
 * ours, and differs between engines): one token per two bytes of UTF-8 of every word, at least
 * one, plus one per separator. Whisper's byte-level BPE needs about one token per 3–4 bytes of
 * German text; rare names split finer, so two bytes per token is an upper bound in practice and
 * a prompt estimated at 224 never overruns.
 */
export function estimateTokens(text: string): number {
  let tokens = 0;
  for (const word of text.split(/\s+/)) {
    if (!word) continue;
    const letters = word.replace(/[^\p{L}\p{N}]/gu, '');
    const punctuation = word.length - letters.length;
    tokens += Math.max(1, Math.ceil(Buffer.byteLength(letters, 'utf8') / 2)) + punctuation;
  }
  return tokens;
}

/**
 * The engine's `prompt` from the glossaries, most relevant first: the folder's terms before the
 * user's own (the folder is the narrower context), each glossary newest first (a term is added
 * when the engine missed it: recent terms are today's topics), repeats once. Terms are added
 * while the estimate stays within `limit`; one that does not fit is skipped and shorter ones
 * after it may still fit. Empty when there are no terms.
 */
export function buildPrompt(
  folderTerms: readonly GlossaryEntry[],
  userTerms: readonly GlossaryEntry[],
  limit = PROMPT_TOKEN_LIMIT,
): { prompt: string; included: string[]; left: string[] } {
  const seen = new Set<string>();
  const included: string[] = [];
  const left: string[] = [];
  let used = 0;
  for (const { term } of [...folderTerms, ...userTerms]) {
    const key = term.toLocaleLowerCase('de');
    if (seen.has(key)) continue;
    seen.add(key);
    // Terms joined by ", " and ended with "."; each one costs its words and its separator.
    const cost = estimateTokens(term) + 1;
    if (used + cost > limit) {
      left.push(term);
      continue;
    }
    used += cost;
    included.push(term);
  }
  return { prompt: included.length ? `${included.join(', ')}.` : '', included, left };
}

// — Near-miss correction —

const require = createRequire(import.meta.url);
const stopwords = require('stopwords-iso/stopwords-iso.json') as Record<string, string[]>;

/**
 * Words that are never taken for a term: the common words of German and English
 * (stopwords-iso's lists, about 600 and 1300 words).
 */
const COMMON_WORDS = new Set([...(stopwords.de ?? []), ...(stopwords.en ?? [])]);

/** Shortest term (in letters) corrected by sound and spelling; shorter ones only by variant. */
export const FUZZY_MIN_LENGTH = 4;

/**
 * Edits allowed between a heard word and a term of `length` letters: one up to 7 letters, two
 * from 8 on ("Protokol" → "Protokoll", "Meier" → "Maier"; "Kubernetis" → "Kubernetes").
 */
export function allowedEdits(length: number): number {
  return length >= 8 ? 2 : 1;
}

/** One correction made: line `index` read `before` and now reads `after`; `from` became `to`. */
export interface GlossaryCorrection {
  index: number;
  before: Segment;
  after: Segment;
  from: string;
  to: string;
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;
const lower = (text: string) => text.toLocaleLowerCase('de');
const letters = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Candidate {
  /** The words of the term, for matching as many words of the line. */
  words: number;
  entry: GlossaryEntry;
}

/**
 * Whether `heard` is a near-miss of `entry` we are sure of (the rule of docs/decisions/018):
 * - one of the term's spoken variants, whatever the case: always;
 * - the term in another case: abbreviations only ("Dsgvo" → "DSGVO");
 * - names and product names also by sound and spelling: both at least FUZZY_MIN_LENGTH letters,
 *   the same first letter, at most `allowedEdits` edits (case aside), the same Kölner Phonetik
 *   code, and the heard word not a common German or English word.
 * Abbreviations are never matched by sound: "API" is one edit from "APP" and "AGB" sounds like
 * "AG".
 */
export function nearMiss(heard: string, entry: GlossaryEntry): boolean {
  const term = entry.term;
  if (heard === term) return false;
  const heardKey = lower(heard);
  if (entry.variants.some((variant) => lower(variant) === heardKey)) return true;
  if (heardKey === lower(term)) return entry.kind === 'abbreviation';
  if (entry.kind === 'abbreviation') return false;
  const a = letters(heardKey);
  const b = letters(lower(term));
  if (a.length < FUZZY_MIN_LENGTH || b.length < FUZZY_MIN_LENGTH) return false;
  if (a[0] !== b[0]) return false;
  if (COMMON_WORDS.has(heardKey)) return false;
  if (distance(a, b) > allowedEdits(b.length)) return false;
  return cologne(a) === cologne(b);
}

/** A matched stretch of a line: characters `from`–`to`, to become `term`. */
interface Hit {
  from: number;
  to: number;
  text: string;
  term: string;
}

/** The near-misses in one line, left to right, not overlapping; ambiguous ones left alone. */
function hitsIn(text: string, candidates: readonly Candidate[], terms: ReadonlySet<string>): Hit[] {
  const words = [...text.matchAll(WORD)].map((match) => ({
    from: match.index,
    to: match.index + match[0].length,
  }));
  const hits: Hit[] = [];
  const longest = Math.max(1, ...candidates.map((candidate) => candidate.words));
  let i = 0;
  while (i < words.length) {
    let matched: Hit | undefined;
    let taken = 1;
    for (let n = Math.min(longest, words.length - i); n >= 1 && !matched; n--) {
      const from = words[i]!.from;
      const to = words[i + n - 1]!.to;
      const heard = text.slice(from, to);
      // A word that is itself a term of the glossary stays as it is.
      if (terms.has(lower(heard)) && candidates.some((c) => c.entry.term === heard)) break;
      const found = new Set(
        candidates
          .filter((candidate) => candidate.words === n && nearMiss(heard, candidate.entry))
          .map((candidate) => candidate.entry.term),
      );
      // Two terms for one word: not sure which is meant, so neither.
      if (found.size === 1) {
        matched = { from, to, text: heard, term: [...found][0]! };
        taken = n;
      }
    }
    if (matched) hits.push(matched);
    i += taken;
  }
  // Abbreviations spelt out letter by letter: "D S G V O", "K. I."
  for (const { entry } of candidates) {
    if (entry.kind !== 'abbreviation') continue;
    const chars = [...letters(entry.term)];
    if (chars.length < 2) continue;
    const spelt = new RegExp(
      `(?<![\\p{L}\\p{N}])${chars.map(escapeRegExp).join('[.]?\\s+')}[.]?(?![\\p{L}\\p{N}])`,
      'giu',
    );
    for (const match of text.matchAll(spelt)) {
      const from = match.index;
      const to = from + match[0].replace(/\s+$/, '').length;
      if (hits.some((hit) => hit.from < to && from < hit.to)) continue;
      hits.push({ from, to, text: text.slice(from, to), term: entry.term });
    }
  }
  return hits.sort((x, y) => x.from - y.from);
}

/**
 * The transcript with its near-misses written as the glossary spells them, and each correction
 * made, in order (line by line, left to right): every one becomes a revision of its own the user
 * sees in the transcript and can undo (docs/product.md#glossary).
 */
export function correctTranscript(
  segments: readonly Segment[],
  entries: readonly GlossaryEntry[],
): { segments: Segment[]; corrections: GlossaryCorrection[] } {
  const candidates: Candidate[] = entries
    .filter((entry) => letters(entry.term).length > 0)
    .map((entry) => ({ entry, words: entry.term.split(/\s+/).length }))
    // Variants may have another number of words than the term.
    .flatMap((candidate) => [
      candidate,
      ...candidate.entry.variants
        .map((variant) => variant.split(/\s+/).length)
        .filter((words) => words !== candidate.words)
        .map((words) => ({ ...candidate, words })),
    ]);
  const next = [...segments];
  const corrections: GlossaryCorrection[] = [];
  if (candidates.length === 0) return { segments: next, corrections };
  const terms = new Set(entries.map((entry) => lower(entry.term)));
  next.forEach((segment, index) => {
    // Left to right; each revision holds the line as it was before its own correction.
    let current = segment;
    let shift = 0;
    for (const hit of hitsIn(segment.text, candidates, terms)) {
      const from = hit.from + shift;
      const after = {
        ...current,
        text: `${current.text.slice(0, from)}${hit.term}${current.text.slice(from + hit.text.length)}`,
      };
      corrections.push({ index, before: current, after, from: hit.text, to: hit.term });
      shift += hit.term.length - hit.text.length;
      current = after;
    }
    next[index] = current;
  });
  return { segments: next, corrections };
}
