// The formal part of an extractive summary (docs/formal-minutes.md#how-the-minutes-are-found): the
// head from what was said at the opening and close, the agenda items from the spoken "TOP 2" (or
// the topics found otherwise), each resolution with its wording and vote, each task, and for
// every item the transcript passages it comes from. Like the rest of the built-in summariser it
// picks what was said and writes nothing of its own; a field nobody said stays empty.
import {
  HEAD_FIELDS,
  type AgendaItem,
  type Citation,
  type FormalMinutes,
  type FormalStructure,
  type FormalTask,
  type HeadField,
  type MinutesHead,
  type Resolution,
  type ResolutionResult,
  type Segment,
  type Summary,
  type Vote,
} from '@protokoll/contract';
import { clip, isoDate, monthOf, MONTHS_DE, MONTHS_EN, normaliseText, words } from './text.ts';

/** A sentence of the transcript with the segment it is part of. */
export interface FormalSentence {
  index: number;
  segment: number;
  text: string;
  start: number;
  speaker: string;
}

export interface FormalInput {
  structure: FormalStructure;
  language: string;
  sentences: readonly FormalSentence[];
  /** Centrality of each sentence: the discussion of an item is its most central sentences. */
  scores: readonly number[];
  /** Topics found without spoken agenda items: where each starts and its title. */
  topics: readonly { from: number; title: string }[];
  speakerNames: Readonly<Record<string, string>>;
  /** The agenda given before processing, item by item; the minutes follow it. */
  agenda?: readonly string[];
  /** Tasks as the summariser finds them (owner and due date from the sentence). */
  task: (sentence: FormalSentence) => Omit<FormalTask, 'citations' | 'start'> | undefined;
}

const cite = (...sentences: FormalSentence[]): Citation[] => {
  const seen = new Set<number>();
  return sentences
    .filter((s) => !seen.has(s.segment) && seen.add(s.segment))
    .map((s) => ({ segment: s.segment, start: s.start }))
    .sort((a, b) => a.segment - b.segment);
};

// ——— numbers as spoken ———

const UNITS_DE = ['', 'ein', 'zwei', 'drei', 'vier', 'fünf', 'sechs', 'sieben', 'acht', 'neun'];
const TEENS_DE = ['zehn', 'elf', 'zwölf', 'dreizehn', 'vierzehn', 'fünfzehn', 'sechzehn'];
const TENS_DE = ['', '', 'zwanzig', 'dreißig', 'vierzig', 'fünfzig', 'sechzig', 'siebzig'];
const UNITS_EN = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const TEENS_EN = ['ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen'];
const TENS_EN = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy'];

/** Spoken numbers 0–79 (more rarely vote in one meeting), German and English. */
const NUMBER_WORDS: ReadonlyMap<string, number> = (() => {
  const map = new Map<string, number>([
    ['null', 0],
    ['kein', 0],
    ['keine', 0],
    ['keiner', 0],
    ['niemand', 0],
    ['eins', 1],
    ['eine', 1],
    ['einer', 1],
    ['einem', 1],
    ['einen', 1],
    ['siebzehn', 17],
    ['achtzehn', 18],
    ['neunzehn', 19],
    ['zero', 0],
    ['no', 0],
    ['none', 0],
    ['nobody', 0],
    ['seventeen', 17],
    ['eighteen', 18],
    ['nineteen', 19],
  ]);
  UNITS_DE.forEach((unit, n) => unit && map.set(unit, n));
  TEENS_DE.forEach((teen, n) => map.set(teen, 10 + n));
  UNITS_EN.forEach((unit, n) => unit && map.set(unit, n));
  TEENS_EN.forEach((teen, n) => map.set(teen, 10 + n));
  for (let tens = 2; tens < TENS_DE.length; tens++) {
    map.set(TENS_DE[tens]!, tens * 10);
    map.set(TENS_EN[tens]!, tens * 10);
    for (let unit = 1; unit < 10; unit++) {
      map.set(`${UNITS_DE[unit]}und${TENS_DE[tens]}`, tens * 10 + unit);
      map.set(`${TENS_EN[tens]}-${UNITS_EN[unit]}`, tens * 10 + unit);
      map.set(`${TENS_EN[tens]} ${UNITS_EN[unit]}`, tens * 10 + unit);
    }
  }
  return map;
})();

const byLength = (names: Iterable<string>) =>
  [...names].sort((a, b) => b.length - a.length).join('|');
/** A count: digits or a number word. */
const N = String.raw`(\d{1,3}|${byLength(NUMBER_WORDS.keys())})`;

function numberOf(word: string): number | undefined {
  if (/^\d+$/.test(word)) return Number(word);
  return NUMBER_WORDS.get(word.toLowerCase());
}

// ——— votes ———

