// Summaries by a language model: a prompt per structure in the summary language, the transcript
// with [mm:ss] markers so every item can name the passage it came from, and the answer checked
// against the contract's Summary.
import {
  Summary,
  type NoteStructure,
  type Segment,
  type SummaryActionItem,
  type SummaryDecision,
  type SummaryTopic,
  type SummaryWindow,
  type Template,
} from '@protokoll/contract';
import type { ChatClient, ChatMessage } from './chat.ts';
import { EngineError } from './engine.ts';
import { applyTemplate, isOwnTemplate, templateInstructions } from './templates.ts';
import { baseLanguage, formatTimestamp, normaliseText, parseTimestamp } from './text.ts';

/** Speaker label → display name (`{ S1: 'Erika' }`). */
export type SpeakerNames = Readonly<Record<string, string>>;

/** `[03:05] Erika: …` per passage: the form the prompts describe. */
export function renderTranscript(segments: readonly Segment[], speakerNames: SpeakerNames = {}) {
  return segments
    .map((s) => `[${formatTimestamp(s.start)}] ${speakerNames[s.speaker] || s.speaker}: ${s.text}`)
    .join('\n');
}

const ANSWER_SHAPE =
  '{"title": "…", "overview": "…", "topics": [{"title": "…", "text": "…", "start": "mm:ss"}], ' +
  '"decisions": [{"text": "…", "start": "mm:ss"}], ' +
  '"action_items": [{"task": "…", "owner": "…", "due": "…", "start": "mm:ss"}]}';

/** The structure's own part of the answer (docs/uploads.md#summaries-per-structure). */
const STRUCTURE_SHAPE: Record<NoteStructure, string> = {
  minutes: '',
  bullets: '"bullets": [{"text": "…", "start": "mm:ss"}]',
  detailed:
    '"discussion": [{"title": "…", "points": [{"text": "…", "speaker": "…", "start": "mm:ss"}], "start": "mm:ss"}]',
  interview: '"qa": [{"question": "…", "answer": "…", "start": "mm:ss"}]',
  lecture: '"sections": [{"heading": "…", "points": ["…"], "key_terms": ["…"], "start": "mm:ss"}]',
  // The formal types' head and agenda items are found in the transcript itself (formal-minutes.ts).
  works_council: '',
  owners_meeting: '',
  members_meeting: '',
};

/** The JSON shape a structure's answer takes: the common fields plus the structure's part. */
export function answerShape(structure: NoteStructure): string {
  const extra = STRUCTURE_SHAPE[structure];
  return extra ? `${ANSWER_SHAPE.slice(0, -1)}, ${extra}}` : ANSWER_SHAPE;
}

interface PromptSet {
  rules: (languageName: string, shape: string) => string;
  structures: Record<NoteStructure, string>;
  part: (index: number, count: number, range: string, speakers: string) => string;
  transcript: string;
  invalid: (error: string) => string;
}

/**
 * A formal type's prompt: the results, every resolution in its wording. Its head and agenda items
 * with their citations come from the transcript (formal-minutes.ts), not from this answer.
 */
const FORMAL_DE =
  'Erstelle ein Ergebnisprotokoll einer förmlichen Sitzung: Halte jeden Beschluss (decisions) im Wortlaut mit seinem Abstimmungsergebnis fest und jede Aufgabe (action_items). "topics" nennt die Tagesordnungspunkte in ihrer Reihenfolge, "overview" fasst die Ergebnisse in zwei bis drei Sätzen zusammen.';
const FORMAL_EN =
  'Write minutes of results of a formal meeting: record every resolution ("decisions") in its wording with its vote, and every task ("action_items"). "topics" names the agenda items in their order; "overview" sums up the outcome in two or three sentences.';

