import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import {
  activeSubscription,
  adminGrantedSubscription,
  businessPlan,
  cancelingSubscription,
  demoMinutes,
  endedSubscription,
  exhaustedMinutes,
  freePlan,
  freeSubscription,
  pastDueSubscription,
  paymentsOffSubscription,
  planCatalogue,
  proMinutes,
  proPlan,
} from '@protokoll/mocks/fixtures';
import { SettingsLayout, type SettingsNavItem } from '../../layouts/settings-layout.tsx';
import { expectNoOverflow } from '../../lib/story-helpers.ts';
import { SubscriptionScreen } from './subscription-screen.tsx';

const germanNav: SettingsNavItem[] = [
  { key: 'profile', label: 'Profil', href: '/settings/profile' },
  { key: 'subscription', label: 'Abo', href: '/settings/subscription', current: true },
];
const englishNav: SettingsNavItem[] = [
  { key: 'profile', label: 'Profile', href: '/en/settings/profile' },
  { key: 'subscription', label: 'Subscription', href: '/en/settings/subscription', current: true },
];

const starter = planCatalogue.find((plan) => plan.id === 'starter')!;
const starterPlan = {
  id: starter.id,
  name: starter.name,
  type: starter.type,
  features: starter.features,
};

/** The subscription card and its badge. */
const card = (canvas: { getByRole: (role: string, options: object) => HTMLElement }) =>
  within(canvas.getByRole('region', { name: /^(Ihr Abo|Your subscription)$/ }));

const meta = {
  title: 'Screens/Billing/Subscription',
  component: SubscriptionScreen,
  parameters: { layout: 'fullscreen' },
  args: {
    subscription: freeSubscription,
    status: 'ready',
    plan: freePlan,
    minutes: demoMinutes,
    minutesStatus: 'ready',
    buyMinutesHref: '/buy',
    onRetry: fn(),
    onRetryMinutes: fn(),
    onManage: fn(),
    onUpgrade: fn(),
  },
  decorators: [
    (Story, context) => (
      <SettingsLayout items={context.globals.locale === 'en' ? englishNav : germanNav}>
        <Story />
      </SettingsLayout>
    ),
  ],
} satisfies Meta<typeof SubscriptionScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Free, never bought: the plan, the minutes and the way to the plans; no portal yet. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    const subscription = card(canvas);
    await expect(subscription.getByText('Free')).toBeVisible();
    // The name says it: no "Kostenlos" badge beside "Free".
    await expect(subscription.queryByText('Kostenlos')).toBeNull();
    await expect(subscription.queryByRole('button', { name: /In Stripe verwalten/ })).toBeNull();
    await userEvent.click(subscription.getByRole('button', { name: 'Tarif upgraden' }));
    await expect(args.onUpgrade).toHaveBeenCalledOnce();
    await expect(canvas.getByRole('region', { name: 'Minuten' })).toBeVisible();
  },
};

/** Pro, paid yearly: active, renews on a date; changes go through the portal. */
export const Active: Story = {
  args: { subscription: activeSubscription, plan: proPlan, minutes: proMinutes },
  play: async ({ canvas, args }) => {
    const subscription = card(canvas);
    await expect(subscription.getByText('Pro')).toBeVisible();
    await expect(subscription.getByText('Aktiv')).toBeVisible();
    await expect(subscription.getByText('Jährlich')).toBeVisible();
    await expect(subscription.getByText('Verlängert sich am')).toBeVisible();
    await expect(subscription.getByText('14. März 2027')).toBeVisible();
    await expect(subscription.queryByRole('button', { name: 'Tarif upgraden' })).toBeNull();
    await userEvent.click(subscription.getByRole('button', { name: 'In Stripe verwalten' }));
    await expect(args.onManage).toHaveBeenCalledOnce();
  },
};

/** Cancelled in the portal: Pro stays until the end date, then Free. */
export const Canceling: Story = {
  args: { subscription: cancelingSubscription, plan: proPlan, minutes: proMinutes },
  play: async ({ canvas }) => {
    const subscription = card(canvas);
    await expect(subscription.getByText('Gekündigt')).toBeVisible();
    await expect(subscription.getByText('Endet am')).toBeVisible();
    await expect(subscription.getByText('14. Dezember 2026')).toBeVisible();
    await expect(subscription.getByRole('status')).toHaveTextContent(
      'Pro bleibt bis zum 14. Dezember 2026 aktiv, danach gilt der kostenlose Tarif.',
    );
    await expect(subscription.getByText('Monatlich')).toBeVisible();
  },
};

