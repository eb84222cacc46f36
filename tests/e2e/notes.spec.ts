import { readFile } from 'node:fs/promises';
import { downloadFormats, type DownloadFormat } from '@protokoll/contract';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUpInUi, uniqueEmail, type SignUpLocale } from './support/accounts.ts';
import {
  accessToken,
  noteDone,
  RECORDING_SECONDS,
  seedNote,
  speechRecording,
  startNote,
} from './support/notes.ts';

// Organising, finding, reading, listening to and downloading a note against the real server.
// The note is made through the real upload API and processed with the local OpenAI peer, whose
// transcript of a recording it does not know says "Passage 1 from 0.0 to 5.0 seconds." and so on.

const NOTE = 'Qualitätsrunde März';
const FOLDER = 'Kunden Süd';
const RENAMED_FOLDER = 'Bestandskunden Öst';
const SPEAKER = 'Jörg Weiß';

const FORMAT_LABELS: Record<DownloadFormat, string> = {
  docx: 'Word-Dokument (DOCX)',
  pdf: 'PDF-Dokument (PDF)',
  md: 'Markdown (MD)',
  txt: 'Textdatei (TXT)',
  srt: 'Untertitel (SRT)',
  vtt: 'Untertitel (VTT)',
  json: 'Daten (JSON)',
};

async function signUp(page: Page, locale: SignUpLocale = 'de') {
  await signUpInUi(page, locale, {
    email: uniqueEmail(`notes-${locale}`),
    password: 'Notizen-Passwort-1',
  });
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Ordner' });
const row = (page: Page, name: string) => page.locator('[data-slot=note-row]', { hasText: name });

/** Opens a row's or a folder's "…" menu and picks an item. */
async function menuAction(page: Page, trigger: Locator, item: string) {
  await trigger.click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Picks a format in the reader's download menu; answers the file's name and bytes. */
async function download(page: Page, format: DownloadFormat) {
  await page.getByRole('button', { name: 'Herunterladen' }).click();
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: FORMAT_LABELS[format] }).click(),
  ]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: await readFile(path) };
}

