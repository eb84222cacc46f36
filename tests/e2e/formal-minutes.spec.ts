import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { WORKS_COUNCIL_SESSION } from '../../packages/server/src/processing/formal-meetings.ts';
import { signUpInUi, uniqueEmail } from './support/accounts.ts';
import { markdown, noteDone } from './support/notes.ts';
import { loopedSpeech } from './support/recordings.ts';
import { registerTranscript } from './support/transcripts.ts';

// A Betriebsratssitzung from upload to its minutes (docs/formal-minutes.md), in German on a
// desktop window and on a phone: the local OpenAI peer transcribes the recording as a written
// session (a recording of its own length, which no other spec uploads), the built-in summariser
// finds the head and the agenda items, the reader shows them with what was not said marked and
// each resolution playing its passage, and the Markdown export carries the same.

/** 47 s of speech: the length makes the recording, and so its prepared chunk, this spec's own. */
const SECONDS = 47;

for (const { name, viewport } of [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]) {
  test(`a Betriebsratssitzung becomes formal minutes with its head, TOPs and votes (${name})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const file = await loopedSpeech(SECONDS, 'Betriebsrat');
    await registerTranscript(
      request,
      file,
      WORKS_COUNCIL_SESSION.map((segment) => segment.text).join(' '),
    );
    await signUpInUi(page, 'de', {
      email: uniqueEmail(`betriebsrat-${name}`),
      password: 'Betriebsrat-Passwort-1',
    });

    await page.goto('/protocol');
    await expect(page.getByRole('heading', { level: 1, name: 'Neue Notiz' })).toBeVisible();
    await page.getByLabel('Datei auswählen').setInputFiles(file);
    await expect(page.locator('[data-slot=file-cost-minutes]')).toBeVisible();
    await page.getByRole('button', { name: /^Weitere Optionen/ }).click();
    await page.getByRole('radio', { name: /Betriebsratssitzung/ }).click();
    await page.getByRole('button', { name: 'Notiz erstellen' }).click();
    await expect(page).toHaveURL(/\/notes\?note=\d+$/, { timeout: 15_000 });
    const id = Number(new URL(page.url()).searchParams.get('note'));
    const note = await noteDone(page, request, id);
    expect(note.structure).toBe('works_council');

    await page.reload();
    const summary = page.locator('[data-slot=reader-summary]');
    await expect(summary.getByRole('heading', { name: 'Kopf des Protokolls' })).toBeVisible({
      timeout: 15_000,
    });
    const head = summary.locator('[data-slot=formal-head]');
    await expect(head.locator('[data-field=body]')).toHaveText('Betriebsrat Werk Nord');
    await expect(head.locator('[data-field=keeper]')).toHaveText('Petra Schmidt');
    await expect(head.locator('[data-field=start_time]')).toHaveText('14:05');
    await expect(head.locator('[data-field=end_time]')).toHaveText('15:20');
    // Nobody said the date, and the engine named no speakers: marked, not guessed.
    await expect(head.locator('[data-field=date]')).toHaveText('Nicht genannt');
    await expect(head.locator('[data-field=chair]')).toHaveText('Nicht genannt');
    await expect(
      head.getByText('3 Pflichtangaben wurden in der Aufnahme nicht genannt.', { exact: false }),
    ).toBeVisible();

    const items = summary.locator('[data-slot=formal-item]');
    await expect(items).toHaveCount(3);
    await expect(items.nth(0).getByRole('heading', { level: 4 })).toHaveText(
      'TOP 1 Überstunden im Lager',
    );
    const vote = items
      .nth(0)
      .getByRole('button', { name: /7 Ja, 0 Nein, 2 Enthaltungen – angenommen/ });
    // The motion's wording whole, though the engine cut it after "14.".
    await expect(vote).toContainText(
      'Der Betriebsrat stimmt einer Samstagsschicht im Lager am 14. November zu und lehnt die zweite Schicht ab.',
    );
    await expect(vote).toBeVisible();
    await vote.click();
    // The player moved to the motion's passage.
    const motion = note.segments.find((s) => s.text.startsWith('Ich lasse über'))!;
    await expect
      .poll(() => page.evaluate(() => document.querySelector('audio')?.currentTime ?? -1))
      .toBeCloseTo(Math.min(motion.start, SECONDS), 0);
    await expect(
      items.nth(1).getByRole('button', { name: /einstimmig – angenommen/ }),
    ).toBeVisible();
    await expect(summary.getByText('Ohne Beleg im Transkript')).toHaveCount(0);

    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const results = await new AxeBuilder({ page })
      .include('[data-slot=reader-summary]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
    await page.screenshot({
      path: test.info().outputPath(`formal-minutes-${name}.png`),
      fullPage: true,
    });

    const text = (await markdown(page, request, id)).replace(/\s+/g, ' ');
    expect(text).toContain('Kopf des Protokolls');
    expect(text).toMatch(/Datum\W+fehlt – in der Aufnahme nicht genannt/);
    expect(text).toContain('TOP 1: Überstunden im Lager');
    expect(text).toMatch(/7 Ja, 0 Nein, 2 Enthaltungen – angenommen · Beleg: \d\d:\d\d:\d\d/);
  });
}
