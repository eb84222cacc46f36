import { expect, test, type Browser, type Page } from '@playwright/test';
import { gotoHydrated, SIGN_UP_TEXT, signUpInUi, uniqueEmail } from './support/accounts.ts';
import { noteDone, startNote } from './support/notes.ts';
import { linkFromOutbox, mailTo } from './support/outbox.ts';

// The support page and teams against the real server: the contact form's two mails land in the
// outbox; a Business owner (bought through the local Stripe peer) invites a member by mail, the
// member joins from the link and uploads a recording that is charged to the team's pool, the
// owner sees it and removes the member.

/** SUPPORT_EMAIL's default: the server under test sets none. */
const SUPPORT_INBOX = 'support@protokoll.local';

const stripeUrl = () => {
  const url = process.env.E2E_STRIPE_URL;
  if (!url) throw new Error('E2E_STRIPE_URL is not set: run through playwright.config.ts');
  return url;
};

const TEXT = {
  de: {
    prefix: '',
    contactSupport: 'Support kontaktieren',
    supportTitle: 'Hilfe und Support',
    search: 'Fragen durchsuchen',
    faqHit: 'Wie kündige ich meinen Tarif?',
    faqMiss: 'Welche Dateiformate kann ich hochladen?',
    category: 'Worum geht es?',
    billing: 'Abrechnung und Tarif',
    subject: 'Betreff',
    message: 'Nachricht',
    send: 'Nachricht senden',
    sent: /Nachricht erhalten \(Nummer #\d+\)/,
    // ASCII: the outbox reader undoes quoted-printable bytewise.
    confirmation: 'Wir haben sie unter der Nummer',
    chooseBusiness: 'Business wählen',
    thanks: 'Vielen Dank für Ihren Kauf!',
    inviteEmail: 'E-Mail-Adresse',
    invite: 'Einladung senden',
    invited: (email: string) => `Einladung an ${email} gesendet`,
    inviteMail: 'Einladung annehmen',
    accept: 'Einladung annehmen',
    signUpNow: 'Jetzt registrieren',
    joined: 'Willkommen im Team',
    teamOf: /Team von/,
    members: 'Mitglieder',
    used: '1 Minute genutzt',
    remove: (name: string) => `${name} entfernen`,
    confirmRemove: 'Entfernen',
    noTeam: 'Teams im Business-Tarif',
  },
  en: {
    prefix: '/en',
    contactSupport: 'Contact support',
    supportTitle: 'Help and support',
    search: 'Search the questions',
    faqHit: 'How do I cancel my plan?',
    faqMiss: 'Which file formats can I upload?',
    category: 'What is it about?',
    billing: 'Billing and plan',
    subject: 'Subject',
    message: 'Message',
    send: 'Send message',
    sent: /Message received \(number #\d+\)/,
    confirmation: 'thank you for your message',
    chooseBusiness: 'Choose Business',
    thanks: 'Thank you for your purchase!',
    inviteEmail: 'E-mail address',
    invite: 'Send invitation',
    invited: (email: string) => `Invitation sent to ${email}`,
    inviteMail: 'Accept the invitation',
    accept: 'Accept invitation',
    signUpNow: 'Sign up now',
    joined: 'Welcome to the team',
    teamOf: /'s team/,
    members: 'Members',
    used: '1 minute used',
    remove: (name: string) => `Remove ${name}`,
    confirmRemove: 'Remove',
    noTeam: 'Teams on the Business plan',
  },
} as const;
type Locale = keyof typeof TEXT;

/** Buys Business monthly through the Stripe peer's hosted page and waits for the plan. */
async function buyBusiness(page: Page, locale: Locale) {
  const t = TEXT[locale];
  await gotoHydrated(page, `${t.prefix}/buy`);
  await page
    .getByRole('region', { name: 'Business' })
    .getByRole('button', { name: t.chooseBusiness })
    .click();
  await expect(page).toHaveURL(new RegExp(`^${stripeUrl()}/pay/`));
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.thanks })).toBeVisible();
}

/** A second person in a browser context of their own. */
async function secondPerson(browser: Browser): Promise<Page> {
  const { baseURL, locale } = test.info().project.use;
  const context = await browser.newContext({ baseURL, locale });
  return context.newPage();
}