const re = (source: string) => new RegExp(source, 'iu');
const YES = [
  re(
    String.raw`(?<![\p{L}])${N}\s+(?:Ja-?Stimmen|Jastimmen|Ja|Stimmen\s+dafür|dafür|Befürworter)(?![\p{L}])`,
  ),
  re(String.raw`(?<![\p{L}])${N}\s+(?:votes?\s+)?(?:in\s+favou?r|for|yes|ayes?)(?![\p{L}])`),
  re(String.raw`(?<![\p{L}])(?:carried|passed)\s+(?:by\s+)?${N}\s+(?:votes?\s+)?to\s+`),
];
const NO = [
  re(
    String.raw`(?<![\p{L}])${N}\s+(?:Nein-?Stimmen|Neinstimmen|Nein|Gegenstimmen?|dagegen)(?![\p{L}])`,
  ),
  re(String.raw`(?<![\p{L}])${N}\s+(?:votes?\s+)?against(?![\p{L}])`),
  re(
    String.raw`(?<![\p{L}])(?:carried|passed)\s+(?:by\s+)?\S+\s+(?:votes?\s+)?to\s+${N}(?![\p{L}])`,
  ),
];
const ABSTAIN = [
  re(String.raw`(?<![\p{L}])${N}\s+(?:Enthaltung(?:en)?|Stimmenthaltung(?:en)?)(?![\p{L}])`),
  re(String.raw`(?<![\p{L}])${N}\s+(?:abstentions?|abstained)(?![\p{L}])`),
];
const NONE_NO =
  /(?<![\p{L}])(?:ohne\s+Gegenstimmen?|keine\s+Gegenstimmen?|no\s+votes\s+against)(?![\p{L}])/iu;
const NONE_ABSTAIN =
  /(?<![\p{L}])(?:ohne\s+(?:Stimm)?[Ee]nthaltungen?|keine\s+(?:Stimm)?[Ee]nthaltungen?|no\s+abstentions?)(?![\p{L}])/iu;
const UNANIMOUS = /(?<![\p{L}])(?:einstimmig|unanimous(?:ly)?)(?![\p{L}])/iu;
const ACCEPTED =
  /(?<![\p{L}])(?:angenommen|beschlossen|zugestimmt|accepted|adopted|carried|passed|approved)(?![\p{L}])/iu;
const REJECTED =
  /(?<![\p{L}])(?:abgelehnt|nicht\s+angenommen|rejected|defeated|not\s+carried|fails|failed)(?![\p{L}])/iu;

/** The vote a sentence states, if any: counts, unanimity, "ohne Gegenstimmen". */
function voteIn(text: string): Vote {
  const vote: Vote = {};
  const count = (patterns: RegExp[]) => {
    for (const pattern of patterns) {
      const match = pattern.exec(text);
      const value = match ? numberOf(match[1]!) : undefined;
      if (value !== undefined) return value;
    }
    return undefined;
  };
  const yes = count(YES);
  const no = count(NO) ?? (NONE_NO.test(text) ? 0 : undefined);
  const abstain = count(ABSTAIN) ?? (NONE_ABSTAIN.test(text) ? 0 : undefined);
  if (yes !== undefined) vote.yes = yes;
  if (no !== undefined) vote.no = no;
  if (abstain !== undefined) vote.abstain = abstain;
  if (UNANIMOUS.test(text)) vote.unanimous = true;
  return vote;
}

const hasVote = (vote: Vote) => Object.keys(vote).length > 0;

function resultIn(text: string): ResolutionResult | undefined {
  if (REJECTED.test(text)) return 'rejected';
  if (ACCEPTED.test(text)) return 'accepted';
  return undefined;
}

/** A chair's call for a show of hands, and what it counts. */
const CALLS: { pattern: RegExp; counts: 'yes' | 'no' | 'abstain' }[] = [
  {
    pattern:
      /wer\s+(?:ist|stimmt)\s+dafür|wer\s+stimmt\s+zu|(?:all|those|who\s+is)\s+in\s+favou?r/iu,
    counts: 'yes',
  },
  {
    pattern:
      /wer\s+(?:ist|stimmt)\s+dagegen|gegenstimmen\s*\?|gegenprobe|(?:those|who\s+is|anyone)\s+against/iu,
    counts: 'no',
  },
  {
    pattern: /enthaltungen\s*\?|wer\s+enthält\s+sich|abstentions\s*\?|who\s+abstains/iu,
    counts: 'abstain',
  },
];
/** An answer to a call: a count alone ("Sieben.", "Das sind neun.", "Niemand.", "Five hands."). */
const COUNT_ANSWER = re(
  String.raw`^(?:(?:das|es)\s+sind\s+|that(?:'s|\s+is)\s+|(?:ich\s+)?zähle\s+)?${N}(?:\s+(?:Stimmen|Hände|Ja|Nein|votes|hands))?\s*[.!]?$`,
);

/** A motion put to the vote: "Ich lasse über folgenden Antrag abstimmen: …", "I move that …". */
const PROPOSAL =
  /(?<![\p{L}])(?:abstimmen|zur\s+Abstimmung|(?:Antrag|Beschlussvorschlag|Beschlussvorlage)\s*:|move\s+that|propose\s+that|put\s+(?:it\s+|this\s+)?to\s+(?:the\s+)?vote)(?![\p{L}])/iu;
