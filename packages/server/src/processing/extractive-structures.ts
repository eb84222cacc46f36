// The structure's own parts of an extractive summary (docs/uploads.md#summaries-per-structure):
// Stichpunkte as a plain list, a Verlaufsprotokoll topic by topic with its discussion, an
// interview as questions and answers, a lecture as sections with key terms. Like the rest of the
// built-in summariser it picks sentences and writes none; deterministic.
import type {
  NoteStructure,
  Summary,
  SummaryBullet,
  SummaryDiscussion,
  SummaryLectureSection,
  SummaryQuestion,
} from '@protokoll/contract';
import { clip, words } from './text.ts';

/** A sentence of the transcript as the summariser sees it. */
export interface StructureSentence {
  index: number;
  text: string;
  start: number;
  speaker: string;
  terms: string[];
}

export interface StructureInput {
  structure: NoteStructure;
  sentences: readonly StructureSentence[];
  /** Centrality of each sentence (higher: says more of what the recording is about). */
  scores: readonly number[];
  /** Sentence index where each topic starts, in order, and each topic's title. */
  topics: readonly { from: number; title: string }[];
  /** Sentences that open a topic by naming it ("Kommen wir zum …"): no point repeats them. */
  agenda: ReadonlySet<number>;
  /** Sentences that became action items (homework in a lecture): listed on their own. */
  tasks: ReadonlySet<number>;
  /** The terms that characterise these sentences, most telling first. */
  keyTerms: (count: number, indices: readonly number[]) => string[];
}

export type StructureParts = Pick<Summary, 'bullets' | 'discussion' | 'qa' | 'sections'>;

/** Interrogative openings in German and English, for questions the engine wrote without "?". */
const INTERROGATIVE = new RegExp(
  String.raw`^(?:(?:und|also|and|so|okay|ok)[,]?\s+)?(?:` +
    [
      'wer|was|wann|wo|woher|wohin|warum|wieso|weshalb|wie|welche[rsnm]?|inwiefern|wozu|womit|worüber|wofür|woran',
      '(?:können|könnten|haben|hatten|sind|waren|würden|werden|wollen|möchten|glauben|denken|finden|sehen)\\s+(?:Sie|du|ihr)',
      'gibt es|erzählen Sie|erzähl mal|beschreiben Sie',
      'who|what|when|where|why|how|which',
      '(?:do|did|does|can|could|would|will|have|has|are|is|were|was)\\s+(?:you|we|they|there|it|he|she)',
      'tell (?:me|us)|describe',
    ].join('|') +
    String.raw`)(?![\p{L}])`,
  'iu',
);

/** A question: ends with "?", or opens with an interrogative and is long enough to be one. */
export function isQuestion(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.endsWith('?')) return true;
  return INTERROGATIVE.test(trimmed) && words(trimmed).length >= 4 && !trimmed.endsWith('!');
}

function rankedIn(input: StructureInput, indices: readonly number[]): number[] {
  const { scores } = input;
  return [...indices].sort((a, b) => scores[b]! - scores[a]! || a - b);
}

/** The `count` most central of `indices` (substantial sentences first), in spoken order. */
function bestInOrder(input: StructureInput, indices: readonly number[], count: number): number[] {
  const substantial = indices.filter((i) => input.sentences[i]!.terms.length >= 3);
  const pool = substantial.length >= Math.min(count, indices.length) ? substantial : indices;
  return rankedIn(input, pool)
    .slice(0, count)
    .sort((a, b) => a - b);
}

function topicRanges(input: StructureInput) {
  const n = input.sentences.length;
  return input.topics.map((topic, t) => {
    const to = input.topics[t + 1]?.from ?? n;
    const indices: number[] = [];
    for (let i = topic.from; i < to; i++) indices.push(i);
    return { title: topic.title, indices };
  });
}

/**
 * Stichpunkte: the most central sentences, about one in four, three to ten, spread over the
 * topics so that none is left out, in spoken order.
 */
function bullets(input: StructureInput): SummaryBullet[] {
  const { sentences } = input;
  const count = Math.min(10, Math.max(3, Math.round(sentences.length / 4)));
  const seen = new Set<string>();
  const fresh = (i: number) => {
    const key = words(sentences[i]!.text).join(' ');
    if (input.agenda.has(i) || seen.has(key)) return false;
    seen.add(key);
    return true;
  };
  const ranges = topicRanges(input);
  const groups =
    ranges.length > 0 ? ranges.map((range) => range.indices) : [sentences.map((s) => s.index)];
  const perGroup = Math.max(1, Math.floor(count / groups.length));
  const chosen = groups.flatMap((indices) => bestInOrder(input, indices.filter(fresh), perGroup));
  // What the per-topic share leaves over goes to the most central of the rest.
  const rest = sentences
    .map((s) => s.index)
    .filter((i) => !chosen.includes(i) && !input.agenda.has(i));
  const extra = rankedIn(input, rest).slice(0, Math.max(0, count - chosen.length));
  return [...chosen, ...extra]
    .sort((a, b) => a - b)
    .filter(
      (i, k, all) =>
        k === 0 ||
        words(sentences[i]!.text).join(' ') !== words(sentences[all[k - 1]!]!.text).join(' '),
    )
    .map((i) => ({ text: clip(sentences[i]!.text, 300), start: sentences[i]!.start }));
}

