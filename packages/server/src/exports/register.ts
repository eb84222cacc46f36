// A Gremium's Beschluss-Sammlung as a file (docs/formal-minutes.md#registers): PDF, one section
// per year with every entry by its number (wording, date and place, agenda item, vote, the minutes
// and version it came from, struck entries marked), or CSV for a spreadsheet (semicolons and a
// byte-order mark, as German Excel reads them).
import type { FolderRegisters, Locale, RegisterResolution } from '@protokoll/contract';
import { stringify } from 'csv-stringify/sync';
import { interpolate } from '../lib/locale-files.ts';
import type { ExportDocument } from './content.ts';
import { voteText } from './formal.ts';
import { exportFilename, type RenderedExport } from './index.ts';
import { renderPdf } from './pdf.ts';
import { formatDate, tidy, type ListItem, type Section } from './sections.ts';
import { loadWording, type Wording } from './wording.ts';

export type RegisterFormat = 'pdf' | 'csv';

const placeOf = (entry: RegisterResolution, wording: Wording) =>
  entry.place ? tidy(entry.place) : entry.online ? wording.online : '';

const struckText = (entry: RegisterResolution, locale: Locale, wording: Wording) =>
  entry.struck_at
    ? interpolate(wording.registerStruck, {
        version: entry.struck_in_version ?? '',
        date: formatDate(entry.struck_at, locale, 'medium'),
      })
    : undefined;

/** "Sitzung März, Fassung 2", and that the note is gone when it is. */
function sourceOf(entry: RegisterResolution, wording: Wording): string {
  const source = interpolate(wording.registerVersion, {
    name: tidy(entry.note_name),
    version: entry.version,
  });
  return entry.note_id === null ? interpolate(wording.registerDeleted, { source }) : source;
}

function entryItem(entry: RegisterResolution, locale: Locale, wording: Wording): ListItem {
  const meeting = [
    entry.date ? formatDate(`${entry.date}T00:00:00Z`, locale, 'long') : wording.missing,
    placeOf(entry, wording),
  ].filter(Boolean);
  return {
    lead: interpolate(wording.registerEntry, { year: entry.year, number: entry.number }),
    text: tidy(entry.text),
    details: [
      meeting.join(', '),
      interpolate(wording.agendaItem, { number: entry.item_number, title: tidy(entry.item_title) }),
      voteText(entry, wording),
      sourceOf(entry, wording),
      struckText(entry, locale, wording),
    ]
      .filter(Boolean)
      .join(' · '),
  };
}

/** The register as the document exports show it: one section per year, newest first. */
function registerDocument(
  registers: FolderRegisters,
  locale: Locale,
  wording: Wording,
  now: Date,
): ExportDocument {
  const years = [...new Set(registers.resolutions.map((entry) => entry.year))];
  const sections: Section[] = years.map((year) => ({
    kind: 'list',
    heading: String(year),
    items: registers.resolutions
      .filter((entry) => entry.year === year)
      .map((entry) => entryItem(entry, locale, wording)),
  }));
  return {
    locale,
    title: `${wording.register} – ${tidy(registers.folder.name)}`,
    subtitle: null,
    meta: [{ label: wording.registerAsOf, value: formatDate(now.toISOString(), locale, 'long') }],
    sections: sections.length
      ? sections
      : [{ kind: 'paragraphs', heading: wording.register, paragraphs: [wording.registerEmpty] }],
    transcript: [],
    transcriptHeading: wording.transcript,
    wording,
  };
}

/** A spreadsheet would run a cell starting with these as a formula: it is kept as text. */
const asText = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

function registerCsv(registers: FolderRegisters, locale: Locale, wording: Wording): string {
  const rows = registers.resolutions.map((entry) => [
    `${entry.year}/${entry.number}`,
    entry.date ?? '',
    placeOf(entry, wording),
    String(entry.item_number),
    tidy(entry.item_title),
    tidy(entry.text),
    entry.vote?.yes ?? '',
    entry.vote?.no ?? '',
    entry.vote?.abstain ?? '',
    voteText(entry, wording),
    tidy(entry.note_name),
    entry.version,
    entry.entered_at.slice(0, 10),
    entry.struck_at?.slice(0, 10) ?? '',
  ]);
  const header = [
    wording.registerNumber,
    wording.date,
    wording.registerPlace,
    wording.registerItem,
    wording.registerItemTitle,
    wording.registerText,
    wording.registerYes,
    wording.registerNo,
    wording.registerAbstain,
    wording.registerResult,
    wording.registerMeeting,
    wording.registerVersionColumn,
    wording.registerEntered,
    wording.registerStruckOn,
  ];
  return stringify([header, ...rows], {
    delimiter: locale === 'de' ? ';' : ',',
    bom: true,
    record_delimiter: 'windows',
    cast: { string: asText },
  });
}

/** The Beschluss-Sammlung of one folder, its texts in `locale`. */
export async function renderResolutionRegister(
  registers: FolderRegisters,
  format: RegisterFormat,
  locale: Locale,
  { localesDir, now = new Date() }: { localesDir?: string; now?: Date } = {},
): Promise<RenderedExport> {
  const wording = await loadWording(locale, localesDir);
  const base = `${wording.register} ${registers.folder.name}`;
  if (format === 'csv') {
    return {
      data: new TextEncoder().encode(registerCsv(registers, locale, wording)),
      filename: exportFilename(base, 'csv'),
      contentType: 'text/csv; charset=utf-8',
    };
  }
  return {
    data: await renderPdf(
      registerDocument(registers, locale, wording, now),
      'classic',
      now.toISOString(),
    ),
    filename: exportFilename(base, 'pdf'),
    contentType: 'application/pdf',
  };
}
