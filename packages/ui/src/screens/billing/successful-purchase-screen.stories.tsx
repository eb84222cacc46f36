import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { proPlan } from '@protokoll/mocks/fixtures';
import { expectNoOverflow } from '../../lib/story-helpers.ts';
import { SuccessfulPurchaseScreen } from './successful-purchase-screen.tsx';

/** Pro just bought: the whole allowance of the new period is there. */
const newProMinutes = {
  total: 1_200,
  used: 0,
  remaining: 1_200,
  running: 0,
  unlimited: false,
  has_active_plan: true,
};

const meta = {
  title: 'Screens/Billing/SuccessfulPurchase',
  component: SuccessfulPurchaseScreen,
  parameters: { layout: 'fullscreen' },
  args: {
    state: 'waiting',
    onRetry: fn(),
    dashboardHref: '/dashboard',
    subscriptionHref: '/settings/subscription',
    buyHref: '/buy',
  },
} satisfies Meta<typeof SuccessfulPurchaseScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Stripe has not confirmed the payment yet: the page waits and says so. */
export const Waiting: Story = {
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Zahlung wird bestätigt …' }),
    ).toBeVisible();
    await expect(canvas.getByRole('region')).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.queryByRole('link')).toBeNull();
  },
};

/** The wait took longer than the page waits: check again, or leave (the plan comes anyway). */
export const Slow: Story = {
  args: { state: 'slow' },
  play: async ({ canvas, args }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Das dauert länger als üblich' }),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Erneut prüfen' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
    await expect(canvas.getByRole('link', { name: 'Zur Übersicht' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  },
};

/** Paid and applied: the new plan with its minutes. */
export const Complete: Story = {
  args: { state: 'complete', plan: proPlan, minutes: newProMinutes },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihren Kauf!' }),
    ).toBeVisible();
    await expect(canvas.getByText('Pro')).toBeVisible();
    await expect(canvas.getByText('1.200 Minuten verfügbar')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Zur Übersicht' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Abo ansehen' })).toHaveAttribute(
      'href',
      '/settings/subscription',
    );
  },
};

/** Complete, while plan and minutes load again. */
export const CompleteLoading: Story = {
  args: { state: 'complete' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Ihr neuer Tarif wird geladen …')).toBeInTheDocument();
  },
};

/** The checkout was never paid. */
export const Expired: Story = {
  args: { state: 'expired' },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Bezahlvorgang abgelaufen' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Zurück zu den Tarifen' })).toHaveAttribute(
      'href',
      '/buy',
    );
  },
};

/** The status could not be read: the failure's own text, a retry and the way back. */
export const Failed: Story = {
  args: { state: 'failed', error: { code: 'offline' } },
  play: async ({ canvas, args }) => {
    await expect(
      canvas.getByText('Keine Internetverbindung. Bitte prüfen Sie Ihr Netzwerk.'),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Erneut prüfen' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
    await expect(canvas.getByRole('link', { name: 'Zurück zu den Tarifen' })).toBeVisible();
  },
};

/** Opened without a checkout to look at. */
export const Missing: Story = {
  args: { state: 'missing' },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Kein Kauf zu prüfen' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Zurück zu den Tarifen' })).toBeVisible();
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: { state: 'complete', plan: proPlan, minutes: newProMinutes },
  play: async ({ canvasElement }) => {
    await expectNoOverflow(canvasElement);
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { state: 'complete', plan: proPlan, minutes: newProMinutes },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Thank you for your purchase!' }),
    ).toBeVisible();
    await expect(canvas.getByText('1,200 minutes available')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to dashboard' })).toBeVisible();
  },
};

export const EnglishWaiting: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Confirming your payment …' }),
    ).toBeVisible();
  },
};

export const EnglishExpired: Story = {
  globals: { locale: 'en' },
  args: { state: 'expired' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Checkout expired' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to plans' })).toBeVisible();
  },
};