/**
 * Verlaufsprotokoll: every topic in order with up to four of its most telling contributions in
 * the order they were made, each with its speaker when more than one person spoke.
 */
function discussion(input: StructureInput): SummaryDiscussion[] {
  const { sentences } = input;
  const several = new Set(sentences.map((s) => s.speaker)).size > 1;
  return topicRanges(input).map(({ title, indices }) => {
    const candidates = indices.filter((i) => !input.agenda.has(i));
    const chosen = bestInOrder(input, candidates.length > 0 ? candidates : indices, 4);
    return {
      title,
      points: chosen.map((i) => ({
        text: clip(sentences[i]!.text, 300),
        ...(several ? { speaker: sentences[i]!.speaker } : {}),
        start: sentences[i]!.start,
      })),
      start: sentences[indices[0]!]!.start,
    };
  });
}

/**
 * Interview: each question with the answer that follows it. With speaker labels the interviewer
 * is whoever asks most, and only their questions open a pair (a counter-question in an answer
 * stays in the answer); consecutive questions are one. The answer is the interviewee's turn
 * until the next question, shortened to its two most telling sentences.
 */
function questionsAndAnswers(input: StructureInput): SummaryQuestion[] {
  const { sentences } = input;
  const asks = new Map<string, number>();
  for (const s of sentences) {
    if (isQuestion(s.text)) asks.set(s.speaker, (asks.get(s.speaker) ?? 0) + 1);
  }
  const several = new Set(sentences.map((s) => s.speaker)).size > 1;
  const interviewer = several
    ? [...asks].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0]
    : undefined;
  const opens = (i: number) => {
    const s = sentences[i]!;
    return isQuestion(s.text) && (interviewer === undefined || s.speaker === interviewer);
  };
  const pairs: SummaryQuestion[] = [];
  let i = 0;
  while (i < sentences.length) {
    if (!opens(i)) {
      i++;
      continue;
    }
    const question: number[] = [];
    while (i < sentences.length && opens(i)) question.push(i++);
    const answer: number[] = [];
    while (i < sentences.length && !opens(i)) {
      // The interviewer's own remarks between questions ("Danke.") are no part of the answer.
      if (interviewer === undefined || sentences[i]!.speaker !== interviewer) answer.push(i);
      i++;
    }
    const asked = question.map((q) => sentences[q]!.text).slice(-2);
    // A lone "Und dann?" says little: it stays only with an answer.
    const substantial = question.some((q) => sentences[q]!.terms.length >= 2);
    if (!substantial && answer.length === 0) continue;
    const told = answer.length <= 2 ? answer : bestInOrder(input, answer, 2);
    pairs.push({
      question: clip(asked.join(' '), 300),
      answer: clip(told.map((a) => sentences[a]!.text).join(' '), 500),
      start: sentences[question[0]!]!.start,
    });
  }
  return pairs.slice(0, 20);
}

/** Vorlesung: each section with its three most telling sentences and its four key terms. */
function lectureSections(input: StructureInput): SummaryLectureSection[] {
  const { sentences } = input;
  return topicRanges(input).map(({ title, indices }) => {
    const candidates = indices.filter((i) => !input.agenda.has(i) && !input.tasks.has(i));
    const chosen = bestInOrder(input, candidates.length > 0 ? candidates : indices, 3);
    return {
      heading: title,
      points: chosen.map((i) => clip(sentences[i]!.text, 300)),
      key_terms: input.keyTerms(4, indices),
      start: sentences[indices[0]!]!.start,
    };
  });
}

/** The parts a structure has beyond title, overview, topics, decisions and action items. */
export function structureParts(input: StructureInput): StructureParts {
  if (input.sentences.length === 0) return {};
  switch (input.structure) {
    case 'bullets':
      return { bullets: bullets(input) };
    case 'detailed':
      return { discussion: discussion(input) };
    case 'interview': {
      const qa = questionsAndAnswers(input);
      return qa.length > 0 ? { qa } : {};
    }
    case 'lecture':
      return { sections: lectureSections(input) };
    case 'minutes':
    case 'works_council':
    case 'owners_meeting':
    case 'members_meeting':
      // Ergebnisprotokoll: its decisions and action items are its parts. The formal types have
      // theirs made by formal-minutes.ts.
      return {};
  }
}
