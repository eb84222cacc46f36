// Speaker names suggested from the transcript (docs/product.md#glossary). A module of its own,
// without zod: the reader imports it, and the glossary's schemas stay out of the notes pages.
import type { Segment } from './notes.ts';

/** A name the transcript suggests for a speaker: someone addressed them by it. */
export interface SpeakerSuggestion {
  speaker: string;
  name: string;
  /** The line it was read from. */
  index: number;
  /** The words that suggest it ("Danke, Anna"). */
  evidence: string;
}

const NAME = String.raw`(\p{Lu}[\p{Ll}]+(?:-\p{Lu}[\p{Ll}]+)?)`;
/**
 * "Danke, Anna." / "Vielen Dank, Anna!" / "Thanks, Anna." as the first words of a line: said to
 * the one who spoke before.
 */
const THANKS = new RegExp(
  String.raw`^\s*(?:[Dd]anke(?:\s+schön)?|[Dd]ankeschön|[Vv]ielen\s+[Dd]ank|[Tt]hanks|[Tt]hank\s+you)\s*,?\s+${NAME}(?=\s*(?:[.!,;]|$))`,
  'u',
);
/** "Anna, was meinst du?" / "Anna, what do you think?" starting a line: asks the one after. */
const ASKS = new RegExp(String.raw`^\s*${NAME}\s*,\s+[^?.!]{0,80}\?`, 'u');
/** Words that look like a name in these places but are none. */
const NOT_NAMES = new Set(
  [
    'Ja',
    'Nein',
    'Also',
    'Gut',
    'Okay',
    'Ok',
    'Genau',
    'Sehr',
    'Herr',
    'Frau',
    'Leute',
    'Alle',
    'Euch',
    'Ihnen',
    'Dir',
    'Sie',
    'Du',
    'Ihr',
    'Wir',
    'Und',
    'Aber',
    'So',
    'Na',
    'Hallo',
    'Yes',
    'No',
    'Well',
    'Right',
    'Everyone',
    'All',
    'Guys',
    'You',
    'So',
    'And',
    'But',
    'Hi',
  ].map((word) => word.toLowerCase()),
);

/**
 * Names the transcript suggests for its speakers (docs/product.md#glossary). A line ending in
 * "Danke, Anna" right after a change of speaker names the speaker before it (the one thanked for
 * what they said); a line starting "Anna, was meinst du?" right before a change names the speaker
 * who answers. Never the line's own speaker; one suggestion per speaker (the name read most
 * often, then the first); none for a speaker already named, nor a name already given to someone.
 * Suggestions only: the user accepts each one.
 */
export function suggestSpeakerNames(
  segments: readonly Segment[],
  names: Readonly<Record<string, string>> = {},
): SpeakerSuggestion[] {
  const found = new Map<string, Map<string, SpeakerSuggestion & { count: number }>>();
  const given = new Set(Object.values(names).map((name) => name.trim().toLowerCase()));
  const add = (
    speaker: string | undefined,
    own: string,
    name: string,
    index: number,
    evidence: string,
  ) => {
    if (!speaker || speaker === own || names[speaker]?.trim()) return;
    if (NOT_NAMES.has(name.toLowerCase()) || given.has(name.toLowerCase())) return;
    const byName = found.get(speaker) ?? new Map();
    found.set(speaker, byName);
    const seen = byName.get(name);
    if (seen) seen.count++;
    else byName.set(name, { speaker, name, index, evidence: evidence.trim(), count: 1 });
  };
  segments.forEach((segment, index) => {
    const previous = segments[index - 1];
    const next = segments[index + 1];
    const thanks = THANKS.exec(segment.text);
    if (thanks && previous && previous.speaker !== segment.speaker) {
      add(
        previous.speaker,
        segment.speaker,
        thanks[1]!,
        index,
        `${thanks[0].trim()}${
          segment.text
            .slice(thanks[0].length)
            .match(/^\s*[.!]/)?.[0]
            .trim() ?? ''
        }`,
      );
    }
    const asks = ASKS.exec(segment.text);
    if (asks && next && next.speaker !== segment.speaker) {
      add(next.speaker, segment.speaker, asks[1]!, index, asks[0]);
    }
  });
  const suggestions: SpeakerSuggestion[] = [];
  const taken = new Set<string>();
  for (const byName of found.values()) {
    const best = [...byName.values()].sort((a, b) => b.count - a.count || a.index - b.index)[0];
    if (!best || taken.has(best.name)) continue;
    taken.add(best.name);
    const { count: _count, ...suggestion } = best;
    suggestions.push(suggestion);
  }
  return suggestions.sort((a, b) => a.speaker.localeCompare(b.speaker, 'en', { numeric: true }));
}