const GERMAN: PromptSet = {
  rules: (_languageName, shape) =>
    [
      'Du bist ein sorgfältiger Protokollführer. Du erhältst das Transkript einer Aufnahme; jede Zeile beginnt mit einer Zeitmarke [mm:ss] und dem Namen des Sprechers.',
      `Antworte ausschließlich mit einem JSON-Objekt dieser Form: ${shape}`,
      'Regeln: Schreibe alle Texte auf Deutsch. Übernimm nur, was im Transkript steht, und erfinde nichts hinzu.',
      '"start" ist die Zeitmarke der Zeile, aus der der Punkt stammt, ohne Klammern (z. B. "12:05").',
      '"owner" und "due" nur angeben, wenn sie genannt werden; "due" als JJJJ-MM-TT, wenn ein vollständiges Datum genannt ist, sonst wörtlich (z. B. "nächste Woche").',
      'Leere Listen sind erlaubt. "title" ist ein kurzer, treffender Titel der ganzen Aufnahme.',
    ].join('\n'),
  structures: {
    minutes:
      'Erstelle ein Ergebnisprotokoll: Halte alle Beschlüsse (decisions) und Aufgaben (action_items) vollständig fest. "topics" nennt die besprochenen Themen knapp, "overview" fasst die Ergebnisse in zwei bis drei Sätzen zusammen.',
    detailed:
      'Erstelle ein Verlaufsprotokoll: "discussion" folgt dem Gespräch Thema für Thema in zeitlicher Reihenfolge; je Thema ("title") geben "points" den Verlauf der Diskussion wieder, jeder Beitrag mit dem Namen des Sprechers ("speaker") und seiner Zeitmarke. "topics" nennt dieselben Themen mit je einem zusammenfassenden Satz. Dazu alle Beschlüsse und Aufgaben.',
    bullets:
      'Fasse in Stichpunkten zusammen: "bullets" ist eine schlichte Liste kurzer Stichpunkte in der Reihenfolge des Gesprächs, je höchstens ein Satz. "topics" nennt die Themen knapp, "overview" in ein bis zwei Sätzen.',
    interview:
      'Fasse ein Interview zusammen: "qa" enthält jede gestellte Frage ("question") mit der zusammengefassten Antwort ("answer") in der Reihenfolge des Gesprächs. "topics" nennt dieselben Fragen mit ihrer Antwort als "text". "overview" stellt die Gesprächspartner und die Kernaussagen vor.',
    lecture:
      'Fasse eine Vorlesung zusammen: "sections" sind die Abschnitte der Vorlesung in Reihenfolge, je mit Überschrift ("heading"), den wichtigsten Aussagen ("points") und den Fachbegriffen ("key_terms"). "topics" nennt dieselben Abschnitte mit einer kurzen Erklärung. "overview" nennt die wichtigsten Erkenntnisse. "action_items" sind genannte Aufgaben oder Hausaufgaben; "decisions" bleibt meist leer.',
    works_council: FORMAL_DE,
    owners_meeting: FORMAL_DE,
    members_meeting: FORMAL_DE,
  },
  part: (index, count, range, speakers) =>
    `Dies ist Teil ${index} von ${count} des Transkripts, die Aufnahme von ${range}` +
    (speakers ? `; es sprechen ${speakers}` : '') +
    '. Fasse nur diesen Teil zusammen; was in diesem Teil besprochen wird, gehört als Thema dazu.',
  transcript: 'Transkript:',
  invalid: (error) =>
    `Deine Antwort war ungültig: ${error}\nAntworte erneut, ausschließlich mit dem JSON-Objekt in der verlangten Form.`,
};