/** The last renewal failed; Stripe retries and the plan stays meanwhile. */
export const PastDue: Story = {
  args: { subscription: pastDueSubscription, plan: starterPlan },
  play: async ({ canvas }) => {
    const subscription = card(canvas);
    await expect(subscription.getByText('Zahlung überfällig')).toBeVisible();
    await expect(subscription.getByRole('status')).toHaveTextContent(
      'Die letzte Zahlung ist fehlgeschlagen.',
    );
    await expect(subscription.getByRole('button', { name: 'In Stripe verwalten' })).toBeVisible();
  },
};

/** The subscription ended: Free again, with the portal for past invoices and the plans. */
export const Ended: Story = {
  args: { subscription: endedSubscription },
  play: async ({ canvas }) => {
    const subscription = card(canvas);
    await expect(subscription.getByText('Free')).toBeVisible();
    await expect(subscription.getByText('Beendet am')).toBeVisible();
    await expect(
      subscription.getByText('Ihr Abo ist am 1. November 2026 ausgelaufen.', { exact: false }),
    ).toBeVisible();
    await expect(subscription.getByRole('button', { name: 'Tarif upgraden' })).toBeVisible();
    await expect(subscription.getByRole('button', { name: 'In Stripe verwalten' })).toBeVisible();
  },
};

/** Business granted by the admin command: no subscription, nothing to manage or buy. */
export const AdminGranted: Story = {
  args: { subscription: adminGrantedSubscription, plan: businessPlan },
  play: async ({ canvas }) => {
    const subscription = card(canvas);
    await expect(subscription.getByText('Freigeschaltet')).toBeVisible();
    await expect(subscription.queryByRole('button')).toBeNull();
  },
};

/** No payment provider on the server: said, and nothing to click. */
export const PaymentsDisabled: Story = {
  args: { subscription: paymentsOffSubscription, minutes: exhaustedMinutes },
  play: async ({ canvas }) => {
    const subscription = card(canvas);
    await expect(subscription.getByRole('status')).toHaveTextContent(
      'Auf diesem Server sind keine Zahlungen eingerichtet.',
    );
    await expect(subscription.queryByRole('button')).toBeNull();
    // Buying minutes is not possible either.
    await expect(canvas.queryByRole('link', { name: 'Minuten kaufen' })).toBeNull();
  },
};

/** Few minutes left: the meter links to the plans. */
export const MinutesUsedUp: Story = {
  args: { minutes: exhaustedMinutes },
  play: async ({ canvas }) => {
    const minutes = within(canvas.getByRole('region', { name: 'Minuten' }));
    await expect(minutes.getByRole('link', { name: 'Minuten kaufen' })).toHaveAttribute(
      'href',
      '/buy',
    );
  },
};

/** The portal is opening. */
export const PortalOpening: Story = {
  args: { subscription: activeSubscription, plan: proPlan, manageStatus: 'pending' },
  play: async ({ canvas }) => {
    const manage = card(canvas).getByRole('button', { name: 'In Stripe verwalten' });
    await expect(manage).toHaveAttribute('aria-disabled', 'true');
    await expect(manage).toHaveAttribute('aria-busy', 'true');
  },
};

/** Portal 400 (docs/errors.md#texts-by-context): no Stripe customer for this user. */
export const PortalFailed: Story = {
  args: {
    subscription: activeSubscription,
    plan: proPlan,
    manageStatus: 'error',
    manageError: { code: 'noStripeCustomer' },
  },
  play: async ({ canvas }) => {
    await expect(card(canvas).getByRole('alert')).toHaveTextContent(
      'Für dieses Konto ist kein Stripe-Kunde hinterlegt',
    );
  },
};

/** Portal default (docs/errors.md#texts-by-context): "Failed to create portal session". */
export const PortalFailedDefault: Story = {
  args: {
    subscription: activeSubscription,
    plan: proPlan,
    manageStatus: 'error',
    manageError: { code: 'portalFailed' },
  },
  play: async ({ canvas }) => {
    await expect(card(canvas).getByRole('alert')).toHaveTextContent(
      'Kundenportal konnte nicht geöffnet werden',
    );
  },
};

