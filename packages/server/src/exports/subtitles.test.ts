import { describe, expect, it } from 'vitest';
import { renderExport } from './index.ts';
import { germanNote } from './note.fixture.ts';
import { cueTime } from './subtitles.ts';

const decode = (data: Uint8Array) => new TextDecoder('utf-8', { fatal: true }).decode(data);

interface Cue {
  start: number;
  end: number;
  text: string;
}

function seconds(stamp: string): number {
  const [h, m, s, ms] = stamp.split(/[:.,]/).map(Number) as [number, number, number, number];
  return h * 3600 + m * 60 + s + ms / 1000;
}

/**
 * A strict reader of both formats: cue blocks separated by one blank line, `-->` timing lines in
 * the format's own notation, cues in time order, each ending after it starts, text present.
 */
function parseCues(text: string, format: 'srt' | 'vtt'): Cue[] {
  const sep = format === 'srt' ? ',' : '\\.';
  const timing = new RegExp(
    `^(\\d{2}:\\d{2}:\\d{2}${sep}\\d{3}) --> (\\d{2}:\\d{2}:\\d{2}${sep}\\d{3})$`,
  );
  let body = text;
  if (format === 'vtt') {
    expect(body.startsWith('WEBVTT\n')).toBe(true);
    body = body.slice('WEBVTT\n'.length).replace(/^\n/, '');
  }
  if (body === '') return [];
  expect(body.endsWith('\n')).toBe(true);
  expect(body).not.toContain('\r');
  const blocks = body.slice(0, -1).split('\n\n');
  const cues: Cue[] = [];
  blocks.forEach((block, index) => {
    const lines = block.split('\n');
    if (format === 'srt') expect(lines.shift()).toBe(String(index + 1));
    const match = timing.exec(lines.shift() ?? '');
    expect(match, block).not.toBeNull();
    const cue = { start: seconds(match![1]!), end: seconds(match![2]!), text: lines.join('\n') };
    expect(cue.text.trim()).not.toBe('');
    expect(cue.text).not.toContain('-->');
    expect(cue.end).toBeGreaterThanOrEqual(cue.start);
    if (cues.length) expect(cue.start).toBeGreaterThanOrEqual(cues.at(-1)!.start);
    cues.push(cue);
  });
  return cues;
}

describe('cue times', () => {
  it('use a comma for SRT, a dot for WebVTT, and count hours past a day', () => {
    expect(cueTime(1, ',')).toBe('00:00:01,000');
    expect(cueTime(4.5, '.')).toBe('00:00:04.500');
    expect(cueTime(3_661.2346, ',')).toBe('01:01:01,235');
    expect(cueTime(100 * 3600, '.')).toBe('100:00:00.000');
  });
});

describe('SRT export', () => {
  it('has numbered, ordered cues with "Name: text"', async () => {
    const file = await renderExport('srt', germanNote(), 'de');
    expect(file).toMatchObject({
      filename: 'Vorstandssitzung Größenplanung.srt',
      contentType: 'application/x-subrip; charset=utf-8',
    });
    const text = decode(file.data);
    expect(text.startsWith('1\n00:00:01,000 --> 00:00:04,500\nJürgen Weiß: Grüß Gott')).toBe(true);
    expect(parseCues(text, 'srt')).toEqual([
      { start: 1, end: 4.5, text: 'Jürgen Weiß: Grüß Gott, wir beginnen mit der Übersicht.' },
      { start: 4.5, end: 9.25, text: 'Erika Müller: Die Straßenbeleuchtung kostet mehr.' },
      { start: 3_661.2, end: 3_668, text: 'Sprecher 3: Ich übernehme das Angebot – bis Freitag.' },
    ]);
  });

  it('is empty without segments, and without a kept transcript', async () => {
    for (const note of [germanNote({ segments: [] }), germanNote({ transcribe: false })]) {
      const file = await renderExport('srt', note, 'de');
      expect(file.data.byteLength).toBe(0);
      expect(parseCues(decode(file.data), 'srt')).toEqual([]);
    }
  });

  it('keeps "-->" in spoken text from ending a timing line', async () => {
    const note = germanNote({
      segments: [{ start: 0, end: 1, speaker: 'S1', text: 'A --> B' }],
    });
    expect(parseCues(decode((await renderExport('srt', note, 'de')).data), 'srt')).toEqual([
      { start: 0, end: 1, text: 'Jürgen Weiß: A → B' },
    ]);
  });
});

describe('WebVTT export', () => {
  it('has the header and ordered cues with "Name: text"', async () => {
    const file = await renderExport('vtt', germanNote(), 'en');
    expect(file).toMatchObject({
      filename: 'Vorstandssitzung Größenplanung.vtt',
      contentType: 'text/vtt; charset=utf-8',
    });
    const text = decode(file.data);
    expect(text.startsWith('WEBVTT\n\n00:00:01.000 --> 00:00:04.500\nJürgen Weiß: Grüß')).toBe(
      true,
    );
    expect(parseCues(text, 'vtt').map((cue) => cue.text)).toEqual([
      'Jürgen Weiß: Grüß Gott, wir beginnen mit der Übersicht.',
      'Erika Müller: Die Straßenbeleuchtung kostet mehr.',
      'Speaker 3: Ich übernehme das Angebot – bis Freitag.',
    ]);
  });

  it('escapes cue markup', async () => {
    const note = germanNote({
      segments: [{ start: 0, end: 1, speaker: 'S2', text: 'Müller & Söhne <b>GmbH</b>' }],
    });
    const [cue] = parseCues(decode((await renderExport('vtt', note, 'de')).data), 'vtt');
    expect(cue!.text).toBe('Erika Müller: Müller &amp; Söhne &lt;b&gt;GmbH&lt;/b&gt;');
  });

  it('is only the header without segments, and without a kept transcript', async () => {
    for (const note of [germanNote({ segments: [] }), germanNote({ transcribe: false })]) {
      const text = decode((await renderExport('vtt', note, 'de')).data);
      expect(text).toBe('WEBVTT\n');
      expect(parseCues(text, 'vtt')).toEqual([]);
    }
  });
});
