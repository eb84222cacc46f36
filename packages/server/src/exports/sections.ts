import type { NoteDetail } from '@protokoll/contract';
import { interpolate } from '../lib/locale-files.ts';
import type { Wording } from './wording.ts';

// The parts of an export's sections that content.ts and structure.ts both build with.

/** A list entry: an optional lead in bold (a topic's title), its text and a detail line. */
export interface ListItem {
  lead?: string;
  text: string;
  /** Action items: "Verantwortlich: Erika · Fällig: 14.03.2025". */
  details?: string;
}

/** An interview's question with its answer. */
export interface QaPair {
  question: string;
  answer: string;
}

export type Section =
  | { kind: 'paragraphs'; heading: string; notice?: string; paragraphs: string[] }
  | { kind: 'list'; heading: string; items: ListItem[] }
  | { kind: 'qa'; heading: string; pairs: QaPair[] };

/**
 * Stored text may arrive decomposed (macOS file names, some STT engines): "ö" as o + U+0308. NFC
 * keeps umlauts single characters, which the PDF standard fonts and text search both need.
 */
export function tidy(text: string): string {
  return text.normalize('NFC').trim();
}

/** The name shown for a speaker label: the user's rename, else "Sprecher 2" for `S2`. */
export function speakerName(note: NoteDetail, label: string, wording: Wording): string {
  const renamed = note.speaker_names[label]?.trim();
  if (renamed) return tidy(renamed);
  const numbered = /^S(\d+)$/.exec(label);
  if (numbered) return interpolate(wording.speaker, { number: Number(numbered[1]) });
  return tidy(label);
}
