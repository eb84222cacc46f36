// The built-in summariser for servers without a language model (docs/architecture.md#providers): it
// picks sentences, it does not write new ones. Sentences are ranked by TF-IDF similarity to the
// whole transcript, decisions and action items are found by cue phrases in German and English,
// topics are runs of sentences between drops in lexical similarity (TextTiling-style).
// Deterministic: same input, same summary.
import {
  isFormalStructure,
  type NoteStructure,
  type Segment,
  type Summary,
  type SummaryActionItem,
  type SummaryDecision,
  type SummaryTopic,
} from '@protokoll/contract';
import { structureParts } from './extractive-structures.ts';
import { formalMinutes, formalSummary } from './formal-minutes.ts';
import { emptySummary, type SpeakerNames } from './summarise.ts';
import {
  baseLanguage,
  clip,
  contentWords,
  guessLanguage,
  isoDate,
  monthOf,
  MONTHS_DE,
  MONTHS_EN,
  normaliseText,
  splitSentences,
  STOP_WORDS,
  words,
} from './text.ts';

interface Sentence {
  index: number;
  /** The segment (transcript passage) it is part of. */
  segment: number;
  text: string;
  /** Estimated from the sentence's position within its passage. */
  start: number;
  speaker: string;
  terms: string[];
}

type Vector = Map<string, number>;

const round1 = (seconds: number) => Math.round(seconds * 10) / 10;

function toSentences(segments: readonly Segment[]): Sentence[] {
  const sentences: Sentence[] = [];
  for (const [at, segment] of segments.entries()) {
    const text = segment.text.trim();
    if (!text) continue;
    for (const piece of splitSentences(text)) {
      const share = text.length > 0 ? piece.offset / text.length : 0;
      sentences.push({
        index: sentences.length,
        segment: at,
        text: piece.text,
        start: round1(segment.start + (segment.end - segment.start) * share),
        speaker: segment.speaker,
        terms: contentWords(piece.text).filter((term) => term.length > 2 || /\d/.test(term)),
      });
    }
  }
  return sentences;
}

function add(target: Vector, source: Vector, factor = 1) {
  for (const [term, weight] of source) target.set(term, (target.get(term) ?? 0) + weight * factor);
}

function cosine(a: Vector, b: Vector): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [term, weight] of a) {
    na += weight * weight;
    const other = b.get(term);
    if (other) dot += weight * other;
  }
  for (const weight of b.values()) nb += weight * weight;
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}

/** Term statistics of the whole transcript. */
class Corpus {
  readonly idf = new Map<string, number>();
  readonly df = new Map<string, number>();
  /** The spelling a term was written in most often ("Budget", not "budget"). */
  readonly surface = new Map<string, string>();
  /** Terms written capitalised inside a sentence: nouns in German, names in both. */
  readonly capitalised = new Set<string>();
  readonly vectors: Vector[];
  readonly german: boolean;

  constructor(readonly sentences: Sentence[]) {
    this.german = guessLanguage(sentences.map((sentence) => sentence.text).join(' ')) === 'de';
    const spellings = new Map<string, Map<string, number>>();
    for (const sentence of sentences) {
      for (const term of new Set(sentence.terms)) this.df.set(term, (this.df.get(term) ?? 0) + 1);
      const raw = sentence.text.split(/[^\p{L}\p{N}-]+/u).filter(Boolean);
      raw.forEach((word, position) => {
        const key = normaliseText(word);
        if (!key) return;
        const counts = spellings.get(key) ?? new Map<string, number>();
        counts.set(word, (counts.get(word) ?? 0) + 1);
        spellings.set(key, counts);
        if (position > 0 && /^\p{Lu}/u.test(word)) this.capitalised.add(key);
      });
    }
    const n = sentences.length;
    for (const [term, df] of this.df) this.idf.set(term, Math.log(1 + n / df));
    for (const [key, counts] of spellings) {
      const best = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
      if (best) this.surface.set(key, best[0]);
    }
    this.vectors = sentences.map((sentence) => this.vector(sentence.terms));
  }

  vector(terms: readonly string[]): Vector {
    const vector: Vector = new Map();
    for (const term of terms) vector.set(term, (vector.get(term) ?? 0) + (this.idf.get(term) ?? 0));
    return vector;
  }

