import {
  summaryWithSpeakerNames,
  type DownloadFormat,
  type Locale,
  type NoteDesign,
  type NoteDetail,
} from '@protokoll/contract';
import type { ExportApproval } from './approval.ts';
import { buildExportDocument, transcriptLines } from './content.ts';
import { renderDocx } from './docx.ts';
import { renderJson } from './json.ts';
import { renderPdf } from './pdf.ts';
import { renderSrt, renderVtt } from './subtitles.ts';
import { renderMarkdown, renderText } from './text.ts';
import { loadWording } from './wording.ts';

export interface RenderedExport {
  data: Uint8Array;
  filename: string;
  contentType: string;
}

export interface ExportOptions {
  /** The config's `localesDir`; defaults to the repository's locales/. */
  localesDir?: string;
  /** The look of a DOCX or PDF chosen at download; the note's own `design` when absent. */
  design?: NoteDesign | undefined;
  /** Formal minutes: the version exported (its signatures, hash and attendance page), or a draft. */
  approval?: ExportApproval | undefined;
}

/** Text formats say their charset: several desktop editors guess Latin-1 without it. */
export const exportContentTypes: Record<DownloadFormat, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
  md: 'text/markdown; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  srt: 'application/x-subrip; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** Code points, not bytes: a name of umlauts stays well under the usual 255-byte file name limit. */
const FILENAME_MAX_LENGTH = 120;

/**
 * The note's name as a file name: umlauts and ß kept, path separators, control characters and
 * the characters Windows refuses (`<>:"|?*`) removed, no leading or trailing dots or spaces;
 * `note` when nothing is left (the default download name, docs/uploads.md#exports).
 */
export function exportFilename(name: string, format: DownloadFormat | 'csv'): string {
  const base = [
    ...name
      .normalize('NFC')
      .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}/\\<>:"|?*]/gu, ' ')
      .replace(/\s+/g, ' ')
      .replace(/^[\s.]+|[\s.]+$/g, ''),
  ]
    .slice(0, FILENAME_MAX_LENGTH)
    .join('')
    .replace(/[\s.]+$/, '');
  return `${base || 'note'}.${format}`;
}

const encode = (text: string) => new TextEncoder().encode(text);

/**
 * One note as a file in one of the seven download formats, its headings in `locale`. Pure apart
 * from reading the locale file: the caller has already loaded (and owner-checked) the note.
 */
export async function renderExport(
  format: DownloadFormat,
  note: NoteDetail,
  locale: Locale,
  options: ExportOptions = {},
): Promise<RenderedExport> {
  // Named speakers read by name in the summary too ("Verantwortlich: Erika"), in every format.
  note = { ...note, summary: summaryWithSpeakerNames(note.summary, note.speaker_names) };
  const filename = exportFilename(note.name, format);
  const contentType = exportContentTypes[format];
  if (format === 'json') return { data: encode(renderJson(note)), filename, contentType };

  const wording = await loadWording(locale, options.localesDir);
  let data: Uint8Array;
  switch (format) {
    case 'srt':
      data = encode(renderSrt(transcriptLines(note, wording)));
      break;
    case 'vtt':
      data = encode(renderVtt(transcriptLines(note, wording)));
      break;
    case 'md':
      data = encode(renderMarkdown(buildExportDocument(note, locale, wording, options.approval)));
      break;
    case 'txt':
      data = encode(renderText(buildExportDocument(note, locale, wording, options.approval)));
      break;
    case 'docx':
      data = await renderDocx(
        buildExportDocument(note, locale, wording, options.approval),
        options.design ?? note.design,
        note.updated_at,
      );
      break;
    case 'pdf':
      data = await renderPdf(
        buildExportDocument(note, locale, wording, options.approval),
        options.design ?? note.design,
        note.updated_at,
      );
      break;
  }
  return { data, filename, contentType };
}