const ENGLISH: PromptSet = {
  rules: (languageName, shape) =>
    [
      'You are a careful minute-taker. You receive the transcript of a recording; every line starts with a [mm:ss] time marker and the speaker’s name.',
      `Answer with a JSON object of exactly this shape and nothing else: ${shape}`,
      `Rules: write every text in ${languageName}. Only state what the transcript says; invent nothing.`,
      '"start" is the time marker of the line the item comes from, without brackets (e.g. "12:05").',
      'Give "owner" and "due" only when they are mentioned; "due" as YYYY-MM-DD when a full date is named, otherwise in the words used (e.g. "next week").',
      'Empty lists are fine. "title" is a short, fitting title of the whole recording.',
    ].join('\n'),
  structures: {
    minutes:
      'Write minutes of results: record every decision ("decisions") and task ("action_items"). "topics" names the subjects discussed briefly; "overview" sums up the outcome in two or three sentences.',
    detailed:
      'Write detailed minutes: "discussion" follows the conversation topic by topic in order; for each topic ("title") its "points" retell the course of the discussion, each contribution with the speaker’s name ("speaker") and its time marker. "topics" names the same topics with one summarising sentence each. Include every decision and task.',
    bullets:
      'Summarise in bullet points: "bullets" is a plain list of short points in the order of the conversation, each at most one sentence. "topics" names the subjects briefly; "overview" in one or two sentences.',
    interview:
      'Summarise an interview: "qa" holds every question asked ("question") with the summarised answer ("answer"), in the order of the conversation. "topics" names the same questions with their answer as "text". "overview" introduces the participants and the key statements.',
    lecture:
      'Summarise a lecture: "sections" are the parts of the lecture in order, each with a heading ("heading"), its key statements ("points") and its technical terms ("key_terms"). "topics" names the same parts with a short explanation. "overview" names the key takeaways. "action_items" are assignments or homework mentioned; "decisions" usually stays empty.',
    works_council: FORMAL_EN,
    owners_meeting: FORMAL_EN,
    members_meeting: FORMAL_EN,
  },
  part: (index, count, range, speakers) =>
    `This is part ${index} of ${count} of the transcript, the recording from ${range}` +
    (speakers ? `; speaking: ${speakers}` : '') +
    '. Summarise only this part; whatever this part discusses belongs in it as a topic.',
  transcript: 'Transcript:',
  invalid: (error) =>
    `Your answer was invalid: ${error}\nAnswer again with only the JSON object in the required shape.`,
};

/** English name of a language code, for prompts to languages without their own prompt set. */
function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A part of a long transcript: its place, its time range and who speaks in it. */
export interface PromptPart {
  index: number;
  count: number;
  /** Seconds of the recording the part covers. */
  start?: number;
  end?: number;
  /** Display names of its speakers, in order of first appearance. */
  speakers?: readonly string[];
}

/**
 * The system prompt of a structure and language (measured to fit a part into the context); an
 * own template's sections and instructions replace the structure's own paragraph.
 */
function systemPrompt(structure: NoteStructure, language: string, template?: Template): string {
  const prompts = language === 'de' ? GERMAN : ENGLISH;
  const own = isOwnTemplate(template)
    ? templateInstructions(template, language === 'de' ? 'de' : 'en')
    : prompts.structures[structure];
  return `${prompts.rules(`${languageName(language)} (${language})`, answerShape(structure))}\n${own}`;
}

/** The prompt of one transcript part, German for German notes, English otherwise. */
export function buildMessages(
  transcript: string,
  options: {
    structure: NoteStructure;
    language: string;
    part?: PromptPart;
    template?: Template | undefined;
  },
): ChatMessage[] {
  const language = baseLanguage(options.language) ?? 'de';
  const prompts = language === 'de' ? GERMAN : ENGLISH;
  const system = systemPrompt(options.structure, language, options.template);
  const { part: given } = options;
  const range =
    given?.start !== undefined && given.end !== undefined
      ? `${formatTimestamp(given.start)} ${language === 'de' ? 'bis' : 'to'} ${formatTimestamp(given.end)}`
      : '';
  const part =
    given && given.count > 1
      ? `${prompts.part(given.index, given.count, range, (given.speakers ?? []).join(', '))}\n`
      : '';
  return [
    { role: 'system', content: system },
    { role: 'user', content: `${part}${prompts.transcript}\n${transcript}` },
  ];
}

/** The passage start at or before `seconds`, so a click on an item seeks to its passage. */
function snapStart(seconds: number, starts: readonly number[]): number {
  let best = starts[0] ?? 0;
  for (const start of starts) {
    if (start <= seconds + 0.5) best = start;
    else break;
  }
  return best;
}

const optionalText = (value: unknown) =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

type Raw = Record<string, unknown>;
type ItemsOf = (value: unknown, map: (item: Raw) => unknown) => unknown;

/**
 * The structure's own part of an answer, read like the common fields; absent when the model left
 * it out (the topics stand in for it, see `withStructurePart`).
 */