  /**
   * Terms that characterise `indices` (all sentences when omitted), best first. In German text
   * only nouns (written capitalised inside sentences) are taken when there are enough: verbs like
   * "entschieden" say nothing about the subject.
   */
  topTerms(count: number, indices?: readonly number[]): string[] {
    const scope = indices ?? this.sentences.map((sentence) => sentence.index);
    const tf = new Map<string, number>();
    for (const index of scope) {
      for (const term of this.sentences[index]?.terms ?? []) tf.set(term, (tf.get(term) ?? 0) + 1);
    }
    const scored = [...tf]
      .filter(([term]) => !/^\d+$/.test(term) && term.length > 2)
      .map(([term, frequency]) => {
        const idf = this.idf.get(term) ?? 0;
        // Over the whole transcript df·idf favours terms that recur without being everywhere.
        const weight = indices ? frequency * idf : (this.df.get(term) ?? 0) * idf;
        return { term, weight: weight * (this.capitalised.has(term) ? 1.3 : 1) };
      })
      .filter((entry) => indices || (this.df.get(entry.term) ?? 0) > 1 || this.sentences.length < 4)
      .sort((a, b) => b.weight - a.weight || a.term.localeCompare(b.term));
    const nouns = scored.filter((entry) => this.capitalised.has(entry.term));
    const chosen = this.german && nouns.length >= Math.min(count, scored.length) ? nouns : scored;
    return chosen.slice(0, count).map((entry) => this.surface.get(entry.term) ?? entry.term);
  }
}

const WEEKDAYS_DE = 'Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag';
const WEEKDAYS_EN = 'Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday';

const DECISION_CUES =
  /(?<![\p{L}])(beschlossen|beschließen|beschließt|entschieden|entscheiden uns|einigen uns|geeinigt|vereinbart|festgelegt|verabschiedet|Beschluss|machen wir so|bleibt es dabei|decided|decide to|agreed|agree to|settled on|go with|decision is|approved|resolved to)(?![\p{L}])/iu;
