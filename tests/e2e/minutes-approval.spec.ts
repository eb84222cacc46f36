import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { WORKS_COUNCIL_SESSION } from '../../packages/server/src/processing/formal-meetings.ts';
import { pdfText } from '../../packages/server/src/test/pdf.ts';
import { gotoHydrated, signUpInUi, uniqueEmail } from './support/accounts.ts';
import { accessToken, noteDone } from './support/notes.ts';
import { linkFromOutbox } from './support/outbox.ts';
import { loopedSpeech } from './support/recordings.ts';
import { registerTranscript } from './support/transcripts.ts';

// A Betriebsratssitzung from upload to its signed PDF (docs/formal-minutes.md#approval-and-signature),
// in German: the keeper submits the minutes with the chair entered by hand and a member asked by
// e-mail; the member opens the mailed link in their own account and signs; the keeper makes the
// version final and downloads its PDF, which carries the signatures, the version's hash on every
// page and the attendance list. The note lies in a folder kept as a Gremium: its resolutions enter
// the folder's Beschluss-Sammlung when it is made final, and its open tasks go on the next agenda
// (docs/formal-minutes.md#registers).

/** 49 s of speech: a length no other spec uploads, so the peer's transcript is this spec's own. */
const SECONDS = 49;

test('a Betriebsratssitzung is submitted, signed by a member by mail, made final, and its PDF signed', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const memberEmail = uniqueEmail('betriebsrat-mitglied');
  const member = await browser.newPage();
  await signUpInUi(member, 'de', { email: memberEmail, password: 'Mitglied-Passwort-1' });

  const file = await loopedSpeech(SECONDS, 'Freigabe');
  await registerTranscript(
    request,
    file,
    WORKS_COUNCIL_SESSION.map((segment) => segment.text).join(' '),
  );
  await signUpInUi(page, 'de', {
    email: uniqueEmail('betriebsrat-protokoll'),
    password: 'Protokoll-Passwort-1',
  });
  await page.goto('/protocol');
  await page.getByLabel('Datei auswählen').setInputFiles(file);
  await expect(page.locator('[data-slot=file-cost-minutes]')).toBeVisible();
  await page.getByRole('button', { name: /^Weitere Optionen/ }).click();
  await page.getByRole('radio', { name: /Betriebsratssitzung/ }).click();
  await page.getByRole('button', { name: 'Notiz erstellen' }).click();
  await expect(page).toHaveURL(/\/notes\?note=\d+$/, { timeout: 15_000 });
  const id = Number(new URL(page.url()).searchParams.get('note'));
  await noteDone(page, request, id);

  // The keeper keeps the Betriebsrat's folder as a Gremium and files the session in it.
  const auth = { Authorization: `Bearer ${await accessToken(page)}` };
  const created = await request.post('/api/folder', {
    headers: auth,
    data: { name: 'Betriebsrat Werk Nord' },
  });
  const folderId = ((await created.json()) as { folder: { id: number } }).folder.id;
  await request.post('/api/note/move', {
    headers: auth,
    data: { note_id: id, folder_id: folderId },
  });
  await gotoHydrated(page, '/notes');
  const registersOf = async () => {
    await page.getByRole('button', { name: 'Aktionen für Ordner „Betriebsrat Werk Nord“' }).click();
    await page.getByRole('menuitem', { name: 'Register …' }).click();
    const dialog = page.getByRole('dialog', {
      name: 'Register des Ordners „Betriebsrat Werk Nord“',
    });
    await expect(dialog.getByRole('checkbox', { name: 'Als Gremium führen' })).toBeVisible();
    return dialog;
  };
  let registers = await registersOf();
  await expect(registers.getByText(/nicht als Gremium geführt/)).toBeVisible();
  await registers.getByRole('checkbox', { name: 'Als Gremium führen' }).click();
  await expect(registers.getByText(/Noch keine Beschlüsse\./)).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto(`/notes?note=${id}`);

  // The keeper names who signs: the chair by hand (signed on paper), a member by address.
  const panel = page.locator('[data-slot=minutes-approval]');
  await expect(panel.getByRole('heading', { name: 'Freigabe und Unterschrift' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(panel.getByText('Entwurf', { exact: true })).toBeVisible();
  const first = panel.getByRole('listitem', { name: 'Person 1' });
  const second = panel.getByRole('listitem', { name: 'Person 2' });
  await first.getByLabel('Name').fill('Andrea Keller');
  await second.getByLabel('Name').fill('Jonas Berg');
  await second.getByLabel(/E-Mail-Adresse/).fill(memberEmail);
  const axe = await new AxeBuilder({ page })
    .include('[data-slot=minutes-approval]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await panel.getByRole('button', { name: 'Zur Unterschrift einreichen' }).click();
  await expect(panel.getByText('Zur Unterschrift eingereicht').first()).toBeVisible();
  await expect(panel.getByText(`Unterschrift ausstehend (${memberEmail})`)).toBeVisible();
  // Locked: the reader offers no editing until a correction.
  await expect(page.getByRole('button', { name: 'Zusammenfassung bearbeiten' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Transkript bearbeiten' })).toHaveCount(0);

  // The member signs from the mailed link, in their own account.
  const link = new URL(await linkFromOutbox(memberEmail, '/notes', 'sign'));
  await member.goto(`${link.pathname}${link.search}`);
  await expect(
    member.getByRole('heading', { level: 1, name: 'Protokoll unterschreiben' }),
  ).toBeVisible();
  await expect(
    member.getByText(/bittet Sie, das Protokoll .* als Weiteres Mitglied zu unterschreiben\./),
  ).toBeVisible();
  await expect(member.locator('[data-slot=formal-item]').first()).toContainText(
    'Überstunden im Lager',
  );
  await member.getByRole('button', { name: 'Unterschreiben', exact: true }).click();
  await expect(
    member.getByRole('status').filter({ hasText: 'Sie haben dieses Protokoll unterschrieben.' }),
  ).toBeVisible();
  await member.screenshot({ path: test.info().outputPath('signing-page.png'), fullPage: true });
  await member.close();

  // Signed: the keeper makes it final.
  await page.reload();
  await expect(panel.getByText('Unterschrieben', { exact: true }).first()).toBeVisible({
    timeout: 15_000,
  });
  await panel.getByRole('button', { name: 'Als endgültig festlegen' }).click();
  await expect(panel.getByText('Endgültig', { exact: true }).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('approval-final.png'), fullPage: true });

  const answer = await request.get(`/api/note/${id}/pdf`, { headers: auth });
  expect(answer.ok()).toBe(true);
  const { data } = (await answer.json()) as { data: string };
  const text = await pdfText(new Uint8Array(Buffer.from(data, 'base64')));
  expect(text).toContain('Unterschriften');
  expect(text).toMatch(/Sitzungsleitung: Andrea Keller Von der Protokollführung eingetragen am/);
  expect(text).toContain(`Unterschrieben am`);
  // The address may wrap at a hyphen.
  expect(text.replace(/-\s/g, '-')).toContain(`mit dem Protokoll-Konto ${memberEmail}`);
  expect(text).toMatch(/Fassung 1 · endgültig · SHA-256 [0-9a-f]{64}/);
  expect(text).toContain('Anwesenheitsliste');

  // An extract of TOP 1 for the employer: the head and signatures, no other item.
  await page.goto(`/notes?note=${id}`);
  const extract = panel.getByRole('group', { name: 'Auszug aus dem Protokoll' });
  await extract.getByRole('checkbox', { name: 'TOP 1: Überstunden im Lager' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    extract.getByRole('button', { name: 'Auszug als PDF' }).click(),
  ]);
  const extractText = await pdfText(new Uint8Array(readFileSync(await download.path())));
  expect(extractText).toContain('TOP 1: Überstunden im Lager');
  expect(extractText).not.toContain('TOP 2');
  expect(extractText).toMatch(/Auszug \(TOP 1\) aus: Fassung 1 · endgültig · SHA-256/);

  // Final: its two resolutions are the first entries of this year in the folder's register.
  await gotoHydrated(page, '/notes');
  registers = await registersOf();
  const year = new Date().getUTCFullYear();
  const entries = registers.locator('[data-slot=register-entry]');
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText(`Nr. ${year}/1`);
  await expect(entries.first()).toContainText('Der Betriebsrat stimmt einer Samstagsschicht');
  await expect(entries.first()).toContainText('7 Ja, 0 Nein, 2 Enthaltungen – angenommen');
  await expect(entries.nth(1)).toContainText(`Nr. ${year}/2`);
  await expect(entries.nth(1)).toContainText('einstimmig – angenommen');
  const axeRegisters = await new AxeBuilder({ page })
    .include('[data-slot=folder-registers-dialog]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axeRegisters.violations.map((v) => v.id)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('register.png'), fullPage: true });
  const csv = await request.get(`/api/folder/${folderId}/resolutions/csv`, { headers: auth });
  const csvText = Buffer.from(((await csv.json()) as { data: string }).data, 'base64').toString();
  expect(csvText.split('\r\n')[1]).toMatch(new RegExp(`^${year}/1;;Besprechungsraum 2;1;`));

  // The open tasks go on the next session's agenda, in the same folder and type.
  await registers.getByRole('tab', { name: /^Aufgaben/ }).click();
  const festsaal = registers.getByRole('checkbox', { name: /Festsaal/ });
  await expect(festsaal).not.toBeChecked();
  await registers
    .getByRole('button', { name: /offene Punkte? in die nächste Tagesordnung/ })
    .click();
  await expect(page).toHaveURL(/\/protocol$/);
  const agenda = page.getByLabel('Tagesordnung');
  await expect(agenda).toHaveValue(/Offener Punkt: .*Festsaal/);
  await expect(page.getByRole('radio', { name: /Betriebsratssitzung/ })).toBeChecked();
});
