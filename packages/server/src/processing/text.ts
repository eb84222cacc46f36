// Small text helpers the merge, clean and summary steps share. Rule-based and deterministic.

/** Lower case, letters and digits only, single spaces: what "the same words" means for matching. */
export function normaliseText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The words of `text`, normalised. */
export function words(text: string): string[] {
  const normalised = normaliseText(text);
  return normalised ? normalised.split(' ') : [];
}

/** German and English function words: no help in telling sentences or topics apart. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `aber alle allem allen aller alles als also am an ander andere anderen auch auf aus bei beim bin
  bis bist da dabei dafür damit dann darauf darum das dass dein deine dem den denn der des dessen
  deshalb die dies diese diesem diesen dieser dieses doch dort du durch ein eine einem einen einer
  eines einfach er es etwa etwas euch euer eure für gab ganz gar gegen gehabt gehen geht gewesen
  gibt gut habe haben hat hatte hatten hier hin hinter ich ihm ihn ihnen ihr ihre im immer in ins
  ist ja jede jedem jeden jeder jedes jetzt kann kannst kein keine können könnte mal man mehr mein
  meine mich mir mit muss müssen nach nein nicht nichts noch nun nur ob oder ohne schon sehr sein
  seine sich sie sind so soll sollen sollte sondern sonst über um und uns unser unsere unter viel
  vom von vor war waren warum was weil welche wenn wer werde werden wie wieder will wir wird wirst
  wo wollen wurde würde zu zum zur zwar zwischen äh ähm hm okay genau eben halt mal gerade
  a about above after again all also am an and any are as at be because been before being below
  between both but by can could did do does doing down during each few for from further had has
  have having he her here hers him his how i if in into is it its itself just let me more most my
  no nor not now of off on once only or other our ours out over own same she should so some such
  than that the their theirs them then there these they this those through to too under until up
  very was we were what when where which while who whom why will with would you your yours yeah
  yes ok okay uh um like really think going get got thing things well right know
  woche wochen monat monate tag tage jahr heute morgen gestern uhr montag dienstag mittwoch
  donnerstag freitag samstag sonntag danke zusammen week weeks month months day days year today
  tomorrow yesterday monday tuesday wednesday thursday friday saturday sunday thanks`.split(/\s+/),
);

/** Content words: normalised, no stop words, no one-letter tokens. */
export function contentWords(text: string): string[] {
  return words(text).filter((word) => word.length > 1 && !STOP_WORDS.has(word));
}

const germanMarkers = new Set(
  'und der die das ist nicht wir ich sie es ein eine zu mit auf für den dem auch sich dass bis'.split(
    ' ',
  ),
);
const englishMarkers = new Set(
  'the and is are we i you it to of that this for with on will be not have by'.split(' '),
);

/** `de` or `en` by function words, or undefined when neither shows up. */
export function guessLanguage(text: string): 'de' | 'en' | undefined {
  let de = 0;
  let en = 0;
  for (const word of words(text)) {
    if (germanMarkers.has(word)) de++;
    if (englishMarkers.has(word)) en++;
  }
  if (de === en) return undefined;
  return de > en ? 'de' : 'en';
}

/** The primary subtag: `de-AT` → `de`. */
export function baseLanguage(code: string | undefined): string | undefined {
  return code ? code.toLowerCase().split(/[-_]/)[0] : undefined;
}

// Abbreviations and single letters ("z. B.") whose period does not end a sentence.
const abbreviation =
  /(?:^|[^\p{L}])(?:\p{L}|bzw|ca|usw|etc|vgl|ggf|evtl|inkl|bspw|Nr|Dr|Prof|Hr|Fr|Mr|Mrs|Ms|St|vs|Abs|Art)\.$/iu;
// "am 15. März", "am 3.4.": after a number the period ends a sentence only before a new one.
const continuesDate =
  /^\s*(?:\d|\p{Ll}|(?:Jan|Feb|Mär|Apr|Mai|Jun|Jul|Aug|Sep|Okt|Nov|Dez)\p{L}*)/u;

/** Splits running text into sentences; keeps each sentence's character offset. */
export function splitSentences(text: string): { text: string; offset: number }[] {
  const sentences: { text: string; offset: number }[] = [];
  const pattern = /[^.!?…]*(?:[.!?…]+["'»«“”)]*|$)/gu;
  let pending = '';
  let pendingOffset = 0;
  for (const match of text.matchAll(pattern)) {
    const piece = match[0];
    if (!piece) continue;
    if (!pending.trim()) {
      pending = '';
      pendingOffset = match.index + (piece.length - piece.trimStart().length);
    }
    pending += piece;
    const trimmed = pending.trim();
    const rest = text.slice(match.index + piece.length);
    if (rest.trim() && trimmed.endsWith('.')) {
      if (abbreviation.test(trimmed)) continue;
      if (/\d\.$/.test(trimmed) && continuesDate.test(rest)) continue;
    }
    if (trimmed) sentences.push({ text: trimmed, offset: pendingOffset });
    pending = '';
  }
  return sentences;
}

/** `[mm:ss]` marker text: minutes are not wrapped at an hour (`75:10`), so it stays one format. */
export function formatTimestamp(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(total / 60);
  return `${String(minutes).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** Seconds from `mm:ss`, `hh:mm:ss`, `[mm:ss]` or a number (or numeric string) of seconds. */
export function parseTimestamp(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim().replace(/^\[|\]$/g, '');
  if (/^\d+(?:\.\d+)?$/.test(text)) return Number(text);
  const match = /^(?:(\d+):)?(\d+):(\d{1,2}(?:\.\d+)?)$/.exec(text);
  if (!match) return undefined;
  const [, hours = '0', minutes = '0', secs = '0'] = match;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(secs);
}

/** At most `max` characters, cut at a word with "…". */
export const clip = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;

export const MONTHS_DE = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
] as const;
export const MONTHS_EN = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** A month's number (1–12) by its name in `months`, any case; 0 for none. */
export const monthOf = (months: readonly string[], name: string) =>
  months.findIndex((month) => month.toLowerCase() === name.toLowerCase()) + 1;

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` of a day that exists, else undefined (a 30th of February). */
export function isoDate(year: number, month: number, day: number): string | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1) return undefined;
  return `${year}-${pad(month)}-${pad(day)}`;
}
