import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { downloadFormats, NoteDetail } from '@protokoll/contract';
import { exportContentTypes, exportFilename, renderExport } from './index.ts';
import { germanNote } from './note.fixture.ts';
import { defaultLocalesDir } from './wording.ts';

const decode = (data: Uint8Array) => new TextDecoder('utf-8', { fatal: true }).decode(data);

describe('export file names', () => {
  it('keep umlauts and ß, drop separators and control characters, trim', () => {
    expect(exportFilename('Größe & Maßnahmen', 'pdf')).toBe('Größe & Maßnahmen.pdf');
    expect(exportFilename('  ../../etc/passwd ', 'txt')).toBe('etc passwd.txt');
    expect(exportFilename('Q1\\Q2/Q3', 'md')).toBe('Q1 Q2 Q3.md');
    expect(exportFilename('Bericht\u0000\n\tTeil 2\u200e', 'docx')).toBe('Bericht Teil 2.docx');
    expect(exportFilename('Team: "Planung"? <neu> | *', 'srt')).toBe('Team Planung neu.srt');
  });

  it('compose decomposed umlauts and fall back to note', () => {
    expect(exportFilename('Gro\u0308\u00dfe', 'vtt')).toBe('Größe.vtt');
    expect(exportFilename('', 'json')).toBe('note.json');
    expect(exportFilename(' /\\.. ', 'pdf')).toBe('note.pdf');
  });

  it('are cut to a sane length', () => {
    const name = exportFilename('Ä'.repeat(300), 'docx');
    expect(name).toBe(`${'Ä'.repeat(120)}.docx`);
  });
});

describe('renderExport', () => {
  it('answers every download format with its file name and content type', async () => {
    for (const format of downloadFormats) {
      const file = await renderExport(format, germanNote(), 'de');
      expect(file.filename).toBe(`Vorstandssitzung Größenplanung.${format}`);
      expect(file.contentType).toBe(exportContentTypes[format]);
      expect(file.data).toBeInstanceOf(Uint8Array);
      expect(file.data.byteLength).toBeGreaterThan(0);
    }
  });

  it('read their headings from the locale files', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'protokoll-locales-'));
    const de = JSON.parse(await readFile(join(defaultLocalesDir, 'de.json'), 'utf8'));
    de.exports.decisions = 'Festlegungen';
    await writeFile(join(dir, 'de.json'), JSON.stringify(de));
    const file = await renderExport('txt', germanNote(), 'de', { localesDir: dir });
    expect(decode(file.data)).toContain('Festlegungen\n------------');

    delete de.exports.transcript;
    await writeFile(join(dir, 'de.json'), JSON.stringify(de));
    await expect(renderExport('txt', germanNote(), 'de', { localesDir: dir })).rejects.toThrow(
      'exports.transcript',
    );
  });
});

describe('JSON export', () => {
  it('is the NoteDetail itself and parses against the contract', async () => {
    const note = germanNote();
    const file = await renderExport('json', note, 'de');
    expect(file).toMatchObject({
      filename: 'Vorstandssitzung Größenplanung.json',
      contentType: 'application/json; charset=utf-8',
    });
    const parsed = JSON.parse(decode(file.data));
    expect(NoteDetail.parse(parsed)).toEqual(note);
    expect(parsed).toEqual({
      ...note,
      segments: note.segments.map((segment) => ({
        ...segment,
        speaker_name: note.speaker_names[segment.speaker] ?? null,
      })),
    });
    expect(parsed.speaker_names).toEqual({ S1: 'Jürgen Weiß', S2: 'Erika Müller' });
    expect(decode(file.data)).toContain('"text": "Die Straßenbeleuchtung kostet mehr."');
  });

  it('carries nothing beyond the contract, whatever the caller passes', async () => {
    const row = { ...germanNote(), user_id: 7, storage_key: 'audio/7/secret.m4a', userId: 7 };
    const text = decode((await renderExport('json', row, 'de')).data);
    expect(text).not.toContain('user_id');
    expect(text).not.toContain('userId');
    expect(text).not.toContain('secret.m4a');
    // Every field of the note, but `retry` and `resummary`, which only a note waiting for its
    // next attempt or being summarised again has, `minutes_locked`, which only a note with
    // submitted minutes has (the lock is the app's state, not the note's content), and
    // `glossary_corrections`: the export carries the corrected text, the marks that let the
    // reader undo a correction stay in the app.
    const live = ['retry', 'resummary', 'minutes_locked', 'glossary_corrections'];
    const fields = Object.keys(NoteDetail.shape).filter((key) => !live.includes(key));
    expect(Object.keys(JSON.parse(text)).sort()).toEqual(fields.sort());
  });

  it('has no transcript when it was not kept', async () => {
    const file = await renderExport('json', germanNote({ transcribe: false }), 'de');
    const parsed = NoteDetail.parse(JSON.parse(decode(file.data)));
    expect(parsed.segments).toEqual([]);
    expect(decode(file.data)).not.toContain('Grüß Gott');
  });
});
