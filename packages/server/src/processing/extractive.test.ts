import { Summary, type Segment } from '@protokoll/contract';
import { describe, expect, it } from 'vitest';
import { agendaTopic, extractiveSummary, findDue } from './extractive.ts';
import { ENGLISH_MEETING, GERMAN_MEETING } from './extractive-meetings.ts';
import { TEAM_MEETING_EN } from './formal-meetings.ts';

/** A German project meeting: payment provider, marketing budget, staffing, in that order. */
const meeting: [string, string][] = [
  ['S1', 'Guten Morgen zusammen, ich begrüße euch zur Projektbesprechung für den neuen Webshop.'],
  ['S2', 'Danke. Beim Webshop hängen wir beim Zahlungsanbieter noch etwas hinterher.'],
  ['S1', 'Der Zahlungsanbieter hat die Schnittstelle erst letzte Woche freigeschaltet.'],
  ['S3', 'Die Schnittstelle des Zahlungsanbieters läuft jetzt im Testsystem stabil.'],
  [
    'S2',
    'Nach längerer Diskussion haben wir beschlossen, den Start des Webshops auf den 1. Juni zu verschieben.',
  ],
  ['S1', 'Gut. Dann zum Budget für das Marketing.'],
  ['S3', 'Das Marketingbudget reicht für die Kampagne im Sommer nicht ganz aus.'],
  ['S1', 'Wir haben uns darauf geeinigt, das Marketingbudget um zehn Prozent zu erhöhen.'],
  ['S2', 'Anna kümmert sich bis Freitag um den Kampagnenplan für das Marketing.'],
  ['S3', 'Ich schicke euch bis nächste Woche die aktualisierten Zahlen zum Budget.'],
  ['S1', 'Haben wir schon entschieden, welche Agentur die Kampagne macht?'],
  ['S2', 'Nein, das haben wir noch nicht entschieden.'],
  ['S1', 'Zum Schluss noch die Personalplanung für den Kundenservice im Sommer.'],
  ['S3', 'Für den Kundenservice brauchen wir zwei zusätzliche Aushilfen in der Urlaubszeit.'],
  [
    'S2',
    'Herr Becker soll bis zum 15.05.2025 die Stellenanzeige für den Kundenservice veröffentlichen.',
  ],
  ['S1', 'Danke euch, dann sehen wir uns nächste Woche wieder.'],
];
const segments: Segment[] = meeting.map(([speaker, text], i) => ({
  start: 30 + i * 12.5,
  end: 30 + i * 12.5 + 11,
  speaker,
  text,
}));
const first = segments[0]!.start;
const last = segments.at(-1)!.end;

const summarise = (options: Partial<Parameters<typeof extractiveSummary>[1]> = {}) =>
  extractiveSummary(segments, { language: 'de', structure: 'minutes', ...options });