const NEGATION = /(?<![\p{L}])(nicht|noch nicht|kein|keine|not|n't|never|nie|yet)(?![\p{L}])/iu;

const ACTION_VERBS_THIRD =
  'übernimmt|kümmert sich|schickt|sendet|verschickt|erstellt|bereitet|prüft|klärt|organisiert|meldet sich|ruft|schreibt|informiert|aktualisiert|lädt|besorgt|ist zuständig|takes care|will send|will prepare|will take care|will check|will follow up|will draft|will review|will schedule|will update|will call|will write|will organi[sz]e|will summari[sz]e|will share|will collect|will present|will circulate|will confirm|will look into|will set up|will fix|is going to|owns|is responsible';
const ACTION_VERBS_FIRST =
  "übernehme|kümmere mich|schicke|sende|verschicke|erstelle|bereite|prüfe|kläre|organisiere|melde mich|rufe|schreibe|informiere|aktualisiere|lade|besorge|mache das|I will|I'll|I am going to|I'm going to|let me";
/** Verbs that are also participles ("ist bestellt"): a task only after a name or "ich". */
const NAMED_VERBS_THIRD =
  'bestellt|bucht|plant|testet|kontaktiert|entwirft|koordiniert|überarbeitet|recherchiert|will test|will order|will book|will contact|will invite|will plan|will ask';
const NAMED_VERBS_FIRST =
  'bestelle|buche|plane|teste|kontaktiere|entwerfe|koordiniere|überarbeite|recherchiere';
const NAMED_ACTION = new RegExp(
  `^(?:(?:Herr|Frau|Mr\\.?|Ms\\.?|Mrs\\.?|Dr\\.?)\\s+)?\\p{Lu}[\\p{L}-]+\\s+(?:${NAMED_VERBS_THIRD})(?![\\p{L}])|(?<![\\p{L}])(?:ich|I)\\s+(?:${NAMED_VERBS_FIRST})(?![\\p{L}])`,
  'u',
);
const ACTION_CUE = new RegExp(
  `(?<![\\p{L}])(?:${ACTION_VERBS_THIRD}|${ACTION_VERBS_FIRST}|kümmern uns|Aufgabe|Hausaufgabe|Hausaufgaben|To-?do|action item|follow up|take care of|homework|assignment)(?![\\p{L}])`,
  'iu',
);
const MODAL =
  /(?<![\p{L}])(muss|müssen|soll|sollte|sollen|wird|werde|werden|will|should|must|needs to|need to|has to|have to)(?![\p{L}])/iu;
const FIRST_PERSON = new RegExp(
  `(?<![\\p{L}])(?:ich\\s+(?:\\p{L}+\\s+){0,3}(?:${ACTION_VERBS_FIRST}|werde)|I\\s+will|I'll|I am going to|I'm going to|let me)(?![\\p{L}])`,
  'iu',
);
const REQUEST =
  /^((?:(?:Herr|Frau|Mr\.?|Ms\.?|Mrs\.?|Dr\.?)\s+)?\p{Lu}[\p{L}-]+),\s*(?:kannst du|könntest du|würdest du|magst du|bitte|can you|could you|would you|please)/u;
const NAME_BEFORE_CUE = new RegExp(
  `((?:(?:Herr|Frau|Mr\\.?|Ms\\.?|Mrs\\.?|Dr\\.?)\\s+)?\\p{Lu}[\\p{L}-]+(?:\\s+\\p{Lu}[\\p{L}-]+)?)\\s+(?:${ACTION_VERBS_THIRD}|${NAMED_VERBS_THIRD}|wird|soll|muss|will|should|needs to|has to)(?![\\p{L}])`,
  'u',
);
const NAME_AFTER_CUE =
  /(?:kümmert sich|übernimmt|schickt|erstellt|bereitet|prüft|klärt|organisiert|schreibt|informiert)\s+((?:(?:Herr|Frau)\s+)?\p{Lu}\p{Ll}+)\s+(?:um|den|die|das|dem|einen|eine|uns|mir|allen|noch|bis)(?![\p{L}])/u;
/** Capitalised words that start sentences but never name a person. */
const NOT_NAMES = new Set(
  `wir ich er sie es das der die den dem dann und also jemand man bis am zum ab danach außerdem
  gut okay ja nein the we i he she they it this that then someone somebody everyone everybody
  by on next and so also who what`.split(/\s+/),
);

/** German ordinal words 1–31 without their ending: "erst", "fünfzehnt", "einundzwanzigst". */
const ORDINALS_DE = (() => {
  const first = [
    'erst',
    'zweit',
    'dritt',
    'viert',
    'fünft',
    'sechst',
    'siebt',
    'acht',
    'neunt',
    'zehnt',
    'elft',
    'zwölft',
    'dreizehnt',
    'vierzehnt',
    'fünfzehnt',
    'sechzehnt',
    'siebzehnt',
    'achtzehnt',
    'neunzehnt',
    'zwanzigst',
  ];
  const units = ['ein', 'zwei', 'drei', 'vier', 'fünf', 'sechs', 'sieben', 'acht', 'neun'];
  return [...first, ...units.map((unit) => `${unit}undzwanzigst`), 'dreißigst', 'einunddreißigst'];
})();
/** English ordinal words 1–31: "first", "fifteenth", "twenty-first". */
const ORDINALS_EN = (() => {
  const first = [
    'first',
    'second',
    'third',
    'fourth',
    'fifth',
    'sixth',
    'seventh',
    'eighth',
    'ninth',
    'tenth',
    'eleventh',
    'twelfth',
    'thirteenth',
    'fourteenth',
    'fifteenth',
    'sixteenth',
    'seventeenth',
    'eighteenth',
    'nineteenth',
    'twentieth',
  ];
  return [
    ...first,
    ...first.slice(0, 9).map((unit) => `twenty-${unit}`),
    'thirtieth',
    'thirty-first',
  ];
})();
// Longest first, so "einundzwanzigst" is not read as "ein…" and "twenty-first" not as "first".
const byLength = (names: string[]) => [...names].sort((a, b) => b.length - a.length).join('|');
const ORDINAL_DE = `(${byLength(ORDINALS_DE)})(?:e[nrms]?)`;
const ORDINAL_EN = `(${byLength(ORDINALS_EN).replace(/-/g, '[- ]')})`;
const MONTH_DE = `(${MONTHS_DE.join('|')})`;
const MONTH_EN = `(${MONTHS_EN.join('|')})`;

const dayOfDe = (word: string) => ORDINALS_DE.indexOf(word.toLowerCase()) + 1;
const dayOfEn = (word: string) => ORDINALS_EN.indexOf(word.toLowerCase().replace(/\s+/, '-')) + 1;

/** A day of a month: `YYYY-MM-DD` with a year, else "15. März" / "March 15" as people write it. */
function dayOfMonth(locale: 'de' | 'en', day: number, month: number, year?: string) {
  if (year) {
    const iso = isoDate(Number(year), month, day);
    if (iso) return iso;
  }
  return locale === 'de' ? `${day}. ${MONTHS_DE[month - 1]}` : `${MONTHS_EN[month - 1]} ${day}`;
}

interface DuePattern {
  pattern: RegExp;
  due: (match: RegExpExecArray) => string | undefined;
}

/** Tried in order; the first that matches decides. Full dates first: they become YYYY-MM-DD. */
const DUE_PATTERNS: DuePattern[] = [
  { pattern: /(?<![\p{L}\p{N}])(\d{4}-\d{2}-\d{2})(?![\p{N}])/u, due: (m) => m[1] },
  {
    pattern: /(?<![\p{L}\p{N}])(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4})(?![\p{N}])/u,
    due: (m) => isoDate(Number(m[3]), Number(m[2]), Number(m[1])) ?? m[0],
  },
  {
    pattern: new RegExp(`(?<![\\p{L}\\p{N}])(\\d{1,2})\\.\\s?${MONTH_DE}\\s+(\\d{4})`, 'iu'),
    due: (m) => isoDate(Number(m[3]), monthOf(MONTHS_DE, m[2]!), Number(m[1])) ?? m[0],
  },
  {
    pattern: new RegExp(
      `(?<![\\p{L}])${MONTH_EN}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})`,
      'iu',
    ),
    due: (m) => isoDate(Number(m[3]), monthOf(MONTHS_EN, m[1]!), Number(m[2])) ?? m[0],
  },
  // Days said as words: "bis zum fünfzehnten März", "am ersten April 2026".
  {
    pattern: new RegExp(
      `(?<![\\p{L}])(?:bis(?:\\s+spätestens)?(?:\\s+zum)?|spätestens(?:\\s+am|\\s+zum)?|am|zum|ab)\\s+${ORDINAL_DE}\\s+${MONTH_DE}(?:\\s+(\\d{4}))?(?![\\p{L}])`,
      'iu',
    ),
    due: (m) => dayOfMonth('de', dayOfDe(m[1]!), monthOf(MONTHS_DE, m[2]!), m[3]),
  },
  // "by the fifteenth of March", "on the first of April, 2026".
  {
    pattern: new RegExp(
      `(?<![\\p{L}])(?:by|on|before|until|due)\\s+(?:the\\s+)?${ORDINAL_EN}\\s+of\\s+${MONTH_EN}(?:,?\\s+(\\d{4}))?(?![\\p{L}])`,
      'iu',
    ),
    due: (m) => dayOfMonth('en', dayOfEn(m[1]!), monthOf(MONTHS_EN, m[2]!), m[3]),
  },
  // "by March fifteenth", "by March the fifteenth".
  {
    pattern: new RegExp(
      `(?<![\\p{L}])(?:by|on|before|until|due)\\s+${MONTH_EN}\\s+(?:the\\s+)?${ORDINAL_EN}(?:,?\\s+(\\d{4}))?(?![\\p{L}])`,
      'iu',
    ),
    due: (m) => dayOfMonth('en', dayOfEn(m[2]!), monthOf(MONTHS_EN, m[1]!), m[3]),
  },
  // Wording.
  {
    pattern: new RegExp(
      `(?<![\\p{L}])(?:bis(?:\\s+zum)?|am|zum|spätestens|ab)\\s+((?:(?:nächsten|nächste|kommenden|kommende|diesen|diese)\\s+)?(?:${WEEKDAYS_DE}|morgen|übermorgen|heute(?:\\s+Abend)?|Woche|Monatsende|Wochenende|Jahresende|Quartalsende|Ende\\s+(?:der|des|dieser|nächster)\\s+\\p{L}+|Ende\\s+\\p{Lu}\\p{Ll}+|Mitte\\s+\\p{Lu}\\p{Ll}+|\\d{1,2}\\.\\s?(?:${MONTHS_DE.join('|')}|\\d{1,2}\\.)))`,
      'iu',
    ),
    due: (m) => m[1],
  },
  {
    pattern:
      /(?<![\p{L}])((?:nächste|kommende|diese|übernächste)\s+Woche|(?:nächsten|kommenden|diesen)\s+Monat|in\s+(?:zwei|drei|vier|\d+)\s+(?:Tagen|Wochen)|übermorgen|morgen früh|morgen)(?![\p{L}])/iu,
    due: (m) => m[1],
  },
  {
    pattern: new RegExp(
      `(?<![\\p{L}])(?:by|on|before|until|due)\\s+((?:(?:next|this|the)\\s+)?(?:${WEEKDAYS_EN}|tomorrow|tonight|today|week|month|end of (?:the )?(?:day|week|month|quarter|year)|EOD|(?:${MONTHS_EN.join('|')})\\s+\\d{1,2}(?:st|nd|rd|th)?|\\d{1,2}(?:st|nd|rd|th)?(?:\\s+of\\s+(?:${MONTHS_EN.join('|')}))?))`,
      'iu',
    ),
    due: (m) => m[1],
  },
  {
    pattern:
      /(?<![\p{L}])(next week|next month|the week after next|tomorrow|end of (?:the )?(?:day|week|month)|in (?:two|three|four|\d+) (?:days|weeks))(?![\p{L}])/iu,
    due: (m) => m[1],
  },
];

