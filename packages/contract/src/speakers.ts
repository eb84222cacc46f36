import type { Summary } from './notes.ts';

/** Speaker label → the name the user gave it (`{ S1: 'Erika' }`), as `speaker_names` holds it. */
export type SpeakerNames = Readonly<Record<string, string>>;

/**
 * How a summary may refer to a numbered speaker besides its label: the summary is written before
 * anyone is named, from a transcript whose lines start with `S1`, and a model sometimes spells
 * the label out in the note's language.
 */
const NUMBERED_SPEAKER_WORDS = ['Sprecher', 'Sprecherin', 'Speaker'];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** One spelling: lower case, runs of white space as one space. */
const spelling = (text: string) => text.toLowerCase().replace(/\s+/g, ' ');

/**
 * Writes the names the user gave the speakers into a text of the summary
 * (docs/uploads.md#exports): `S1` (and `Sprecher 1` / `Speaker 1`) become the name given to
 * `S1`, whole words only (`S1` is not part of `S10`, `PS1` or `S1-Bahn`), so an owner written as
 * "S1 / S2" reads "Erika / Jonas". Speakers without a name stay as written. One pass: a name
 * that looks like a label is not renamed again.
 */
export function nameSpeakers(text: string, names: SpeakerNames): string {
  const byAlias = new Map<string, string>();
  for (const [label, rawName] of Object.entries(names)) {
    const name = rawName.trim();
    if (!name || !label.trim()) continue;
    byAlias.set(spelling(label.trim()), name);
    const number = /^S(\d+)$/i.exec(label.trim())?.[1];
    if (number) {
      for (const word of NUMBERED_SPEAKER_WORDS)
        byAlias.set(spelling(`${word} ${Number(number)}`), name);
    }
  }
  if (byAlias.size === 0 || !text) return text;
  // Longest first, so `Sprecherin 1` wins over a shorter alias inside it.
  const aliases = [...byAlias.keys()]
    .sort((a, b) => b.length - a.length)
    .map((alias) => escapeRegExp(alias).replace(/ /g, '\\s+'));
  // Not inside a word, nor the first part of a compound: "S1-Bahn" is a train, not a speaker.
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}_-])(?:${aliases.join('|')})(?![\\p{L}\\p{N}_]|-[\\p{L}\\p{N}])`,
    'giu',
  );
  return text.replace(pattern, (match) => byAlias.get(spelling(match)) ?? match);
}

/** Every text of `value` (strings in objects and arrays, at any depth) through `rename`. */
function mapTexts(value: unknown, rename: (text: string) => string): unknown {
  if (typeof value === 'string') return rename(value);
  if (Array.isArray(value)) return value.map((item) => mapTexts(item, rename));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, mapTexts(item, rename)]),
    );
  }
  return value;
}

/**
 * The summary as the reader and every export show it: each of its texts (overview, topics,
 * decisions, action items with their owners, and whatever parts a note structure adds) with the
 * speakers' names written in by `nameSpeakers`. `generator` is a value, not text, and stays.
 */
export function summaryWithSpeakerNames<S extends Summary | null>(
  summary: S,
  names: SpeakerNames,
): S {
  if (!summary || Object.keys(names).length === 0) return summary;
  const { generator, ...texts } = summary;
  return {
    ...(mapTexts(texts, (text) => nameSpeakers(text, names)) as Omit<Summary, 'generator'>),
    generator,
  } as S;
}
