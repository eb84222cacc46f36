import { Summary, type NoteStructure, type Segment } from '@protokoll/contract';
import { describe, expect, it } from 'vitest';
import { extractiveSummary } from './extractive.ts';
import { isQuestion } from './extractive-structures.ts';
import { ENGLISH_MEETING, GERMAN_MEETING } from './extractive-meetings.ts';
import {
  ENGLISH_INTERVIEW,
  ENGLISH_LECTURE,
  GERMAN_INTERVIEW,
  GERMAN_LECTURE,
} from './extractive-recordings.ts';

const summarise = (segments: Segment[], language: string, structure: NoteStructure) => {
  const summary = extractiveSummary(segments, { language, structure });
  // Every summary is a valid Summary that says its structure and language.
  expect(Summary.parse(summary)).toEqual(summary);
  expect(summary).toMatchObject({ structure, language, generator: 'extractive' });
  return summary;
};

describe('isQuestion', () => {
  it.each([
    'Wie gehen Sie mit den gestiegenen Preisen um',
    'Können Sie das genauer erklären',
    'How do you work with developers',
    'Could you tell us about your role',
    'Ist das so?',
  ])('reads "%s" as a question', (text) => expect(isQuestion(text)).toBe(true));

  it.each(['Wie gesagt.', 'Was für ein Tag!', 'How nice.', 'Das ist gut.'])(
    'does not read "%s" as one',
    (text) => expect(isQuestion(text)).toBe(false),
  );
});

describe.each([
  {
    language: 'de',
    segments: GERMAN_INTERVIEW,
    questions: [
      'Wie sind Sie eigentlich zum Bäckerhandwerk gekommen?',
      'Was unterscheidet Ihre Bäckerei von den großen Ketten?',
      // The engine wrote no question mark: the interrogative opening tells.
      'Wie gehen Sie mit den gestiegenen Preisen für Energie und Mehl um',
      'Welche Pläne haben Sie für das nächste Jahr?',
    ],
    firstAnswer: /^Mein Großvater hatte eine kleine Bäckerei in Izmir.*Ausbildung zur Bäckerin/,
    lastAnswer:
      'Wir eröffnen im Frühjahr eine zweite Filiale in Ehrenfeld und suchen dafür noch zwei Bäcker.',
  },
  {
    language: 'en',
    segments: ENGLISH_INTERVIEW,
    questions: [
      'Could you tell us a little about your current role?',
      'What was the hardest project you worked on last year?',
      'How do you work with developers?',
      'Why do you want to join our team?',
    ],
    firstAnswer: /^I lead the design of the mobile app.*user research and prototypes\.$/,
    lastAnswer: 'Your product helps small companies, and I want to see my work used every day.',
  },
])('an $language interview', ({ language, segments, questions, firstAnswer, lastAnswer }) => {
  const summary = summarise(segments, language, 'interview');

  it('reads as the interviewer’s questions, each with the guest’s answer', () => {
    expect(summary.qa?.map((pair) => pair.question)).toEqual(questions);
    expect(summary.qa?.[0]?.answer).toMatch(firstAnswer);
    expect(summary.qa?.at(-1)?.answer).toBe(lastAnswer);
    // The interviewer's "Danke." or "Great." between answers is no part of an answer.
    for (const pair of summary.qa ?? []) expect(pair.answer).not.toMatch(/^(Danke|Great|Spannend)/);
  });

  it('starts each pair where its question is asked, and lists the questions as topics', () => {
    for (const pair of summary.qa ?? []) {
      expect(segments.some((s) => s.start <= pair.start && pair.start <= s.end)).toBe(true);
      expect(segments.find((s) => s.start <= pair.start && pair.start <= s.end)?.speaker).toBe(
        'S1',
      );
    }
    expect(summary.topics.map((topic) => topic.title)).toEqual(questions);
  });
});

it('pairs questions and answers by question marks when the speakers are not told apart', () => {
  const oneSpeaker = GERMAN_INTERVIEW.map((segment) => ({ ...segment, speaker: 'S1' }));
  const summary = summarise(oneSpeaker, 'de', 'interview');
  expect(summary.qa?.[1]).toMatchObject({
    question: 'Was unterscheidet Ihre Bäckerei von den großen Ketten?',
    answer: expect.stringMatching(/^Wir backen jeden Teig selbst/),
  });
});