/**
 * The due date of a task sentence, German or English alike: `YYYY-MM-DD` for a full date, a day
 * of a month as people write it ("15. März", "March 15") when said in words without a year, else
 * the words used ("Freitag", "nächste Woche", "next week").
 */
export function findDue(text: string): string | undefined {
  for (const { pattern, due } of DUE_PATTERNS) {
    const match = pattern.exec(text);
    if (match) return due(match)?.trim();
  }
  return undefined;
}

function findOwner(sentence: Sentence, speakerNames: SpeakerNames): string | undefined {
  const name = (raw: string | undefined) => {
    if (!raw) return undefined;
    const parts = raw.split(/\s+/).filter((part) => !NOT_NAMES.has(part.toLowerCase()));
    return parts.length > 0 ? parts.join(' ') : undefined;
  };
  const addressed = name(REQUEST.exec(sentence.text)?.[1]);
  if (addressed) return addressed;
  const before = name(NAME_BEFORE_CUE.exec(sentence.text)?.[1]);
  if (before) return before;
  const after = name(NAME_AFTER_CUE.exec(sentence.text)?.[1]);
  if (after) return after;
  if (FIRST_PERSON.test(sentence.text)) {
    return speakerNames[sentence.speaker] || sentence.speaker;
  }
  return undefined;
}

