import { describe, expect, it } from 'vitest';
import { CapabilitiesResponse, getCapabilities } from './capabilities.ts';

describe('capabilities', () => {
  const answer = {
    success: true,
    stt_available: true,
    llm_available: true,
    missing_audio_tools: [] as ('ffmpeg' | 'ffprobe')[],
    summary_models: [
      { id: 'standard', premium: false },
      { id: 'premium', premium: true },
    ],
    languages: ['de', 'en', 'pt-BR'],
    max_upload_bytes: 1024 ** 3,
    payments_enabled: false,
  };

  it('is a public GET the form can load before anything else', () => {
    expect(getCapabilities).toMatchObject({
      method: 'GET',
      path: '/api/capabilities',
      auth: false,
    });
  });

  it('accepts a server with and without a speech-to-text engine', () => {
    expect(CapabilitiesResponse.parse(answer)).toEqual(answer);
    expect(CapabilitiesResponse.safeParse({ ...answer, stt_available: false }).success).toBe(true);
  });

  it('names the audio tools a server lacks, and only those two', () => {
    const lacking = { ...answer, missing_audio_tools: ['ffmpeg', 'ffprobe'] };
    expect(CapabilitiesResponse.parse(lacking)).toEqual(lacking);
    expect(
      CapabilitiesResponse.safeParse({ ...answer, missing_audio_tools: ['sox'] }).success,
    ).toBe(false);
  });

  it('rejects malformed languages, models and sizes', () => {
    expect(CapabilitiesResponse.safeParse({ ...answer, languages: ['German'] }).success).toBe(
      false,
    );
    expect(
      CapabilitiesResponse.safeParse({ ...answer, summary_models: [{ id: '', premium: false }] })
        .success,
    ).toBe(false);
    expect(CapabilitiesResponse.safeParse({ ...answer, max_upload_bytes: 0 }).success).toBe(false);
    const { stt_available: _, ...withoutEngineFlag } = answer;
    expect(CapabilitiesResponse.safeParse(withoutEngineFlag).success).toBe(false);
  });
});
