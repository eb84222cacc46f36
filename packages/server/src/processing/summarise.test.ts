import { Summary, type Segment } from '@protokoll/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startOpenAiPeer, type OpenAiPeer } from '../../../../tests/peers/openai.ts';
import { createChatClient } from './chat.ts';
import { EngineError } from './engine.ts';
import { GERMAN_INTERVIEW, ENGLISH_LECTURE } from './extractive-recordings.ts';
import { GERMAN_MEETING } from './extractive-meetings.ts';
import {
  DENSE_WINDOW,
  LONG_MEETING_SECONDS,
  longMeeting,
  SILENT_WINDOW,
} from './fixtures/long-meeting.ts';
import {
  buildMessages,
  parseSummaryAnswer,
  renderTranscript,
  summariseWithLlm,
  summaryParts,
  timeWindows,
  transcriptWindows,
  windowCharsFor,
} from './summarise.ts';
import { parseTimestamp } from './text.ts';

let peer: OpenAiPeer;
beforeAll(async () => {
  peer = await startOpenAiPeer();
});
afterAll(async () => {
  await peer?.close();
});
beforeEach(() => {
  peer.reset();
  peer.configure({ apiKey: undefined, latencyMs: 0, contextChars: undefined });
});

const segments: Segment[] = [
  { start: 0, end: 9, speaker: 'S1', text: 'Guten Morgen, wir sprechen heute über das Budget.' },
  { start: 9.5, end: 20, speaker: 'S2', text: 'Die Kosten für Werbung sind gestiegen.' },
  { start: 65, end: 80, speaker: 'S1', text: 'Wir haben beschlossen, das Budget zu erhöhen.' },
  { start: 125, end: 140, speaker: 'S2', text: 'Ich kümmere mich bis Freitag um den Bericht.' },
];

type Request = {
  messages: { role: string; content: string }[];
  response_format?: unknown;
  model: string;
};
const chatRequests = () => peer.requests.map((r) => r.body as Request);