function isDecision(text: string): boolean {
  const match = DECISION_CUES.exec(text);
  if (!match || text.trim().endsWith('?')) return false;
  // "noch nicht entschieden", "haven't decided": a negation just before the cue.
  const before = words(text.slice(0, match.index)).slice(-3).join(' ');
  return !NEGATION.test(before) && !NEGATION.test(match[0]);
}

function isActionItem(text: string): boolean {
  const request = REQUEST.test(text);
  if (text.trim().endsWith('?') && !request) return false;
  if (request || ACTION_CUE.test(text) || NAMED_ACTION.test(text)) return true;
  return findDue(text) !== undefined && MODAL.test(text);
}

interface Headings {
  prefix: Record<NoteStructure, string>;
  topic: (n: number) => string;
}

/** The words the summariser writes itself, in the note's language. */
const HEADINGS: Record<string, Headings> = {
  de: {
    prefix: {
      minutes: 'Ergebnisprotokoll',
      detailed: 'Verlaufsprotokoll',
      bullets: 'Stichpunkte',
      interview: 'Interview',
      lecture: 'Vorlesung',
      works_council: 'Protokoll der Betriebsratssitzung',
      owners_meeting: 'Protokoll der Eigentümerversammlung',
      members_meeting: 'Protokoll der Mitgliederversammlung',
    },
    topic: (n) => `Thema ${n}`,
  },
  en: {
    prefix: {
      minutes: 'Minutes',
      detailed: 'Detailed minutes',
      bullets: 'Key points',
      interview: 'Interview',
      lecture: 'Lecture',
      works_council: 'Minutes of the works council meeting',
      owners_meeting: 'Minutes of the owners’ meeting',
      members_meeting: 'Minutes of the members’ meeting',
    },
    topic: (n) => `Topic ${n}`,
  },
};

const MAX_TOPICS: Record<NoteStructure, number> = {
  minutes: 6,
  detailed: 10,
  bullets: 8,
  interview: 12,
  lecture: 10,
  works_council: 12,
  owners_meeting: 12,
  members_meeting: 12,
};

/**
 * Topic borders: between sentence blocks whose vocabularies differ most (TextTiling). Each topic
 * keeps at least `minLength` sentences.
 */
function topicBorders(corpus: Corpus, maxTopics: number): number[] {
  const n = corpus.sentences.length;
  const block = 3;
  const minLength = Math.max(3, Math.floor(n / (maxTopics * 2)));
  if (n < minLength * 2) return [];
  const gaps: { at: number; similarity: number }[] = [];
  for (let at = minLength; at <= n - minLength; at++) {
    const left: Vector = new Map();
    const right: Vector = new Map();
    for (let i = Math.max(0, at - block); i < at; i++) add(left, corpus.vectors[i]!);
    for (let i = at; i < Math.min(n, at + block); i++) add(right, corpus.vectors[i]!);
    gaps.push({ at, similarity: cosine(left, right) });
  }
  if (gaps.length === 0) return [];
  const mean = gaps.reduce((sum, gap) => sum + gap.similarity, 0) / gaps.length;
  const sd = Math.sqrt(
    gaps.reduce((sum, gap) => sum + (gap.similarity - mean) ** 2, 0) / gaps.length,
  );
  const candidates = gaps
    .filter((gap, i) => {
      const before = gaps[i - 1]?.similarity ?? Infinity;
      const after = gaps[i + 1]?.similarity ?? Infinity;
      return gap.similarity <= before && gap.similarity <= after && gap.similarity < mean - sd / 2;
    })
    .sort((a, b) => a.similarity - b.similarity || a.at - b.at);
  const borders: number[] = [];
  for (const candidate of candidates) {
    if (borders.length >= maxTopics - 1) break;
    if (borders.every((border) => Math.abs(border - candidate.at) >= minLength)) {
      borders.push(candidate.at);
    }
  }
  return borders.sort((a, b) => a - b);
}