describe.each([
  {
    language: 'de',
    segments: GERMAN_LECTURE,
    headings: ['Chloroplasten', 'Lichtreaktion', 'Calvin-Zyklus'],
    terms: [['Chloroplasten', 'Chlorophyll'], ['Lichtreaktion'], ['Rubisco', 'Kohlendioxid']],
    homework: /Kapitel vier/,
  },
  {
    language: 'en',
    segments: ENGLISH_LECTURE,
    headings: ['Demand', 'Supply curve', 'Market equilibrium'],
    terms: [['demand'], ['supply'], ['equilibrium', 'shortage']],
    homework: /chapter three/,
  },
])('an $language lecture', ({ language, segments, headings, terms, homework }) => {
  const summary = summarise(segments, language, 'lecture');

  it('reads as its announced sections in order, each with points and key terms', () => {
    expect(summary.sections?.map((section) => section.heading)).toEqual(headings);
    summary.sections?.forEach((section, k) => {
      expect(section.points.length, section.heading).toBeGreaterThanOrEqual(2);
      expect(section.key_terms.length, section.heading).toBeGreaterThanOrEqual(2);
      expect(section.key_terms, section.heading).toEqual(expect.arrayContaining(terms[k]!));
    });
    const starts = summary.sections?.map((section) => section.start) ?? [];
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('lists the homework as a task, not as a point of a section', () => {
    expect(summary.action_items.map((item) => item.task)).toEqual([
      expect.stringMatching(homework),
    ]);
    for (const section of summary.sections ?? []) {
      for (const point of section.points) expect(point).not.toMatch(homework);
    }
  });
});

describe.each([
  { language: 'de', segments: GERMAN_MEETING, first: 'Stand des Release 2.4' },
  { language: 'en', segments: ENGLISH_MEETING, first: 'Website relaunch' },
])('an $language meeting', ({ language, segments, first }) => {
  it('as a Verlaufsprotokoll: topic by topic in order, each with who said what', () => {
    const summary = summarise(segments, language, 'detailed');
    const discussion = summary.discussion ?? [];
    expect(discussion.map((topic) => topic.title)).toEqual(
      summary.topics.map((topic) => topic.title),
    );
    expect(discussion[0]?.title).toBe(first);
    for (const topic of discussion) {
      expect(topic.points.length, topic.title).toBeGreaterThanOrEqual(2);
      const starts = topic.points.map((point) => point.start);
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
      for (const point of topic.points) {
        const said = segments.find((s) => s.text.includes(point.text));
        expect(point.speaker, point.text).toBe(said?.speaker);
      }
    }
    // Several people spoke, so the course of the discussion names more than one.
    const speakers = new Set(discussion.flatMap((t) => t.points.map((p) => p.speaker)));
    expect(speakers.size).toBeGreaterThan(1);
  });

  it('as Stichpunkte: a plain list in spoken order, at least one point per topic', () => {
    const summary = summarise(segments, language, 'bullets');
    const bullets = summary.bullets ?? [];
    expect(bullets.length).toBeGreaterThanOrEqual(3);
    expect(bullets.length).toBeLessThanOrEqual(10);
    const starts = bullets.map((bullet) => bullet.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    summary.topics.forEach((topic, t) => {
      const end = summary.topics[t + 1]?.start ?? Infinity;
      expect(
        bullets.some((b) => b.start >= topic.start && b.start < end),
        topic.title,
      ).toBe(true);
    });
    for (const bullet of bullets)
      expect(segments.some((s) => s.text.includes(bullet.text))).toBe(true);
  });

  it('as an Ergebnisprotokoll: decisions and tasks, no parts of the other structures', () => {
    const summary = summarise(segments, language, 'minutes');
    expect(summary.decisions.length).toBeGreaterThan(0);
    expect(summary.action_items.length).toBeGreaterThan(0);
    for (const part of ['bullets', 'discussion', 'qa', 'sections'] as const) {
      expect(summary[part], part).toBeUndefined();
    }
  });
});
