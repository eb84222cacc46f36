import { expect, test, type Page } from '@playwright/test';
import { gotoHydrated, signUpInUi, uniqueEmail } from './support/accounts.ts';

// Buying a plan end to end: the real server talks to the local Stripe peer through the official
// SDK (playwright.config.ts starts both); the peer's hosted checkout and portal pages stand in
// for Stripe's, and its signed webhooks change the plan.

const PENDING_CHECKOUT_KEY = 'pending_checkout_session';

const stripeUrl = () => {
  const url = process.env.E2E_STRIPE_URL;
  if (!url) throw new Error('E2E_STRIPE_URL is not set: run through playwright.config.ts');
  return url;
};

/** What the journeys read and click, per language (the locales' texts). */
const TEXT = {
  de: {
    prefix: '',
    upgrade: 'Jetzt upgraden',
    buyTitle: 'Tarif wählen',
    yearly: 'Jährlich',
    promoCode: /^Aktionscode/,
    choosePro: 'Pro wählen',
    chooseStarter: 'Starter wählen',
    current: 'Ihr aktueller Tarif',
    thanks: 'Vielen Dank für Ihren Kauf!',
    available: '1.200 Minuten verfügbar',
    toDashboard: 'Zur Übersicht',
    planRegion: 'Ihr Tarif',
    minutesRegion: 'Minuten',
    used: '0 von 1.200 Minuten genutzt',
    settings: 'Einstellungen',
    subscriptionTab: 'Abo',
    subscriptionRegion: 'Ihr Abo',
    active: 'Aktiv',
    interval: 'Jährlich',
    renews: 'Verlängert sich am',
    manage: 'In Stripe verwalten',
    canceling: 'Gekündigt',
    ends: 'Endet am',
    cancelled: 'Bezahlvorgang abgebrochen',
  },
  en: {
    prefix: '/en',
    upgrade: 'Upgrade now',
    buyTitle: 'Choose your plan',
    yearly: 'Yearly',
    promoCode: /^Promo code/,
    choosePro: 'Choose Pro',
    chooseStarter: 'Choose Starter',
    current: 'Your current plan',
    thanks: 'Thank you for your purchase!',
    available: '1,200 minutes available',
    toDashboard: 'Go to dashboard',
    planRegion: 'Your plan',
    minutesRegion: 'Minutes',
    used: '0 of 1,200 minutes used',
    settings: 'Settings',
    subscriptionTab: 'Subscription',
    subscriptionRegion: 'Your subscription',
    active: 'Active',
    interval: 'Yearly',
    renews: 'Renews on',
    manage: 'Manage in Stripe',
    canceling: 'Cancelled',
    ends: 'Ends on',
    cancelled: 'Checkout cancelled',
  },
} as const;
type Locale = keyof typeof TEXT;

const pendingCheckout = (page: Page) =>
  page.evaluate((key) => localStorage.getItem(key), PENDING_CHECKOUT_KEY);

/** The end of the user's subscription period at the peer, as the page words a date. */
async function periodEnd(page: Page, email: string, locale: Locale): Promise<string> {
  const state = (await (await page.request.get(`${stripeUrl()}/control/state`)).json()) as {
    customers: { id: string; email: string }[];
    subscriptions: { customer: string; current_period_end: number }[];
  };
  const customer = state.customers.find((candidate) => candidate.email === email);
  const subscription = state.subscriptions.find((s) => s.customer === customer?.id);
  expect(subscription, `no subscription at the peer for ${email}`).toBeDefined();
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Europe/Berlin' }).format(
    new Date(subscription!.current_period_end * 1000),
  );
}