export interface ExtractiveOptions {
  /** `summary_language` of the note: the language of the words the summariser adds. */
  language: string;
  structure: NoteStructure;
  speakerNames?: SpeakerNames;
  /** A formal type's agenda given before processing: the minutes follow it. */
  agenda?: readonly string[];
}

/** Summarises a transcript without a language model (generator `extractive`). */
export function extractiveSummary(
  segments: readonly Segment[],
  options: ExtractiveOptions,
): Summary {
  const sentences = toSentences(segments);
  if (sentences.length === 0) {
    return { ...emptySummary(options.language, 'extractive'), structure: options.structure };
  }
  const speakerNames = options.speakerNames ?? {};
  const headings = HEADINGS[baseLanguage(options.language) ?? 'de'];
  const corpus = new Corpus(sentences);

  const centroid: Vector = new Map();
  for (const vector of corpus.vectors) add(centroid, vector);
  const scores = sentences.map((sentence, i) => {
    const length = sentence.terms.length;
    const brevity = length < 3 ? 0.3 : length < 5 ? 0.7 : 1;
    const question = sentence.text.endsWith('?') ? 0.6 : 1;
    const cue = isDecision(sentence.text) || ACTION_CUE.test(sentence.text) ? 1.2 : 1;
    return cosine(corpus.vectors[i]!, centroid) * brevity * question * cue;
  });
  const rank = (indices: readonly number[]) =>
    [...indices].sort((a, b) => scores[b]! - scores[a]! || a - b);
  const inOrder = (indices: readonly number[]) => [...indices].sort((a, b) => a - b);
  const all = sentences.map((sentence) => sentence.index);

  const overviewCount = sentences.length > 40 ? 4 : 3;
  const overview = clip(
    inOrder(rank(all).slice(0, overviewCount))
      .map((i) => sentences[i]!.text)
      .join(' '),
    600,
  );

  const decisions: SummaryDecision[] = [];
  const actionItems: SummaryActionItem[] = [];
  /** Sentences that became action items: no topic repeats them. */
  const tasks = new Set<number>();
  const decided = new Set<number>();
  const seen = new Set<string>();
  for (const sentence of sentences) {
    const key = normaliseText(sentence.text);
    if (seen.has(key)) continue;
    seen.add(key);
    if (isDecision(sentence.text)) {
      decided.add(sentence.index);
      decisions.push({ text: clip(sentence.text, 300), start: sentence.start });
    }
    if (isActionItem(sentence.text)) {
      tasks.add(sentence.index);
      const owner = findOwner(sentence, speakerNames);
      const due = findDue(sentence.text);
      actionItems.push({
        task: clip(sentence.text, 300),
        ...(owner ? { owner } : {}),
        ...(due ? { due } : {}),
        start: sentence.start,
      });
    }
  }

  const found = buildTopics(corpus, scores, options.structure, headings, tasks, decided);
  const parts = structureParts({
    structure: options.structure,
    sentences,
    scores,
    topics: found.ranges,
    agenda: found.agenda,
    tasks,
    keyTerms: (count, indices) => corpus.topTerms(count, indices),
  });
  // An interview's topics are its questions, as its question-and-answer list pairs them.
  const topics: SummaryTopic[] = parts.qa
    ? parts.qa.map(({ question, answer, start }) => ({
        title: question,
        ...(answer ? { text: answer } : {}),
        start,
      }))
    : found.topics;
  if (isFormalStructure(options.structure)) {
    const formal = formalMinutes({
      structure: options.structure,
      language: options.language,
      sentences,
      scores,
      topics: found.ranges,
      speakerNames,
      ...(options.agenda ? { agenda: options.agenda } : {}),
      task: (sentence) => {
        if (!isActionItem(sentence.text)) return undefined;
        const owner = findOwner(sentence as Sentence, speakerNames);
        const due = findDue(sentence.text);
        return {
          task: clip(sentence.text, 300),
          ...(owner ? { owner } : {}),
          ...(due ? { due } : {}),
        };
      },
    });
    return formalSummary(
      formal,
      { title: headings?.prefix[options.structure], overview },
      { structure: options.structure, language: options.language },
    );
  }
  // Named after its topics when it has several (and they are not interview questions), else
  // after its most telling terms.
  const named = options.structure !== 'interview' && topics.length >= 2;
  const subject = named
    ? topics
        .slice(0, 3)
        .map((topic) => topic.title)
        .join(', ')
    : corpus.topTerms(3).join(', ');
  const title = clip(
    headings ? `${headings.prefix[options.structure]}${subject ? `: ${subject}` : ''}` : subject,
    120,
  );
  return {
    title: title || (headings?.topic(1) ?? ''),
    overview,
    topics,
    decisions,
    action_items: actionItems,
    generator: 'extractive',
    structure: options.structure,
    language: options.language,
    ...parts,
  };
}

