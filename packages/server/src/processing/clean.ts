// The `clean` transcript type: fillers, stutters and false starts removed, spacing and
// capitalisation fixed. Rule-based on purpose: predictable, fast, and it never invents words.
// Ambiguous words are only treated as fillers in the language where they are one: German "um"
// ("um 10 Uhr") and "er" ("he") are English fillers only.
import type { Segment } from '@protokoll/contract';
import { baseLanguage, guessLanguage } from './text.ts';

type Language = 'de' | 'en' | undefined;

const NOT_WORD_BEFORE = "(?<![\\p{L}\\p{N}'’-])";
const NOT_WORD_AFTER = "(?![\\p{L}\\p{N}'’-])";

/** Hesitation sounds of both languages, in the spellings speech models produce. */
const COMMON_FILLERS = [
  'ä+h+m*',
  'ä+m+',
  'ähem',
  'ö+h+m*',
  'e+h+m+',
  'h+m+',
  'm+h+m+',
  'uh+m*',
  'ah+',
];
const ENGLISH_FILLERS = ['u+m+', 'e+r+m*'];

function fillerPattern(language: Language): RegExp {
  const alternatives = language === 'de' ? COMMON_FILLERS : [...COMMON_FILLERS, ...ENGLISH_FILLERS];
  // A filler takes the commas around it along ("Wir haben, äh, beschlossen"), and a trailing
  // ellipsis ("äh…").
  return new RegExp(
    `(?:\\s*,)?\\s*${NOT_WORD_BEFORE}(?:${alternatives.join('|')})${NOT_WORD_AFTER}(?:\\.\\.\\.|…)?(?:\\s*,)?`,
    'giu',
  );
}

/** Words that are followed by a comma of their own: "Ja, …", "Okay, …". */
const INTERJECTIONS = new Set(
  'ja nein genau okay ok gut richtig stimmt danke yes no yeah okay right sure well thanks'.split(
    ' ',
  ),
);

/** Discourse phrases that carry nothing when set off by commas, with what replaces them. */
const englishPhrases: [RegExp, string][] = [
  // "…, you know, …" and "…, you know." — not "do you know the way".
  [/,\s*you know(?=\s*[,.!?;]|$)/giu, ''],
  [/(^|[.!?]\s+)you know,\s*/giu, '$1'],
  [/(^|[.!?]\s+)I mean,\s*/giu, '$1'],
  [/,\s*like,/giu, ''],
  [/(^|[.!?]\s+)(?:so|well),\s*/giu, '$1'],
];
const germanPhrases: [RegExp, string][] = [
  // A sentence opened with "Also," / "Naja," / "Ja also,": a run-up, not "therefore".
  [/(^|[.!?]\s+)(?:ja\s+)?(?:also|naja|na ja)\s*,\s*/giu, '$1'],
  [/,\s*sozusagen\s*(?=[,.!?])/giu, ''],
  [/,\s*weißt du(?=\s*[,.!?])/giu, ''],
];

function removePhrases(text: string, language: Language): string {
  let result = text;
  if (language !== 'en') for (const [re, by] of germanPhrases) result = result.replace(re, by);
  if (language !== 'de') for (const [re, by] of englishPhrases) result = result.replace(re, by);
  return result;
}

/**
 * Words whose doubling can be grammatical: "die die Katze füttert" (relative pronoun + article),
 * "dass das", "that that", "had had".
 */
const LEGITIMATE_DOUBLES = new Set(['die', 'der', 'das', 'den', 'dem', 'des', 'that', 'had', 'is']);

/** "ich ich", "wir, wir", "in der in der": the repeated word or phrase (up to three words) once. */
function removeRepeats(text: string): string {
  let result = text;
  for (let size = 3; size >= 1; size--) {
    const phrase = `(\\p{L}[\\p{L}\\p{N}'’-]*${"\\s+\\p{L}[\\p{L}\\p{N}'’-]*".repeat(size - 1)})`;
    const pattern = new RegExp(
      `${NOT_WORD_BEFORE}${phrase}(?:\\s*,?\\s+\\1${NOT_WORD_AFTER})+`,
      'giu',
    );
    result = result.replace(pattern, (match, first: string) => {
      if (size === 1 && LEGITIMATE_DOUBLES.has(first.toLowerCase())) {
        // Allow one legitimate double, collapse a third.
        const count = match.split(/[\s,]+/).filter(Boolean).length;
        return count > 2 ? `${first} ${first}` : match;
      }
      return first;
    });
  }
  return result;
}

/**
 * False starts cut off with a hyphen: "ge- gehen", "w- will", "I- I think". German suspended
 * compounds ("Ein- und Ausgang") are left alone: there the next word is a conjunction.
 */
