import { describe, expect, it } from 'vitest';
import type { NoteDesign } from '@protokoll/contract';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pdfText } from '../test/pdf.ts';
import { renderExport } from './index.ts';
import { germanNote } from './note.fixture.ts';
import { DEJAVU_DIR, toWinAnsi } from './pdf.ts';

const latin1 = (data: Uint8Array) => Buffer.from(data).toString('latin1');

describe('PDF export', () => {
  it('is a PDF whose text gives back every summary item, umlauts and ß included', async () => {
    const file = await renderExport('pdf', germanNote(), 'de');
    expect(file).toMatchObject({
      filename: 'Vorstandssitzung Größenplanung.pdf',
      contentType: 'application/pdf',
    });
    expect(latin1(file.data.subarray(0, 5))).toBe('%PDF-');
    const text = await pdfText(file.data);
    for (const expected of [
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
      'Angebot für Möbel einholen',
      'Verantwortlich: Jürgen Weiß · Fällig: 14.03.2025',
      'Protokoll prüfen',
      'Fällig: nächste Woche',
      'Transkript',
      '00:00:01 Jürgen Weiß: Grüß Gott, wir beginnen mit der Übersicht.',
      '00:00:04 Erika Müller: Die Straßenbeleuchtung kostet mehr.',
      '01:01:01 Sprecher 3: Ich übernehme das Angebot – bis Freitag.',
      'Seite 1 von 1',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toMatch(/\bS[123]\b/);
  });

  it('uses English headings for the English locale and labels an extractive summary', async () => {
    const base = germanNote();
    const note = germanNote({ summary: { ...base.summary!, generator: 'extractive' } });
    const text = await pdfText((await renderExport('pdf', note, 'en')).data);
    for (const expected of [
      'Action items',
      'Transcript',
      'Extracted automatically',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain('Speaker 3: Ich übernehme');
  });

  it('leaves the transcript out when it was not kept', async () => {
    const text = await pdfText(
      (await renderExport('pdf', germanNote({ transcribe: false }), 'de')).data,
    );
    expect(text).toContain('Aufgaben');
    expect(text).not.toContain('Transkript');
    expect(text).not.toContain('Grüß Gott');
  });

  it('numbers every page of a long transcript', async () => {
    const segments = Array.from({ length: 150 }, (_, i) => ({
      start: i * 10,
      end: i * 10 + 9,
      speaker: i % 2 ? 'S1' : 'S2',
      text: `Beitrag ${i + 1}: Über die Größe der Maßnahme wurde ausführlich gesprochen.`,
    }));
    const text = await pdfText((await renderExport('pdf', germanNote({ segments }), 'de')).data);
    const total = Number(/Seite 1 von (\d+)/.exec(text)?.[1]);
    expect(total).toBeGreaterThan(1);
    for (let page = 1; page <= total; page += 1)
      expect(text).toContain(`Seite ${page} von ${total}`);
    expect(text).toContain('00:24:50 Jürgen Weiß: Beitrag 150: Über die Größe');
  });

  it('sets each design in its own fonts and colours, with the same text', async () => {
    const designs: NoteDesign[] = ['classic', 'modern', 'minimal'];
    const files = await Promise.all(
      designs.map((design) => renderExport('pdf', germanNote({ design }), 'de')),
    );
    const raw = files.map((file) => latin1(file.data));
    expect(raw[0]).toContain('/BaseFont /Times-Bold');
    expect(raw[0]).not.toContain('/Helvetica');
    expect(raw[1]).toContain('/BaseFont /Helvetica-Bold');
    expect(raw[2]).toContain('/BaseFont /Helvetica-Bold');
    expect(new Set(raw).size).toBe(3);
    // Same words; only the bullet differs (minimal uses a dash).
    const texts = await Promise.all(
      files.map(async (file) => (await pdfText(file.data)).replace(/[•–] (?=[A-Z])/g, '')),
    );
    expect(texts[0]).toContain('Themen Bürogröße');
    expect(texts[1]).toBe(texts[0]);
    expect(texts[2]).toBe(texts[0]);
  });

  it('gives the same bytes for the same note', async () => {
    const first = await renderExport('pdf', germanNote(), 'de');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const second = await renderExport('pdf', germanNote(), 'de');
    expect(Buffer.from(second.data).equals(Buffer.from(first.data))).toBe(true);
  });

  it('keeps letters outside the standard fonts readable', async () => {
    const note = germanNote({ speaker_names: { S1: 'Łukasz Wąsik' } });
    const text = await pdfText((await renderExport('pdf', note, 'de')).data);
    // DejaVu where installed (Debian's fonts-dejavu-core); otherwise the nearest WinAnsi letters.
    const embedded = existsSync(join(DEJAVU_DIR, 'DejaVuSerif.ttf'));
    expect(text).toContain(embedded ? 'Łukasz Wąsik: Grüß Gott' : '?ukasz Wasik: Grüß Gott');
    expect(text).toContain('Straßenbeleuchtung');
  });

  it('falls back to WinAnsi letters without losing umlauts', () => {
    expect(toWinAnsi('Grüße „Zoë“ – 5 € Wąsik Łódź 日本')).toBe('Grüße „Zoë“ – 5 € Wasik ?ódz ??');
  });
});
