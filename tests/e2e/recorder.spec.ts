import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { NoteDetail } from '@protokoll/contract';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../chromium.ts';
import { GERMAN_TEXT, toneFrequency } from '../support/audio.ts';
import { signUpInUi, uniqueEmail } from './support/accounts.ts';
import { accessToken, noteDone, upload } from './support/notes.ts';
import { loopedSpeech } from './support/recordings.ts';

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
  await expect(recorder(page).getByText('Aufnahme läuft', { exact: true })).toBeVisible();
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
  // As long as the first sitting: a whole tone of the fake microphone's loop is in it, wherever
  // the loop stood when recording went on.
  await recordUntil(page, kept + 14);
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
  // The peer transcribes only the tone, so its passages follow one another with nothing between
  // and the filter of invented text takes the later ones for repeats
  // (docs/uploads.md#invented-text): they count where the note keeps them, its removed passages.
  const marks = [...note.segments, ...(note.removed_segments ?? [])].filter((segment) =>
    segment.text.includes(`Block ${MARK_BLOCK}`),
  );
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

/**
 * Spends `minutes` of the person's 30 free ones the way a person does: a recording of that many
 * whole minutes uploaded and processed. Waiting for the note keeps the balance still: a job that
 * failed meanwhile (upload.spec.ts fails the shared engine for a while) would refund its minutes.
 */
/**
 * The recordings that use up an account's minutes, encoded once before the tests with a time of
 * their own: under load their encoding alone took much of a test's time.
 */
test.beforeAll(async () => {
  test.setTimeout(180_000);
  await loopedSpeech(29 * 60, 'spend-minutes');
  await loopedSpeech(30 * 60, 'spend-minutes');
});

async function spendMinutes(page: Page, request: APIRequestContext, minutes: number) {
  const file = await loopedSpeech(minutes * 60, 'spend-minutes');
  const id = await upload(request, await accessToken(page), file, { name: 'Verbrauchte Minuten' });
  await noteDone(page, request, id);
  const answer = await request.get('/api/user/minutes', {
    headers: { Authorization: `Bearer ${await accessToken(page)}` },
  });
  const { minutes: balance } = (await answer.json()) as { minutes: { remaining: number } };
  expect(balance.remaining).toBe(30 - minutes);
}

/** A saved file's container and length as ffprobe reads them. */
async function probeFile(
  path: string,
): Promise<{ format: string; codec: string; seconds: number }> {
  const { stdout } = await promisify(execFile)('ffprobe', [
    ...['-v', 'error', '-select_streams', 'a:0', '-show_entries'],
    ...['format=format_name:stream=codec_name:packet=pts_time', '-of', 'json', path],
  ]);
  const info = JSON.parse(stdout) as {
    format: { format_name: string };
    streams: { codec_name: string }[];
    packets: { pts_time: string }[];
  };
  return {
    format: info.format.format_name,
    codec: info.streams[0]?.codec_name ?? '',
    seconds: Number(info.packets.at(-1)?.pts_time ?? 0),
  };
}

test('on a phone, with 1 minute left: Aufnehmen on the dashboard records on past the minutes, and the first minute is processed', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  // A phone's screen: recording is the dashboard's main button, the controls stay in view.
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpInUi(page, 'de', {
    email: uniqueEmail('recorder-over'),
    password: 'Aufnahme-Passwort-1',
  });
  await spendMinutes(page, request, 29);
  await page.reload();
  await page
    .getByRole('region', { name: 'Neue Notiz' })
    .getByRole('button', { name: 'Aufnehmen' })
    .click();
  // Recording starts at once; the start request is used up (a reload would not start another).
  await expect(page).toHaveURL(/\/protocol$/);
  await expect(recorder(page).getByText('Aufnahme läuft', { exact: true })).toBeVisible();

  // Wherever the page is scrolled to, Pause and Stop stay on the screen.
  await page.getByRole('button', { name: 'Notiz erstellen' }).scrollIntoViewIfNeeded();
  await expect(recorder(page).getByRole('button', { name: 'Beenden' })).toBeInViewport();
  await expect(recorder(page).getByRole('button', { name: 'Pausieren' })).toBeInViewport();

  // The minute runs out and the recording goes on, with a polite warning.
  await recordUntil(page, 64);
  await expect(recorder(page).getByText('Aufnahme läuft', { exact: true })).toBeVisible();
  const over = recorder(page)
    .getByRole('status')
    .filter({ hasText: 'Für die Verarbeitung brauchen Sie mehr Minuten' });
  await expect(over).toContainText('Die Aufnahme läuft weiter');
  await expect(recorder(page).getByText('Für die Verarbeitung fehlen 1 Minute.')).toBeVisible();
  await recorder(page).getByRole('button', { name: 'Beenden' }).click();

  // At the end: buy minutes, process the part that fits, or keep it for later.
  const choice = recorder(page)
    .getByRole('status')
    .filter({ hasText: 'für die Verarbeitung fehlen Minuten' });
  await expect(choice).toBeVisible();
  const whole = await seconds(page);
  expect(whole).toBeGreaterThanOrEqual(64);
  await expect(choice.getByRole('link', { name: 'Minuten kaufen' })).toHaveAttribute(
    'href',
    '/buy',
  );
  await expect(choice.getByRole('button', { name: 'Für später behalten' })).toBeVisible();
  await choice.getByRole('button', { name: 'Die erste Minute verarbeiten' }).click();
  await expect(
    recorder(page).getByRole('status').filter({ hasText: 'Aufnahme fertig' }),
  ).toBeVisible();
  expect(await seconds(page)).toBe(60);
  await expect(page.locator('[data-slot=file-cost-minutes]')).toHaveText(/1 Minute/);
  await page.getByRole('button', { name: 'Notiz erstellen' }).click();
  await expect(page).toHaveURL(/\/notes\?note=\d+$/, { timeout: 15_000 });
  const id = Number(new URL(page.url()).searchParams.get('note'));
  const note: NoteDetail = await noteDone(page, request, id);
  expect(note.duration_seconds).toBeGreaterThan(58);
  expect(note.duration_seconds).toBeLessThanOrEqual(60);
  expect(note.minutes_charged).toBe(1);

  // The whole recording stays in the browser: the original can always be downloaded.
  await page.goto('/protocol');
  const saved = page.getByRole('region', { name: 'Gespeicherte Aufnahmen' });
  await expect(saved.getByRole('listitem')).toHaveCount(1);
  await expect(saved.getByRole('listitem')).toContainText('1 Minute');
});