for (const locale of ['de', 'en'] as const) {
  const t = TEXT[locale];

  test(`support: FAQ search and a message that reaches support and the sender (${locale})`, async ({
    page,
  }) => {
    const email = uniqueEmail(`support-${locale}`);
    await signUpInUi(page, locale, { email, password: 'Support-Passwort-1' });

    // The error page's link leads to the support page.
    await page.goto(`${t.prefix}/gibt-es-nicht`);
    await page.getByRole('link', { name: t.contactSupport }).click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/support$`));
    await expect(page.getByRole('heading', { level: 1, name: t.supportTitle })).toBeVisible();

    await page
      .getByRole('searchbox', { name: t.search })
      .fill(locale === 'de' ? 'kündige' : 'cancel');
    await expect(page.getByText(t.faqHit)).toBeVisible();
    await expect(page.getByText(t.faqMiss)).toBeHidden();

    const subject = `Rechnung ${Date.now()}`;
    await page.getByRole('combobox', { name: t.category }).click();
    await page.getByRole('option', { name: t.billing }).click();
    await page.getByRole('textbox', { name: t.subject }).fill(subject);
    await page.getByRole('textbox', { name: t.message }).fill('Bitte an die neue Adresse senden.');
    await page.getByRole('button', { name: t.send }).click();
    await expect(page.getByText(t.sent)).toBeVisible();
    // The form is empty again.
    await expect(page.getByRole('textbox', { name: t.subject })).toHaveValue('');

    const inbox = await mailTo(SUPPORT_INBOX, subject);
    expect(inbox).toContain(`E-Mail: ${email}`);
    expect(inbox).toContain('Bitte an die neue Adresse senden.');
    await mailTo(email, t.confirmation);
  });

  test(`team: invite, join from the mail, upload on the pool, remove (${locale})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const ownerEmail = uniqueEmail(`inhaber-${locale}`);
    const memberEmail = uniqueEmail(`mitglied-${locale}`);
    await signUpInUi(page, locale, { email: ownerEmail, password: 'Team-Passwort-1' });

    // Free: what teams are and the upgrade.
    await page.goto(`${t.prefix}/team`);
    await expect(page.getByRole('heading', { name: t.noTeam })).toBeVisible();

    await buyBusiness(page, locale);
    await gotoHydrated(page, `${t.prefix}/team`);
    await page.getByRole('textbox', { name: t.inviteEmail }).fill(memberEmail);
    await page.getByRole('button', { name: t.invite }).click();
    await expect(page.getByText(t.invited(memberEmail))).toBeVisible();

    // The invited person has no account yet: the link leads through sign-in to registration
    // and back to the invitation.
    const member = await secondPerson(browser);
    await mailTo(memberEmail, t.inviteMail);
    const link = await linkFromOutbox(memberEmail, '/team', 'accept');
    expect(link).toContain(`${t.prefix}/team?accept=`);
    await member.goto(link);
    await expect(member).toHaveURL(new RegExp(`${t.prefix}/login\\?redirect=`));
    await member.getByRole('link', { name: t.signUpNow }).click();
    const form = SIGN_UP_TEXT[locale];
    await member.getByLabel(form.firstName).fill('Mia');
    await member.getByLabel(form.lastName).fill('Mitglied');
    await member.getByLabel(form.email).fill(memberEmail);
    await member.getByLabel(form.password, { exact: true }).fill('Team-Passwort-2');
    await member.getByRole('checkbox', { name: form.terms }).check();
    await member.getByRole('button', { name: form.createAccount }).click();
    await expect(member).toHaveURL(new RegExp(`${t.prefix}/team\\?accept=`));
    await member.getByRole('button', { name: t.accept }).click();
    await expect(member.getByText(t.joined)).toBeVisible();
    await expect(member.getByRole('heading', { name: t.teamOf })).toBeVisible();

    // The member's minutes are the team's pool; the recording is charged there.
    const minutes = await member.evaluate(async () => {
      const { token } = JSON.parse(localStorage.getItem('auth-token') ?? '{}') as {
        token?: string;
      };
      const response = await fetch('/api/user/minutes', {
        headers: { Authorization: `Bearer ${token}` },
      });
      return ((await response.json()) as { minutes: { total: number } }).minutes;
    });
    expect(minutes.total).toBe(6000);
    await noteDone(member, member.request, await startNote(member, member.request));

    // The owner sees the member's minute and removes the member.
    await page.reload();
    const members = page.getByRole('list', { name: t.members });
    const row = members.getByRole('listitem').filter({ hasText: memberEmail });
    await expect(row).toContainText(t.used);
    await row.getByRole('button', { name: t.remove('Mia Mitglied') }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: t.confirmRemove }).click();
    await expect(row).toHaveCount(0);

    // Back on their own plan.
    await member.reload();
    await expect(member.getByRole('heading', { name: t.noTeam })).toBeVisible();
    await member.context().close();
  });
}