function structurePart(
  raw: Raw,
  structure: NoteStructure,
  start: (value: unknown) => unknown,
  items: ItemsOf,
): Raw {
  const strings = (value: unknown) => (value == null ? [] : value);
  switch (structure) {
    case 'minutes':
    case 'works_council':
    case 'owners_meeting':
    case 'members_meeting':
      return {};
    case 'bullets':
      return raw.bullets == null
        ? {}
        : { bullets: items(raw.bullets, (b) => ({ text: b.text, start: start(b.start) })) };
    case 'detailed':
      return raw.discussion == null
        ? {}
        : {
            discussion: items(raw.discussion, (d) => ({
              title: d.title,
              points: Array.isArray(d.points)
                ? d.points.map((p: unknown) =>
                    // A bare sentence is a contribution at the topic's start.
                    typeof p === 'string'
                      ? { text: p, start: start(d.start) }
                      : typeof p === 'object' && p !== null
                        ? {
                            text: (p as Raw).text,
                            ...(optionalText((p as Raw).speaker)
                              ? { speaker: optionalText((p as Raw).speaker) }
                              : {}),
                            start: start((p as Raw).start ?? d.start),
                          }
                        : p,
                  )
                : strings(d.points),
              start: start(d.start),
            })),
          };
    case 'interview':
      return raw.qa == null
        ? {}
        : {
            qa: items(raw.qa, (q) => ({
              question: q.question,
              answer: q.answer == null ? '' : q.answer,
              start: start(q.start),
            })),
          };
    case 'lecture':
      return raw.sections == null
        ? {}
        : {
            sections: items(raw.sections, (x) => ({
              heading: x.heading,
              points: strings(x.points),
              key_terms: strings(x.key_terms),
              start: start(x.start),
            })),
          };
  }
}

/** A structure's part the model left out, made from its topics, so the layout has its part. */
export function withStructurePart(summary: Summary, structure: NoteStructure): Summary {
  const { topics } = summary;
  switch (structure) {
    case 'minutes':
    case 'works_council':
    case 'owners_meeting':
    case 'members_meeting':
      return summary;
    case 'bullets':
      return summary.bullets
        ? summary
        : {
            ...summary,
            bullets: topics.map((t) => ({
              text: t.text ? `${t.title}: ${t.text}` : t.title,
              start: t.start,
            })),
          };
    case 'detailed':
      return summary.discussion
        ? summary
        : {
            ...summary,
            discussion: topics.map((t) => ({
              title: t.title,
              points: t.text ? [{ text: t.text, start: t.start }] : [],
              start: t.start,
            })),
          };
    case 'interview':
      return summary.qa
        ? summary
        : {
            ...summary,
            qa: topics.map((t) => ({ question: t.title, answer: t.text ?? '', start: t.start })),
          };
    case 'lecture':
      return summary.sections
        ? summary
        : {
            ...summary,
            sections: topics.map((t) => ({
              heading: t.title,
              points: t.text ? [t.text] : [],
              key_terms: [],
              start: t.start,
            })),
          };
  }
}

/**
 * Reads a model's answer into a Summary (generator `llm`): tolerates a ```json fence, `null` for
 * optional fields and missing lists; `start` may be `mm:ss` or seconds and is moved to the start
 * of the passage it points into. With a structure, its own part is read and checked too (made
 * from the topics when left out). Anything else wrong is reported for the retry prompt.
 */
export function parseSummaryAnswer(
  content: string,
  passageStarts: readonly number[],
  structure?: NoteStructure,
): { summary: Summary } | { error: string } {
  const text = content
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { error: `not valid JSON (${(error as Error).message})` };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { error: 'the answer must be one JSON object' };
  }
  const raw = data as Record<string, unknown>;
  const list = (value: unknown) => (Array.isArray(value) ? value : value == null ? [] : value);
  const start = (value: unknown) => {
    const seconds = parseTimestamp(value);
    return seconds === undefined ? value : snapStart(seconds, passageStarts);
  };
  const items = (value: unknown, map: (item: Record<string, unknown>) => unknown) => {
    const array = list(value);
    return Array.isArray(array)
      ? array.map((item) =>
          typeof item === 'object' && item !== null ? map(item as Record<string, unknown>) : item,
        )
      : array;
  };
  const candidate = {
    title: raw.title,
    overview: raw.overview,
    topics: items(raw.topics, (t) => ({
      title: t.title,
      ...(optionalText(t.text) ? { text: optionalText(t.text) } : {}),
      start: start(t.start),
    })),
    decisions: items(raw.decisions, (d) => ({ text: d.text, start: start(d.start) })),
    action_items: items(raw.action_items, (a) => ({
      task: a.task,
      ...(optionalText(a.owner) ? { owner: optionalText(a.owner) } : {}),
      ...(optionalText(a.due) ? { due: optionalText(a.due) } : {}),
      start: start(a.start),
    })),
    generator: 'llm',
    ...(structure ? { structure, ...structurePart(raw, structure, start, items) } : {}),
  };
  const parsed = Summary.safeParse(candidate);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 8)
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    return { error: issues.join('; ') };
  }
  return { summary: structure ? withStructurePart(parsed.data, structure) : parsed.data };
}

