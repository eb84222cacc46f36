import { expect, test, type Page } from '@playwright/test';
import { gotoHydrated, signUpInUi, uniqueEmail } from './support/accounts.ts';
import { loopedSpeech } from './support/recordings.ts';

// A failed minutes or plan load is not the customer's state (docs/minutes.md#when-loading-fails):
// the real server answers, except the one response a test replaces with an error. The widgets
// say "not loaded" with the last known value and "Retry", never zero minutes or "no plan", and
// a busy server's Retry-After brings the balance back by itself.

const TEXT = {
  de: {
    prefix: '',
    minutesRegion: 'Minuten',
    planRegion: 'Ihr Tarif',
    notes: 'Notizen',
    dashboard: 'Übersicht',
    balance: '0 von 30 Minuten genutzt',
    failed: 'Minuten konnten nicht geladen werden.',
    failedLastKnown: 'Der aktuelle Stand Ihrer Minuten konnte nicht geladen werden.',
    asOf: /^Zuletzt bekannter Stand vom \d\d\.\d\d\.\d{4}, \d\d:\d\d$/,
    planFailedLastKnown: 'Ihr aktueller Tarif konnte nicht geladen werden.',
    retry: 'Erneut versuchen',
    zero: /0 von 0 Minuten/,
    noPlan: /keinen aktiven Tarif|Kein aktiver Tarif/,
    newNote: 'Neue Notiz',
    chooseFile: 'Datei auswählen',
    submit: 'Notiz erstellen',
    unknownHint: /Ihr Minutenstand ist gerade nicht bekannt/,
    notEnough: 'Nicht genug Minuten',
    tooLongForPlan: 'Aufnahme zu lang für Ihren Tarif',
    serverRefusal:
      /^Diese Aufnahme dauert 31:0\d\. Ihr Tarif Free erlaubt höchstens 30 Minuten pro Datei\.$/,
  },
  en: {
    prefix: '/en',
    minutesRegion: 'Minutes',
    planRegion: 'Your plan',
    notes: 'Notes',
    dashboard: 'Dashboard',
    balance: '0 of 30 minutes used',
    failed: 'Minutes could not be loaded.',
    failedLastKnown: 'Your current minutes could not be loaded.',
    asOf: /^Last known balance, as of \w{3} \d{1,2}, \d{4}, \d{1,2}:\d\d\s?[AP]M$/,
    planFailedLastKnown: 'Your current plan could not be loaded.',
    retry: 'Try again',
    zero: /0 of 0 minutes/,
    noPlan: /no active plan/i,
    newNote: 'New note',
    chooseFile: 'Choose file',
    submit: 'Create note',
    unknownHint: /Your minutes balance is not known right now/,
    notEnough: 'Not enough minutes',
    tooLongForPlan: 'Recording too long for your plan',
    serverRefusal:
      /^This recording lasts 31:0\d\. Your Free plan allows at most 30 minutes per file\.$/,
  },
} as const;

/** The next `times` answers of `path` are `status` (the server's error body), then the real ones. */
async function failNext(page: Page, path: string, status: number, headers = {}, times = 1) {
  await page.route(
    `**${path}`,
    (route) =>
      route.fulfill({
        status,
        headers,
        json: { success: false, code: 'server', message: 'Server error. Please try again later.' },
      }),
    { times },
  );
}

/*
 * Over the Free plan's 30 minutes per file, which the form would refuse itself if it knew the
 * plan, and over the 30 minutes left. Encoding 31 minutes of audio takes a while on a busy
 * machine: it is made once, before the tests, with a time of its own.
 */
let tooLong: string;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  tooLong = await loopedSpeech(31 * 60 + 5, 'Zu-lang');
});