test('at 0 minutes in English: recording works with the warning, is kept for later and downloaded', async ({
  page,
  request,
}) => {
  // A cap, not a wait: a 30-minute recording is processed first (as in the phone test above).
  test.setTimeout(240_000);
  await signUpInUi(page, 'en', {
    email: uniqueEmail('recorder-zero'),
    password: 'Aufnahme-Passwort-1',
  });
  await spendMinutes(page, request, 30);
  await page.goto('/en/protocol');
  const region = page.getByRole('region', { name: 'Record in the browser' });
  await region.getByRole('button', { name: 'Start recording' }).click();
  await expect(region.getByText('Recording', { exact: true })).toBeVisible();
  await expect(
    region.getByRole('status').filter({ hasText: 'Processing will need more minutes' }),
  ).toContainText('you have 0 minutes left');
  const timer = region.getByRole('timer', { name: 'Recording time' });
  const shown = async () => {
    const [m, s] = (await timer.innerText()).split(':').map(Number);
    return m! * 60 + s!;
  };
  // Not stopped at the first tick: it records on.
  await expect.poll(shown, { timeout: 20_000, intervals: [250] }).toBeGreaterThanOrEqual(6);
  await expect(region.getByText('Recording', { exact: true })).toBeVisible();
  await region.getByRole('button', { name: 'Stop' }).click();

  const choice = region
    .getByRole('status')
    .filter({ hasText: 'Recording saved – processing needs more minutes' });
  await expect(choice).toBeVisible();
  await expect(choice.getByRole('link', { name: 'Buy minutes' })).toHaveAttribute(
    'href',
    '/en/buy',
  );
  // No minute fits: no part to process.
  await expect(choice.getByRole('button', { name: /^Process the first/ })).toHaveCount(0);
  await choice.getByRole('button', { name: 'Keep for later' }).click();
  await expect(region.getByRole('button', { name: 'Start recording' })).toBeVisible();

  // Kept in the browser: listed after a reload, and downloadable as a real audio file.
  await page.reload();
  const saved = page.getByRole('region', { name: 'Saved recordings' });
  await expect(saved.getByRole('listitem')).toHaveCount(1);
  const downloading = page.waitForEvent('download');
  await saved.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Recording \d{4}-\d{2}-\d{2} \d{2}-\d{2}\.webm$/);
  const path = join(tmpdir(), `saved-recording-${process.pid}-${Date.now()}.webm`);
  await download.saveAs(path);
  const file = await probeFile(path);
  rmSync(path, { force: true });
  expect(file.format).toContain('webm');
  expect(file.codec).toBe('opus');
  expect(file.seconds).toBeGreaterThanOrEqual(5);

  // "Buy minutes" leads to the plans; back on the page the recording is offered again.
  await page.goto('/en/protocol');
  await expect(saved.getByRole('button', { name: 'Process' })).toBeVisible();
  await saved.getByRole('button', { name: 'Process' }).click();
  await expect(
    region
      .getByRole('status')
      .filter({ hasText: 'Recording saved – processing needs more minutes' }),
  ).toBeVisible();
  await region.getByRole('link', { name: 'Buy minutes' }).click();
  await expect(page).toHaveURL(/\/en\/buy$/);
  await page.goBack();
  await expect(
    page.getByRole('region', { name: 'Saved recordings' }).getByRole('listitem'),
  ).toHaveCount(1);
});
