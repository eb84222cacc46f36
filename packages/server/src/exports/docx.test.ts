import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { NoteDesign } from '@protokoll/contract';
import { renderExport } from './index.ts';
import { germanNote } from './note.fixture.ts';

function unzip(data: Uint8Array): Record<string, string> {
  const files = unzipSync(data);
  return Object.fromEntries(Object.entries(files).map(([path, bytes]) => [path, strFromU8(bytes)]));
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The text of each paragraph of word/document.xml, runs joined, entities decoded. */
function paragraphs(documentXml: string): string[] {
  return [...documentXml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map(([paragraph]) =>
    [...paragraph.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>|<w:br\/>/g)]
      .map((run) => (run[1] === undefined ? '\n' : run[1]))
      .join('')
      .replace(/&(\w+);/g, (_, name: string) => entities[name] ?? `&${name};`),
  );
}

async function docx(note = germanNote(), locale: 'de' | 'en' = 'de') {
  const file = await renderExport('docx', note, locale);
  return { file, parts: unzip(file.data) };
}

describe('DOCX export', () => {
  it('is a Word file holding every summary item and the renamed transcript', async () => {
    const { file, parts } = await docx();
    expect(file).toMatchObject({
      filename: 'Vorstandssitzung Größenplanung.docx',
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    expect(parts['[Content_Types].xml']).toContain('wordprocessingml.document.main+xml');
    const text = paragraphs(parts['word/document.xml']!);
    expect(text).toEqual([
      'Vorstandssitzung Größenplanung',
      'Größenplanung für das Frühjahr',
      'Datum: 3. März 2025 · Dauer: 01:02:05 · Sprache: Deutsch',
      'Zusammenfassung',
      'Der Vorstand besprach die Größe des Büros.',
      'Änderungen folgen später.',
      'Themen',
      'Bürogröße: Zwei Räume werden größer.',
      'Beschlüsse',
      'Das Budget für Straßenfeste wird erhöht.',
      'Aufgaben',
      'Angebot für Möbel einholen\nVerantwortlich: Jürgen Weiß · Fällig: 14.03.2025',
      'Protokoll prüfen\nFällig: nächste Woche',
      'Transkript',
      '00:00:01  Jürgen Weiß: Grüß Gott, wir beginnen mit der Übersicht.',
      '00:00:04  Erika Müller: Die Straßenbeleuchtung kostet mehr.',
      '01:01:01  Sprecher 3: Ich übernehme das Angebot – bis Freitag.',
    ]);
    expect(parts['docProps/core.xml']).toContain(
      '<dc:title>Vorstandssitzung Größenplanung</dc:title>',
    );
  });

  it('numbers pages in the footer, in the note’s locale', async () => {
    const footer = (parts: Record<string, string>) =>
      Object.entries(parts).find(([path]) => /^word\/footer\d*\.xml$/.test(path))![1];
    const de = footer((await docx()).parts);
    expect(paragraphs(de).join('')).toContain('Seite  von ');
    expect(de).toMatch(/PAGE[\s\S]*NUMPAGES/);
    expect(paragraphs(footer((await docx(germanNote(), 'en')).parts)).join('')).toContain(
      'Page  of ',
    );
  });

  it('labels an extractive summary', async () => {
    const base = germanNote();
    const note = germanNote({ summary: { ...base.summary!, generator: 'extractive' } });
    const text = paragraphs((await docx(note)).parts['word/document.xml']!);
    expect(text[4]).toMatch(/^Automatisch extrahiert/);
  });

  it('leaves the transcript out when it was not kept', async () => {
    const text = paragraphs(
      (await docx(germanNote({ transcribe: false }))).parts['word/document.xml']!,
    );
    expect(text).toContain('Aufgaben');
    expect(text).not.toContain('Transkript');
    expect(text.join('\n')).not.toContain('Grüß Gott');
  });

  it('styles each design differently, with the same text', async () => {
    const designs: NoteDesign[] = ['classic', 'modern', 'minimal'];
    const rendered = await Promise.all(designs.map((design) => docx(germanNote({ design }))));
    const styles = rendered.map(({ parts }) => parts['word/styles.xml']!);
    expect(new Set(styles).size).toBe(3);
    const [classic, modern, minimal] = styles as [string, string, string];
    expect(classic).toContain('w:ascii="Georgia"');
    expect(classic).toContain('<w:smallCaps/>');
    expect(modern).toContain('w:ascii="Calibri"');
    expect(modern).toContain('w:color w:val="2653D8"');
    expect(minimal).toContain('w:ascii="Arial"');
    expect(minimal).not.toContain('w:pBdr');
    const texts = rendered.map(({ parts }) => paragraphs(parts['word/document.xml']!).join('\n'));
    expect(texts[1]).toBe(texts[0]);
    expect(texts[2]).toBe(texts[0]);
  });

  it('gives the same parts for the same note (times from the note, not the clock)', async () => {
    const first = (await docx()).parts;
    const second = (await docx()).parts;
    expect(Object.keys(second)).toEqual(Object.keys(first));
    for (const path of Object.keys(first)) expect(second[path], path).toBe(first[path]);
    expect(first['docProps/core.xml']).toContain('>2025-03-03T10:30:00Z</dcterms:created>');
  });
});