/** A resolution stated as made: "Der Betriebsrat beschließt einstimmig, …", "The club resolves to …". */
const DECLARES =
  /(?<![\p{L}])(?:beschließt|beschließen|beschlossen\s+wird|resolves?\s+(?:that|to))(?![\p{L}])/iu;
/** Words that make a result sentence of one with a result word: "Damit ist …", "… is carried". */
const CONCLUDES =
  /(?<![\p{L}])(?:damit|somit|folglich|thus|therefore|hereby|(?:ist|sind|wurde|wurden|is|was|are|were)\s+(?:\p{L}+\s+){0,6}(?:angenommen|abgelehnt|beschlossen|carried|passed|rejected|defeated|adopted|approved))(?![\p{L}])/iu;

const MOVES = /^(?:I\s+)?(?:move|propose)\s+that\s+/iu;

const MONTH_START = new RegExp(`^(?:${MONTHS_DE.join('|')})(?![\\p{L}])`, 'u');

/**
 * Whether `next` goes on with `sentence`: the same speaker in the following passage, cut at a
 * date's period ("am 14." | "November zu …") or going on in lowercase.
 */
function continues(sentence: FormalSentence, next: FormalSentence): boolean {
  if (next.speaker !== sentence.speaker || next.segment === sentence.segment) return false;
  return (/\d\.$/.test(sentence.text) && MONTH_START.test(next.text)) || /^\p{Ll}/u.test(next.text);
}

/** The wording of a motion: what follows its colon or "I move that", or the sentence itself. */
function wordingOf(text: string): string {
  const colon = text.indexOf(':');
  const after = colon >= 0 ? text.slice(colon + 1).trim() : '';
  if (words(after).length >= 3) return clip(after, 500);
  const moved = text.replace(MOVES, '');
  return clip(moved === text ? text : moved.charAt(0).toUpperCase() + moved.slice(1), 500);
}

// ——— agenda items ———

const ORDINAL_WORDS = 'erste|zweite|dritte|vierte|fünfte|sechste|siebte|achte|neunte|zehnte';
/** What may come before an agenda item's number: "Wir kommen zu", "Ich rufe … auf", "Moving on to". */
const ITEM_LEAD = String.raw`(?:.*?(?:kommen|gehen)\s+(?:wir\s+)?(?:jetzt\s+|nun\s+|dann\s+)?(?:zu|zum)\s+|.*?rufe\s+(?:ich\s+)?(?:jetzt\s+|nun\s+)?|.*?weiter\s+mit\s+|.*?(?:moving|move|going|go)\s+on\s+to\s+|.*?next\s+(?:is\s+)?|(?:und|also|gut|okay|dann|and|now|so)[,\s]+)?`;
const SPOKEN_ITEM = re(
  String.raw`^${ITEM_LEAD}(?:TOP|Tagesordnungspunkt|Punkt|(?:agenda\s+)?item)\s+${N}(?:\s+der\s+Tagesordnung)?(?:\s+auf)?(?:\s*(?:[:,–-]|ist|is)\s*|\s+)?(.*)$`,
);
const ORDINAL_ITEM = re(
  String.raw`^${ITEM_LEAD}(?:der\s+)?(${ORDINAL_WORDS})\s+(?:Tagesordnungspunkt|Punkt|TOP)(?:\s*(?:[:,–-]|ist)\s*|\s+)(.*)$`,
);
const TITLE_LEAD =
  /^(?:(?:der|die|das|den|dem|the|a|an|our|ist|is|heißt|betrifft|zu|zum|zur|um|es\s+geht\s+um)\s+)+/iu;

/** The number and title an agenda sentence opens ("Wir kommen zu TOP 2: Überstunden."). */
function spokenItem(text: string): { number: number; title: string } | undefined {
  const match = SPOKEN_ITEM.exec(text);
  const ordinal = match ? undefined : ORDINAL_ITEM.exec(text);
  const number = match
    ? numberOf(match[1]!)
    : ordinal
      ? ORDINAL_WORDS.split('|').indexOf(ordinal[1]!.toLowerCase()) + 1
      : undefined;
  if (number === undefined || number < 1 || number > 40) return undefined;
  const rest = (match?.[2] ?? ordinal?.[2] ?? '').trim().replace(TITLE_LEAD, '');
  const title = rest.replace(/[.!:,;]+$/u, '').trim();
  return { number, title: clip(title, 120) };
}

const overlap = (a: string, b: string) => {
  const mine = new Set(words(a).filter((w) => w.length > 3));
  return words(b).filter((w) => w.length > 3 && mine.has(w)).length;
};

interface Range {
  number: number;
  title: string;
  /** Sentence indices of the item, the agenda sentence first when one opened it. */
  indices: number[];
  opener?: number;
}