describe('summariseWithLlm against the chat peer', () => {
  it('asks for a JSON object with [mm:ss] markers and turns marker starts into passage seconds', async () => {
    peer.configure({ apiKey: 'sk-llm' });
    const client = createChatClient({ baseUrl: `${peer.url}/v1/`, apiKey: 'sk-llm' });
    const summary = await summariseWithLlm(segments, {
      client,
      model: 'gpt-4o-mini',
      structure: 'minutes',
      language: 'de',
      speakerNames: { S1: 'Erika' },
    });
    expect(Summary.parse(summary)).toEqual(summary);
    expect(summary.generator).toBe('llm');
    // The peer copies "mm:ss" markers; 01:05 → the passage at 65 s, 02:05 → 125 s.
    expect(summary.decisions).toEqual([
      { text: 'Wir haben beschlossen, das Budget zu erhöhen.', start: 65 },
    ]);
    expect(summary.action_items).toEqual([
      { task: 'Ich kümmere mich bis Freitag um den Bericht.', owner: 'S2', start: 125 },
    ]);

    const [request] = chatRequests();
    expect(peer.requests[0]).toMatchObject({
      path: '/v1/chat/completions',
      authorization: 'Bearer sk-llm',
    });
    expect(request).toMatchObject({
      model: 'gpt-4o-mini',
      response_format: { type: 'json_object' },
    });
    expect(request!.messages[0]!.content).toContain('Ergebnisprotokoll');
    expect(request!.messages[0]!.content).toContain('auf Deutsch');
    expect(request!.messages[1]!.content).toContain(
      '[01:05] Erika: Wir haben beschlossen, das Budget zu erhöhen.',
    );
  });

  it('asks again once after invalid JSON, with the reason, and takes the valid answer', async () => {
    peer.chatInvalid(1, 'json');
    const client = createChatClient({ baseUrl: peer.url });
    const summary = await summariseWithLlm(segments, {
      client,
      model: 'm',
      structure: 'detailed',
      language: 'en',
    });
    expect(summary.decisions).toHaveLength(1);
    const requests = chatRequests();
    expect(requests).toHaveLength(2);
    expect(requests[0]!.messages[0]!.content).toContain('topic by topic');
    const retry = requests[1]!.messages;
    expect(retry.at(-2)).toMatchObject({ role: 'assistant' });
    expect(retry.at(-1)!.content).toMatch(/^Your answer was invalid: not valid JSON/);
  });

  it('reports what the schema missed in the retry prompt', async () => {
    peer.chatInvalid(1, 'schema');
    const client = createChatClient({ baseUrl: peer.url });
    await summariseWithLlm(segments, { client, model: 'm', structure: 'bullets', language: 'de' });
    const retry = chatRequests()[1]!.messages.at(-1)!.content;
    expect(retry).toMatch(/^Deine Antwort war ungültig: title: .*; topics: /);
  });

  it('fails permanently when the answer is invalid twice, after exactly two requests', async () => {
    peer.chatInvalid(2, 'json');
    const client = createChatClient({ baseUrl: peer.url });
    const error = await summariseWithLlm(segments, {
      client,
      model: 'm',
      structure: 'minutes',
      language: 'de',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect(error).toMatchObject({ engine: 'llm', reason: 'invalidAnswer', retryable: false });
    expect(peer.requests).toHaveLength(2);
  });

  it('passes engine failures on for the job to retry', async () => {
    peer.fail({ status: 502, times: 1 });
    const client = createChatClient({ baseUrl: peer.url });
    const error = await summariseWithLlm(segments, {
      client,
      model: 'm',
      structure: 'minutes',
      language: 'de',
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ engine: 'llm', reason: 'server', retryable: true, status: 502 });
    expect(peer.requests).toHaveLength(1);
  });

  it('summarises a long transcript in windows and joins them in time order', async () => {
    const client = createChatClient({ baseUrl: peer.url });
    const summary = await summariseWithLlm(segments, {
      client,
      model: 'm',
      structure: 'minutes',
      language: 'de',
      maxWindowChars: 120,
    });
    const requests = chatRequests();
    expect(requests).toHaveLength(transcriptWindows(segments, 120).length);
    expect(requests.length).toBeGreaterThan(1);
    expect(requests[0]!.messages[1]!.content).toMatch(/^Dies ist Teil 1 von \d/);
    expect(summary.topics.map((t) => t.start)).toEqual(
      [...summary.topics.map((t) => t.start)].sort((a, b) => a - b),
    );
    expect(summary.decisions).toHaveLength(1);
    expect(summary.action_items).toHaveLength(1);
  });

  it('does not ask about a recording without speech', async () => {
    const client = createChatClient({ baseUrl: peer.url });
    const summary = await summariseWithLlm([], {
      client,
      model: 'm',
      structure: 'minutes',
      language: 'de',
    });
    expect(summary.title).toBe('Keine Sprache erkannt');
    expect(peer.requests).toHaveLength(0);
  });
});

describe('summariseWithLlm per structure, against the chat peer', () => {
  const client = () => createChatClient({ baseUrl: peer.url });
  const systemPrompt = () => chatRequests().at(-1)!.messages[0]!.content;

  it('asks an interview for questions and answers and reads them, in the language asked', async () => {
    const summary = await summariseWithLlm(GERMAN_INTERVIEW, {
      client: client(),
      model: 'm',
      structure: 'interview',
      language: 'en',
    });
    expect(systemPrompt()).toContain('"qa": [{"question": "…", "answer": "…", "start": "mm:ss"}]');
    expect(Summary.parse(summary)).toEqual(summary);
    expect(summary).toMatchObject({ structure: 'interview', language: 'en', generator: 'llm' });
    expect(summary.requested_language).toBeUndefined();
    // The peer pairs each question line with the line after it; starts snap to passages.
    expect(summary.qa?.[0]).toEqual({
      question: 'Wie sind Sie eigentlich zum Bäckerhandwerk gekommen?',
      answer: GERMAN_INTERVIEW[3]!.text,
      start: GERMAN_INTERVIEW[2]!.start,
    });
  });

  it('asks a lecture for sections with key terms', async () => {
    const summary = await summariseWithLlm(ENGLISH_LECTURE, {
      client: client(),
      model: 'm',
      structure: 'lecture',
      language: 'en',
    });
    expect(systemPrompt()).toContain('"sections": [{"heading"');
    expect(systemPrompt()).toContain('"key_terms"');
    expect(summary.sections?.length).toBeGreaterThan(1);
    expect(summary.sections?.[0]).toMatchObject({
      points: [ENGLISH_LECTURE[0]!.text, ENGLISH_LECTURE[1]!.text, ENGLISH_LECTURE[2]!.text],
      start: ENGLISH_LECTURE[0]!.start,
    });
  });

  it('asks a Verlaufsprotokoll for the discussion topic by topic, with speakers by name', async () => {
    const summary = await summariseWithLlm(GERMAN_MEETING, {
      client: client(),
      model: 'm',
      structure: 'detailed',
      language: 'de',
      speakerNames: { S2: 'Lukas' },
    });
    expect(systemPrompt()).toContain('"discussion": [');
    expect(summary.discussion?.[0]?.points.map((point) => point.speaker)).toEqual([
      'S1',
      'S1',
      'S1',
    ]);
    expect(summary.discussion?.[1]?.points[0]).toMatchObject({ speaker: 'Lukas' });
  });

  it('asks bullets for a plain list; minutes for no part of their own', async () => {
    const bullets = await summariseWithLlm(GERMAN_MEETING, {
      client: client(),
      model: 'm',
      structure: 'bullets',
      language: 'de',
    });
    expect(bullets.bullets?.length).toBe(GERMAN_MEETING.length);
    const minutes = await summariseWithLlm(GERMAN_MEETING, {
      client: client(),
      model: 'm',
      structure: 'minutes',
      language: 'de',
    });
    expect(systemPrompt()).not.toMatch(/"(bullets|qa|sections|discussion)"/);
    expect(minutes.structure).toBe('minutes');
    expect(minutes.bullets).toBeUndefined();
  });
});

describe('prompts', () => {
  it('have an instruction per structure, German for German notes and named for others', () => {
    const texts = (['minutes', 'detailed', 'bullets', 'interview', 'lecture'] as const).map(
      (structure) => buildMessages('x', { structure, language: 'de' })[0]!.content,
    );
    expect(new Set(texts).size).toBe(5);
    const french = buildMessages('x', { structure: 'lecture', language: 'fr' })[0]!.content;
    expect(french).toContain('write every text in French (fr)');
  });

  it('render timestamps as [mm:ss] past the hour', () => {
    expect(renderTranscript([{ start: 3725, end: 3730, speaker: 'S3', text: 'Spät.' }])).toBe(
      '[62:05] S3: Spät.',
    );
  });
});

describe('parseSummaryAnswer', () => {
  const starts = [0, 9.5, 65, 125];

  it('tolerates a code fence, nulls and missing lists, and snaps starts to passages', () => {
    const answer =
      '```json\n{"title":"T","overview":"O","topics":[{"title":"A","text":null,"start":"1:10"}],' +
      '"action_items":[{"task":"X","owner":null,"due":"","start":130}]}\n```';
    expect(parseSummaryAnswer(answer, starts)).toEqual({
      summary: {
        title: 'T',
        overview: 'O',
        topics: [{ title: 'A', start: 65 }],
        decisions: [],
        action_items: [{ task: 'X', start: 125 }],
        generator: 'llm',
      },
    });
  });

  it('reads a structure’s part, and makes it from the topics when the model left it out', () => {
    const answer = (extra: string) =>
      `{"title":"T","overview":"O","topics":[{"title":"Frage?","text":"Antwort.","start":"1:05"}],"decisions":[],"action_items":[]${extra}}`;
    expect(
      parseSummaryAnswer(
        answer(',"qa":[{"question":"Wie?","answer":null,"start":"0:10"}]'),
        starts,
        'interview',
      ),
    ).toMatchObject({
      summary: { structure: 'interview', qa: [{ question: 'Wie?', answer: '', start: 9.5 }] },
    });
    expect(parseSummaryAnswer(answer(''), starts, 'interview')).toMatchObject({
      summary: { qa: [{ question: 'Frage?', answer: 'Antwort.', start: 65 }] },
    });
    expect(parseSummaryAnswer(answer(''), starts, 'lecture')).toMatchObject({
      summary: {
        sections: [{ heading: 'Frage?', points: ['Antwort.'], key_terms: [], start: 65 }],
      },
    });
    expect(
      parseSummaryAnswer(
        answer(',"discussion":[{"title":"A","points":["Satz."],"start":"2:05"}]'),
        starts,
        'detailed',
      ),
    ).toMatchObject({
      summary: { discussion: [{ title: 'A', points: [{ text: 'Satz.', start: 125 }] }] },
    });
    // A part of the wrong shape is an invalid answer: the model is asked again.
    expect(
      parseSummaryAnswer(
        answer(',"sections":[{"heading":"H","points":"none"}]'),
        starts,
        'lecture',
      ),
    ).toEqual({ error: expect.stringMatching(/sections\.0\.points/) });
  });

  it('reports wrong types and missing starts', () => {
    const result = parseSummaryAnswer(
      '{"title":"T","overview":"O","topics":[],"decisions":[{"text":"D"}],"action_items":"none"}',
      starts,
    );
    expect(result).toEqual({
      error: expect.stringMatching(/decisions\.0\.start: .*action_items: /),
    });
    expect(parseSummaryAnswer('[1,2]', starts)).toEqual({ error: expect.any(String) });
  });
});

describe('a long transcript and a language model with a small context', () => {
  const contextChars = 6000;
  const client = () => createChatClient({ baseUrl: peer.url });
  const transcript = longMeeting();
  const windowOf = (seconds: number) => Math.floor(seconds / 600);
  const prompts = () => chatRequests().map((request) => request.messages[1]!.content);
  const linesOf = (prompt: string) =>
    prompt.split('\n').filter((line) => /^\[\d+:\d{2}\]/.test(line));

  it('sends every ten-minute window in parts that fit, and the summary covers every window', async () => {
    peer.configure({ contextChars });
    const summary = await summariseWithLlm(transcript, {
      client: client(),
      model: 'm',
      structure: 'minutes',
      language: 'de',
      contextChars,
      durationSeconds: LONG_MEETING_SECONDS,
    });
    // No request was too long for the model (the peer answers those 400).
    expect(peer.requests.map((request) => request.status)).toEqual(peer.requests.map(() => 200));
    // Every passage was sent, once: nothing cut off, nothing twice.
    const sent = prompts().flatMap(linesOf);
    expect(sent).toEqual(transcript.map((segment) => renderTranscript([segment])));
    // Every window with speech went to the model.
    const windowsSent = new Set(
      sent.map((line) => windowOf(parseTimestamp(line.slice(1, line.indexOf(']')))!)),
    );
    const windowsSpoken = new Set(transcript.map((segment) => windowOf(segment.start)));
    expect(windowsSent).toEqual(windowsSpoken);
    expect(windowsSpoken.size).toBe(17);

    // Each part names its time range and speakers; the ranges follow one another from 0:00 to
    // the end, and fall on window borders except inside the window too long for one request.
    const ranges = prompts().map((prompt) => {
      const match = /die Aufnahme von (\d+:\d{2}) bis (\d+:\d{2}); es sprechen ([^.]+)\./.exec(
        prompt,
      );
      expect(match, prompt.slice(0, 200)).not.toBeNull();
      return {
        start: parseTimestamp(match![1])!,
        end: parseTimestamp(match![2])!,
        speakers: match![3]!,
        prompt,
      };
    });
    expect(ranges[0]!.start).toBe(0);
    expect(ranges.at(-1)!.end).toBe(LONG_MEETING_SECONDS);
    for (const [i, range] of ranges.entries()) {
      if (i > 0) expect(range.start).toBe(ranges[i - 1]!.end);
      const inDense = range.start >= DENSE_WINDOW * 600 && range.end <= (DENSE_WINDOW + 1) * 600;
      if (!inDense) {
        expect(range.start % 600).toBe(0);
        expect(range.end % 600).toBe(0);
      }
      for (const line of linesOf(range.prompt)) {
        const at = parseTimestamp(line.slice(1, line.indexOf(']')))!;
        expect(at).toBeGreaterThanOrEqual(range.start);
        expect(at).toBeLessThan(range.end);
      }
      // The speakers in the order they first speak in the part.
      const speakers = linesOf(range.prompt).map((line) => /^\[[^\]]+\] ([^:]+):/.exec(line)![1]);
      expect(range.speakers).toBe([...new Set(speakers)].join(', '));
    }
    expect(ranges.length).toBeGreaterThan(17);
    expect(ranges.filter((r) => windowOf(r.start) === DENSE_WINDOW).length).toBeGreaterThan(1);

    // Every window contributes, or is reported as having nothing to summarise.
    expect(summary.windows).toHaveLength(18);
    expect(summary.windows!.map((w) => [w.start, w.end])).toEqual(
      Array.from({ length: 18 }, (_, k) => [k * 600, (k + 1) * 600]),
    );
    expect(summary.windows!.map((w) => w.status)).toEqual(
      Array.from({ length: 18 }, (_, k) => (k === SILENT_WINDOW ? 'empty' : 'summarised')),
    );
    expect(Summary.parse(summary)).toEqual(summary);
    // The parts' items are all there, in time order.
    expect(new Set(summary.topics.map((t) => windowOf(t.start)))).toEqual(windowsSpoken);
    expect(summary.decisions).toHaveLength(
      transcript.filter((segment) => segment.text.includes('beschlossen')).length,
    );
  });

  it('would not fit in one request: the peer refuses what is longer than its context', async () => {
    peer.configure({ contextChars });
    expect(windowCharsFor(contextChars, 'minutes', 'de')).toBeLessThan(contextChars);
    const error = await summariseWithLlm(transcript, {
      client: client(),
      model: 'm',
      structure: 'minutes',
      language: 'de',
      maxWindowChars: 1_000_000,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect(peer.requests.map((request) => request.status)).toEqual([400]);
  });

  it('reports the window whose answer was invalid twice and keeps every other', async () => {
    // The first part's answers only: the second part's request goes out before the first
    // answer is checked (docs/uploads.md#long-recordings).
    peer.chatInvalid(2, 'schema', 'Dies ist Teil 1 von');
    const first = transcript.filter((segment) => segment.start < 1800);
    const summary = await summariseWithLlm(first, {
      client: client(),
      model: 'm',
      structure: 'minutes',
      language: 'de',
      contextChars,
      durationSeconds: 1800,
    });
    expect(summary.windows!.map((w) => w.status)).toEqual(['failed', 'summarised', 'summarised']);
    expect(summary.topics.every((t) => t.start >= 600)).toBe(true);
    // One request of the job at a time: the retry waited for the second part's answer.
    expect(peer.peakConcurrency()).toBe(1);
    expect(peer.requests.filter((request) => request.endpoint === 'chat')).toHaveLength(4);
    expect(summary.topics.length).toBeGreaterThan(0);
  });

  it('marks the silent end of a recording as having nothing to summarise', async () => {
    const summary = await summariseWithLlm(segments, {
      client: client(),
      model: 'm',
      structure: 'minutes',
      language: 'de',
      durationSeconds: 1500,
    });
    // One request: the whole transcript fits, with no part line.
    expect(prompts()).toHaveLength(1);
    expect(prompts()[0]).toMatch(/^Transkript:/);
    expect(summary.windows).toEqual([
      { start: 0, end: 600, status: 'summarised' },
      { start: 600, end: 1200, status: 'empty' },
      { start: 1200, end: 1500, status: 'empty' },
    ]);
  });
});

describe('summaryParts', () => {
  const at = (start: number, text = `Satz bei ${start} Sekunden über das Budget.`): Segment => ({
    start,
    end: start + 4,
    speaker: 'S1',
    text,
  });

  it('puts every window in one part and every passage in one, silent ends joining their neighbour', () => {
    // Silent for 20 minutes, then one passage a minute, a dense window, silence at the end.
    const transcript = [
      ...Array.from({ length: 10 }, (_, i) => at(1200 + i * 60)),
      ...Array.from({ length: 60 }, (_, i) => at(1800 + i * 10)),
    ];
    const windows = timeWindows(3600);
    expect(windows).toHaveLength(6);
    const parts = summaryParts(transcript, windows, 1200);
    expect(parts.flatMap((part) => part.segments)).toEqual(transcript);
    // Windows 0–2 in one part (0 and 1 silent), 3 in three pieces, the silent 4 and 5 with the last.
    expect(parts.map((part) => part.windows)).toEqual([[0, 1, 2], [3], [3], [3, 4, 5]]);
    expect(new Set(parts.flatMap((part) => part.windows))).toEqual(new Set([0, 1, 2, 3, 4, 5]));
    expect(parts[0]!.start).toBe(0);
    expect(parts.at(-1)!.end).toBe(3600);
    for (const [i, part] of parts.entries()) {
      if (i > 0) expect(part.start).toBe(parts[i - 1]!.end);
      expect(part.segments.length).toBeGreaterThan(0);
      for (const segment of part.segments) {
        expect(segment.start).toBeGreaterThanOrEqual(part.start);
        expect(segment.start).toBeLessThan(part.end);
      }
    }
    // The dense window (30:00–40:00) is split inside itself, and only there.
    const dense = parts.filter((part) => part.windows.includes(3));
    expect(dense.length).toBeGreaterThan(1);
    expect(dense[0]!.start).toBe(1800);
  });

  it('names the range and speakers of an English part', () => {
    const [, user] = buildMessages('[00:00] Tom: Hi.', {
      structure: 'minutes',
      language: 'en',
      part: { index: 2, count: 3, start: 600, end: 1200, speakers: ['Tom', 'S2'] },
    });
    expect(user!.content).toMatch(
      /^This is part 2 of 3 of the transcript, the recording from 10:00 to 20:00; speaking: Tom, S2\./,
    );
  });
});
