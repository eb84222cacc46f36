import type { Locale, NoteDetail } from '@protokoll/contract';
import { interpolate } from '../lib/locale-files.ts';
import type { Wording } from './wording.ts';

// The parts of an export's sections that content.ts and structure.ts both build with.

/** A list entry: an optional lead in bold (a topic's title), its text and a detail line. */
export interface ListItem {
  lead?: string;
  text: string;
  /** Action items: "Verantwortlich: Erika · Fällig: 14.03.2025". */
  details?: string;
  /** Set apart from the list around it (a resolution of formal minutes, with its vote). */
  setApart?: boolean;
}

/** An interview's question with its answer. */
export interface QaPair {
  question: string;
  answer: string;
}

export type Section =
  | { kind: 'paragraphs'; heading: string; notice?: string; paragraphs: string[] }
  | {
      kind: 'list';
      heading: string;
      items: ListItem[];
      /** PDF and DOCX show it as a table of two columns, lead and text (the head of minutes). */
      layout?: 'table';
    }
  | { kind: 'qa'; heading: string; pairs: QaPair[] };

/** `HH:MM:SS`, whole seconds; hours keep counting past 99 rather than wrapping. */
export function clock(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return [h, m, s].map((part) => String(part).padStart(2, '0')).join(':');
}

// Dates are stored in UTC and shown in UTC: the server does not know the reader's time zone, and
// the same note must export the same way on every server.
export function formatDate(iso: string, locale: Locale, style: 'long' | 'medium'): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: style, timeZone: 'UTC' }).format(
    new Date(iso),
  );
}

/** `YYYY-MM-DD` becomes a local date; anything else ("nächste Woche") is shown as said. */
export function formatDue(due: string, locale: Locale): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(due) ? formatDate(`${due}T00:00:00Z`, locale, 'medium') : due;
}

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