/** Splits passages into consecutive windows whose rendered text stays under `maxChars`. */
export function transcriptWindows(
  segments: readonly Segment[],
  maxChars: number,
  speakerNames: SpeakerNames = {},
): Segment[][] {
  const windows: Segment[][] = [];
  let current: Segment[] = [];
  let size = 0;
  for (const segment of segments) {
    const length = renderTranscript([segment], speakerNames).length + 1;
    if (current.length > 0 && size + length > maxChars) {
      windows.push(current);
      current = [];
      size = 0;
    }
    current.push(segment);
    size += length;
  }
  if (current.length > 0) windows.push(current);
  return windows;
}

/** Length of the windows every part of a long recording is cut at (docs/uploads.md#long-recordings). */
export const SUMMARY_WINDOW_SECONDS = 600;

/** The recording's ten-minute windows, the last one shorter. */
export function timeWindows(
  durationSeconds: number,
  windowSeconds = SUMMARY_WINDOW_SECONDS,
): { start: number; end: number }[] {
  const windows: { start: number; end: number }[] = [];
  for (let start = 0; start < durationSeconds; start += windowSeconds) {
    windows.push({ start, end: Math.min(durationSeconds, start + windowSeconds) });
  }
  return windows;
}

/** One request's share of the transcript: whole windows, or a piece of one too long on its own. */
export interface SummaryPart {
  start: number;
  end: number;
  segments: Segment[];
  /** Indexes of the windows it covers (a piece covers one). */
  windows: number[];
}

/**
 * Cuts the transcript into parts at window borders: consecutive whole windows as long as their
 * text stays under `maxChars`; a window longer than that on its own is split at passages inside
 * it (`transcriptWindows`), each piece covering from its first passage to the next piece's. A
 * passage belongs to the window it starts in. Windows without speech join the part they border,
 * so every window is in exactly one part and every passage is sent exactly once.
 */
export function summaryParts(
  segments: readonly Segment[],
  windows: readonly { start: number; end: number }[],
  maxChars: number,
  speakerNames: SpeakerNames = {},
  windowSeconds = SUMMARY_WINDOW_SECONDS,
): SummaryPart[] {
  const byWindow = windows.map(() => [] as Segment[]);
  for (const segment of segments) {
    const index = Math.min(windows.length - 1, Math.floor(segment.start / windowSeconds));
    byWindow[Math.max(0, index)]!.push(segment);
  }
  const size = (list: readonly Segment[]) =>
    list.reduce((sum, segment) => sum + renderTranscript([segment], speakerNames).length + 1, 0);
  const parts: SummaryPart[] = [];
  let current: SummaryPart | undefined;
  let currentSize = 0;
  const close = () => {
    if (current) parts.push(current);
    current = undefined;
    currentSize = 0;
  };
  for (const [index, window] of windows.entries()) {
    const own = byWindow[index]!;
    const length = size(own);
    if (length > maxChars) {
      close();
      const pieces = transcriptWindows(own, maxChars, speakerNames);
      pieces.forEach((piece, i) => {
        parts.push({
          start: i === 0 ? window.start : piece[0]!.start,
          end: pieces[i + 1]?.[0]?.start ?? window.end,
          segments: piece,
          windows: [index],
        });
      });
      continue;
    }
    if (current && currentSize + length > maxChars) close();
    current ??= { start: window.start, end: window.end, segments: [], windows: [] };
    current.end = window.end;
    current.segments.push(...own);
    current.windows.push(index);
    currentSize += length;
  }
  close();
  // A part with no speech at all (silent windows at the end) needs no request: it joins the one
  // before it; a recording that is silent up to its end has one part.
  const spoken: SummaryPart[] = [];
  for (const part of parts) {
    const previous = spoken.at(-1);
    if (part.segments.length === 0 && previous) {
      previous.end = part.end;
      previous.windows.push(...part.windows.filter((w) => !previous.windows.includes(w)));
    } else if (previous && previous.segments.length === 0) {
      part.start = previous.start;
      part.windows = [
        ...previous.windows.filter((w) => !part.windows.includes(w)),
        ...part.windows,
      ];
      spoken[spoken.length - 1] = part;
    } else spoken.push(part);
  }
  return spoken;
}