test('a note from folder to reader to downloads, then deleted with its folder (German)', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signUp(page);
  const note = await seedNote(page, request, { name: NOTE });
  const topic = note.summary?.topics.at(-1);
  expect(topic?.start, 'the summary has an item after the start').toBeGreaterThan(0);

  // The dashboard lists it among the recent notes, finished.
  await page.reload();
  const recent = page.getByRole('region', { name: 'Letzte Notizen' });
  await expect(recent.locator('[data-slot=note-row][data-state=done]')).toHaveText(
    new RegExp(NOTE),
  );
  await recent.getByRole('button', { name: 'Alle Notizen' }).click();
  await expect(page).toHaveURL(/\/notes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notizen' })).toBeVisible();
  await expect(row(page, NOTE)).toBeVisible();

  // Create a folder: the sidebar lists it once the dialog closes.
  await sidebar(page).getByRole('button', { name: 'Neuer Ordner' }).click();
  const createDialog = page.getByRole('dialog', { name: 'Neuer Ordner' });
  await createDialog.getByLabel('Ordnername').fill(FOLDER);
  await createDialog.getByRole('button', { name: 'Ordner anlegen' }).click();
  await expect(createDialog).toBeHidden();
  await expect(sidebar(page).getByRole('button', { name: FOLDER, exact: true })).toBeVisible();

  // Move the note there; the folder's view shows it.
  await menuAction(
    page,
    page.getByRole('button', { name: `Aktionen für „${NOTE}“` }),
    'In Ordner verschieben …',
  );
  const moveDialog = page.getByRole('dialog', { name: 'In Ordner verschieben' });
  await moveDialog.getByRole('radio', { name: FOLDER }).check();
  await moveDialog.getByRole('button', { name: 'Verschieben' }).click();
  await expect(moveDialog).toBeHidden();
  await expect(row(page, NOTE)).toContainText(FOLDER);
  await sidebar(page).getByRole('button', { name: FOLDER, exact: true }).click();
  await expect(page).toHaveURL(/\/notes\?folder_id=\d+$/);
  await expect(row(page, NOTE)).toBeVisible();

  // Find it by a word of its transcript; a word it does not contain finds nothing.
  const search = page.getByRole('searchbox', { name: 'Notizen durchsuchen' });
  await search.fill('Zebrastreifen');
  await search.press('Enter');
  await expect(page).toHaveURL(/search_query=Zebrastreifen/);
  await expect(page.getByText('Keine Notizen gefunden')).toBeVisible();
  await search.fill('Passage');
  await search.press('Enter');
  await expect(page).toHaveURL(/folder_id=\d+&search_query=Passage$/);
  // The list's count; the folder's count in the sidebar says the same words, hidden, as its
  // button's description.
  await expect(page.getByText('1 Notiz', { exact: true }).filter({ visible: true })).toBeVisible();
  await expect(row(page, NOTE)).toBeVisible();
  // The row shows where the search matched, the word marked (docs/product.md#search-hits): the
  // first line holding it. Two words find the line holding both.
  const hit = row(page, NOTE).locator('[data-slot=note-search-hit]');
  await expect(hit).toContainText('Passage 1 from 0.0 to 5.0 seconds.');
  await expect(hit.locator('mark')).toHaveText('Passage');
  await search.fill('Passage 3');
  await search.press('Enter');
  await expect(hit).toContainText('Passage 3 from 10.0 to 15.0 seconds.');
  await expect(hit.locator('mark')).toHaveText(['Passage', '3']);

  // The passage opens the reader at that line, marked and in view, the player waiting there.
  await hit.click();
  await expect(page).toHaveURL(new RegExp(`[?&]note=${note.id}&at=2$`));
  const found = page.locator('[data-slot=transcript-line][data-hit=true]');
  await expect(found).toHaveAccessibleDescription('Fundstelle Ihrer Suche');
  await expect(found).toContainText('Passage 3 from 10.0 to 15.0 seconds.');
  await expect(found).toBeInViewport();
  await page.getByRole('button', { name: 'Zurück zu den Notizen' }).click();
  await expect(page).toHaveURL(/folder_id=\d+&search_query=Passage\+3$/);
  await search.fill('Passage');
  await search.press('Enter');
  await expect(page).toHaveURL(/folder_id=\d+&search_query=Passage$/);

  // Open the reader; a summary item sends the recording to where it was said.
  await page.getByRole('button', { name: NOTE, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]note=${note.id}&at=0$`));
  await expect(page.getByRole('heading', { level: 1, name: NOTE })).toBeVisible();
  const audio = page.locator('[data-slot=audio-player] audio');
  await expect(audio).toHaveAttribute('src', `/api/note/${note.id}/audio`);
  // The recording streams with the auth cookie (an <audio> element sends no bearer header).
  await expect
    .poll(() => audio.evaluate((element: HTMLAudioElement) => element.duration))
    .toBeGreaterThan(RECORDING_SECONDS - 1);
  expect(await audio.evaluate((element: HTMLAudioElement) => element.currentTime)).toBe(0);
  // Where the seek landed, read when it lands: the recording plays on from there, so by the time a
  // poll reads `currentTime` on a busy machine it may be seconds further (CI run: 44.2 for 40).
  await audio.evaluate((element: HTMLAudioElement) => {
    element.addEventListener(
      'seeked',
      () => {
        element.dataset.seekedTo = String(element.currentTime);
      },
      { once: true },
    );
  });
  await page
    .locator(`[data-slot=reader-summary] [data-slot=seek-button][data-start="${topic!.start}"]`)
    .first()
    .click();
  await expect
    .poll(() =>
      audio.evaluate((element: HTMLAudioElement) => Number(element.dataset.seekedTo ?? -1)),
    )
    .toBeCloseTo(topic!.start, 0);
  // It also plays from there (docs/product.md#the-reader); paused again, the reader stands still
  // for the work on the note below.
  const player = page.locator('[data-slot=audio-player]');
  await expect(player).toHaveAttribute('data-state', 'playing');
  await player.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(player).toHaveAttribute('data-state', 'paused');

  // Name the speaker: the transcript and the TXT download use the name.
  await page.getByRole('textbox', { name: 'Name für Sprecher 1', exact: true }).fill(SPEAKER);
  await page.getByRole('button', { name: 'Name für Sprecher 1 speichern' }).click();
  await expect(page.getByText('Name gespeichert.')).toBeVisible();
  await expect(page.locator('[data-slot=reader-transcript]')).toContainText(SPEAKER);
  await expect(page.locator('[data-slot=reader-transcript]')).not.toContainText('Sprecher 1');

  // Every format downloads under the note's name with content; the text formats read back.
  for (const format of downloadFormats) {
    const file = await download(page, format);
    expect(file.name).toBe(`${NOTE}.${format}`);
    expect(file.bytes.length, format).toBeGreaterThan(0);
    const text = file.bytes.toString('utf8');
    if (format === 'txt') {
      expect(text).toContain(SPEAKER);
      expect(text).toContain('Passage 1 from 0.0 to 5.0 seconds.');
    }
    if (format === 'pdf') expect(text.startsWith('%PDF-')).toBe(true);
    if (format === 'docx') expect(file.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    if (format === 'json') expect(JSON.parse(text)).toMatchObject({ name: NOTE });
    if (format === 'vtt') expect(text.startsWith('WEBVTT')).toBe(true);
    if (format === 'srt') expect(text).toContain('-->');
  }

  // DOCX and PDF in the design chosen in the menu: the note was uploaded as `modern` (sans, PDF's
  // Helvetica); classic sets the PDF in Times.
  await page.getByRole('button', { name: 'Herunterladen' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Modern' })).toBeChecked();
  await page.getByRole('menuitemradio', { name: 'Klassisch' }).click();
  const [classic] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: FORMAT_LABELS.pdf }).click(),
  ]);
  const classicPdf = (await readFile(await classic.path())).toString('latin1');
  expect(classicPdf).toContain('/Times-Roman');
  expect(classicPdf).not.toContain('/Helvetica');

  // The original recording downloads as it was uploaded, under its own name.
  const extension = note.file_name.split('.').pop()!.toUpperCase();
  await page.getByRole('button', { name: 'Herunterladen' }).click();
  const [original] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: `Originalaufnahme (${extension})` }).click(),
  ]);
  expect(original.suggestedFilename()).toBe(note.file_name);
  const uploaded = await readFile(await speechRecording());
  expect((await readFile(await original.path())).equals(uploaded)).toBe(true);

  // A download that fails says so (docs/uploads.md#exports: the download answers false).
  await page.route('**/api/note/*/json', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, message: 'Export failed', code: 'internal' }),
    }),
  );
  let saved = false;
  page.once('download', () => (saved = true));
  await page.getByRole('button', { name: 'Herunterladen' }).click();
  await page.getByRole('menuitem', { name: FORMAT_LABELS.json }).click();
  await expect(page.locator('[data-slot=toast]')).toHaveText(
    'Die Datei konnte nicht heruntergeladen werden. Bitte versuchen Sie es erneut.',
  );
  expect(saved).toBe(false);
  await page.unroute('**/api/note/*/json');

  // Back to the same filtered list; delete the note there.
  await page.getByRole('button', { name: 'Zurück zu den Notizen' }).click();
  await expect(page).toHaveURL(/\/notes\?folder_id=\d+&search_query=Passage$/);
  await menuAction(page, page.getByRole('button', { name: `Aktionen für „${NOTE}“` }), 'Löschen …');
  const deleteDialog = page.getByRole('alertdialog', { name: 'Notiz löschen?' });
  await deleteDialog.getByRole('button', { name: 'Endgültig löschen' }).click();
  await expect(deleteDialog).toBeHidden();
  await expect(row(page, NOTE)).toHaveCount(0);
  await expect(page.getByText('Keine Notizen gefunden')).toBeVisible();
  const gone = await request.get(`/api/note/${note.id}`, {
    headers: { Authorization: `Bearer ${await accessToken(page)}` },
  });
  expect(gone.status()).toBe(404);

  // Rename the folder, then delete it.
  const folderActions = (name: string) =>
    sidebar(page).getByRole('button', { name: `Aktionen für Ordner „${name}“` });
  await menuAction(page, folderActions(FOLDER), 'Umbenennen …');
  const renameDialog = page.getByRole('dialog', { name: 'Ordner umbenennen' });
  await renameDialog.getByLabel('Ordnername').fill(RENAMED_FOLDER);
  await renameDialog.getByRole('button', { name: 'Umbenennen' }).click();
  await expect(renameDialog).toBeHidden();
  await expect(
    sidebar(page).getByRole('button', { name: RENAMED_FOLDER, exact: true }),
  ).toBeVisible();
  await expect(sidebar(page).getByRole('button', { name: FOLDER, exact: true })).toHaveCount(0);

  await menuAction(page, folderActions(RENAMED_FOLDER), 'Löschen …');
  const deleteFolderDialog = page.getByRole('alertdialog', {
    name: `Ordner „${RENAMED_FOLDER}“ löschen?`,
  });
  await deleteFolderDialog.getByRole('button', { name: 'Ordner löschen' }).click();
  await expect(deleteFolderDialog).toBeHidden();
  await expect(sidebar(page).getByText('Noch keine Ordner.')).toBeVisible();
  // The folder's view is gone with it: back to all notes.
  await expect(page).not.toHaveURL(/folder_id=/);
});

test('in English: a processing note updates live, opens from the dashboard, is saved and unsaved', async ({
  page,
  request,
}) => {
  await signUp(page, 'en');
  const id = await startNote(page, request, { name: 'Weekly sync' });

  // The list is open while the note is processed: its row follows the status without a reload.
  await page.getByRole('link', { name: 'Notes', exact: true }).first().click();
  await expect(page).toHaveURL(/\/en\/notes$/);
  const listed = row(page, 'Weekly sync');
  await expect(listed).toBeVisible();
  const firstSeen = await listed.getAttribute('data-state');
  test.info().annotations.push({ type: 'first seen as', description: firstSeen ?? '' });
  // Finished or (while upload.spec.ts has the shared engine failing) failed: either way the row
  // got there by itself. A failed one is processed again before going on.
  await expect(listed).toHaveAttribute('data-state', /^(done|error)$/, { timeout: 40_000 });
  await noteDone(page, request, id);

  // The dashboard lists it and opens it in the reader.
  await page.getByRole('link', { name: 'Dashboard', exact: true }).first().click();
  const recent = page.getByRole('region', { name: 'Recent notes' });
  await recent.getByRole('button', { name: 'Weekly sync', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/en/notes\\?note=${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Weekly sync' })).toBeVisible();

  // Starred in the reader, it is on the starred notes page, which opens it in its own reader.
  await page.getByRole('button', { name: 'Star', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Starred', pressed: true })).toBeVisible();
  await page.getByRole('link', { name: 'Starred', exact: true }).first().click();
  await expect(page).toHaveURL(/\/en\/saved-notes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Starred notes' })).toBeVisible();
  await page.getByRole('button', { name: 'Weekly sync', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/en/saved-notes\\?note=${id}$`));
  await page.getByRole('button', { name: 'Back to notes' }).click();
  await expect(page).toHaveURL(/\/en\/saved-notes$/);

  // Unstarred from its row, it leaves the starred notes.
  await menuAction(page, page.getByRole('button', { name: 'Actions for “Weekly sync”' }), 'Unstar');
  await expect(row(page, 'Weekly sync')).toHaveCount(0);
  await expect(page.getByText('No starred notes yet')).toBeVisible();

  // A search lists it with the passage that matched; the passage opens the reader there.
  await page.getByRole('link', { name: 'Notes', exact: true }).first().click();
  const search = page.getByRole('searchbox', { name: 'Search notes' });
  await search.fill('passage 2');
  await search.press('Enter');
  const hit = row(page, 'Weekly sync').locator('[data-slot=note-search-hit]');
  await expect(hit).toHaveAccessibleName(/^Open at this passage: Passage 2 from 5\.0 to 10\.0/);
  await expect(hit.locator('mark')).toHaveText(['Passage', '2']);
  await hit.click();
  await expect(page).toHaveURL(new RegExp(`/en/notes\\?search_query=passage\\+2&note=${id}&at=1$`));
  await expect(
    page.locator('[data-slot=transcript-line][data-hit=true]'),
  ).toHaveAccessibleDescription('Where your search matched');
});