export const Loading: Story = {
  args: { status: 'loading', subscription: undefined, plan: undefined, minutesStatus: 'loading' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Abo wird geladen …')).toBeInTheDocument();
  },
};

export const Error: Story = {
  args: { status: 'error', subscription: undefined },
  play: async ({ canvas, args }) => {
    await expect(card(canvas).getByRole('alert')).toHaveTextContent(
      'Ihr Abo konnte nicht geladen werden.',
    );
    await userEvent.click(card(canvas).getByRole('button', { name: 'Erneut versuchen' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

/** The plan failed to load, with nothing known before: "not loaded" and "Retry", no name. */
export const PlanError: Story = {
  args: {
    subscription: activeSubscription,
    plan: undefined,
    planStatus: 'error',
    onRetryPlan: fn(),
    minutes: proMinutes,
  },
  play: async ({ canvas, canvasElement, args }) => {
    const subscription = card(canvas);
    await expect(subscription.getByRole('alert')).toHaveTextContent(
      'Tarif konnte nicht geladen werden.',
    );
    await expect(canvasElement.querySelector('[data-slot="plan-name"]')).toBeNull();
    await expect(subscription.queryByText('Free')).toBeNull();
    await userEvent.click(subscription.getByRole('button', { name: 'Erneut versuchen' }));
    await expect(args.onRetryPlan).toHaveBeenCalledOnce();
  },
};

/**
 * Plan and minutes failed to load after an earlier answer: each says so, with the last known
 * value and its time (docs/minutes.md#when-loading-fails). In English, on a phone.
 */
export const LoadFailedLastKnownEnglishMobile: Story = {
  globals: { locale: 'en', viewport: { value: 'mobile', isRotated: false } },
  args: {
    subscription: activeSubscription,
    plan: proPlan,
    planStatus: 'error',
    planAsOf: '2026-11-27T09:30:00Z',
    onRetryPlan: fn(),
    minutes: proMinutes,
    minutesStatus: 'error',
    minutesAsOf: '2026-11-27T09:30:00Z',
  },
  play: async ({ canvas, canvasElement }) => {
    const subscription = card(canvas);
    await expect(subscription.getByRole('alert')).toHaveTextContent(
      'Your current plan could not be loaded.',
    );
    await expect(subscription.getByText(/^Last known plan, as of Nov 27, 2026/)).toBeVisible();
    await expect(subscription.getByText('Pro')).toBeVisible();
    const meter = within(canvas.getByRole('region', { name: 'Minutes' }));
    await expect(meter.getByRole('alert')).toHaveTextContent(
      'Your current minutes could not be loaded.',
    );
    await expect(meter.getByText(/^Last known balance, as of Nov 27, 2026/)).toBeVisible();
    await expectNoOverflow(canvasElement);
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: { subscription: cancelingSubscription, plan: proPlan, minutes: proMinutes },
  play: async ({ canvasElement }) => {
    await expectNoOverflow(canvasElement);
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { subscription: activeSubscription, plan: proPlan, minutes: proMinutes },
  play: async ({ canvas }) => {
    const subscription = card(canvas);
    await expect(subscription.getByText('Active')).toBeVisible();
    await expect(subscription.getByText('Renews on')).toBeVisible();
    await expect(subscription.getByText('March 14, 2027')).toBeVisible();
    await expect(subscription.getByRole('button', { name: 'Manage in Stripe' })).toBeVisible();
  },
};

export const EnglishCanceling: Story = {
  globals: { locale: 'en' },
  args: { subscription: cancelingSubscription, plan: proPlan, minutes: proMinutes },
  play: async ({ canvas }) => {
    await expect(card(canvas).getByRole('status')).toHaveTextContent(
      'Pro stays active until December 14, 2026, then the free plan applies.',
    );
  },
};

export const EnglishFree: Story = {
  globals: { locale: 'en' },
  args: { minutes: exhaustedMinutes },
  play: async ({ canvas }) => {
    await expect(card(canvas).getByRole('button', { name: 'Upgrade plan' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Buy minutes' })).toBeVisible();
  },
};

/** Free in English and dark: the plan's name once, no "Free" badge repeating it. */
export const EnglishFreeDark: Story = {
  globals: { locale: 'en', theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveClass('dark');
    await expect(card(canvas).getAllByText('Free')).toHaveLength(1);
    await expect(card(canvas).getByRole('button', { name: 'Upgrade plan' })).toBeVisible();
  },
};
