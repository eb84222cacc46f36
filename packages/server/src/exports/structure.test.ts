import { strFromU8, unzipSync } from 'fflate';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import type { DownloadFormat, FormalMinutes, NoteStructure, Summary } from '@protokoll/contract';
import { renderExport } from './index.ts';
import { germanNote } from './note.fixture.ts';

const base = germanNote().summary!;

/** Formal minutes of a works council session: one resolution backed, one not, a date not said. */
const formal: FormalMinutes = {
  head: {
    body: 'Betriebsrat Werk Nord',
    start_time: '14:05',
    end_time: '15:20',
    chair: 'Andrea Keller',
    keeper: 'Petra Schmidt',
    present: ['Andrea Keller', 'Jonas Berg'],
    excused: [],
    guests: ['Frau Dr. Weber'],
    quorum: true,
  },
  items: [
    {
      number: 1,
      title: 'Überstunden im Lager',
      start: 60,
      discussion: ['Die Kollegen haben im Oktober viele Überstunden gemacht.'],
      resolutions: [
        {
          text: 'Der Betriebsrat stimmt einer Samstagsschicht zu.',
          vote: { yes: 7, no: 0, abstain: 2 },
          result: 'accepted',
          start: 90,
          citations: [{ segment: 4, start: 725 }],
        },
      ],
      tasks: [
        {
          task: 'Murat informiert die Geschäftsleitung.',
          owner: 'Murat Demir',
          due: '2026-12-04',
          start: 95,
          citations: [{ segment: 5, start: 730 }],
        },
      ],
    },
    {
      number: 2,
      title: 'Sommerfest',
      start: 200,
      discussion: [],
      resolutions: [{ text: 'Das Sommerfest findet im Juli statt.', start: 210, citations: [] }],
      tasks: [],
    },
  ],
};

/** The same meeting summarised in each structure, with that structure's own part. */
const parts: Record<NoteStructure, Partial<Summary>> = {
  works_council: { formal },
  owners_meeting: { formal },
  members_meeting: { formal },
  minutes: {},
  bullets: {
    bullets: [
      { text: 'Die Straßenbeleuchtung kostet mehr.', start: 4.5 },
      { text: 'Jürgen holt ein Angebot für Möbel ein.', start: 3_661 },
    ],
  },
  detailed: {
    discussion: [
      {
        title: 'Bürogröße',
        points: [
          { text: 'Zwei Räume werden größer.', speaker: 'S1', start: 1 },
          { text: 'Die Straßenbeleuchtung kostet mehr.', speaker: 'S2', start: 4.5 },
        ],
        start: 1,
      },
      {
        title: 'Möbel',
        points: [{ text: 'Ein Angebot fehlt noch.', speaker: 'S3', start: 3_661 }],
        start: 3_661,
      },
    ],
  },
  interview: {
    qa: [
      { question: 'Wie groß wird das Büro?', answer: 'Zwei Räume werden größer.', start: 1 },
      { question: 'Was kostet die Straßenbeleuchtung?', answer: '', start: 4.5 },
    ],
  },
  lecture: {
    sections: [
      {
        heading: 'Grundlagen der Größenplanung',
        points: ['Büros wachsen mit dem Team.', 'Räume kosten Miete.'],
        key_terms: ['Bürofläche', 'Miete'],
        start: 1,
      },
    ],
  },
};

const noteIn = (structure: NoteStructure) =>
  germanNote({ structure, summary: { ...base, structure, ...parts[structure] } });

const decode = (data: Uint8Array) => new TextDecoder().decode(data);