const OTHER_BUSINESS: Record<string, string> = { de: 'Verschiedenes', en: 'Other business' };
const ITEM: Record<string, (n: number) => string> = {
  de: (n) => `TOP ${n}`,
  en: (n) => `Item ${n}`,
};

/**
 * The items and their sentences. With an agenda given, its items in its order (a spoken "TOP 2"
 * or a title's words tell which one a passage belongs to; what matches none is "Verschiedenes");
 * without one, the spoken items, or else the topics found. The opening before the first item
 * belongs to none: it is the head's.
 */
function agendaRanges(input: FormalInput): Range[] {
  const { sentences } = input;
  const lang = input.language.startsWith('en') ? 'en' : 'de';
  const spoken = sentences.map((s) => spokenItem(s.text));
  const given = input.agenda?.map((title) => title.trim()).filter(Boolean) ?? [];
  if (given.length > 0) {
    const ranges: Range[] = given.map((title, i) => ({ number: i + 1, title, indices: [] }));
    const other: Range = { number: given.length + 1, title: OTHER_BUSINESS[lang]!, indices: [] };
    let current: Range | undefined;
    for (const sentence of sentences) {
      const item = spoken[sentence.index];
      if (item) {
        // A spoken title tells the item by its words; a number alone by its place.
        const byTitle = [...ranges]
          .map((range) => ({ range, score: overlap(range.title, item.title) }))
          .sort((a, b) => b.score - a.score)[0];
        current =
          byTitle && byTitle.score > 0
            ? byTitle.range
            : item.title
              ? other
              : (ranges[item.number - 1] ?? other);
        current.opener ??= sentence.index;
      }
      current?.indices.push(sentence.index);
    }
    return other.indices.length > 0 ? [...ranges, other] : ranges;
  }
  const opened = spoken.flatMap((item, i) => (item ? [{ ...item, from: i }] : []));
  if (opened.length > 0) {
    return opened.map((item, k) => {
      const to = opened[k + 1]?.from ?? sentences.length;
      const indices = sentences.slice(item.from, to).map((s) => s.index);
      const title = item.title || ITEM[lang]!(item.number);
      return { number: item.number, title, indices, opener: item.from };
    });
  }
  return input.topics.map((topic, t) => {
    const to = input.topics[t + 1]?.from ?? sentences.length;
    const indices = sentences.slice(topic.from, to).map((s) => s.index);
    return { number: t + 1, title: topic.title, indices };
  });
}

/**
 * The resolutions of an item. A resolution ends with a sentence that states its result ("Damit
 * ist der Antrag … angenommen", "The motion is carried") or is stated as made ("Der Betriebsrat
 * beschließt einstimmig, …"); its wording is the motion put to the vote before it, its vote what
 * was counted on the way (calls for a show of hands and their answers, or counts said). A motion
 * that was counted but whose result nobody said is kept without a result.
 */
function resolutionsOf(input: FormalInput, indices: readonly number[]) {
  const { sentences } = input;
  const resolutions: Resolution[] = [];
  const used = new Set<number>();
  let motion: number | undefined;
  let vote: Vote = {};
  let voted: number[] = [];
  let call: 'yes' | 'no' | 'abstain' | undefined;
  /** A motion's sentence → the sentence it goes on in. */
  const continued = new Map<number, number>();
  const close = (from: number, last: number | undefined, result: ResolutionResult | undefined) => {
    const cited = [from, ...voted, ...(last === undefined ? [] : [last])];
    const rest = continued.get(from);
    const said =
      rest === undefined
        ? sentences[from]!.text
        : `${sentences[from]!.text} ${sentences[rest]!.text}`;
    resolutions.push({
      text: wordingOf(said),
      ...(hasVote(vote) ? { vote } : {}),
      ...(result ? { result } : {}),
      start: sentences[from]!.start,
      citations: cite(...cited.map((k) => sentences[k]!)),
    });
    for (const k of cited) used.add(k);
    motion = undefined;
    vote = {};
    voted = [];
  };
  for (const i of indices) {
    const text = sentences[i]!.text.trim();
    const calling = CALLS.find((c) => c.pattern.test(text));
    if (calling && motion !== undefined) {
      call = calling.counts;
      voted.push(i);
      continue;
    }
    const answer = call ? COUNT_ANSWER.exec(text) : null;
    const counted = answer ? numberOf(answer[1]!) : undefined;
    if (call && counted !== undefined) {
      vote = { ...vote, [call]: counted };
      voted.push(i);
      call = undefined;
      continue;
    }
    call = undefined;
    if (text.endsWith('?')) continue;
    const stated = voteIn(text);
    const result = resultIn(text);
    if (PROPOSAL.test(text)) {
      // Put to the vote: what it says ("… are approved") is its wording, not its result.
      if (motion !== undefined && hasVote(vote)) close(motion, undefined, undefined);
      motion = i;
      vote = stated;
      voted = [];
    } else if (motion === i - 1 && continues(sentences[motion]!, sentences[i]!)) {
      // The motion's sentence went on in the engine's next passage.
      continued.set(motion, i);
      voted.push(i);
    } else if (result && (hasVote(stated) || motion !== undefined || CONCLUDES.test(text))) {
      vote = { ...vote, ...stated };
      close(motion ?? i, motion === undefined ? undefined : i, result);
    } else if (DECLARES.test(text)) {
      if (motion !== undefined && hasVote(vote)) close(motion, undefined, undefined);
      vote = stated;
      close(i, undefined, 'accepted');
    } else if (hasVote(stated) && motion !== undefined) {
      vote = { ...vote, ...stated };
      voted.push(i);
    }
  }
  if (motion !== undefined && hasVote(vote)) close(motion, undefined, undefined);
  return { resolutions, used };
}

