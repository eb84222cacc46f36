import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NoteDetail } from '@protokoll/contract';
import { expect, test, type Page } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../chromium.ts';
import { GERMAN_TEXT, toneFrequency } from '../support/audio.ts';
import { signUpInUi, uniqueEmail } from './support/accounts.ts';
import { accessToken, noteDone } from './support/notes.ts';

// The browser recorder on /protocol (docs/uploads.md#recording-in-the-browser) against the real
// server, with Chromium's fake microphone playing a generated German recording in a loop.

/**
 * What the fake microphone plays, over and over: two seconds of one steady tone (tone block
 * MARK_BLOCK of tests/support/audio.ts, which the OpenAI peer transcribes as "Block 7"), then
 * the German speech fixture, then a second of silence. The transcript's "Block 7" passages, and
 * where they start, show which parts of the recording reached the server.
 */
const MARK_BLOCK = 7;
const MARK_SECONDS = 2;

/** Made once per machine (the recipe names the file), before Chromium starts with it. */
function fakeMicrophone(): string {
  const dir = join(tmpdir(), 'protokoll-e2e-recordings');
  const path = join(dir, `fake-microphone-v2-${toneFrequency(MARK_BLOCK)}hz.wav`);
  if (existsSync(path)) return path;
  mkdirSync(dir, { recursive: true });
  const speech = join(dir, `speech-${process.pid}.wav`);
  const partial = join(dir, `fake-microphone-${process.pid}.wav`);
  execFileSync('espeak-ng', ['-v', 'de', '-s', '150', '-w', speech, GERMAN_TEXT]);
  // 48 kHz mono 16-bit PCM, the WAV Chromium's fake capture reads. ffmpeg's sine is at 1/8 of
  // full scale: five times that is loud enough for the peer to hear a steady tone.
  execFileSync('ffmpeg', [
    ...['-nostdin', '-v', 'error', '-y', '-f', 'lavfi'],
    ...[
      '-i',
      `sine=frequency=${toneFrequency(MARK_BLOCK)}:sample_rate=48000:duration=${MARK_SECONDS}`,
    ],
    ...['-i', speech],
    ...['-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=mono:d=1'],
    ...[
      '-filter_complex',
      '[0:a]volume=5[tone];[1:a]aresample=48000[speech];[tone][speech][2:a]concat=n=3:v=0:a=1,aformat=sample_rates=48000:channel_layouts=mono[out]',
    ],
    ...['-map', '[out]', '-c:a', 'pcm_s16le', partial],
  ]);
  rmSync(speech, { force: true });
  renameSync(partial, path);
  return path;
}