async function textOf(format: DownloadFormat, structure: NoteStructure): Promise<string> {
  const file = await renderExport(format, noteIn(structure), 'de');
  if (format === 'pdf') {
    const parser = new PDFParse({ data: file.data.slice() });
    try {
      return (await parser.getText()).text.replace(/-- \d+ of \d+ --/g, ' ').replace(/\s+/g, ' ');
    } finally {
      await parser.destroy();
    }
  }
  if (format === 'docx') {
    const xml = strFromU8(unzipSync(file.data)['word/document.xml']!);
    return [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((run) => run[1]).join(' ');
  }
  return decode(file.data);
}

const squash = (text: string) => text.replace(/\s+/g, ' ');

describe.each(['md', 'txt', 'pdf', 'docx'] as const)('%s export per structure', (format) => {
  it('an Ergebnisprotokoll leads with decisions and tasks, the topics after them', async () => {
    const text = squash(await textOf(format, 'minutes'));
    expect(text.indexOf('Beschlüsse')).toBeGreaterThan(-1);
    expect(text.indexOf('Beschlüsse')).toBeLessThan(text.indexOf('Aufgaben'));
    expect(text.indexOf('Aufgaben')).toBeLessThan(text.indexOf('Themen'));
  });

  it('Stichpunkte are one plain list, no topics', async () => {
    const text = squash(await textOf(format, 'bullets'));
    expect(text).toContain('Stichpunkte');
    expect(text).toContain('Jürgen holt ein Angebot für Möbel ein.');
    expect(text).not.toContain('Themen');
  });

  it('a Verlaufsprotokoll goes topic by topic, each contribution with its speaker', async () => {
    const text = squash(await textOf(format, 'detailed'));
    expect(text.indexOf('Bürogröße')).toBeLessThan(text.indexOf('Möbel'));
    expect(text).toMatch(/Jürgen Weiß\W+Zwei Räume werden größer\./);
    expect(text).toMatch(/Erika Müller\W+Die Straßenbeleuchtung kostet mehr\./);
    expect(text).toMatch(/Sprecher 3\W+Ein Angebot fehlt noch\./);
    expect(text).not.toContain('Themen');
  });

  it('an interview reads as questions and answers', async () => {
    const text = squash(await textOf(format, 'interview'));
    expect(text).toContain('Fragen und Antworten');
    expect(text).toMatch(/Wie groß wird das Büro\?\W+(Antwort: )?Zwei Räume werden größer\./);
    expect(text).toContain('Was kostet die Straßenbeleuchtung?');
  });

  it('a lecture reads as its sections with key terms', async () => {
    const text = squash(await textOf(format, 'lecture'));
    expect(text).toContain('Grundlagen der Größenplanung');
    expect(text).toContain('Büros wachsen mit dem Team.');
    expect(text).toMatch(/Schlüsselbegriffe\W+Bürofläche, Miete/);
  });
});

describe.each(['md', 'txt', 'pdf', 'docx'] as const)('%s export of formal minutes', (format) => {
  it('has the head, a missing required field marked, then each TOP with its resolutions', async () => {
    const text = squash(await textOf(format, 'works_council'));
    expect(text).toContain('Kopf des Protokolls');
    expect(text).toMatch(/Gremium\W+Betriebsrat Werk Nord/);
    expect(text).toMatch(/Protokollführung\W+Petra Schmidt/);
    expect(text).toMatch(/Beschlussfähigkeit\W+festgestellt/);
    // The date is required and was not said.
    expect(text).toMatch(/Datum\W+fehlt – in der Aufnahme nicht genannt/);
    expect(text.indexOf('TOP 1: Überstunden im Lager')).toBeLessThan(
      text.indexOf('TOP 2: Sommerfest'),
    );
    expect(text).toContain('7 Ja, 0 Nein, 2 Enthaltungen – angenommen · Beleg: 00:12:05');
    expect(text).toMatch(/Verantwortlich: Murat Demir · Fällig: 04\.12\.2026 · Beleg: 00:12:10/);
    // A resolution without a valid passage says so, and that its vote was not said.
    expect(text).toContain('Das Sommerfest findet im Juli statt.');
    expect(text).toContain('Abstimmungsergebnis nicht genannt · ohne Beleg im Transkript');
  });
});

it('lays the head out as a table and sets the resolutions apart (DOCX, Markdown)', async () => {
  const docx = await renderExport('docx', noteIn('works_council'), 'de');
  const xml = strFromU8(unzipSync(docx.data)['word/document.xml']!);
  // The head is a table: each field's name in one cell, its value in the next.
  const table = /<w:tbl>.*?<\/w:tbl>/s.exec(xml)?.[0] ?? '';
  const cells = [...table.matchAll(/<w:tc>(.*?)<\/w:tc>/gs)].map((cell) =>
    [...cell[1]!.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((run) => run[1]).join(''),
  );
  expect(cells.slice(0, 2)).toEqual(['Gremium', 'Betriebsrat Werk Nord']);
  // A resolution is a paragraph of its own with a line beside it, not a bullet.
  const resolution = [
    ...xml.matchAll(/<w:p>(?:(?!<\/w:p>).)*Beschluss: (?:(?!<\/w:p>).)*<\/w:p>/gs),
  ];
  expect(resolution.length).toBeGreaterThan(0);
  expect(resolution[0]![0]).toContain('<w:left w:val="single"');
  expect(resolution[0]![0]).not.toContain('<w:numPr>');
  const md = decode((await renderExport('md', noteIn('works_council'), 'de')).data);
  expect(md).toMatch(/^> \*\*Beschluss\*\*: Der Betriebsrat stimmt/m);
});

it('exports formal minutes in English with the English words', async () => {
  const file = await renderExport('md', noteIn('members_meeting'), 'en');
  const text = squash(decode(file.data));
  expect(text).toContain('Item 1: Überstunden im Lager');
  expect(text).toContain('7 in favour, 0 against, 2 abstentions – carried · Source: 00:12:05');
  expect(text).toContain('no source in the transcript');
  expect(text).toMatch(/Date\W+missing – not said in the recording/);
});

describe('a note made before the structures had parts', () => {
  it('exports its topics, decisions and tasks as before', async () => {
    const old = germanNote({ structure: 'interview' });
    const text = decode((await renderExport('md', old, 'de')).data);
    const order = ['## Themen', '## Beschlüsse', '## Aufgaben'].map((h) => text.indexOf(h));
    expect(order.every((at) => at > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(text).not.toContain('Fragen und Antworten');
  });
});

it('JSON keeps every part of the summary', async () => {
  const json = JSON.parse(decode((await renderExport('json', noteIn('lecture'), 'de')).data));
  expect(json.summary.sections).toEqual(parts.lecture.sections);
  expect(json.summary.structure).toBe('lecture');
});

it('says when the built-in summariser could not write the language asked for', async () => {
  const note = germanNote({
    summary_language: 'en',
    summary: { ...base, generator: 'extractive', language: 'en', requested_language: 'de' },
  });
  const german = decode((await renderExport('md', note, 'de')).data);
  expect(german).toContain(
    'Zusammenfassung auf Englisch – der eingebaute Zusammenfasser übersetzt nicht.',
  );
  const english = decode((await renderExport('txt', note, 'en')).data);
  expect(english).toContain('Summary in English – the built-in summariser does not translate.');
});

describe.each(['md', 'txt', 'pdf', 'docx'] as const)('%s export with an own template', (format) => {
  it('has its sections in its order under its headings', async () => {
    const note = germanNote({
      structure: 'interview',
      summary: {
        ...base,
        structure: 'interview',
        ...parts.interview,
        template: {
          id: 41,
          name: 'Sprechstunde',
          sections: [
            { key: 'action_items', heading: 'Nächste Schritte' },
            { key: 'qa', heading: 'Anliegen und Antworten' },
          ],
        },
      },
    });
    const file = await renderExport(format, note, 'de');
    const text = squash(
      format === 'md' || format === 'txt' ? decode(file.data) : await textOfFile(format, file.data),
    );
    expect(text.indexOf('Nächste Schritte')).toBeGreaterThan(-1);
    expect(text.indexOf('Nächste Schritte')).toBeLessThan(text.indexOf('Anliegen und Antworten'));
    expect(text).toContain('Wie groß wird das Büro?');
    expect(text).not.toContain('Fragen und Antworten');
    expect(text).not.toContain('Beschlüsse');
  });
});

async function textOfFile(format: 'pdf' | 'docx', data: Uint8Array): Promise<string> {
  if (format === 'pdf') {
    const parser = new PDFParse({ data: data.slice() });
    try {
      return (await parser.getText()).text.replace(/-- \d+ of \d+ --/g, ' ');
    } finally {
      await parser.destroy();
    }
  }
  const xml = strFromU8(unzipSync(data)['word/document.xml']!);
  return [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((run) => run[1]).join(' ');
}
