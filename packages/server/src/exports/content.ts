import type { Locale, NoteDetail, Segment } from '@protokoll/contract';
import {
  clock,
  formatDate,
  formatDue,
  speakerName,
  tidy,
  type ListItem,
  type QaPair,
  type Section,
} from './sections.ts';
import {
  approvalFooter,
  approvalSections,
  attendanceSheet,
  extractItems,
  type AttendanceSheet,
  type ExportApproval,
} from './approval.ts';
import { interpolate } from '../lib/locale-files.ts';
import { formalOf } from './formal.ts';
import { extractiveNotice, structureSections } from './structure.ts';
import type { Wording } from './wording.ts';

export { clock, speakerName, tidy, type ListItem, type QaPair, type Section };

/** One label/value pair of the line under the title (date, duration, language). */
export interface MetaItem {
  label: string;
  value: string;
}

/** One transcript passage, speaker already shown by name. */
export interface TranscriptLine {
  start: number;
  end: number;
  /** `HH:MM:SS` of `start`. */
  time: string;
  speaker: string;
  text: string;
}

/**
 * Everything a document export shows, translated and formatted once, so DOCX, PDF, Markdown and
 * TXT cannot drift apart in content; they differ only in layout.
 */
export interface ExportDocument {
  locale: Locale;
  title: string;
  /** The summary's own title when it says more than the note's name. */
  subtitle: string | null;
  meta: MetaItem[];
  /** Summary sections in reading order; empty lists are left out. */
  sections: Section[];
  /** Empty when the transcript was not kept. */
  transcript: TranscriptLine[];
  transcriptHeading: string;
  /** Formal minutes: their version and its hash, or that they are a draft, on every page. */
  footer?: string;
  /** Formal minutes of a Betriebsrat: the attendance list, a page of its own at the end. */
  attendance?: AttendanceSheet;
  wording: Wording;
}

/** Segments in time order: the only order in which subtitles are valid. */
export function keptSegments(note: NoteDetail): Segment[] {
  // `transcribe: false` means the user chose to keep no transcript: none leaves the server.
  if (!note.transcribe) return [];
  return [...note.segments].sort((a, b) => a.start - b.start || a.end - b.end);
}

/** The transcript lines of a note, renamed speakers applied; empty text is skipped. */
export function transcriptLines(note: NoteDetail, wording: Wording): TranscriptLine[] {
  return keptSegments(note)
    .map((segment) => ({
      start: segment.start,
      end: segment.end,
      time: clock(segment.start),
      speaker: speakerName(note, segment.speaker, wording),
      // Line breaks inside a passage carry no meaning in a transcript and would break subtitles.
      text: tidy(segment.text).replace(/\s+/g, ' '),
    }))
    .filter((line) => line.text !== '');
}

function languageName(code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames(locale, { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function paragraphs(text: string): string[] {
  return text
    .normalize('NFC')
    .split(/\n\s*\n/)
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

export function buildExportDocument(
  note: NoteDetail,
  locale: Locale,
  wording: Wording,
  approval?: ExportApproval,
): ExportDocument {
  const meta: MetaItem[] = [
    { label: wording.date, value: formatDate(note.created_at, locale, 'long') },
  ];
  if (note.duration_seconds !== null) {
    meta.push({ label: wording.duration, value: clock(note.duration_seconds) });
  }
  // `auto` is what the user chose, not what was spoken; the note is written in summary_language.
  const language = note.language === 'auto' ? note.summary_language : note.language;
  meta.push({ label: wording.language, value: languageName(language, locale) });

  const title = tidy(note.name) || tidy(note.file_name);
  const sections: Section[] = [];
  const summary = note.summary;
  if (!summary) {
    sections.push({
      kind: 'paragraphs',
      heading: wording.summary,
      paragraphs: [wording.noSummary],
    });
  } else {
    sections.push(
      approval?.extract
        ? // An extract: the overview speaks of the whole meeting, so it is left out with the rest.
          {
            kind: 'paragraphs',
            heading: wording.extract,
            paragraphs: [
              interpolate(wording.extractNotice, {
                items: extractItems(approval.extract, wording),
              }),
            ],
          }
        : {
            kind: 'paragraphs',
            heading: wording.summary,
            ...(summary.generator === 'extractive'
              ? { notice: extractiveNotice(summary, locale, wording) }
              : {}),
            paragraphs: paragraphs(summary.overview),
          },
    );
    const topics = summary.topics.map((topic) => {
      const text = topic.text ? tidy(topic.text) : '';
      return text ? { lead: tidy(topic.title), text } : { text: tidy(topic.title) };
    });
    const decisions = summary.decisions.map((decision) => ({ text: tidy(decision.text) }));
    const actionItems = summary.action_items.map((item) => {
      const details = [
        // Marked done by hand (docs/product.md#editing-the-summary).
        item.done ? wording.done : '',
        item.owner?.trim() ? `${wording.owner}: ${tidy(item.owner)}` : '',
        item.due?.trim() ? `${wording.due}: ${formatDue(tidy(item.due), locale)}` : '',
      ].filter(Boolean);
      return { text: tidy(item.task), ...(details.length ? { details: details.join(' · ') } : {}) };
    });
    sections.push(
      ...structureSections(note, summary, { topics, decisions, actionItems }, wording, locale),
    );
  }

  const formal = approval ? formalOf(note) : undefined;
  if (approval && formal) sections.push(...approvalSections(approval, locale, wording));
  // An extract is given to someone who attended a part: no attendance list, no transcript.
  const attendance =
    formal && !approval?.extract && attendanceSheet(formal.structure, formal.formal.head, wording);
  const subtitle = summary ? tidy(summary.title) : '';
  return {
    locale,
    title,
    subtitle: subtitle && subtitle !== title ? subtitle : null,
    meta,
    sections,
    transcript: approval?.extract ? [] : transcriptLines(note, wording),
    transcriptHeading: wording.transcript,
    ...(approval && formal ? { footer: approvalFooter(approval, wording) } : {}),
    ...(attendance ? { attendance } : {}),
    wording,
  };
}

/** "Datum: 3. März 2025 · Dauer: 00:42:10 · Sprache: Deutsch". */
export function metaLine(doc: ExportDocument): string {
  return doc.meta.map((item) => `${item.label}: ${item.value}`).join(' · ');
}