for (const locale of ['de', 'en'] as const) {
  const t = TEXT[locale];

  test(`${locale}: a failed minutes or plan load says so with the last known value, and Retry recovers`, async ({
    page,
  }) => {
    await signUpInUi(page, locale, {
      email: uniqueEmail('minutes'),
      password: 'S1cheres-Passwort',
    });
    const minutes = page.getByRole('region', { name: t.minutesRegion });
    const plan = page.getByRole('region', { name: t.planRegion });
    await expect(minutes.getByText(t.balance)).toBeVisible();
    await expect(plan.getByText('Free', { exact: true })).toBeVisible();

    // The next minutes and plan loads fail: back on the dashboard, both widgets say so and keep
    // what they knew, marked as such.
    await failNext(page, '/api/user/minutes', 500);
    await failNext(page, '/api/user/plan', 500);
    await page.getByRole('link', { name: t.notes }).first().click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/notes$`));
    await page.getByRole('link', { name: t.dashboard }).first().click();
    await expect(minutes.getByRole('alert')).toContainText(t.failedLastKnown);
    await expect(minutes.getByText(t.asOf)).toBeVisible();
    await expect(minutes.getByText(t.balance)).toBeVisible();
    await expect(plan.getByRole('alert')).toContainText(t.planFailedLastKnown);
    await expect(page.getByText(t.zero)).toHaveCount(0);
    await expect(page.getByText(t.noPlan)).toHaveCount(0);

    // Retry: the server answers again, the widgets are as before.
    await minutes.getByRole('button', { name: t.retry }).click();
    await plan.getByRole('button', { name: t.retry }).click();
    await expect(minutes.getByRole('alert')).toHaveCount(0);
    await expect(minutes.getByText(t.balance)).toBeVisible();
    await expect(minutes.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    await expect(plan.getByRole('alert')).toHaveCount(0);
    await expect(plan.getByText('Free', { exact: true })).toBeVisible();
  });

  test(`${locale}: a busy server's 503 on the first minutes load shows the failure, then the balance after Retry-After`, async ({
    page,
  }) => {
    await signUpInUi(page, locale, { email: uniqueEmail('busy'), password: 'S1cheres-Passwort' });
    const minutes = page.getByRole('region', { name: t.minutesRegion });
    // The sign-up's own loads are done before the server gets busy.
    await expect(minutes.getByText(t.balance)).toBeVisible();
    // Two busy answers in a row, each saying "come back in 3 s", then the real one.
    await failNext(page, '/api/user/minutes', 503, { 'Retry-After': '3' }, 2);
    const answers: { status: number; at: number }[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/user/minutes') {
        answers.push({ status: response.status(), at: Date.now() });
      }
    });
    // A new page: nothing known yet, so no last known value either.
    await gotoHydrated(page, `${t.prefix}/dashboard`);
    await expect(minutes.getByRole('alert')).toContainText(t.failed);
    await expect(page.getByText(t.zero)).toHaveCount(0);
    await expect(page.getByText(t.noPlan)).toHaveCount(0);
    // No click: the widget loads again each time the server's Retry-After has passed.
    await expect(minutes.getByText(t.balance)).toBeVisible();
    await expect(minutes.getByRole('alert')).toHaveCount(0);
    // From the first busy answer on (a load of the page before may still have been answering).
    const loads = answers.slice(answers.findIndex((answer) => answer.status === 503));
    expect(loads.map((answer) => answer.status)).toEqual([503, 503, 200]);
    for (const [before, after] of [loads.slice(0, 2), loads.slice(1, 3)]) {
      expect(after!.at - before!.at).toBeGreaterThanOrEqual(2_900);
    }
  });

  test(`${locale}: with minutes and plan not known, the new-note form blocks nothing and shows the server's refusal`, async ({
    page,
  }) => {
    const file = tooLong;
    await signUpInUi(page, locale, {
      email: uniqueEmail('unknown'),
      password: 'S1cheres-Passwort',
    });
    await expect(
      page.getByRole('region', { name: t.minutesRegion }).getByText(t.balance),
    ).toBeVisible();
    await failNext(page, '/api/user/minutes', 500);
    await failNext(page, '/api/user/plan', 500);
    await page.getByRole('link', { name: t.newNote }).first().click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/protocol$`));
    await expect(page.getByText(t.unknownHint)).toBeVisible();
    await expect(
      page.getByRole('region', { name: t.minutesRegion }).getByRole('alert'),
    ).toContainText(t.failedLastKnown);

    await page.getByLabel(t.chooseFile).setInputFiles(file);
    await expect(page.locator('[data-slot=file-cost-minutes]')).toContainText('32');
    await expect(page.getByText(t.notEnough)).toHaveCount(0);
    await expect(page.getByText(t.tooLongForPlan)).toHaveCount(0);
    const submit = page.getByRole('button', { name: t.submit });
    await expect(submit).toBeEnabled();
    await submit.click();
    // The server measured and refused it, in the page's language; the form is back to try again.
    await expect(
      page.getByRole('form', { name: t.newNote }).getByText(t.serverRefusal),
    ).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/protocol$`));
  });
}
