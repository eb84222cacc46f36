import { describe, expect, it } from 'vitest';
import { renderExport } from './index.ts';
import { germanNote } from './note.fixture.ts';

const decode = (data: Uint8Array) => new TextDecoder('utf-8', { fatal: true }).decode(data);

describe('Markdown export', () => {
  it('has headings, the meta line, every summary item and the renamed transcript', async () => {
    const file = await renderExport('md', germanNote(), 'de');
    const text = decode(file.data);
    expect(file).toMatchObject({
      filename: 'Vorstandssitzung Größenplanung.md',
      contentType: 'text/markdown; charset=utf-8',
    });
    expect(text.startsWith('# Vorstandssitzung Größenplanung\n')).toBe(true);
    expect(text).toContain('_Größenplanung für das Frühjahr_');
    expect(text).toContain('**Datum:** 3. März 2025 · **Dauer:** 01:02:05 · **Sprache:** Deutsch');
    for (const heading of ['Zusammenfassung', 'Themen', 'Beschlüsse', 'Aufgaben', 'Transkript']) {
      expect(text).toContain(`\n## ${heading}\n`);
    }
    expect(text).toContain(
      'Der Vorstand besprach die Größe des Büros.\n\nÄnderungen folgen später.',
    );
    expect(text).toContain('- **Bürogröße**: Zwei Räume werden größer.');
    expect(text).toContain('- Das Budget für Straßenfeste wird erhöht.');
    expect(text).toContain(
      '- Angebot für Möbel einholen  \n  _Verantwortlich: Jürgen Weiß · Fällig: 14.03.2025_',
    );
    expect(text).toContain('- Protokoll prüfen  \n  _Fällig: nächste Woche_');
    // Sorted by time, renamed, the unnamed S3 numbered, line breaks inside a passage folded.
    const transcript = text.slice(text.indexOf('## Transkript'));
    expect(transcript).toContain('**[00:00:01] Jürgen Weiß:** Grüß Gott');
    expect(transcript).toContain('**[00:00:04] Erika Müller:** Die Straßenbeleuchtung');
    expect(transcript).toContain(
      '**[01:01:01] Sprecher 3:** Ich übernehme das Angebot – bis Freitag.',
    );
    expect(transcript.indexOf('Jürgen Weiß')).toBeLessThan(transcript.indexOf('Erika Müller'));
    expect(text).not.toMatch(/\bS[123]\b/);
  });

  it('uses English headings and dates for the English locale', async () => {
    const text = decode((await renderExport('md', germanNote(), 'en')).data);
    expect(text).toContain(
      '**Date:** March 3, 2025 · **Duration:** 01:02:05 · **Language:** German',
    );
    expect(text).toContain('\n## Action items\n');
    expect(text).toContain('_Owner: Jürgen Weiß · Due: Mar 14, 2025_');
    expect(text).toContain('**[01:01:01] Speaker 3:**');
  });

  it('escapes Markdown in user text so it reads as written', async () => {
    const note = germanNote({ name: 'Q1 *wichtig* [Entwurf]' });
    const text = decode((await renderExport('md', note, 'de')).data);
    expect(text).toContain('# Q1 \\*wichtig\\* \\[Entwurf\\]');
  });

  it('labels an extractive summary', async () => {
    const base = germanNote();
    const note = germanNote({ summary: { ...base.summary!, generator: 'extractive' } });
    expect(decode((await renderExport('md', note, 'de')).data)).toContain(
      '> Automatisch extrahiert',
    );
    expect(decode((await renderExport('md', note, 'en')).data)).toContain(
      '> Extracted automatically',
    );
    expect(decode((await renderExport('md', base, 'de')).data)).not.toContain('extrahiert');
  });
});

describe('TXT export', () => {
  it('has underlined headings, summary items and renamed speakers', async () => {
    const file = await renderExport('txt', germanNote(), 'de');
    const text = decode(file.data);
    expect(file.contentType).toBe('text/plain; charset=utf-8');
    expect(file.filename).toBe('Vorstandssitzung Größenplanung.txt');
    expect(
      text.startsWith('Vorstandssitzung Größenplanung\n==============================\n'),
    ).toBe(true);
    expect(text).toContain('Datum: 3. März 2025 · Dauer: 01:02:05 · Sprache: Deutsch');
    expect(text).toContain('Beschlüsse\n----------\n');
    expect(text).toContain('- Bürogröße: Zwei Räume werden größer.');
    expect(text).toContain(
      '- Angebot für Möbel einholen\n  Verantwortlich: Jürgen Weiß · Fällig: 14.03.2025',
    );
    expect(text).toContain(
      'Transkript\n----------\n\n[00:00:01] Jürgen Weiß: Grüß Gott, wir beginnen mit der Übersicht.\n' +
        '[00:00:04] Erika Müller: Die Straßenbeleuchtung kostet mehr.\n' +
        '[01:01:01] Sprecher 3: Ich übernehme das Angebot – bis Freitag.\n',
    );
  });

  it('shows a later rename', async () => {
    const note = germanNote({ speaker_names: { S1: 'Frau Dr. Öztürk' } });
    const text = decode((await renderExport('txt', note, 'de')).data);
    expect(text).toContain('[00:00:01] Frau Dr. Öztürk: Grüß Gott');
    expect(text).toContain('[00:00:04] Sprecher 2: Die Straßenbeleuchtung');
    expect(text).not.toContain('Jürgen Weiß:');
  });

  it('says when there is no summary yet', async () => {
    const note = germanNote({ summary: null, status: 'transcribing' });
    const text = decode((await renderExport('txt', note, 'de')).data);
    expect(text).toContain('Für diese Notiz liegt noch keine Zusammenfassung vor.');
    expect(text).not.toContain('Beschlüsse');
  });

  it('has no transcript and no passage text when the transcript was not kept', async () => {
    const note = germanNote({ transcribe: false });
    for (const format of ['txt', 'md'] as const) {
      const text = decode((await renderExport(format, note, 'de')).data);
      expect(text).toContain('Beschlüsse');
      expect(text).not.toContain('Transkript');
      expect(text).not.toContain('Grüß Gott');
    }
  });
});
