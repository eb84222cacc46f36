import { CapabilitiesResponse, ErrorBody } from '@protokoll/contract';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { allDefaultHandlers, capabilities } from '../index.ts';

const server = setupServer(...allDefaultHandlers());

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

async function load() {
  const response = await fetch('http://api.test/api/capabilities');
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('capabilities handlers', () => {
  it('answer without a token: engine available, models, languages, 1 GiB limit', async () => {
    const { status, body } = await load();
    expect(status).toBe(200);
    const answer = CapabilitiesResponse.parse(body);
    expect(answer.stt_available).toBe(true);
    expect(answer.summary_models).toEqual([
      { id: 'standard', premium: false },
      { id: 'premium', premium: true },
    ]);
    expect(answer.languages).toContain('de');
    expect(answer.max_upload_bytes).toBe(1024 ** 3);
  });

  it('capabilities.noEngine reports no speech-to-text engine', async () => {
    server.use(...capabilities.noEngine());
    const answer = CapabilitiesResponse.parse((await load()).body);
    expect(answer.stt_available).toBe(false);
    expect(answer.summary_models.map((model) => model.id)).toEqual(['extractive']);
  });

  it('capabilities.noAudioTools reports ffmpeg and ffprobe missing', async () => {
    expect(CapabilitiesResponse.parse((await load()).body).missing_audio_tools).toEqual([]);
    server.use(...capabilities.noAudioTools());
    const answer = CapabilitiesResponse.parse((await load()).body);
    expect(answer.stt_available).toBe(true);
    expect(answer.missing_audio_tools).toEqual(['ffmpeg', 'ffprobe']);
  });

  it('capabilities.maxUpload and capabilities.failing', async () => {
    server.use(...capabilities.maxUpload(50 * 1024 ** 2));
    expect(CapabilitiesResponse.parse((await load()).body).max_upload_bytes).toBe(52_428_800);
    server.resetHandlers(...capabilities.failing(503));
    const { status, body } = await load();
    expect(status).toBe(503);
    expect(ErrorBody.parse(body).code).toBe('server');
  });
});
