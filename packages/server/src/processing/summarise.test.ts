import { Summary, type Segment } from '@protokoll/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startOpenAiPeer, type OpenAiPeer } from '../../../../tests/peers/openai.ts';
import { createChatClient } from './chat.ts';
import { EngineError } from './engine.ts';
import {
  buildMessages,
  parseSummaryAnswer,
  renderTranscript,
  summariseWithLlm,
  transcriptWindows,
} from './summarise.ts';

let peer: OpenAiPeer;
beforeAll(async () => {
  peer = await startOpenAiPeer();
});
afterAll(async () => {
  await peer?.close();
});
beforeEach(() => {
  peer.reset();
  peer.configure({ apiKey: undefined, latencyMs: 0 });
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