/*
 * Agenda phrases that open a topic and name it: "Kommen wir zum Kundenfeedback.", "Dann zur
 * Messe in Köln.", "Erster Punkt ist der Stand des Release 2.4.", "Moving on to the newsletter.",
 * "Next item: the open position." The capture is the topic's name.
 */
const LEAD_IN = String.raw`^(?:(?:gut|okay|ok|also|so|prima|schön|great|good|alright|right|all right)[,.!]?\s+)*`;
const AGENDA_CUES: RegExp[] = [
  new RegExp(
    String.raw`${LEAD_IN}(?:und\s+)?(?:dann|jetzt|nun|als nächstes|weiter geht's|kommen wir(?:\s+(?:jetzt|nun|dann))?)\s+(?:noch\s+)?(?:zum|zur|zu den|zu)\s+(?:Thema\s+|Punkt\s+)?(.+?)[.!:]?$`,
    'iu',
  ),
  new RegExp(
    String.raw`${LEAD_IN}(?:zum schluss|zuletzt|abschließend|als letztes)\s+(?:noch\s+)?(?:zum\s+|zur\s+|zu\s+)?(?:Thema\s+)?(.+?)[.!:]?$`,
    'iu',
  ),
  new RegExp(
    String.raw`${LEAD_IN}(?:(?:erster|zweiter|dritter|vierter|nächster|letzter)\s+(?:Tagesordnungs)?punkt|(?:Tagesordnungs)?punkt\s+(?:\d+|eins|zwei|drei|vier|fünf))(?:\s+ist|\s+sind|:)\s+(.+?)[.!]?$`,
    'iu',
  ),
  new RegExp(
    String.raw`${LEAD_IN}(?:(?:let's\s+)?(?:move|moving|go|going)\s+on\s+to|on\s+to|now\s+(?:on\s+)?to|let's\s+(?:talk|turn)\s+(?:about|to)|next\s+(?:item|point|topic|up)(?:\s+is)?:?|(?:first|second|third|fourth|next|last|final)\s+(?:item|point|topic)(?:\s+on\s+the\s+agenda)?(?:\s+is|:)|finally,?\s+(?:to\s+)?)\s+(.+?)[.!]?$`,
    'iu',
  ),
];
const LEADING_ARTICLE = /^(?:der|die|das|den|dem|des|unser|unsere|unseren|the|our|a|an)\s+/iu;

/** The topic an agenda sentence opens ("Kundenfeedback aus dem Support"), if it is one. */
export function agendaTopic(text: string): string | undefined {
  for (const cue of AGENDA_CUES) {
    const phrase = cue.exec(text.trim())?.[1]?.trim().replace(LEADING_ARTICLE, '');
    // A name, not a sentence: a few words without a question.
    if (!phrase || phrase.endsWith('?') || phrase.split(/\s+/).length > 9) continue;
    return phrase.charAt(0).toUpperCase() + phrase.slice(1);
  }
  return undefined;
}

const LINKS_DE = String.raw`(?:des|der|für\s+(?:den|die|das)|von(?:\s+(?:den|der|dem))?|zum|zur|mit(?:\s+(?:den|der|dem))?|aus\s+(?:dem|der)|im|in)`;
const LINKS_EN = String.raw`(?:of|for|on|with)(?:\s+(?:the|a|an|our))?`;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A name for a topic without an agenda phrase: its most telling term with what belongs to it in
 * the topic's own words ("Schnittstelle des Zahlungsanbieters", "website relaunch").
 */
function nounPhrase(corpus: Corpus, indices: readonly number[], ranked: readonly number[]) {
  const [term] = corpus.topTerms(1, indices);
  if (!term) return undefined;
  const t = escapeRegExp(term);
  const german = corpus.german;
  const phrase = german
    ? new RegExp(
        String.raw`(?<![\p{L}])${t}(?:\s+\d[\d.]*\d)?(?:\s+${LINKS_DE}\s+(?:\p{Ll}+\s+)?\p{Lu}[\p{L}-]*(?:\s+\d[\d.]*\d)?)?(?![\p{L}])`,
        // Case matters: the complement is a noun, written capitalised.
        'u',
      )
    : new RegExp(
        String.raw`(?:(?<![\p{L}])([\p{L}-]+)\s+)?${t}(?:\s+${LINKS_EN}\s+([\p{L}-]+))?(?![\p{L}])`,
        'iu',
      );
  for (const index of ranked) {
    const match = phrase.exec(corpus.sentences[index]!.text);
    if (!match) continue;
    let found = match[0];
    if (!german) {
      // Only content words around the term: "the relaunch" is "relaunch", "of the" ends nothing.
      const content = (word: string | undefined) => !!word && !STOP_WORDS.has(word.toLowerCase());
      const [, before, after] = match;
      const end = match[0].toLowerCase().lastIndexOf(term.toLowerCase()) + term.length;
      const link = after ? match[0].slice(end, -after.length) : '';
      found = `${content(before) ? `${before} ` : ''}${term}${content(after) ? `${link}${after}` : ''}`;
    }
    return found.charAt(0).toUpperCase() + found.slice(1);
  }
  return term.charAt(0).toUpperCase() + term.slice(1);
}