describe('extractiveSummary on a German meeting', () => {
  const summary = summarise({ speakerNames: { S3: 'Jonas' } });

  it('is a valid Summary labelled extractive', () => {
    expect(Summary.parse(summary)).toEqual(summary);
    expect(summary.generator).toBe('extractive');
  });

  it('finds the decisions, but not the one still open', () => {
    expect(summary.decisions).toEqual([
      {
        text: 'Nach längerer Diskussion haben wir beschlossen, den Start des Webshops auf den 1. Juni zu verschieben.',
        start: segments[4]!.start,
      },
      {
        text: 'Wir haben uns darauf geeinigt, das Marketingbudget um zehn Prozent zu erhöhen.',
        start: segments[7]!.start,
      },
    ]);
  });

  it('finds action items with owner and due: a name, the speaker for "ich", a full date', () => {
    expect(summary.action_items).toEqual([
      {
        task: 'Anna kümmert sich bis Freitag um den Kampagnenplan für das Marketing.',
        owner: 'Anna',
        due: 'Freitag',
        start: segments[8]!.start,
      },
      {
        task: 'Ich schicke euch bis nächste Woche die aktualisierten Zahlen zum Budget.',
        owner: 'Jonas',
        due: 'nächste Woche',
        start: segments[9]!.start,
      },
      {
        task: 'Herr Becker soll bis zum 15.05.2025 die Stellenanzeige für den Kundenservice veröffentlichen.',
        owner: 'Herr Becker',
        due: '2025-05-15',
        start: segments[14]!.start,
      },
    ]);
  });

  it('titles the note with its headings in the summary language and the main subjects', () => {
    expect(summary.title).toMatch(/^Ergebnisprotokoll: /);
    expect(summary.title).toContain('Kundenservice');
    expect(summarise({ language: 'en' }).title).toMatch(/^Minutes: /);
    expect(summarise({ structure: 'detailed' }).title).toMatch(/^Verlaufsprotokoll: /);
  });

  it('splits the meeting into topics in time order', () => {
    const titles = summary.topics.map((topic) => topic.title).join(' | ');
    expect(summary.topics.length).toBeGreaterThanOrEqual(2);
    expect(titles).toMatch(/Webshop|Zahlungsanbieter|Schnittstelle/);
    expect(titles).toMatch(/Kundenservice/);
    const starts = summary.topics.map((topic) => topic.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(starts[0]).toBe(first);
  });

  it('gives every item a start within the transcript', () => {
    const items = [...summary.topics, ...summary.decisions, ...summary.action_items];
    expect(items.length).toBeGreaterThan(5);
    for (const item of items) {
      expect(item.start).toBeGreaterThanOrEqual(first);
      expect(item.start).toBeLessThanOrEqual(last);
    }
    expect(summary.overview.length).toBeGreaterThan(50);
  });

  it('is deterministic', () => {
    expect(summarise({ speakerNames: { S3: 'Jonas' } })).toEqual(summary);
  });
});

describe('extractiveSummary, more', () => {
  it('finds an English team meeting’s decisions and each named person’s task', () => {
    const summary = extractiveSummary(TEAM_MEETING_EN, { language: 'en', structure: 'minutes' });
    expect(summary.decisions.map((decision) => decision.text)).toEqual([
      'We decided to move the release to the fourteenth of March.',
      'We agreed that the onboarding redesign comes first in the next sprint.',
    ]);
    expect(summary.action_items.map(({ task, owner, due }) => ({ task, owner, due }))).toEqual([
      {
        task: 'Sam will send the updated release plan to the sales team by Friday.',
        owner: 'Sam',
        due: 'Friday',
      },
      {
        task: 'Priya will summarise the survey answers for the next meeting.',
        owner: 'Priya',
        due: undefined,
      },
    ]);
  });

  it('reads English cues', () => {
    const summary = extractiveSummary(
      [
        { start: 0, end: 5, speaker: 'S1', text: 'Welcome to the launch review.' },
        { start: 5, end: 10, speaker: 'S2', text: 'We agreed to move the launch to June.' },
        { start: 10, end: 15, speaker: 'S1', text: 'Tom will send the release notes by Monday.' },
        { start: 15, end: 20, speaker: 'S2', text: "I'll update the pricing page." },
      ],
      { language: 'en', structure: 'minutes', speakerNames: { S2: 'Maria' } },
    );
    expect(summary.decisions.map((d) => d.start)).toEqual([5]);
    expect(summary.action_items).toEqual([
      {
        task: 'Tom will send the release notes by Monday.',
        owner: 'Tom',
        due: 'Monday',
        start: 10,
      },
      { task: "I'll update the pricing page.", owner: 'Maria', start: 15 },
    ]);
  });

  it('makes interview topics from the questions', () => {
    const summary = extractiveSummary(
      [
        { start: 0, end: 4, speaker: 'S1', text: 'Wie sind Sie zur Fotografie gekommen?' },
        { start: 4, end: 20, speaker: 'S2', text: 'Mein Vater hatte eine alte Kamera im Keller.' },
        { start: 20, end: 24, speaker: 'S1', text: 'Was planen Sie als nächstes Projekt?' },
        {
          start: 24,
          end: 40,
          speaker: 'S2',
          text: 'Eine Ausstellung über Industriebauten im Ruhrgebiet.',
        },
      ],
      { language: 'de', structure: 'interview' },
    );
    expect(summary.topics).toEqual([
      {
        title: 'Wie sind Sie zur Fotografie gekommen?',
        text: 'Mein Vater hatte eine alte Kamera im Keller.',
        start: 0,
      },
      {
        title: 'Was planen Sie als nächstes Projekt?',
        text: 'Eine Ausstellung über Industriebauten im Ruhrgebiet.',
        start: 20,
      },
    ]);
    expect(summary.title).toMatch(/^Interview/);
  });

  it('says so in the note language when nothing was said', () => {
    expect(extractiveSummary([], { language: 'de', structure: 'minutes' })).toMatchObject({
      title: 'Keine Sprache erkannt',
      generator: 'extractive',
      topics: [],
    });
  });
});

describe('findDue', () => {
  it.each([
    ['bis Ende der Woche', 'Ende der Woche'],
    ['am 3. März 2026', '2026-03-03'],
    ['bis zum 12. Mai', '12. Mai'],
    ['by the end of the month', 'the end of the month'],
    ['due 2026-01-31', '2026-01-31'],
    ['by March 5th, 2026', '2026-03-05'],
    ['ohne Termin', undefined],
    // Days said as words, in both languages alike.
    ['bis zum fünfzehnten März', '15. März'],
    ['am ersten April 2026', '2026-04-01'],
    ['bis spätestens zum einunddreißigsten Mai', '31. Mai'],
    ['by the fifteenth of March', 'March 15'],
    ['on the twenty-first of June, 2026', '2026-06-21'],
    ['by March the third', 'March 3'],
    ['bis Freitag', 'Freitag'],
    ['by Friday', 'Friday'],
    ['nächste Woche', 'nächste Woche'],
    ['next week', 'next week'],
    ['bis nächsten Dienstag', 'nächsten Dienstag'],
    ['by next Tuesday', 'next Tuesday'],
    ['in zwei Wochen', 'in zwei Wochen'],
    ['in two weeks', 'in two weeks'],
    ['bis Mitte April', 'Mitte April'],
  ])('%s → %s', (text, due) => {
    expect(findDue(text)).toBe(due);
  });
});

describe('agendaTopic', () => {
  it.each([
    ['Kommen wir zum Kundenfeedback aus dem Support.', 'Kundenfeedback aus dem Support'],
    ['Gut, dann zur Messe in Köln.', 'Messe in Köln'],
    ['Dann zur Messe in Köln.', 'Messe in Köln'],
    ['Erster Punkt ist der Stand des Release 2.4.', 'Stand des Release 2.4'],
    ['Zum Schluss noch die Personalplanung.', 'Personalplanung'],
    ['Moving on to the newsletter.', 'Newsletter'],
    ['Next item: the open position for a content writer.', 'Open position for a content writer'],
    ["Let's talk about the budget.", 'Budget'],
    ['Zum Glück lief alles gut.', undefined],
    [
      'Dann zur Frage, ob wir das überhaupt brauchen und wer das bezahlen soll und wann?',
      undefined,
    ],
  ])('%s → %s', (text, topic) => {
    expect(agendaTopic(text)).toBe(topic);
  });
});

/**
 * Realistic meetings as the speech engine returns them (extractive-meetings.ts): the summary must
 * read like minutes a person would write, in German and English alike.
 */
describe.each([
  {
    language: 'de',
    segments: GERMAN_MEETING,
    title:
      'Ergebnisprotokoll: Stand des Release 2.4, Kundenfeedback aus dem Support, Messe in Köln im April',
    topics: ['Stand des Release 2.4', 'Kundenfeedback aus dem Support', 'Messe in Köln im April'],
    decisions: [
      'Dann haben wir beschlossen, das Release 2.4 erst nach dem Fix für die Tabellen auszuliefern.',
      'Wir haben uns geeinigt, dass Jonas und Petra den Stand am ersten Messetag betreuen.',
    ],
    tasks: [
      {
        task: 'Ich kümmere mich bis Freitag um den Fehler beim Seitenumbruch.',
        owner: 'Lukas',
        due: 'Freitag',
      },
      {
        task: 'Petra, kannst du bis zum fünfzehnten März eine Auswertung der Tickets vorbereiten?',
        owner: 'Petra',
        due: '15. März',
      },
      {
        task: 'Jonas bestellt die Flyer für die Messe nächste Woche bei der Druckerei.',
        owner: 'Jonas',
        due: 'nächste Woche',
      },
    ],
  },
  {
    language: 'en',
    segments: ENGLISH_MEETING,
    title: 'Minutes: Website relaunch, Newsletter, Open position for a content writer',
    topics: ['Website relaunch', 'Newsletter', 'Open position for a content writer'],
    decisions: [
      'So we agreed to launch the new website on the first Monday in April.',
      'We decided to invite the best four candidates for a first interview.',
    ],
    tasks: [
      {
        task: 'I will send the agency the final screenshots by Friday.',
        owner: 'Lukas',
        due: 'Friday',
      },
      {
        task: 'Maria, could you test the one column template by the fifteenth of March?',
        owner: 'Maria',
        due: 'March 15',
      },
      {
        task: 'Tom will schedule the interviews with the candidates next week.',
        owner: 'Tom',
        due: 'next week',
      },
    ],
  },
])('extractiveSummary of a realistic $language meeting', (meeting) => {
  const summary = extractiveSummary(meeting.segments, {
    language: meeting.language,
    structure: 'minutes',
    speakerNames: { S2: 'Lukas' },
  });

  it('is a valid Summary, titled after its topics', () => {
    expect(Summary.parse(summary)).toEqual(summary);
    expect(summary.title).toBe(meeting.title);
  });

  it('names each topic by what it is about, in the order of the meeting', () => {
    expect(summary.topics.map((topic) => topic.title)).toEqual(meeting.topics);
    const starts = summary.topics.map((topic) => topic.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(starts[0]).toBe(meeting.segments[0]!.start);
  });

  it('finds the decisions, not the question still open', () => {
    expect(summary.decisions.map((decision) => decision.text)).toEqual(meeting.decisions);
  });

  it('finds every task with its owner and its due date said in words', () => {
    expect(summary.action_items.map(({ task, owner, due }) => ({ task, owner, due }))).toEqual(
      meeting.tasks,
    );
  });

  it('never repeats an action item or a decision in a topic', () => {
    const listed = [
      ...summary.action_items.map((item) => item.task),
      ...summary.decisions.map((decision) => decision.text),
    ];
    for (const topic of summary.topics) {
      expect(topic.text, topic.title).toBeTruthy();
      for (const item of listed) expect(topic.text, topic.title).not.toContain(item);
    }
  });
});
