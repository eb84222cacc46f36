import { missingHeadFields, type Segment } from '@protokoll/contract';
import { describe, expect, it } from 'vitest';
import { toSegments } from './extractive-meetings.ts';
import { extractiveSummary } from './extractive.ts';
import {
  MEMBERS_MEETING_EN,
  MEMBERS_MEETING_NAMES,
  WORKS_COUNCIL_NAMES,
  WORKS_COUNCIL_SESSION,
} from './formal-meetings.ts';
import { checkedCitations, withModelResolutions } from './formal-minutes.ts';

const works = () =>
  extractiveSummary(WORKS_COUNCIL_SESSION, {
    language: 'de',
    structure: 'works_council',
    speakerNames: WORKS_COUNCIL_NAMES,
  });

/** The text of the segments an item cites. */
const cited = (segments: readonly Segment[], citations: readonly { segment: number }[]) =>
  citations.map((c) => segments[c.segment]!.text);

describe('formal minutes of a Betriebsratssitzung (extractive)', () => {
  it('fills the head from what was said, and only that', () => {
    const { formal } = works();
    const head = formal!.head;
    expect(head).toMatchObject({
      body: 'Betriebsrat Werk Nord',
      start_time: '14:05',
      end_time: '15:20',
      place: 'Besprechungsraum 2',
      chair: 'Andrea Keller',
      keeper: 'Petra Schmidt',
      excused: ['Herr Yilmaz'],
      guests: ['Frau Dr. Weber'],
      quorum: true,
    });
    expect(head.present).toEqual(['Andrea Keller', 'Jonas Berg', 'Murat Demir', 'Petra Schmidt']);
    // Nobody said the date: it is missing, not guessed from the recording.
    expect(head.date).toBeUndefined();
    expect(missingHeadFields('works_council', head)).toEqual(['date']);
    // Each filled field names where it was said.
    expect(cited(WORKS_COUNCIL_SESSION, head.sources!.keeper!)).toEqual([
      'Das Protokoll führt heute Petra Schmidt.',
    ]);
    expect(cited(WORKS_COUNCIL_SESSION, head.sources!.end_time!)[0]).toMatch(/15:20/);
  });

  it('follows the spoken agenda items, with their resolutions in their wording and votes', () => {
    const summary = works();
    const items = summary.formal!.items;
    expect(items.map((item) => [item.number, item.title])).toEqual([
      [1, 'Überstunden im Lager'],
      [2, 'Versetzung von Herrn Klein in die Logistik'],
      [3, 'Sommerfest'],
    ]);
    const [overtime, transfer, party] = items;
    expect(overtime!.resolutions).toHaveLength(1);
    expect(overtime!.resolutions[0]).toMatchObject({
      text: 'Der Betriebsrat stimmt einer Samstagsschicht im Lager am 14. November zu und lehnt die zweite Schicht ab.',
      vote: { yes: 7, no: 0, abstain: 2 },
      result: 'accepted',
    });
    // The motion, the show of hands and the result: every passage the resolution rests on.
    expect(cited(WORKS_COUNCIL_SESSION, overtime!.resolutions[0]!.citations)).toEqual([
      expect.stringMatching(/^Ich lasse über folgenden Antrag abstimmen/),
      'Wer ist dafür?',
      'Sieben.',
      'Wer ist dagegen?',
      'Niemand.',
      'Enthaltungen?',
      'Zwei.',
      'Damit ist der Antrag mit sieben Ja-Stimmen bei zwei Enthaltungen angenommen.',
    ]);
    expect(overtime!.tasks).toEqual([
      expect.objectContaining({
        task: 'Ich informiere die Geschäftsleitung bis Freitag über den Beschluss.',
        owner: 'Murat Demir',
      }),
    ]);
    expect(transfer!.resolutions).toEqual([
      expect.objectContaining({
        text: 'Der Betriebsrat beschließt einstimmig, der Versetzung von Herrn Klein in die Logistik zuzustimmen.',
        vote: { unanimous: true },
        result: 'accepted',
      }),
    ]);
    expect(party!.resolutions).toEqual([]);
    expect(party!.tasks).toEqual([expect.objectContaining({ owner: 'Petra' })]);
    // The discussion never repeats the formalities of the close.
    expect(party!.discussion.join(' ')).not.toMatch(/schließe die Sitzung/);
    // Every summary's lists carry the same: search and the notes list read them.
    expect(summary.decisions.map((d) => d.text)).toEqual([
      overtime!.resolutions[0]!.text,
      transfer!.resolutions[0]!.text,
    ]);
    expect(summary.topics.map((t) => t.title)).toEqual(items.map((item) => item.title));
    expect(summary.title).toBe('Protokoll der Betriebsratssitzung: Betriebsrat Werk Nord');
  });

  it('follows an agenda given before processing, and puts what matches none under Verschiedenes', () => {
    const { formal } = extractiveSummary(WORKS_COUNCIL_SESSION, {
      language: 'de',
      structure: 'works_council',
      speakerNames: WORKS_COUNCIL_NAMES,
      agenda: ['Genehmigung der Tagesordnung', 'Überstunden im Lager', 'Versetzung Herr Klein'],
    });
    expect(formal!.agenda_given).toBe(true);
    expect(formal!.items.map((item) => [item.number, item.title])).toEqual([
      [1, 'Genehmigung der Tagesordnung'],
      [2, 'Überstunden im Lager'],
      [3, 'Versetzung Herr Klein'],
      [4, 'Verschiedenes'],
    ]);
    const [approval, overtime, transfer, other] = formal!.items;
    // Not reached in the recording: listed, with nothing invented for it.
    expect(approval).toMatchObject({ discussion: [], resolutions: [], tasks: [] });
    expect(overtime!.resolutions[0]!.vote).toEqual({ yes: 7, no: 0, abstain: 2 });
    expect(transfer!.resolutions[0]!.vote).toEqual({ unanimous: true });
    expect(other!.tasks.map((t) => t.owner)).toEqual(['Petra']);
  });
});