function buildTopics(
  corpus: Corpus,
  scores: readonly number[],
  structure: NoteStructure,
  headings: Headings | undefined,
  tasks: ReadonlySet<number>,
  decided: ReadonlySet<number>,
): {
  topics: SummaryTopic[];
  /** Where each topic starts (sentence index) and its title; empty for interview questions. */
  ranges: { from: number; title: string }[];
  /** Sentences that open a topic by naming it. */
  agenda: Set<number>;
} {
  const { sentences } = corpus;
  const rank = (indices: readonly number[]) =>
    [...indices].sort((a, b) => scores[b]! - scores[a]! || a - b);
  const best = (indices: readonly number[], count: number) =>
    rank(indices)
      .slice(0, count)
      .sort((a, b) => a - b)
      .map((i) => sentences[i]!.text)
      .join(' ');

  // Interviews: every real question opens a topic, the answer's best sentence is its text.
  if (structure === 'interview') {
    const questions = sentences.filter((s) => s.text.endsWith('?') && s.terms.length >= 2);
    if (questions.length >= 2) {
      const topics = questions.slice(0, MAX_TOPICS.interview).map((question, q) => {
        const next = questions[q + 1]?.index ?? sentences.length;
        const answer = sentences
          .slice(question.index + 1, next)
          .map((s) => s.index)
          .filter((i) => !tasks.has(i));
        const text = answer.length > 0 ? clip(best(answer, 1), 400) : undefined;
        return {
          title: clip(question.text, 200),
          ...(text ? { text } : {}),
          start: question.start,
        };
      });
      return { topics, ranges: [], agenda: new Set() };
    }
  }

  const agenda = sentences.map((sentence) => agendaTopic(sentence.text));
  const agendaIndices = new Set(agenda.flatMap((topic, i) => (topic ? [i] : [])));
  const starts = topicStarts(corpus, agenda, MAX_TOPICS[structure]);
  const perTopic = structure === 'detailed' || structure === 'lecture' ? 2 : 1;
  const topics = starts.map((from, t) => {
    const to = starts[t + 1] ?? sentences.length;
    const indices = sentences.slice(from, to).map((s) => s.index);
    // Named by its agenda phrase when one opens it (or the intro before it), else by its content.
    const cue = indices.slice(0, 3).find((i) => agenda[i]);
    const title =
      (cue !== undefined ? agenda[cue] : undefined) ??
      nounPhrase(corpus, indices, rank(indices)) ??
      headings?.topic(t + 1) ??
      String(t + 1);
    // The text never repeats an action item (those are listed on their own) nor the agenda line,
    // and prefers what the decisions and the opening (greeting, agenda) do not already say.
    const candidates = indices.filter((i) => !tasks.has(i) && !agenda[i]);
    const fresh = candidates.filter((i) => !decided.has(i) && (cue === undefined || i > cue));
    const chosen = fresh.length > 0 ? fresh : candidates;
    const text = chosen.length > 0 ? clip(best(chosen, perTopic), 500) : undefined;
    return {
      title: clip(title, 120),
      ...(text ? { text } : {}),
      start: sentences[from]!.start,
    };
  });
  return {
    topics,
    ranges: starts.map((from, t) => ({ from, title: topics[t]!.title })),
    agenda: agendaIndices,
  };
}

/**
 * Where topics start. Spoken agenda phrases ("Kommen wir zum …") are the borders when there are
 * at least two; otherwise vocabulary shifts are (TextTiling), plus any agenda phrase. An opening
 * of fewer than three sentences before the first agenda phrase (greeting, agenda) joins the first
 * topic.
 */
function topicStarts(
  corpus: Corpus,
  agenda: readonly (string | undefined)[],
  maxTopics: number,
): number[] {
  const cues = agenda.flatMap((topic, i) => (topic && i >= 3 ? [i] : []));
  const spoken = cues.filter((at, k) => k === 0 || at - cues[k - 1]! >= 2);
  if (spoken.length >= 2) return [0, ...spoken.slice(0, maxTopics - 1)];
  const tiled = topicBorders(corpus, maxTopics);
  const borders = [...new Set([...spoken, ...tiled])].sort((a, b) => a - b);
  return [0, ...borders.filter((at, k) => k === 0 || at - borders[k - 1]! >= 2)];
}