/** The discussion of an item: its three most central sentences not used otherwise, in order. */
function discussionOf(input: FormalInput, indices: readonly number[], used: ReadonlySet<number>) {
  const { sentences, scores } = input;
  const pool = indices.filter((i) => {
    const text = sentences[i]!.text;
    return !used.has(i) && words(text).length >= 4 && !OPENS.test(text) && !CLOSES.test(text);
  });
  return [...pool]
    .sort((a, b) => scores[b]! - scores[a]! || a - b)
    .slice(0, 3)
    .sort((a, b) => a - b)
    .map((i) => clip(sentences[i]!.text, 300));
}

// ——— the head ———

const TIME = String.raw`(\d{1,2})(?:[:.](\d{2}))?\s*(?:Uhr|h|o'clock|(a\.?m\.?|p\.?m\.?))?`;
const AT_TIME = re(String.raw`(?<![\p{L}\d])(?:um|at|gegen)\s+${TIME}`);
const OPENS =
  /(?<![\p{L}])(?:eröffne|eröffnet|beginnen|Beginn\s+der\s+(?:Sitzung|Versammlung)|open(?:s|ed)?\s+the\s+meeting|call(?:s|ed)?\s+(?:the\s+meeting\s+)?to\s+order|start(?:s|ed)?\s+the\s+meeting)(?![\p{L}])/iu;
const CLOSES =
  /(?<![\p{L}])(?:schließe|schließt|beende|beendet|Ende\s+der\s+(?:Sitzung|Versammlung)|close(?:s|d)?\s+the\s+meeting|adjourn(?:s|ed)?|end(?:s|ed)?\s+the\s+meeting)(?![\p{L}])/iu;
const QUORUM_YES =
  /(?<![\p{L}])(?:beschlussfähig|quorum\s+is\s+(?:present|reached)|(?:we\s+)?have\s+a\s+quorum|are\s+quorate|is\s+quorate)(?![\p{L}])/iu;
const QUORUM_NO =
  /(?<![\p{L}])(?:nicht\s+beschlussfähig|beschlussunfähig|no\s+quorum|not\s+quorate|lack\s+a\s+quorum)(?![\p{L}])/iu;
const ONLINE =
  /(?<![\p{L}])(?:Videokonferenz|Telefonkonferenz|online|per\s+Video|video\s+call|video\s+conference|Teams-Sitzung|Zoom)(?![\p{L}])/iu;
