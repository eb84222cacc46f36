import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { TEAM_MEETING_EN } from '../../packages/server/src/processing/formal-meetings.ts';
import { pdfText } from '../../packages/server/src/test/pdf.ts';
import { signUpInUi, uniqueEmail } from './support/accounts.ts';
import { accessToken, noteDone } from './support/notes.ts';
import { loopedSpeech } from './support/recordings.ts';
import { registerTranscript } from './support/transcripts.ts';

// An English team meeting from upload to its results minutes (docs/formal-minutes.md, the
// Ergebnisprotokoll of an ordinary team meeting), in the English app at /en: the local OpenAI
// peer transcribes the recording as the written meeting, the built-in summariser finds its
// decisions and each named person's task (owner, due date when said), the reader shows them in English, and the PDF
// export is in English too.

/** 53 s of speech: a length no other spec uploads, so the peer's transcript is this spec's own. */
const SECONDS = 53;

test('an English team meeting becomes results minutes with its decisions and tasks', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const file = await loopedSpeech(SECONDS, 'Team');
  await registerTranscript(request, file, TEAM_MEETING_EN.map((segment) => segment.text).join(' '));
  await signUpInUi(page, 'en', {
    email: uniqueEmail('team-meeting-en'),
    password: 'Team-Meeting-Password-1',
  });
  await page.goto('/en/protocol');
  await expect(page.getByRole('heading', { level: 1, name: 'New note' })).toBeVisible();
  await page.getByLabel('Choose file').setInputFiles(file);
  await expect(page.locator('[data-slot=file-cost-minutes]')).toBeVisible();
  await page.getByRole('button', { name: /^More options/ }).click();
  // Spoken in English (the peer, like an engine left to detect, would say German otherwise).
  await page.getByRole('combobox', { name: 'Spoken language' }).click();
  await page.getByRole('option', { name: 'English', exact: true }).click();
  await page.getByRole('radio', { name: /Results minutes/ }).click();
  await page.getByRole('button', { name: 'Create note' }).click();
  await expect(page).toHaveURL(/\/en\/notes\?note=\d+$/, { timeout: 15_000 });
  const id = Number(new URL(page.url()).searchParams.get('note'));
  const note = await noteDone(page, request, id);
  expect(note.structure).toBe('minutes');
  expect(note.summary?.language).toBe('en');

  await page.reload();
  const summary = page.locator('[data-slot=reader-summary]');
  await expect(summary.getByRole('heading', { name: 'Decisions' })).toBeVisible({
    timeout: 15_000,
  });
  // Each decision and task is a button that plays its passage.
  await expect(
    summary.getByRole('button', { name: /^We decided to move the release to the fourteenth/ }),
  ).toBeVisible();
  await expect(
    summary.getByRole('button', { name: /^We agreed that the onboarding redesign comes first/ }),
  ).toBeVisible();
  await expect(summary.getByRole('heading', { name: 'Action items' })).toBeVisible();
  await expect(
    summary.getByRole('button', {
      name: /^Sam will send the updated release plan .* Owner: Sam · Due: Friday Jump to/,
    }),
  ).toBeVisible();
  await expect(
    summary.getByRole('button', {
      name: /^Priya will summarise the survey answers .* Owner: Priya/,
    }),
  ).toBeVisible();
  const results = await new AxeBuilder({ page })
    .include('[data-slot=reader-summary]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('team-meeting-en.png'), fullPage: true });

  const answer = await request.get(`/api/note/${id}/pdf`, {
    headers: { Authorization: `Bearer ${await accessToken(page)}` },
  });
  expect(answer.ok()).toBe(true);
  const { data } = (await answer.json()) as { data: string };
  const text = (await pdfText(new Uint8Array(Buffer.from(data, 'base64')))).replace(/\s+/g, ' ');
  expect(text).toContain('Decisions');
  expect(text).toContain('We decided to move the release to the fourteenth of March.');
  expect(text).toContain('Action items');
  expect(text).toMatch(/Owner: Sam · Due: Friday/);
  expect(text).toContain('Transcript');
});