/** Every second an item of the summary points at. */
function itemStarts(summary: Summary): number[] {
  return [
    ...summary.topics.map((t) => t.start),
    ...summary.decisions.map((d) => d.start),
    ...summary.action_items.map((a) => a.start),
    ...(summary.bullets ?? []).map((b) => b.start),
    ...(summary.discussion ?? []).flatMap((d) => [d.start, ...d.points.map((p) => p.start)]),
    ...(summary.qa ?? []).map((q) => q.start),
    ...(summary.sections ?? []).map((x) => x.start),
  ];
}

/**
 * Each window's place in the summary: `failed` when a part covering it had no valid answer and
 * it holds speech, `summarised` when an item points into it, `empty` otherwise.
 */
export function windowStatuses(
  windows: readonly { start: number; end: number }[],
  summary: Summary | undefined,
  failed: ReadonlySet<number>,
  spokenIn: ReadonlySet<number>,
): SummaryWindow[] {
  const starts = summary ? itemStarts(summary) : [];
  return windows.map((window, index) => {
    const last = index === windows.length - 1;
    const contributes = starts.some(
      (start) => start >= window.start && (start < window.end || (last && start <= window.end)),
    );
    const status =
      failed.has(index) && spokenIn.has(index) ? 'failed' : contributes ? 'summarised' : 'empty';
    return { start: window.start, end: window.end, status };
  });
}

/**
 * Window summaries joined without another model call: the first title, the overviews in order,
 * the lists concatenated in time order with repeated decisions and tasks dropped. Simple on
 * purpose; a transcript within one window (the usual case) never goes through here.
 */
