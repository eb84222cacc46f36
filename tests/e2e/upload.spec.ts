import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signUpInUi, uniqueEmail } from './support/accounts.ts';
import { startCuttingProxy } from './support/cutting-proxy.ts';
import { dataDir } from './support/outbox.ts';
import { uploadTempDir } from '../../packages/server/src/lib/upload-temp.ts';
import { loopedSpeech } from './support/recordings.ts';

// From the new-note form to a finished (or failed) note against the real server, with the local
// OpenAI peer as its speech-to-text engine (playwright.config.ts starts both).

/** 70 s of speech: every started minute counts, so it costs exactly 2 minutes. */
const RECORDING_SECONDS = 70;
const RECORDING_COST = 2;
const FREE_MINUTES = 30;

const recording = () => loopedSpeech(RECORDING_SECONDS, 'Teambesprechung');

const peerUrl = () => {
  const url = process.env.E2E_OPENAI_URL;
  if (!url) throw new Error('E2E_OPENAI_URL is not set: run through playwright.config.ts');
  return url;
};

/**
 * Spec files share the one engine and run side by side, so the failing engine is scoped to
 * recordings in one spoken language that only the failing test chooses.
 */
const FAILING_LANGUAGE = 'pl';

/** Whether this worker's current test asked for failures (and so has to end them). */
let failingHere = false;

/** Makes every transcription in FAILING_LANGUAGE fail with a 500, or ends that again. */
async function engine(request: APIRequestContext, mode: 'failing' | 'working') {
  failingHere = mode === 'failing';
  const answer =
    mode === 'failing'
      ? await request.post(`${peerUrl()}/control/fail`, {
          data: { status: 500, language: FAILING_LANGUAGE },
        })
      : await request.post(`${peerUrl()}/control/reset`, { data: { language: FAILING_LANGUAGE } });
  expect(answer.ok()).toBe(true);
}

const TEXT = {
  de: {
    prefix: '',
    newNote: 'Neue Notiz',
    chooseFile: 'Datei auswählen',
    moreOptions: 'Weitere Optionen',
    defaultOptions: 'Ergebnisprotokoll, Notiz auf Deutsch',
    detailed: 'Verlaufsprotokoll',
    noteLanguage: 'Sprache der Notiz',
    otherLanguage: { code: 'en', name: 'Englisch' },
    rememberedOptions: 'Verlaufsprotokoll, Notiz auf Englisch – wie bei Ihrer letzten Notiz',
    speakers: 'Anzahl der Sprecher',
    spokenLanguage: 'Gesprochene Sprache',
    failingLanguage: 'Polnisch',
    cost: /2 Minuten/,
    submit: 'Notiz erstellen',
    processing: 'Wird verarbeitet …',
    settings: 'Einstellungen',
    stageUploading: 'Hochladen',
    ready: 'Ihre Notiz ist fertig',
    open: 'Öffnen',
    transcriptionFailed: 'Transkription fehlgeschlagen',
    engineFailed: 'Der Dienst hat einen Fehler gemeldet.',
    remaining: (minutes: number) => `${minutes} Minuten`,
    used: (minutes: number) => `${minutes} von ${FREE_MINUTES} Minuten genutzt`,
  },
  en: {
    prefix: '/en',
    newNote: 'New note',
    chooseFile: 'Choose file',
    moreOptions: 'More options',
    defaultOptions: 'Results minutes, note in English',
    detailed: 'Detailed minutes',
    noteLanguage: 'Note language',
    otherLanguage: { code: 'fr', name: 'French' },
    rememberedOptions: 'Detailed minutes, note in French – as for your last note',
    speakers: 'Number of speakers',
    spokenLanguage: 'Spoken language',
    failingLanguage: 'Polish',
    cost: /2 minutes/,
    submit: 'Create note',
    processing: 'Processing …',
    settings: 'Settings',
    stageUploading: 'Uploading',
    ready: 'Your note is ready',
    open: 'Open',
    transcriptionFailed: 'Transcription failed',
    engineFailed: 'The service reported an error.',
    remaining: (minutes: number) => `${minutes} minutes`,
    used: (minutes: number) => `${minutes} of ${FREE_MINUTES} minutes used`,
  },
} as const;
type Text = (typeof TEXT)[keyof typeof TEXT];

async function signUp(page: Page, t: Text, name: string) {
  await signUpInUi(page, t.prefix ? 'en' : 'de', {
    email: uniqueEmail(name),
    password: 'Upload-Passwort-1',
  });
}

