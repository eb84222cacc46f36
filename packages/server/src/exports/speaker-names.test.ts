import { strFromU8, unzipSync } from 'fflate';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { downloadFormats, type DownloadFormat, type NoteDetail } from '@protokoll/contract';
import { renderExport } from './index.ts';
import { germanNote } from './note.fixture.ts';

/**
 * A note summarised before its speakers were named: the summary speaks of `S1`, `S2` and
 * "Sprecher 2", as the model wrote it from the transcript's labels; then S1 and S2 were named.
 */
function namedAfterSummary(): NoteDetail {
  const note = germanNote();
  return {
    ...note,
    speaker_names: { S1: 'Jürgen Weiß', S2: 'Erika Müller' },
    summary: {
      ...note.summary!,
      overview: 'S1 eröffnet die Sitzung.',
      decisions: [{ text: 'Sprecher 2 leitet das Projekt.', start: 4.5 }],
      action_items: [
        { task: 'Angebot für Möbel einholen', owner: 'S1 / S2', due: '2025-03-14', start: 3_661 },
        { task: 'Protokoll prüfen', owner: 'S3', start: 3_662 },
      ],
    },
  };
}

/** The file's text, whatever the format: PDF through pdf.js, DOCX from its document part. */
async function textOf(format: DownloadFormat, data: Uint8Array): Promise<string> {
  if (format === 'pdf') {
    const parser = new PDFParse({ data: data.slice() });
    try {
      return (await parser.getText()).text.replace(/\s+/g, ' ');
    } finally {
      await parser.destroy();
    }
  }
  if (format === 'docx') {
    const xml = strFromU8(unzipSync(data)['word/document.xml']!);
    return [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((run) => run[1]).join(' ');
  }
  return new TextDecoder().decode(data);
}

describe('exports of a note whose speakers were named after the summary', () => {
  it.each(['pdf', 'docx', 'md', 'txt'] as const)(
    '%s: owners, decisions and the overview use the names',
    async (format) => {
      const text = await textOf(
        format,
        (await renderExport(format, namedAfterSummary(), 'de')).data,
      );
      expect(text).toContain('Verantwortlich: Jürgen Weiß / Erika Müller');
      expect(text).toContain('Erika Müller leitet das Projekt.');
      expect(text).toContain('Jürgen Weiß eröffnet die Sitzung.');
      // A speaker left unnamed stays as the summary wrote it.
      expect(text).toContain('Verantwortlich: S3');
      expect(text).not.toMatch(/S1 \/ S2|Sprecher 2 leitet/);
    },
  );

  it('English headings, the same names', async () => {
    const file = await renderExport('md', namedAfterSummary(), 'en');
    expect(new TextDecoder().decode(file.data)).toContain('Owner: Jürgen Weiß / Erika Müller');
  });

  it.each(['srt', 'vtt'] as const)('%s: every cue names its speaker', async (format) => {
    const text = await textOf(format, (await renderExport(format, namedAfterSummary(), 'de')).data);
    expect(text).toContain('Jürgen Weiß');
    expect(text).toContain('Erika Müller');
    expect(text).not.toMatch(/\bS[12]\b/);
  });

  it('json: the summary uses the names; passages keep their label and carry the name', async () => {
    const file = await renderExport('json', namedAfterSummary(), 'de');
    const parsed = JSON.parse(new TextDecoder().decode(file.data));
    expect(parsed.summary.action_items[0].owner).toBe('Jürgen Weiß / Erika Müller');
    expect(parsed.summary.decisions[0].text).toBe('Erika Müller leitet das Projekt.');
    expect(parsed.speaker_names).toEqual({ S1: 'Jürgen Weiß', S2: 'Erika Müller' });
    expect(
      parsed.segments.map((s: { speaker: string; speaker_name: string | null }) => [
        s.speaker,
        s.speaker_name,
      ]),
    ).toEqual([
      ['S2', 'Erika Müller'],
      ['S1', 'Jürgen Weiß'],
      ['S3', null],
    ]);
  });

  it('covers every download format', () => {
    expect([...downloadFormats].sort()).toEqual(['docx', 'json', 'md', 'pdf', 'srt', 'txt', 'vtt']);
  });
});