/** The checkout's status as the server reports it to the signed-in user. */
async function checkoutStatus(page: Page, sessionId: string): Promise<string> {
  return page.evaluate(async (id) => {
    const { token } = JSON.parse(localStorage.getItem('auth-token') ?? '{}') as { token?: string };
    const response = await fetch(`/api/checkout/status/${id}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return ((await response.json()) as { status: string }).status;
  }, sessionId);
}

for (const locale of ['de', 'en'] as const) {
  const t = TEXT[locale];

  test(`buying Pro yearly with a promo code, then cancelling in the portal (${locale})`, async ({
    page,
  }) => {
    const email = uniqueEmail(`kauf-${locale}`);
    await signUpInUi(page, locale, { email, password: 'Kauf-Passwort-1' });

    // The dashboard's plan card leads to the plans.
    const planCard = page.getByRole('region', { name: t.planRegion });
    await planCard.getByRole('button', { name: t.upgrade }).click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/buy$`));
    await expect(page.getByRole('heading', { level: 1, name: t.buyTitle })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Free' }).getByText(t.current)).toBeVisible();

    // Pro, yearly, with the spring promo code.
    await page.getByRole('radio', { name: t.yearly }).click();
    await page.getByLabel(t.promoCode).fill('FRUEHLING');
    await page
      .getByRole('region', { name: 'Pro' })
      .getByRole('button', { name: t.choosePro })
      .click();

    // Stripe's hosted page (the peer): Pro yearly, 290 € less 20 %.
    await expect(page).toHaveURL(new RegExp(`^${stripeUrl()}/pay/`));
    await expect(page.getByTestId('product')).toHaveText('Pro (yearly)');
    await expect(page.getByTestId('total')).toHaveText('232,00 €');
    await page.getByRole('button', { name: 'Pay' }).click();

    // Back in the app: the wait ends with Pro and its minutes; nothing is pending any more.
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/successful-purchase\\?session_id=cs_`));
    await expect(page.getByRole('heading', { level: 1, name: t.thanks })).toBeVisible();
    await expect(page.locator('[data-slot="new-plan"] [data-slot="plan-name"]')).toHaveText('Pro');
    await expect(page.getByText(t.available)).toBeVisible();
    expect(await pendingCheckout(page)).toBeNull();

    // The dashboard shows Pro with 1,200 minutes.
    await page.getByRole('link', { name: t.toDashboard }).click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/dashboard$`));
    await expect(planCard.locator('[data-slot="plan-name"]')).toHaveText('Pro');
    await expect(page.getByRole('region', { name: t.minutesRegion })).toContainText(t.used);

    // The subscription page: active, yearly, renewing at the end of the paid year.
    await page.getByRole('link', { name: t.settings }).first().click();
    await page.getByRole('link', { name: t.subscriptionTab }).click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/settings/subscription$`));
    const subscription = page.getByRole('region', { name: t.subscriptionRegion });
    await expect(subscription.locator('[data-slot="plan-name"]')).toContainText('Pro');
    await expect(subscription.locator('[data-slot="subscription-status"]')).toContainText(t.active);
    await expect(subscription.locator('[data-slot="subscription-interval"]')).toHaveText(
      t.interval,
    );
    const endDate = await periodEnd(page, email, locale);
    await expect(subscription.getByText(t.renews)).toBeVisible();
    await expect(subscription.locator('[data-slot="subscription-date"]')).toHaveText(endDate);
    await expect(page.getByRole('region', { name: t.minutesRegion })).toContainText(t.used);

    // The customer portal (the peer's): cancel at period end, then back to the app.
    await subscription.getByRole('button', { name: t.manage }).click();
    await expect(page).toHaveURL(new RegExp(`^${stripeUrl()}/portal/`));
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(page.getByTestId('period')).toContainText('Cancels on');
    await page.getByRole('link', { name: 'Return to Protokoll' }).click();

    // Cancelled: Pro stays until the end of the period, and the page says when that is.
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/settings/subscription$`));
    await expect(subscription.locator('[data-slot="subscription-status"]')).toContainText(
      t.canceling,
    );
    await expect(subscription.getByText(t.ends)).toBeVisible();
    await expect(subscription.locator('[data-slot="subscription-date"]')).toHaveText(endDate);
    await expect(subscription.getByRole('status')).toContainText(endDate);
    await expect(subscription.locator('[data-slot="plan-name"]')).toContainText('Pro');
  });

  test(`a checkout cancelled on Stripe's page changes nothing (${locale})`, async ({ page }) => {
    await signUpInUi(page, locale, {
      email: uniqueEmail(`abbruch-${locale}`),
      password: 'Abbruch-Passwort-1',
    });
    await gotoHydrated(page, `${t.prefix}/buy`);
    await page
      .getByRole('region', { name: 'Starter' })
      .getByRole('button', { name: t.chooseStarter })
      .click();
    await expect(page).toHaveURL(new RegExp(`^${stripeUrl()}/pay/\\w+$`));
    const sessionId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('link', { name: 'Cancel and return' }).click();

    // Back on /buy: said so, reported to the server, nothing pending, still on Free.
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/buy\\?checkout=cancelled$`));
    await expect(page.getByRole('status').filter({ hasText: t.cancelled })).toBeVisible();
    await expect.poll(() => pendingCheckout(page)).toBeNull();
    await expect.poll(() => checkoutStatus(page, sessionId)).toBe('expired');
    await expect(page.getByRole('region', { name: 'Free' }).getByText(t.current)).toBeVisible();
    await page.goto(`${t.prefix}/dashboard`);
    await expect(
      page.getByRole('region', { name: t.planRegion }).locator('[data-slot="plan-name"]'),
    ).toHaveText('Free');
  });
}
