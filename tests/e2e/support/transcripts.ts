import { expect, type APIRequestContext } from '@playwright/test';
import { sentChunkSha256 } from '../../../packages/server/src/jobs/testing.ts';

/** The local OpenAI peer's address (playwright.config.ts starts it). */
export function openAiPeerUrl(): string {
  const url = process.env.E2E_OPENAI_URL;
  if (!url) throw new Error('E2E_OPENAI_URL is not set: run through playwright.config.ts');
  return url;
}

/**
 * Tells the OpenAI peer to transcribe `file` as `text`: by the SHA-256 of the chunk the server
 * will send it, so a recording of its own length gets this transcript and no other.
 */
export async function registerTranscript(
  request: APIRequestContext,
  file: string,
  text: string,
): Promise<void> {
  const registered = await request.post(`${openAiPeerUrl()}/control/transcript`, {
    data: { sha256: await sentChunkSha256(file), text },
  });
  expect(registered.ok()).toBe(true);
}