// Only this file's browser gets the fake microphone (and grants it without asking).
test.use({
  launchOptions: {
    executablePath: chromiumPath,
    args: [
      ...chromiumArgs,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${fakeMicrophone()}`,
    ],
  },
});

const recorder = (page: Page) => page.getByRole('region', { name: 'Im Browser aufnehmen' });
const elapsed = (page: Page) => recorder(page).getByRole('timer', { name: 'Aufnahmedauer' });
const seconds = async (page: Page) => {
  const [m, s] = (await elapsed(page).innerText()).split(':').map(Number);
  return m! * 60 + s!;
};

async function openNewNote(page: Page) {
  await page.getByRole('link', { name: 'Neue Notiz' }).first().click();
  await expect(page).toHaveURL(/\/protocol$/);
  await expect(recorder(page)).toBeVisible();
}

/** Records until the timer shows `until` seconds (the fake microphone plays in real time). */
async function recordUntil(page: Page, until: number) {
  await expect(recorder(page).getByText('Aufnahme läuft')).toBeVisible();
  await expect
    .poll(() => seconds(page), { timeout: (until + 10) * 1000, intervals: [250] })
    .toBeGreaterThanOrEqual(until);
}

test('record, reload in the middle, continue, stop, upload: a note transcribed from the recording', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signUpInUi(page, 'de', { email: uniqueEmail('recorder'), password: 'Aufnahme-Passwort-1' });
  await openNewNote(page);
  await expect(recorder(page).getByRole('combobox', { name: 'Mikrofon' })).toHaveCount(0);
  await recorder(page).getByRole('button', { name: 'Aufnahme starten' }).click();
  // Longer than one loop of the fake microphone plus its tone: a whole tone is kept.
  await recordUntil(page, 14);
  // The level meter moves with the fake microphone's sound.
  await expect
    .poll(async () => Number(await recorder(page).getByRole('meter').getAttribute('aria-valuenow')))
    .toBeGreaterThan(0);
  await expect(recorder(page).getByText('Danach verbleiben Ihnen 29 Minuten.')).toBeVisible();

  // A reload mid-recording: what IndexedDB had is offered again. The recording runs on until
  // the page unloads, so what is kept is measured from the timer just before the reload and the
  // time the reload took, not from fixed seconds (on a busy machine the checks above and the
  // reload itself take seconds).
  const before = await seconds(page);
  const reloadStarted = Date.now();
  await page.reload();
  const reloadSeconds = Math.ceil((Date.now() - reloadStarted) / 1000);
  const offer = recorder(page)
    .getByRole('status')
    .filter({ hasText: 'Unfertige Aufnahme gefunden' });
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: 'Weiter aufnehmen' }).click();
  const kept = await seconds(page);
  // At most the last chunk (2 s) and the moment of the reload are lost; nothing is made up.
  expect(kept).toBeGreaterThanOrEqual(before - 3);
  expect(kept).toBeLessThanOrEqual(before + reloadSeconds + 1);
  await recordUntil(page, kept + 12);
  await recorder(page).getByRole('button', { name: 'Beenden' }).click();
  await expect(
    recorder(page).getByRole('status').filter({ hasText: 'Aufnahme fertig' }),
  ).toBeVisible();
  const total = await seconds(page);

  // The recording is the form's file: name, length and cost as for a chosen file (the name
  // under "Weitere Optionen").
  await page.getByRole('button', { name: /^Weitere Optionen/ }).click();
  await expect(page.getByRole('textbox', { name: 'Name der Notiz' })).toHaveValue(
    /^Aufnahme \d{4}-\d{2}-\d{2} \d{2}-\d{2}$/,
  );
  await expect(page.locator('[data-slot=file-cost-minutes]')).toHaveText(/1 Minute/);
  await page.getByRole('button', { name: 'Notiz erstellen' }).click();
  // Sent, the page turns into the new note (docs/uploads.md#following-a-new-note).
  await expect(page).toHaveURL(/\/notes\?note=\d+$/, { timeout: 15_000 });

  const headers = { Authorization: `Bearer ${await accessToken(page)}` };
  let id: number | undefined;
  await expect
    .poll(async () => {
      const answer = await request.get('/api/note/list', { headers });
      const { notes } = (await answer.json()) as { notes: { id: number }[] };
      id = notes[0]?.id;
      return notes.length;
    })
    .toBe(1);
  const note: NoteDetail = await noteDone(page, request, id!);
  // One file of both sittings: its length is what the recorder showed.
  expect(note.duration_seconds).toBeGreaterThan(total - 2);
  expect(note.duration_seconds).toBeLessThan(total + 2);
  // The transcript comes from the recording: the fake microphone's tone, in the first sitting
  // and again after the reload.
  const marks = note.segments.filter((segment) => segment.text.includes(`Block ${MARK_BLOCK}`));
  expect(marks.length).toBeGreaterThanOrEqual(2);
  expect(marks.some((mark) => mark.start < kept - 2)).toBe(true);
  expect(marks.some((mark) => mark.start >= kept - 1)).toBe(true);

  // Once the server has it, the browser's copy is gone: nothing is offered any more.
  await page.goto('/protocol');
  await expect(recorder(page).getByRole('button', { name: 'Aufnahme starten' })).toBeVisible();
  await expect(recorder(page).getByText('Unfertige Aufnahme gefunden')).toHaveCount(0);
});

test('a recording interrupted by closing the tab is offered again on the next visit', async ({
  page,
  context,
}) => {
  await signUpInUi(page, 'de', {
    email: uniqueEmail('recorder-tab'),
    password: 'Aufnahme-Passwort-1',
  });
  await openNewNote(page);
  await recorder(page).getByRole('button', { name: 'Aufnahme starten' }).click();
  await recordUntil(page, 5);
  await page.close();

  const next = await context.newPage();
  await next.goto('/protocol');
  const offer = recorder(next)
    .getByRole('status')
    .filter({ hasText: 'Unfertige Aufnahme gefunden' });
  await expect(offer).toBeVisible();
  // "So verwenden" takes what was kept as the form's file.
  await offer.getByRole('button', { name: 'So verwenden' }).click();
  await expect(
    recorder(next).getByRole('status').filter({ hasText: 'Aufnahme fertig' }),
  ).toBeVisible();
  expect(await seconds(next)).toBeGreaterThanOrEqual(2);
  await expect(next.locator('[data-slot=file-cost-minutes]')).toHaveText(/1 Minute/);
  // Discarding forgets it for good.
  await recorder(next).getByRole('button', { name: 'Neu aufnehmen' }).click();
  await expect(recorder(next).getByRole('button', { name: 'Aufnahme starten' })).toBeVisible();
  await next.reload();
  await expect(recorder(next).getByRole('button', { name: 'Aufnahme starten' })).toBeVisible();
  await expect(recorder(next).getByText('Unfertige Aufnahme gefunden')).toHaveCount(0);
});