/** The "Weitere Optionen" button; its name goes on with the one-line summary of the options. */
const moreOptions = (page: Page, t: Text) =>
  page.getByRole('button', { name: new RegExp(`^${t.moreOptions}`) });

/**
 * Chooses the recording on /protocol and sends it. The upload is throttled, so the bytes phase
 * lasts long enough to be seen (over loopback it would be over at once).
 */
async function uploadRecording(page: Page, t: Text, file: string, spokenLanguage?: string) {
  await page.getByRole('link', { name: t.newNote }).first().click();
  await expect(page).toHaveURL(new RegExp(`${t.prefix}/protocol$`));
  await expect(page.getByRole('heading', { level: 1, name: t.newNote })).toBeVisible();
  await page.getByLabel(t.chooseFile).setInputFiles(file);
  // Duration read in the browser, and what it costs, before anything is sent.
  await expect(page.locator('[data-slot=file-cost-minutes]')).toHaveText(t.cost);
  if (spokenLanguage) {
    // Folded under "Weitere Optionen" (docs/uploads.md#the-new-note-page).
    await moreOptions(page, t).click();
    await page.getByRole('combobox', { name: t.spokenLanguage }).click();
    await page.getByRole('option', { name: spokenLanguage, exact: true }).click();
  }

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const { size } = await stat(file);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    // About three seconds for the whole file.
    uploadThroughput: Math.ceil(size / 3),
  });
  await page.getByRole('button', { name: t.submit }).click();
  // The page turns into the new note: its upload step while the bytes travel, then its reader
  // (docs/uploads.md#following-a-new-note); the toast follows the upload anywhere.
  await expect(
    page.locator('[data-slot=upload-pending] [aria-current=step]', { hasText: t.stageUploading }),
  ).toBeVisible();
  const toast = page.locator('[data-slot=upload-toast]');
  await expect(toast).toHaveCount(1);
  await expect(toast.locator('[data-slot=upload-filename]')).toHaveText(
    `Teambesprechung-${RECORDING_SECONDS}s.mp3`,
  );
  // Bytes sent of the file's size while they travel; once the server has the file, the page is
  // the note's reader and the toast says it is processing.
  await expect(toast).toHaveAttribute('data-state', 'uploading');
  await expect(toast.locator('[data-slot=upload-bytes]')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${t.prefix}/notes\\?note=\\d+$`), { timeout: 15_000 });
  await expect(toast).toHaveAttribute('data-state', 'processing', { timeout: 15_000 });
  await expect(toast.locator('[data-slot=upload-status]')).toHaveText(t.processing);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  return toast;
}

/** The dashboard's minutes widget shows this balance, with nothing reserved. */
async function expectMinutesWidget(page: Page, t: Text, used: number) {
  await expect(page.locator('[data-slot=minutes-used]')).toHaveText(t.used(used));
  await expect(page.locator('[data-slot=minutes-remaining]')).toHaveText(
    t.remaining(FREE_MINUTES - used),
  );
  await expect(page.locator('[data-slot=minutes-running]')).toHaveCount(0);
}

/** An authenticated GET as the signed-in person, straight to the server. */
async function apiGet<T>(page: Page, request: APIRequestContext, path: string): Promise<T> {
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('auth-token') ?? '{}') as { token?: string }).token,
  );
  const answer = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as T;
}

/** The minutes balance of the signed-in person (docs/minutes.md#balance). */
const minutesOf = async (page: Page, request: APIRequestContext) =>
  (await apiGet<{ minutes: Record<string, unknown> }>(page, request, '/api/user/minutes')).minutes;

/** The person's notes, newest first. */
const notesOf = async (page: Page, request: APIRequestContext) =>
  (await apiGet<{ notes: Record<string, unknown>[] }>(page, request, '/api/note/list')).notes;

test.afterEach(async ({ request }) => {
  if (failingHere) await engine(request, 'working');
});

test('a recording becomes a note in German: bytes, processing, done, minus exactly 2 minutes', async ({
  page,
  request,
}) => {
  const t = TEXT.de;
  const file = await recording();
  await signUp(page, t, 'upload-de');
  await expectMinutesWidget(page, t, 0);

  const toast = await uploadRecording(page, t, file);
  const noteUrl = page.url();
  // The toast survives navigation.
  await page.getByRole('link', { name: t.settings }).first().click();
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await expect(toast).toHaveCount(1);

  await expect(toast).toHaveAttribute('data-state', 'done', { timeout: 40_000 });
  // A finished entry is removed 2 s later (docs/uploads.md#upload-toasts).
  await expect(toast).toHaveCount(0, { timeout: 5_000 });
  // Besides it, "Your note is ready – Open" where the person is now; it stays until used.
  const ready = page.locator('[data-slot=toast]', { hasText: t.ready });
  await expect(ready).toBeVisible();
  await ready.getByRole('button', { name: t.open }).click();
  await expect(page).toHaveURL(noteUrl);
  await expect(ready).toHaveCount(0);
  await expect(page.locator('[data-slot=reader-processing]')).toHaveCount(0);
  await page.goto('/dashboard');

  // The minutes widget reloaded after the transcription: exactly the rounded-up duration is gone.
  await expectMinutesWidget(page, t, RECORDING_COST);
  expect(await minutesOf(page, request)).toMatchObject({
    total: FREE_MINUTES,
    used: RECORDING_COST,
    running: 0,
    remaining: FREE_MINUTES - RECORDING_COST,
  });
  const [note, ...others] = await notesOf(page, request);
  expect(others).toEqual([]);
  expect(note).toMatchObject({ status: 'done', minutes_charged: RECORDING_COST });
  expect(note!.duration_seconds).toBeCloseTo(RECORDING_SECONDS, 0);
});

test('with the engine failing in English: the toast shows "Transcription failed", minutes unchanged', async ({
  page,
  request,
}) => {
  const t = TEXT.en;
  const file = await recording();
  await signUp(page, t, 'upload-en');
  await engine(request, 'failing');

  const toast = await uploadRecording(page, t, file, t.failingLanguage);
  await expect(toast).toHaveAttribute('data-state', 'error', { timeout: 40_000 });
  await expect(toast.locator('[data-slot=upload-status]')).toHaveText(t.transcriptionFailed);
  await expect(toast.locator('[data-slot=upload-reason]')).toHaveText(t.engineFailed);
  // A failure stays until it is dismissed.
  await page.waitForTimeout(2_500);
  await expect(toast).toHaveCount(1);

  // The page is the failed note's reader; the dashboard says the minutes were refunded in full:
  // nothing charged, nothing reserved.
  await expect(page.locator('[data-slot=reader-failed]')).toBeVisible();
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page).toHaveURL(/\/en\/dashboard$/);
  await expectMinutesWidget(page, t, 0);
  expect(await minutesOf(page, request)).toMatchObject({
    total: FREE_MINUTES,
    used: 0,
    running: 0,
    remaining: FREE_MINUTES,
  });
  expect(await notesOf(page, request)).toEqual([
    expect.objectContaining({
      status: 'error',
      error: 'processing.engine.server',
      language: FAILING_LANGUAGE,
      minutes_charged: 0,
    }),
  ]);

  await page
    .getByRole('button', { name: `Dismiss Teambesprechung-${RECORDING_SECONDS}s.mp3` })
    .click();
  await expect(toast).toHaveCount(0);
});

for (const locale of ['de', 'en'] as const) {
  test(`options chosen once are preselected the next time (${locale})`, async ({
    page,
    request,
  }) => {
    const t = TEXT[locale];
    const file = await recording();
    await signUp(page, t, `upload-remember-${locale}`);

    // A first note: the options are folded away at their defaults, the note in the page's language.
    await page.getByRole('link', { name: t.newNote }).first().click();
    await expect(moreOptions(page, t)).toHaveAttribute('aria-expanded', 'false');
    await expect(moreOptions(page, t)).toContainText(t.defaultOptions);
    await page.getByLabel(t.chooseFile).setInputFiles(file);
    await expect(page.locator('[data-slot=file-cost-minutes]')).toHaveText(t.cost);
    await moreOptions(page, t).click();
    await page.getByRole('radio', { name: t.detailed }).click();
    await page.getByRole('combobox', { name: t.noteLanguage }).click();
    await page.getByRole('option', { name: t.otherLanguage.name, exact: true }).click();
    await page.getByLabel(t.speakers).fill('2');
    await page.getByRole('button', { name: t.submit }).click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/notes\\?note=\\d+$`), {
      timeout: 15_000,
    });
    expect(await notesOf(page, request)).toEqual([
      expect.objectContaining({
        structure: 'detailed',
        summary_language: t.otherLanguage.code,
        speakers: 2,
      }),
    ]);

    // The next note starts from them, and says so; the file is not remembered.
    await page.getByRole('link', { name: t.newNote }).first().click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/protocol$`));
    await expect(moreOptions(page, t)).toContainText(t.rememberedOptions);
    await expect(page.locator('[data-slot=chosen-file]')).toHaveCount(0);
    await moreOptions(page, t).click();
    await expect(page.getByRole('radio', { name: t.detailed })).toBeChecked();
    await expect(page.getByRole('combobox', { name: t.noteLanguage })).toHaveText(
      t.otherLanguage.name,
    );
    await expect(page.getByLabel(t.speakers)).toHaveValue('2');
  });
}

test('an upload cut at 60 % resumes from where the server stands and ends in one note', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(90_000);
  const t = TEXT.de;
  const file = await recording();
  const { size } = await stat(file);
  // The page goes through a proxy that drops the upload's connection after 60 % of its bytes.
  const proxy = await startCuttingProxy(new URL(baseURL!), Math.floor(size * 0.6));
  const context = await browser.newContext({ baseURL: proxy.url });
  try {
    const page = await context.newPage();
    await signUp(page, t, 'upload-resume');

    // Every tus request: one creation, then a PATCH from 0 and, after the cut, one from the
    // offset the server kept.
    const creations: string[] = [];
    const patches: { url: string; offset: number }[] = [];
    page.on('request', (req) => {
      if (!req.url().includes('/api/uploads')) return;
      if (req.method() === 'POST') creations.push(req.url());
      if (req.method() === 'PATCH')
        patches.push({ url: req.url(), offset: Number(req.headers()['upload-offset']) });
    });
    // What the server acknowledged when asked after the cut.
    const acknowledged: number[] = [];
    page.on('response', (res) => {
      if (res.url().includes('/api/uploads/') && res.request().method() === 'HEAD') {
        acknowledged.push(Number(res.headers()['upload-offset']));
      }
    });

    await page.getByRole('link', { name: t.newNote }).first().click();
    await page.getByLabel(t.chooseFile).setInputFiles(file);
    await expect(page.locator('[data-slot=file-cost-minutes]')).toHaveText(t.cost);
    await page.getByRole('button', { name: t.submit }).click();
    // 60 % has passed the proxy. The connection drops only once the server has stored some of
    // it: a busy server may not have begun to read the body yet, and would then rightly go on
    // from 0, which is not what this test is about.
    await expect.poll(() => proxy.reachedCut, { timeout: 30_000 }).toBe(true);
    const id = new URL(patches[0]!.url).pathname.split('/').pop()!;
    // The PATCH's bytes arrive into a spool file named after the upload (then become a part).
    const arriving = async () => {
      const dir = uploadTempDir(dataDir());
      const names = await readdir(dir).catch(() => [] as string[]);
      const sizes = await Promise.all(
        names
          .filter((name) => name.includes(`-tus-${id}-`))
          .map((name) =>
            stat(join(dir, name)).then(
              (file) => file.size,
              () => 0,
            ),
          ),
      );
      return sizes.reduce((sum, bytes) => sum + bytes, 0);
    };
    await expect.poll(arriving, { timeout: 30_000 }).toBeGreaterThan(0);
    proxy.cutNow();
    await expect(page).toHaveURL(/\/notes\?note=\d+$/, { timeout: 30_000 });
    const toast = page.locator('[data-slot=upload-toast]');
    await expect(toast).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
    expect(creations).toHaveLength(1);
    const patchOffsets = patches.map((patch) => patch.offset);
    expect(patchOffsets[0]).toBe(0);
    // Resumed at the offset the server acknowledged: what it stored of the 60 % is not sent
    // again (the last bytes in flight when the connection dropped are).
    expect(patchOffsets).toHaveLength(2);
    const resumedAt = patchOffsets[1]!;
    expect(acknowledged).toEqual([resumedAt]);
    expect(resumedAt).toBeGreaterThan(0);
    expect(resumedAt).toBeLessThanOrEqual(size * 0.6);

    const [note, ...others] = await notesOf(page, request);
    expect(others).toEqual([]);
    expect(note).toMatchObject({ status: 'done', minutes_charged: RECORDING_COST, size });
    expect(await minutesOf(page, request)).toMatchObject({ used: RECORDING_COST, running: 0 });
  } finally {
    await context.close();
    await proxy.close();
  }
});