const NAME = String.raw`((?:(?:Herr|Frau|Mr\.?|Ms\.?|Mrs\.?|Dr\.|Prof\.)\s+)*\p{Lu}[\p{L}-]+(?:\s+\p{Lu}[\p{L}-]+)?)`;
const NAMES = String.raw`(${NAME.slice(1, -1)}(?:\s*,\s*${NAME.slice(1, -1)})*(?:\s+(?:und|and)\s+${NAME.slice(1, -1)})?)`;
const KEEPER = [
  re(String.raw`(?:das\s+)?Protokoll\s+führt\s+(?:heute\s+)?${NAME}`),
  re(String.raw`${NAME}\s+führt\s+(?:heute\s+)?(?:das\s+)?Protokoll`),
  re(String.raw`Protokollführ(?:er|erin|ung)\s*(?:ist|hat|:)?\s*(?:heute\s+)?${NAME}`),
  re(String.raw`${NAME}\s+(?:is\s+)?tak(?:es|ing)\s+(?:the\s+)?minutes`),
  re(String.raw`minutes\s+(?:are|will\s+be)\s+taken\s+by\s+${NAME}`),
];
const KEEPER_SELF =
  /(?<![\p{L}])(?:ich\s+führe\s+(?:heute\s+)?(?:das\s+)?Protokoll|I(?:'ll|\s+will|\s+am)\s+(?:be\s+)?tak(?:e|ing)\s+(?:the\s+)?minutes)(?![\p{L}])/iu;
const CHAIR = [
  re(String.raw`(?:Sitzungsleitung|Versammlungsleitung)\s*(?:hat|übernimmt|ist|:)\s*${NAME}`),
  re(
    String.raw`${NAME}\s+(?:leitet|übernimmt)\s+(?:heute\s+)?die\s+(?:Sitzung|Versammlung|Sitzungsleitung|Versammlungsleitung)`,
  ),
  re(String.raw`${NAME}\s+(?:is\s+)?chair(?:s|ing)\s+(?:the\s+)?meeting`),
  re(String.raw`chaired\s+by\s+${NAME}`),
];
const PRESENT = re(
  String.raw`(?:anwesend\s+sind|present\s+are|in\s+attendance\s+are)\s*:?\s*${NAMES}`,
);
const EXCUSED = [
  re(
    String.raw`(?:entschuldigt\s+(?:sind|ist|haben\s+sich|hat\s+sich)|es\s+fehl(?:t|en)\s+entschuldigt|apologies\s+(?:from|have\s+been\s+received\s+from))\s*:?\s*${NAMES}`,
  ),
  re(
    String.raw`${NAMES}\s+(?:(?:hat|haben)\s+sich\s+entschuldigt|(?:ist|sind)\s+entschuldigt|lässt\s+sich\s+entschuldigen|lassen\s+sich\s+entschuldigen|sends?\s+(?:their|his|her)?\s*apologies|(?:is|are)\s+excused)`,
  ),
];
const GUESTS = [
  re(
    String.raw`(?:als\s+(?:Gast|Gäste)\s+(?:begrüße\s+ich|begrüßen\s+wir|sind|ist)(?:\s+heute)?|zu\s+Gast\s+(?:ist|sind)(?:\s+heute)?|as\s+(?:a\s+)?guests?\s+we\s+welcome|our\s+guests?\s+(?:is|are|today\s+(?:is|are)))\s*:?\s*${NAMES}`,
  ),
];
const PLACE = [
  re(
    String.raw`(?:tagen|treffen\s+uns|findet|sind)\s+(?:heute\s+)?(?:hier\s+)?(im|in\s+der|in\s+den|in)\s+((?:\p{Lu}[\p{L}-]*|\d+)(?:\s+(?:\p{Lu}[\p{L}-]*|\d+|der|des|am|im))*)`,
  ),
  re(
    String.raw`(?:we\s+(?:meet|are\s+meeting)|takes\s+place)\s+(?:today\s+)?(in|at)\s+(the\s+(?:[\p{L}\d-]+\s*){1,4})`,
  ),
];
const BODY = re(
  String.raw`(?:Sitzung|Versammlung|meeting)\s+(?:des|der|of\s+the)\s+((?:Betriebsrat(?:s|es)?|Eigentümergemeinschaft|Wohnungseigentümergemeinschaft|WEG|Vereins?|works\s+council|owners'?\s+association)(?:\s+(?!um\b|am\b|at\b|on\b)[\p{L}\d.-]+){0,4})`,
);
const DATE_DE = re(
  String.raw`(?:heute|am|vom|today)[^.]*?(?<!\d)(\d{1,2})\.\s?(?:(\d{1,2})\.|(${MONTHS_DE.join('|')}))\s?(\d{4})`,
);
const DATE_EN = re(
  String.raw`(?:today|on)[^.]*?(${MONTHS_EN.join('|')})\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})`,
);
const pad = (n: number) => String(n).padStart(2, '0');

function timeIn(text: string): string | undefined {
  const match = AT_TIME.exec(text);
  if (!match) return undefined;
  let hours = Number(match[1]);
  const minutes = match[2] ? Number(match[2]) : 0;
  if (match[3] && /p/i.test(match[3]) && hours < 12) hours += 12;
  if (match[3] && /a/i.test(match[3]) && hours === 12) hours = 0;
  if (hours > 23 || minutes > 59) return undefined;
  return `${pad(hours)}:${pad(minutes)}`;
}

function dateIn(text: string): string | undefined {
  const de = DATE_DE.exec(text);
  const en = de ? null : DATE_EN.exec(text);
  const [year, month, day] = de
    ? [Number(de[4]), de[2] ? Number(de[2]) : monthOf(MONTHS_DE, de[3]!), Number(de[1])]
    : en
      ? [Number(en[3]), monthOf(MONTHS_EN, en[1]!), Number(en[2])]
      : [0, 0, 0];
  return year ? isoDate(year, month, day) : undefined;
}

const TITLE = /^(?:Herr|Frau|Mr\.?|Ms\.?|Mrs\.?|Dr\.?|Prof\.?)$/u;

/**
 * A name as written: its capitalised words, without the lowercase ones a pattern took along
 * ("Frau Dr. Weber von" → "Frau Dr. Weber"; the patterns ignore case for their cue words).
 */
function properName(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const parts = raw.trim().split(/\s+/u);
  const capital = (word: string) => /^\p{Lu}/u.test(word);
  while (parts.length > 0 && !capital(parts[0]!)) parts.shift();
  const end = parts.findIndex((word) => !capital(word));
  const kept = end === -1 ? parts : parts.slice(0, end);
  // "Frau Dr" with the name cut off (an engine's passage ended at "Dr."): no name.
  if (kept.length === 0 || TITLE.test(kept.at(-1)!)) return undefined;
  return kept.join(' ');
}

/** The names of a list as said: "Frau Keller, Herr Yilmaz und Jonas Berg". */
function namesIn(list: string): string[] {
  return list
    .split(/\s*,\s*|\s+(?:und|and)\s+/u)
    .map(properName)
    .filter((name): name is string => name !== undefined && name.length > 1);
}

function headOf(input: FormalInput, items: readonly Range[]): MinutesHead {
  const { sentences, speakerNames } = input;
  const firstItem = Math.min(...items.map((item) => item.opener ?? item.indices[0] ?? Infinity));
  const sources: Partial<Record<HeadField, Citation[]>> = {};
  const head: MinutesHead = { present: [], excused: [], guests: [] };
  const set = <K extends HeadField>(field: K, value: MinutesHead[K], ...from: FormalSentence[]) => {
    if (value === undefined || (Array.isArray(value) && value.length === 0)) return;
    if (head[field] !== undefined && !Array.isArray(head[field])) return;
    (head as Record<string, unknown>)[field] = Array.isArray(value)
      ? [...new Set([...(head[field] as string[]), ...value])]
      : value;
    sources[field] = [...(sources[field] ?? []), ...cite(...from)];
  };
  const named = (label: string) => speakerNames[label]?.trim() || undefined;
  for (const sentence of sentences) {
    const { text } = sentence;
    // The opening: what was said before the first agenda item (at least the first sentences).
    const early = sentence.index < firstItem || sentence.index < 12;
    if (OPENS.test(text)) {
      set('start_time', timeIn(text), sentence);
      // Who opens the meeting leads it, when the speaker is named.
      set('chair', named(sentence.speaker), sentence);
    }
    if (CLOSES.test(text) && !early) set('end_time', timeIn(text), sentence);
    for (const pattern of CHAIR) set('chair', properName(pattern.exec(text)?.[1]), sentence);
    for (const pattern of KEEPER) set('keeper', properName(pattern.exec(text)?.[1]), sentence);
    if (KEEPER_SELF.test(text)) set('keeper', named(sentence.speaker), sentence);
    if (QUORUM_NO.test(text)) set('quorum', false, sentence);
    else if (QUORUM_YES.test(text)) set('quorum', true, sentence);
    if (!early) continue;
    const body = BODY.exec(text)?.[1];
    if (body) set('body', body.replace(/^Betriebsrat(?:s|es)\b/iu, 'Betriebsrat'), sentence);
    set('date', dateIn(text), sentence);
    const present = PRESENT.exec(text)?.[1];
    if (present) set('present', namesIn(present), sentence);
    for (const pattern of EXCUSED) {
      const list = pattern.exec(text)?.[1];
      if (list) set('excused', namesIn(list), sentence);
    }
    for (const pattern of GUESTS) {
      const list = pattern.exec(text)?.[1];
      if (list) set('guests', namesIn(list), sentence);
    }
    for (const pattern of PLACE) {
      const match = pattern.exec(text);
      if (match && !ONLINE.test(match[2]!)) set('place', match[2]!.trim(), sentence);
    }
    if (ONLINE.test(text) && head.online === undefined) {
      head.online = true;
      sources.place = [...(sources.place ?? []), ...cite(sentence)];
    }
  }
  // Who spoke and has a name was there, unless they were said to be a guest.
  const spoke = new Map<string, FormalSentence>();
  for (const s of sentences) if (named(s.speaker) && !spoke.has(s.speaker)) spoke.set(s.speaker, s);
  for (const [label, first] of spoke) {
    const name = named(label)!;
    if (!head.guests.includes(name) && !head.present.includes(name)) set('present', [name], first);
  }
  head.excused = head.excused.filter((name) => !head.present.includes(name));
  const kept = HEAD_FIELDS.filter((field) => sources[field]?.length);
  if (kept.length > 0) head.sources = Object.fromEntries(kept.map((f) => [f, sources[f]!]));
  return head;
}

/** The formal minutes of a transcript (the extractive path). */
export function formalMinutes(input: FormalInput): FormalMinutes {
  const { sentences } = input;
  const ranges = agendaRanges(input);
  const items: AgendaItem[] = ranges.map((range) => {
    const { resolutions, used } = resolutionsOf(input, range.indices);
    const tasks: FormalTask[] = [];
    for (const i of range.indices) {
      const sentence = sentences[i]!;
      if (used.has(i)) continue;
      const task = input.task(sentence);
      if (!task) continue;
      used.add(i);
      tasks.push({ ...task, start: sentence.start, citations: cite(sentence) });
    }
    if (range.opener !== undefined) used.add(range.opener);
    const first = range.indices[0];
    return {
      number: range.number,
      title: range.title,
      start: first === undefined ? 0 : sentences[first]!.start,
      discussion: discussionOf(input, range.indices, used),
      resolutions,
      tasks,
    };
  });
  return {
    head: headOf(input, ranges),
    ...(input.agenda?.length ? { agenda_given: true } : {}),
    items,
  };
}

/**
 * The agenda item a task of the summary's list was given under: the one holding a task of the
 * same wording and passage (the list may have been edited since, so it is looked up, not assumed).
 */
export function itemOfTask(
  formal: FormalMinutes,
  task: Pick<Summary['action_items'][number], 'task' | 'start'>,
): FormalMinutes['items'][number] | undefined {
  return formal.items.find((item) =>
    item.tasks.some((given) => given.task === task.task && given.start === task.start),
  );
}

/** Formal minutes' resolutions as every summary's `decisions` (search and the lists read these). */
export function decisionsOf(formal: FormalMinutes): Summary['decisions'] {
  return formal.items.flatMap((item) =>
    item.resolutions.map((r) => ({ text: r.text, start: r.start })),
  );
}

/**
 * The summary of a formal type: its formal part, and the lists every summary has made from it
 * (items as topics, resolutions as decisions, tasks as action items), so search, the notes list
 * and the exports' common sections read it as any summary.
 */
export function formalSummary(
  formal: FormalMinutes,
  words: { title: string | undefined; overview: string },
  options: { structure: FormalStructure; language: string },
): Summary {
  const { head, items } = formal;
  const named = head.body ?? head.date;
  return {
    title: clip([words.title, named].filter(Boolean).join(': '), 120),
    overview: words.overview,
    topics: items.map((item) => ({
      title: item.title,
      ...(item.discussion.length ? { text: clip(item.discussion.join(' '), 500) } : {}),
      start: item.start,
    })),
    decisions: decisionsOf(formal),
    action_items: items.flatMap((item) =>
      item.tasks.map(({ citations: _citations, ...task }) => task),
    ),
    generator: 'extractive',
    structure: options.structure,
    language: options.language,
    formal,
  };
}

/** Whether two resolutions say the same: most of the shorter one's words are in the other. */
function sameResolution(a: string, b: string): boolean {
  const mine = words(a).filter((w) => w.length > 3);
  const theirs = new Set(words(b).filter((w) => w.length > 3));
  const shorter = Math.min(mine.length, theirs.size);
  if (shorter === 0) return normaliseText(a) === normaliseText(b);
  return mine.filter((w) => theirs.has(w)).length >= Math.ceil(shorter * 0.6);
}

/**
 * The resolutions a language model names that the rules did not find, added to the item they
 * were said in. Each is checked like any citation: its wording must occur in the passage its time
 * points to (or the next), so a model's paraphrase or invention stands "ohne Beleg".
 */
export function withModelResolutions(
  formal: FormalMinutes,
  decisions: readonly { text: string; start: number }[],
  segments: readonly Segment[],
): FormalMinutes {
  const items = formal.items.map((item) => ({ ...item, resolutions: [...item.resolutions] }));
  if (items.length === 0) return formal;
  const found = items.flatMap((item) => item.resolutions.map((r) => r.text));
  for (const decision of decisions) {
    const text = decision.text.trim();
    if (!text || found.some((known) => sameResolution(text, known))) continue;
    found.push(text);
    let at = segments.findIndex(
      (s, i) => s.start <= decision.start && (segments[i + 1]?.start ?? Infinity) > decision.start,
    );
    if (at < 0) at = 0;
    // Its own passage, or (a sentence the engine cut in two) that passage and the next.
    const alone = checkedCitations([{ segment: at }], segments, text);
    const citations =
      alone.length > 0
        ? alone
        : checkedCitations([{ segment: at }, { segment: at + 1 }], segments, text);
    const item =
      [...items].reverse().find((candidate) => candidate.start <= decision.start) ?? items[0]!;
    item.resolutions.push({ text, start: decision.start, citations });
  }
  return { ...formal, items };
}

// ——— checking citations ———

/**
 * Keeps the citations that hold: the segment exists in the transcript (and, with a `quote`, the
 * quoted words occur in the cited segments). An item left with none is shown "ohne Beleg".
 */
export function checkedCitations(
  citations: readonly { segment: number; start?: number | undefined }[],
  segments: readonly Segment[],
  quote?: string,
): Citation[] {
  const valid = citations.filter(
    (c) => Number.isInteger(c.segment) && c.segment >= 0 && c.segment < segments.length,
  );
  if (quote !== undefined) {
    const said = normaliseText(valid.map((c) => segments[c.segment]!.text).join(' '));
    const quoted = normaliseText(quote);
    if (!quoted || !said.includes(quoted)) return [];
  }
  const seen = new Set<number>();
  return valid
    .filter((c) => !seen.has(c.segment) && seen.add(c.segment))
    .map((c) => ({ segment: c.segment, start: within(c.start, segments[c.segment]!) }))
    .sort((a, b) => a.segment - b.segment);
}

/** A cited second inside its passage (a sentence's own start), else the passage's start. */
function within(start: number | undefined, segment: Segment): number {
  return start !== undefined && start >= segment.start - 0.1 && start <= segment.end
    ? start
    : segment.start;
}