export function combineSummaries(parts: readonly Summary[]): Summary {
  const first = parts[0];
  if (!first) throw new Error('no summaries to combine');
  if (parts.length === 1) return first;
  const unique = <T>(list: T[], key: (item: T) => string) => {
    const seen = new Set<string>();
    return list.filter((item) => {
      const k = normaliseText(key(item));
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
  };
  const byStart = (a: { start: number }, b: { start: number }) => a.start - b.start;
  const joined = <K extends 'bullets' | 'discussion' | 'qa' | 'sections'>(key: K) => {
    if (!parts.some((part) => part[key])) return {};
    const all = parts.flatMap((part): { start: number }[] => part[key] ?? []);
    return { [key]: all.sort(byStart) } as Pick<Summary, K>;
  };
  return {
    title: first.title,
    overview: parts
      .map((part) => part.overview.trim())
      .filter(Boolean)
      .join(' '),
    topics: parts.flatMap((part) => part.topics).sort(byStart) satisfies SummaryTopic[],
    decisions: unique(
      parts.flatMap((part) => part.decisions).sort(byStart),
      (d) => d.text,
    ) satisfies SummaryDecision[],
    action_items: unique(
      parts.flatMap((part) => part.action_items).sort(byStart),
      (a) => a.task,
    ) satisfies SummaryActionItem[],
    generator: first.generator,
    ...(first.structure ? { structure: first.structure } : {}),
    ...(first.language ? { language: first.language } : {}),
    ...joined('bullets'),
    ...joined('discussion'),
    ...joined('qa'),
    ...joined('sections'),
  };
}

export interface SummariseOptions {
  client: ChatClient;
  model: string;
  structure: NoteStructure;
  /** An own template of `structure`: its sections and instructions (docs/product.md#summary-templates). */
  template?: Template | undefined;
  /** `summary_language` of the note. */
  language: string;
  speakerNames?: SpeakerNames;
  /**
   * Largest transcript text per request, in characters (~4 per token). Longer transcripts are
   * summarised in parts and combined. Without it, the part of `contextChars` the prompt and the
   * answer leave.
   */
  maxWindowChars?: number;
  /** The model's context in characters (LLM_CONTEXT_CHARS): prompt, transcript and answer. */
  contextChars?: number;
  /** Length of the recording; the last passage's end when unknown. */
  durationSeconds?: number | null | undefined;
  signal?: AbortSignal | undefined;
}

export const DEFAULT_WINDOW_CHARS = 24_000;
/** Share of the context kept free for the model's answer. */
const ANSWER_SHARE = 0.25;
/** Room for the part line (its range and speakers). */
const PART_LINE_CHARS = 400;
const MIN_WINDOW_CHARS = 500;

/** Transcript characters per request that fit a context of `contextChars` with the prompt. */
export function windowCharsFor(
  contextChars: number,
  structure: NoteStructure,
  language: string,
  template?: Template,
): number {
  const system = systemPrompt(structure, baseLanguage(language) ?? 'de', template).length;
  const free = Math.floor(contextChars * (1 - ANSWER_SHARE)) - system - PART_LINE_CHARS;
  return Math.max(MIN_WINDOW_CHARS, free);
}

/** A request for one part's summary, sent; `answer` settles with its content or its failure. */
interface AskedPart {
  messages: ChatMessage[];
  starts: number[];
  answer: Promise<{ content: string } | { error: unknown }>;
}

/**
 * Sends a part's conversation. An answer without content counts as an invalid answer (content
 * ''); the request's other failures are kept in `answer` for the caller to throw when it reads it,
 * never left unhandled while the part before is still being checked.
 */
function send(messages: ChatMessage[], options: SummariseOptions): AskedPart['answer'] {
  return options.client
    .complete({ model: options.model, messages, json: true, signal: options.signal })
    .then(
      (content) => ({ content }),
      (error: unknown) =>
        error instanceof EngineError && error.reason === 'invalidAnswer'
          ? { content: '' }
          : { error },
    );
}

/** Asks for one part's summary. */
function askPart(
  window: readonly Segment[],
  part: PromptPart,
  options: SummariseOptions,
): AskedPart {
  const messages = buildMessages(renderTranscript(window, options.speakerNames), {
    ...options,
    part,
  });
  return {
    messages,
    starts: window.map((segment) => segment.start),
    answer: send(messages, options),
  };
}

/** The content of an answer; throws the request's failure. */
async function contentOf(answer: AskedPart['answer']): Promise<string> {
  const settled = await answer;
  if ('error' in settled) throw settled.error;
  return settled.content;
}

/**
 * Checks a part's answer, and when it is not a valid Summary asks once more with the reason
 * (`beforeRetry` first: the request already sent for the next part is answered before, so the
 * model has one request of the job at a time).
 * @throws EngineError `invalidAnswer` when the second answer is invalid too.
 */
async function summaryOf(
  asked: AskedPart,
  options: SummariseOptions,
  beforeRetry: () => Promise<unknown>,
): Promise<Summary> {
  const language = baseLanguage(options.language) ?? 'de';
  let answer = await contentOf(asked.answer);
  let lastError = '';
  for (let attempt = 0; attempt < 2; attempt++) {
    if (attempt > 0) {
      await beforeRetry();
      answer = await contentOf(send(asked.messages, options));
    }
    const result = parseSummaryAnswer(answer, asked.starts, options.structure);
    if ('summary' in result) return result.summary;
    lastError = result.error;
    asked.messages.push(
      { role: 'assistant', content: answer },
      { role: 'user', content: (language === 'de' ? GERMAN : ENGLISH).invalid(result.error) },
    );
  }
  throw new EngineError('llm', 'invalidAnswer', `summary answer invalid twice: ${lastError}`);
}

/** Display names of the part's speakers in order of first appearance. */
function speakersOf(segments: readonly Segment[], names: SpeakerNames = {}): string[] {
  return [...new Set(segments.map((segment) => names[segment.speaker] || segment.speaker))];
}

/**
 * Each part's summary, in order, and the windows of the parts the model could not answer. The
 * next part is asked as soon as the one before is answered: the model writes it while that answer
 * is checked, with no time between its requests spent on ours.
 */
async function summariseParts(
  parts: ReturnType<typeof summaryParts>,
  options: SummariseOptions,
): Promise<{ done: Summary[]; failed: Set<number>; lastFailure: EngineError | undefined }> {
  const ask = (index: number): AskedPart => {
    const part = parts[index]!;
    return askPart(
      part.segments,
      {
        index: index + 1,
        count: parts.length,
        start: part.start,
        end: part.end,
        speakers: speakersOf(part.segments, options.speakerNames),
      },
      options,
    );
  };
  const done: Summary[] = [];
  const failed = new Set<number>();
  let lastFailure: EngineError | undefined;
  let next: AskedPart | undefined = ask(0);
  for (const [index, part] of parts.entries()) {
    const asked: AskedPart = next!;
    // A failed request ends here, before the next part is asked.
    await contentOf(asked.answer);
    next = index + 1 < parts.length ? ask(index + 1) : undefined;
    try {
      done.push(await summaryOf(asked, options, async () => next?.answer));
    } catch (error) {
      // A part the model cannot answer is reported as its windows, not the whole summary lost.
      if (!(error instanceof EngineError) || error.reason !== 'invalidAnswer') throw error;
      lastFailure = error;
      for (const window of part.windows) failed.add(window);
    }
  }
  return { done, failed, lastFailure };
}

/**
 * Summarises a transcript with a chat model (docs/uploads.md#long-recordings). A transcript
 * larger than a request can hold is cut into parts at ten-minute windows, each part's prompt
 * naming its time range and speakers, and the parts' summaries are joined (`combineSummaries`).
 * Parts are summarised one after the other (one model, one job: no reason to compete with other
 * jobs for it), the next one asked as soon as the one before is answered. Nothing is dropped
 * silently: `windows` says for every ten-minute window whether it is in the summary, had nothing
 * to summarise, or failed (its part's answer invalid twice, while other parts succeeded).
 * @throws EngineError `invalidAnswer` (permanent) when every part's answer is invalid twice; the
 * chat client's errors otherwise.
 */
export async function summariseWithLlm(
  segments: readonly Segment[],
  options: SummariseOptions,
): Promise<Summary> {
  const spoken = segments.filter((segment) => segment.text.trim());
  const written = { structure: options.structure, language: options.language };
  const duration = Math.max(options.durationSeconds ?? 0, ...spoken.map((segment) => segment.end));
  const windows = timeWindows(duration);
  if (spoken.length === 0) {
    const windowList = windowStatuses(windows, undefined, new Set(), new Set());
    return applyTemplate(
      {
        ...emptySummary(options.language, 'llm'),
        ...written,
        ...(windowList.length > 0 ? { windows: windowList } : {}),
      },
      options.template,
    );
  }
  const maxChars =
    options.maxWindowChars ??
    (options.contextChars
      ? windowCharsFor(options.contextChars, options.structure, options.language, options.template)
      : DEFAULT_WINDOW_CHARS);
  const parts = summaryParts(spoken, windows, maxChars, options.speakerNames);
  // The parts one after another on one slot of the engine, where the client has slots.
  const { done, failed, lastFailure } = options.client.inSequence
    ? await options.client.inSequence((client) => summariseParts(parts, { ...options, client }))
    : await summariseParts(parts, options);
  if (done.length === 0) throw lastFailure!;
  const combined = combineSummaries(done);
  const spokenIn = new Set(
    spoken.map((segment) =>
      Math.min(windows.length - 1, Math.floor(segment.start / SUMMARY_WINDOW_SECONDS)),
    ),
  );
  // A language model writes in the language asked for.
  return applyTemplate(
    { ...combined, ...written, windows: windowStatuses(windows, combined, failed, spokenIn) },
    options.template,
  );
}

/** The summary of a recording in which nothing was said, in the note's language. */
export function emptySummary(language: string, generator: Summary['generator']): Summary {
  const german = baseLanguage(language) === 'de';
  return {
    title: german ? 'Keine Sprache erkannt' : 'No speech detected',
    overview: german
      ? 'In der Aufnahme wurde keine Sprache erkannt.'
      : 'No speech was detected in the recording.',
    topics: [],
    decisions: [],
    action_items: [],
    generator,
  };
}
