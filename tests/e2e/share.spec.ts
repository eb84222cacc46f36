import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { gotoHydrated, signUpInUi, uniqueEmail } from './support/accounts.ts';
import { seedNote } from './support/notes.ts';
import { mailTo } from './support/outbox.ts';

// Sharing a note (docs/sharing.md), in German and in English: the owner makes a link in the
// reader's share dialog (transcript, recording, an access code) and mails it to a participant
// through the SMTP peer; the participant, signed out on a phone, opens the link from the mail,
// gives the code, reads the page without any script of the app, plays the recording through the
// link; the owner revokes the link and the page says it is no longer available.

const TEXT = {
  de: {
    prefix: '',
    share: 'Teilen',
    dialog: (name: string) => `„${name}“ teilen`,
    transcript: 'Transkript zeigen',
    audio: 'Aufnahme abspielbar',
    code: /^Zugangscode/,
    recipients: /^Per E-Mail senden an/,
    message: /^Ihre Nachricht/,
    create: 'Link erstellen',
    created: 'Link erstellt',
    link: 'Link',
    mailed: 'An eine Person gesendet.',
    mailIntro: (name: string) => `teilt die Notiz „${name}“ mit Ihnen.`,
    codeTitle: 'Zugangscode eingeben',
    codeLabel: 'Zugangscode',
    open: 'Notiz öffnen',
    wrong: 'Dieser Zugangscode stimmt nicht.',
    badge: 'Geteilte Notiz',
    summary: 'Zusammenfassung',
    transcriptHeading: 'Transkript',
    other: 'English',
    otherSummary: 'Summary',
    revoke: 'Zurückziehen',
    revokeNow: 'Link zurückziehen',
    revoked: 'Zurückgezogen',
    gone: 'Dieser Link ist nicht mehr verfügbar',
  },
  en: {
    prefix: '/en',
    share: 'Share',
    dialog: (name: string) => `Share “${name}”`,
    transcript: 'Show the transcript',
    audio: 'Let them play the recording',
    code: /^Access code/,
    recipients: /^Send by e-mail to/,
    message: /^Your message/,
    create: 'Create link',
    created: 'Link created',
    link: 'Link',
    mailed: 'Sent to one person.',
    mailIntro: (name: string) => `shared the note “${name}” with you.`,
    codeTitle: 'Enter the access code',
    codeLabel: 'Access code',
    open: 'Open the note',
    wrong: 'This access code is not right.',
    badge: 'Shared note',
    summary: 'Summary',
    transcriptHeading: 'Transcript',
    other: 'Deutsch',
    otherSummary: 'Zusammenfassung',
    revoke: 'Revoke',
    revokeNow: 'Revoke link',
    revoked: 'Revoked',
    gone: 'This link is no longer available',
  },
} as const;

/** The share page as a signed-out phone sees it: a context of its own, no app script allowed. */
async function phone(page: Page, locale: 'de' | 'en') {
  const context = await page
    .context()
    .browser()!
    .newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: locale === 'de' ? 'de-DE' : 'en-GB',
      timezoneId: 'Europe/Berlin',
      baseURL: new URL(page.url()).origin,
    });
  return { context, visitor: await context.newPage() };
}