function removeFragments(text: string): string {
  return text.replace(
    /(?<![\p{L}\p{N}])(\p{L}{1,12})[-–]\s+(?!(?:und|oder|bis|bzw|sowie|and|or|to)\b)(\p{L}+)/giu,
    (match, fragment: string, next: string) =>
      next.toLowerCase().startsWith(fragment.toLowerCase()) ? next : match,
  );
}

function fixSpacing(text: string): string {
  return (
    text
      .replace(/\s+/g, ' ')
      // A removed filler that was a sentence of its own leaves its period: "gut. Hm. Und"
      .replace(/([.!?…])(?:\s+[.!?…])+/g, '$1')
      .replace(/\s+([,.;:!?…])/g, '$1')
      // Punctuation left stacked by removals: ", ," → ",", ",." → "."
      .replace(/,(?:\s*,)+/g, ',')
      .replace(/[,;:]+\s*([.!?…])/g, '$1')
      .replace(/([,;!?])(?=\p{L})/gu, '$1 ')
      .replace(/^[\s,;:.…-]+/, '')
      .replace(/[\s,;:-]+$/, '')
      .trim()
  );
}

function capitalise(text: string, startsSentence: boolean, language: Language): string {
  let result = text.replace(/([.!?…]\s+)(\p{Ll})/gu, (_m, gap: string, letter: string) => {
    return gap + letter.toUpperCase();
  });
  if (language !== 'de') result = result.replace(/(?<![\p{L}\p{N}'’])i(?=[\s,.!?'’]|$)/gu, 'I');
  if (startsSentence) result = result.replace(/^\p{Ll}/u, (letter) => letter.toUpperCase());
  return result;
}

export interface CleanOptions {
  /** Language of the recording (`de`, `en-GB`, `auto`…); guessed from the text when unknown. */
  language?: string | undefined;
  /** Whether the text begins a sentence (the previous passage ended one); default true. */
  startsSentence?: boolean;
}

/** One passage, cleaned. May return an empty string (a passage that was only "Ähm."). */
export function cleanText(text: string, options: CleanOptions = {}): string {
  const code = baseLanguage(options.language);
  const language: Language = code === 'de' || code === 'en' ? code : guessLanguage(text);
  let result = text.replace(/\s+/g, ' ').trim();
  // Phrases before and after the fillers: "Also, äh, wir" and "Äh, also, wir" both lose both.
  result = removePhrases(result, language);
  result = result.replace(fillerPattern(language), (match, offset: number, whole: string) => {
    // "Genau, äh, so machen wir das": after an interjection the comma belongs to the sentence.
    const before = /([\p{L}]+)\s*$/u.exec(whole.slice(0, offset))?.[1]?.toLowerCase();
    return /^\s*,/.test(match) && before && INTERJECTIONS.has(before) ? ', ' : ' ';
  });
  result = result.trim();
  result = removeRepeats(removeFragments(result));
  result = removePhrases(result, language);
  result = fixSpacing(result);
  // A passage of only punctuation after the removals held no words.
  if (!/[\p{L}\p{N}]/u.test(result)) return '';
  return capitalise(result, options.startsSentence ?? true, language);
}

/**
 * The language passages are cleaned in when the recording's own language settles it (German or
 * English); undefined when it has to be guessed from the whole transcript.
 */
export function cleaningLanguage(language: string | undefined): string | undefined {
  const code = baseLanguage(language);
  return code === 'de' || code === 'en' ? language : undefined;
}

/**
 * Cleans passages in order, a batch at a time (the pipeline cleans each part of the transcript as
 * soon as merging has made it final): whether a passage starts a sentence carries over from the
 * previous batch. Passages left without words are dropped.
 */
export function segmentCleaner(
  language: string | undefined,
): (batch: readonly Segment[]) => Segment[] {
  let startsSentence = true;
  return (batch) => {
    const cleaned: Segment[] = [];
    for (const segment of batch) {
      const text = cleanText(segment.text, { language, startsSentence });
      if (!text) continue;
      cleaned.push({ ...segment, text });
      startsSentence = /[.!?…]["'»“”)]*$/.test(text);
    }
    return cleaned;
  };
}

/**
 * Cleans every passage; passages left without words are dropped. A passage starts a sentence
 * when the previous one ended with . ! ? or … (or it is the first).
 */
export function cleanSegments(
  segments: readonly Segment[],
  options: { language?: string | undefined } = {},
): Segment[] {
  const language =
    cleaningLanguage(options.language) ??
    guessLanguage(segments.map((segment) => segment.text).join(' '));
  return segmentCleaner(language)(segments);
}
