import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { NoteDetail } from '@protokoll/contract';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { loopedSpeech } from './recordings.ts';

// Notes for end-to-end tests, made the way users make them: a real recording through the real
// upload API, processed by the server's worker with the local OpenAI peer as its engine
// (playwright.config.ts starts both). The e2e server's database cannot be written from here
// (PGlite is locked by the server), and this way every note is a note the product made.

/**
 * The spoken German fixture looped to this length. Long enough for the peer's transcript to have
 * ten passages and the summary a topic well after the start (a summary item that seeks somewhere
 * visible); one started minute of the 30 free ones.
 */
export const RECORDING_SECONDS = 50;

/** A recording of `RECORDING_SECONDS` seconds of real speech, made once per machine. */
export function speechRecording(): Promise<string> {
  return loopedSpeech(RECORDING_SECONDS, 'speech');
}

/**
 * The access token of the person signed in on `page` (its `auth-token` entry,
 * docs/sessions.md#stored-session).
 */
export async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('auth-token') ?? '{}') as { token?: string }).token,
  );
  if (!token) throw new Error('nobody is signed in on this page');
  return token;
}

export interface SeedOptions {
  /** The note's name; defaults to the file name without extension. */
  name?: string;
  folderId?: number;
  /** The spoken language asked for; German unless set. */
  language?: string;
  /** The summary's language; German unless set. */
  summaryLanguage?: string;
}

/** Uploads `file` as the signed-in person (`POST /api/note`); answers the new note's id. */
export async function upload(
  request: APIRequestContext,
  token: string,
  file: string,
  options: SeedOptions,
): Promise<number> {
  const buffer = await readFile(file);
  const answer = await request.post('/api/note', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      audio_file: { name: basename(file), mimeType: 'audio/mpeg', buffer },
      file_name: basename(file),
      language: options.language ?? 'de',
      summary_model: 'extractive',
      summary_language: options.summaryLanguage ?? 'de',
      design: 'modern',
      structure: 'minutes',
      transcribe: 'true',
      transcript_type: 'verbatim',
      size: String(buffer.length),
      ...(options.name ? { name: options.name } : {}),
      ...(options.folderId ? { folder_id: String(options.folderId) } : {}),
    },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const { note } = (await answer.json()) as { note: { id: number } };
  return note.id;
}

/** Starts a note from the speech recording; answers its id at once, while it is processed. */
export async function startNote(
  page: Page,
  request: APIRequestContext,
  options: SeedOptions = {},
): Promise<number> {
  return upload(request, await accessToken(page), await speechRecording(), options);
}

/**
 * Waits until a note is done. upload.spec.ts switches the one shared engine to failing for one
 * of its tests; a note that fails meanwhile is sent through processing again
 * (`POST /api/note/{id}/retry`), as a user would, until the engine answers.
 */
export async function noteDone(
  page: Page,
  request: APIRequestContext,
  id: number,
): Promise<NoteDetail> {
  const headers = { Authorization: `Bearer ${await accessToken(page)}` };
  const deadline = Date.now() + 60_000;
  let retries = 0;
  while (Date.now() < deadline) {
    const answer = await request.get(`/api/note/${id}`, { headers });
    expect(answer.ok()).toBe(true);
    const { note } = (await answer.json()) as { note: NoteDetail };
    if (note.status === 'done') return note;
    if (note.status === 'error') {
      expect(retries++, `note ${id} keeps failing: ${note.error}`).toBeLessThan(8);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const retry = await request.post(`/api/note/${id}/retry`, { headers });
      expect(retry.ok(), await retry.text()).toBe(true);
      continue;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`note ${id} was not done within 60 s`);
}

/** Makes a note and waits until it is done. */
export async function seedNote(
  page: Page,
  request: APIRequestContext,
  options: SeedOptions = {},
): Promise<NoteDetail> {
  return noteDone(page, request, await startNote(page, request, options));
}

/** The note's Markdown export as the API answers it. */
export async function markdown(
  page: Page,
  request: APIRequestContext,
  id: number,
): Promise<string> {
  const answer = await request.get(`/api/note/${id}/md`, {
    headers: { Authorization: `Bearer ${await accessToken(page)}` },
  });
  expect(answer.ok()).toBe(true);
  const { data } = (await answer.json()) as { data: string };
  return Buffer.from(data, 'base64').toString('utf8');
}