for (const locale of ['de', 'en'] as const) {
  const t = TEXT[locale];
  test(`share a note (${locale}): link with code mailed, opened signed out on a phone, audio played, revoked`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await signUpInUi(page, locale, {
      email: uniqueEmail(`teilen-${locale}`),
      password: 'Teilen-Passwort-1',
    });
    const name = locale === 'de' ? 'Elternabend Klasse 4b' : 'Parents evening 4b';
    const note = await seedNote(page, request, { name, language: locale, summaryLanguage: locale });
    await gotoHydrated(page, `${t.prefix}/notes?note=${note.id}`);
    await page.getByRole('button', { name: t.share, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: t.dialog(name) });
    await dialog.getByRole('checkbox', { name: t.transcript }).click();
    await dialog.getByRole('checkbox', { name: t.audio }).click();
    await dialog.getByLabel(t.code).fill('Sommerfest 26');
    const participant = uniqueEmail(`teilnehmer-${locale}`);
    await dialog.getByLabel(t.recipients).fill(participant);
    await dialog.getByLabel(t.message).fill(locale === 'de' ? 'Wie besprochen.' : 'As agreed.');
    await expect(await new AxeBuilder({ page }).include('[role=dialog]').analyze()).toMatchObject({
      violations: [],
    });
    await dialog.getByRole('button', { name: t.create }).click();
    await expect(dialog.getByText(t.created)).toBeVisible();
    await expect(dialog.getByText(t.mailed)).toBeVisible();
    const url = await dialog.getByRole('textbox', { name: t.link, exact: true }).inputValue();
    expect(url).toMatch(/\/s\/[A-Za-z0-9_-]{43}$/);

    // The mail, as the SMTP peer received it: the owner's words, the summary and the link.
    const mail = await mailTo(participant, url);
    expect(mail).toContain(t.mailIntro(name));
    expect(mail).toContain(locale === 'de' ? 'Wie besprochen.' : 'As agreed.');
    expect(mail).not.toContain('Sommerfest 26');

    // Signed out, on a phone: the code first; a wrong one is refused.
    const { context, visitor } = await phone(page, locale);
    const scripts: string[] = [];
    visitor.on('request', (sent) => {
      if (sent.resourceType() === 'script') scripts.push(sent.url());
    });
    const first = await visitor.goto(url);
    expect(first?.status()).toBe(200);
    expect(first?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    expect(first?.headers()['referrer-policy']).toBe('no-referrer');
    await expect(visitor.getByRole('heading', { name: t.codeTitle })).toBeVisible();
    // The page speaks the note's language (its summary's).
    await visitor.getByRole('textbox', { name: t.codeLabel }).fill('Winterfest');
    await visitor.getByRole('button', { name: t.open }).click();
    await expect(visitor.getByRole('alert')).toContainText(t.wrong);
    await visitor.getByRole('textbox', { name: t.codeLabel }).fill('Sommerfest 26');
    await visitor.getByRole('button', { name: t.open }).click();
    await expect(visitor.getByText(t.badge)).toBeVisible();
    await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(visitor.getByRole('heading', { name: t.summary })).toBeVisible();
    await expect(visitor.getByRole('heading', { name: t.transcriptHeading })).toBeVisible();
    expect(scripts.filter((src) => src.includes('/assets/'))).toEqual([]);
    await expect(await new AxeBuilder({ page: visitor }).analyze()).toMatchObject({
      violations: [],
    });
    const width = await visitor.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(width.scroll).toBeLessThanOrEqual(width.client);

    // The recording plays through the link; a transcript line plays from its passage.
    const audio = visitor.locator('audio');
    await expect(audio).toHaveAttribute('src', /\/s\/[A-Za-z0-9_-]{43}\/audio$/);
    await visitor.locator('[data-slot="shared-transcript"] > li').nth(1).click();
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime))
      .toBeGreaterThan(0);
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => !element.paused))
      .toBe(true);
    const range = await visitor.request.get(`${url}/audio`, { headers: { Range: 'bytes=0-99' } });
    expect(range.status()).toBe(206);

    // The other language from the page's own link.
    await visitor.getByRole('link', { name: t.other }).click();
    await expect(visitor.getByRole('heading', { name: t.otherSummary })).toBeVisible();

    // Revoked: the list says so, and the page is gone at once.
    await dialog.getByRole('button', { name: t.revoke, exact: true }).click();
    await dialog.getByRole('button', { name: t.revokeNow }).click();
    await expect(dialog.locator('[data-slot="share-link"]').first()).toContainText(t.revoked);
    const gone = await visitor.goto(url);
    expect(gone?.status()).toBe(404);
    await expect(visitor.getByRole('heading', { name: t.gone })).toBeVisible();
    expect((await visitor.request.get(`${url}/audio`)).status()).toBe(404);
    await context.close();
  });
}