describe('formal minutes of a members’ meeting (extractive, English)', () => {
  const summary = extractiveSummary(MEMBERS_MEETING_EN, {
    language: 'en',
    structure: 'members_meeting',
    speakerNames: MEMBERS_MEETING_NAMES,
  });
  const { head, items } = summary.formal!;

  it('fills the head', () => {
    expect(head).toMatchObject({
      start_time: '19:30',
      end_time: '21:10',
      place: 'the club house',
      chair: 'Helen Carter',
      keeper: 'Sam Reed',
      quorum: true,
    });
    expect(missingHeadFields('members_meeting', head)).toEqual(['body', 'date']);
  });

  it('counts a show of hands and reads a vote stated in one sentence', () => {
    expect(items.map((item) => item.title)).toEqual(['annual accounts', 'new boat']);
    expect(items[0]!.resolutions).toEqual([
      expect.objectContaining({
        text: 'The accounts are approved.',
        vote: { yes: 30, no: 0, abstain: 2 },
        result: 'accepted',
      }),
    ]);
    expect(items[1]!.resolutions).toEqual([
      expect.objectContaining({ vote: { yes: 12, no: 20 }, result: 'rejected' }),
    ]);
    expect(items[1]!.tasks).toEqual([expect.objectContaining({ owner: 'Tom' })]);
  });
});

describe('checking citations', () => {
  const segments = WORKS_COUNCIL_SESSION;

  it('keeps a citation whose segment exists and whose quote occurs in it', () => {
    const at = segments.findIndex((s) => s.text.startsWith('Der Betriebsrat beschließt'));
    expect(checkedCitations([{ segment: at }], segments, 'der Versetzung von Herrn Klein')).toEqual(
      [{ segment: at, start: segments[at]!.start }],
    );
  });

  it('drops a citation of a segment that does not exist, or a quote nobody said', () => {
    expect(checkedCitations([{ segment: segments.length }], segments)).toEqual([]);
    expect(checkedCitations([{ segment: -1 }, { segment: 1.5 }], segments)).toEqual([]);
    // An invented resolution: its quote is in none of the cited passages.
    expect(
      checkedCitations([{ segment: 9 }], segments, 'Der Betriebsrat lehnt alle Überstunden ab'),
    ).toEqual([]);
  });
});

describe('resolutions a language model names', () => {
  const { formal } = works();
  const segments = WORKS_COUNCIL_SESSION;
  const startOf = (prefix: string) => segments.find((s) => s.text.startsWith(prefix))!.start;

  it('adds what the rules missed, backed only where its wording was said, and flags an invention', () => {
    const merged = withModelResolutions(
      formal!,
      [
        // Found by the rules already (in other words): not twice.
        {
          text: 'Zustimmung zur Versetzung von Herrn Klein in die Logistik',
          start: startOf('Der Betriebsrat beschließt'),
        },
        // Said word for word, though no vote was taken: backed by its passage.
        {
          text: 'Für das Sommerfest fehlt uns noch ein Ort',
          start: startOf('Für das Sommerfest'),
        },
        // Invented: nobody said it.
        {
          text: 'Der Betriebsrat lehnt alle Überstunden im Dezember ab.',
          start: startOf('Die Kollegen im Lager'),
        },
      ],
      segments,
    );
    const [overtime, transfer, party] = merged.items;
    expect(transfer!.resolutions).toHaveLength(1);
    expect(party!.resolutions).toEqual([
      expect.objectContaining({
        text: 'Für das Sommerfest fehlt uns noch ein Ort',
        citations: [expect.objectContaining({ start: startOf('Für das Sommerfest') })],
      }),
    ]);
    expect(overtime!.resolutions.at(-1)).toEqual({
      text: 'Der Betriebsrat lehnt alle Überstunden im Dezember ab.',
      start: startOf('Die Kollegen im Lager'),
      citations: [],
    });
  });
});

describe('passages cut where the engine paused', () => {
  const cut = toSegments([
    ['S1', 'Ich eröffne die Sitzung des Betriebsrats Werk Süd um 9:00 Uhr.'],
    ['S1', 'Als Gast begrüße ich Frau Dr.'],
    ['S1', 'Weber.'],
    ['S1', 'Wir kommen zu TOP 1: Schichtplan.'],
    ['S1', 'Ich lasse über folgenden Antrag abstimmen: Der Betriebsrat stimmt der Schicht am 14.'],
    ['S1', 'November zu.'],
    ['S1', 'Das ist einstimmig angenommen.'],
  ]);
  const { formal } = extractiveSummary(cut, { language: 'de', structure: 'works_council' });

  it('keeps a motion’s wording whole when its sentence goes on in the next passage', () => {
    expect(formal!.items[0]!.resolutions).toEqual([
      expect.objectContaining({
        text: 'Der Betriebsrat stimmt der Schicht am 14. November zu.',
        vote: { unanimous: true },
        result: 'accepted',
        citations: [4, 5, 6].map((segment) => expect.objectContaining({ segment })),
      }),
    ]);
  });

  it('takes no title for a name: "Frau Dr" without the name is none', () => {
    expect(formal!.head.guests).toEqual([]);
  });
});
