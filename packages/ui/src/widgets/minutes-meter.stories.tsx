import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { demoMinutes } from '@protokoll/mocks/fixtures';
import { MinutesMeter } from './minutes-meter.tsx';

const percentOf = (canvasElement: HTMLElement) =>
  canvasElement.querySelector('[data-slot="minutes-percent"]');

const meta = {
  title: 'Widgets/MinutesMeter',
  component: MinutesMeter,
  args: { status: 'ready', minutes: demoMinutes, onRetry: fn() },
  decorators: [
    (Story) => (
      <div className="max-w-sm">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof MinutesMeter>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The demo month on Free: 12 of 30 minutes used, which rounds to 40 %. */
export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { level: 2, name: 'Minuten' })).toBeVisible();
    await expect(canvas.getByText(/von 30 Minuten genutzt/)).toHaveTextContent(
      '12 von 30 Minuten genutzt',
    );
    await expect(percentOf(canvasElement)).toHaveTextContent(/^Auslastung: 40\s%$/);
    const bar = canvas.getByRole('progressbar', { name: 'Minutenverbrauch' });
    await expect(bar).toHaveAttribute('aria-valuenow', '40');
    await expect(canvas.getByText('18 Minuten')).toBeVisible();
    await expect(canvas.queryByText(/Reserviert/)).toBeNull();
  },
};

export const Loading: Story = {
  args: { status: 'loading', minutes: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Minuten' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(canvas.getByText('Minuten werden geladen …')).toBeInTheDocument();
    await expect(canvas.queryByRole('progressbar')).toBeNull();
  },
};

/** A failed load without an earlier answer: it says so, never zero minutes or "no plan". */
export const Error: Story = {
  args: { status: 'error', minutes: undefined, buyHref: '/buy' },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Minuten konnten nicht geladen werden.',
    );
    await expect(canvas.queryByText(/Minuten genutzt/)).toBeNull();
    await expect(canvas.queryByText(/keinen aktiven Tarif/)).toBeNull();
    await expect(canvas.queryByRole('link', { name: 'Minuten kaufen' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Erneut versuchen' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

/** The same in English. */
export const ErrorEnglish: Story = {
  globals: { locale: 'en' },
  args: { status: 'error', minutes: undefined },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Minutes could not be loaded.');
    await expect(canvas.queryByText(/minutes used/)).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

/** The balance of a paying person before the failed load: 29 of 30 minutes left. */
const lastKnown = { ...demoMinutes, used: 1, remaining: 29 };
const LAST_ANSWER = '2026-11-27T09:30:00Z';

/**
 * A failed load after an earlier answer (docs/minutes.md#when-loading-fails): the error with
 * retry, and the last known balance marked with its time. No hint or buy link speaks of the
 * balance now.
 */
export const ErrorLastKnown: Story = {
  args: { status: 'error', minutes: lastKnown, asOf: LAST_ANSWER, buyHref: '/buy' },
  play: async ({ canvas, canvasElement, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Der aktuelle Stand Ihrer Minuten konnte nicht geladen werden.',
    );
    await expect(canvasElement.querySelector('[data-slot="minutes-as-of"]')).toHaveTextContent(
      /^Zuletzt bekannter Stand vom 27\.11\.2026, \d\d:30$/,
    );
    await expect(canvas.getByText(/von 30 Minuten genutzt/)).toHaveTextContent(
      '1 von 30 Minuten genutzt',
    );
    await expect(canvas.getByText('29 Minuten')).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'Minuten kaufen' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Erneut versuchen' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const ErrorLastKnownEnglish: Story = {
  globals: { locale: 'en' },
  args: { status: 'error', minutes: lastKnown, asOf: LAST_ANSWER },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Your current minutes could not be loaded.',
    );
    await expect(canvasElement.querySelector('[data-slot="minutes-as-of"]')).toHaveTextContent(
      /^Last known balance, as of Nov 27, 2026, \d+:30\s?[AP]M$/,
    );
    await expect(canvas.getByText(/used/)).toHaveTextContent('1 of 30 minutes used');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

/** The last known balance of a used-up month: no "used up" hint, which would speak of now. */
export const ErrorLastKnownUsedUp: Story = {
  args: {
    status: 'error',
    minutes: { ...demoMinutes, used: 30, remaining: 0 },
    asOf: LAST_ANSWER,
    buyHref: '/buy',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/von 30 Minuten genutzt/)).toBeVisible();
    await expect(canvas.queryByText('Ihre Minuten sind aufgebraucht.')).toBeNull();
    await expect(canvas.queryByRole('link', { name: 'Minuten kaufen' })).toBeNull();
  },
};

/** A phone, with the last known balance. */
export const ErrorLastKnownMobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: { status: 'error', minutes: lastKnown, asOf: LAST_ANSWER },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

/** A new load after the failure (Retry pressed, or the server's Retry-After): the button spins. */
export const Retrying: Story = {
  args: { status: 'error', minutes: lastKnown, asOf: LAST_ANSWER, retrying: true },
  play: async ({ canvas }) => {
    const retry = canvas.getByRole('button', { name: 'Erneut versuchen' });
    await expect(retry).toHaveAttribute('aria-disabled', 'true');
    await expect(retry).toHaveAttribute('aria-busy', 'true');
  },
};

/**
 * Unlimited plans show no bar and no percentage (docs/minutes.md#unlimited), only what was used.
 */
export const Unlimited: Story = {
  args: {
    minutes: {
      total: 0,
      used: 4_210,
      remaining: 1e15,
      running: 0,
      unlimited: true,
      has_active_plan: true,
    },
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('Unbegrenzt')).toBeVisible();
    await expect(canvas.queryByRole('progressbar')).toBeNull();
    await expect(percentOf(canvasElement)).toBeNull();
    await expect(canvas.getByText(/genutzt/)).toHaveTextContent('4.210 Minuten genutzt');
  },
};

/**
 * Remaining above 1e12 counts as unlimited even when the flag is off (docs/minutes.md#unlimited).
 */
export const UnlimitedByRemaining: Story = {
  args: {
    minutes: {
      total: 30,
      used: 3,
      remaining: 2e12,
      running: 0,
      unlimited: false,
      has_active_plan: true,
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Unbegrenzt')).toBeVisible();
    await expect(canvas.queryByRole('progressbar')).toBeNull();
  },
};

/**
 * No active plan, as the server answered it: all zero, with a hint. A failed load never shows
 * this (`Error`, docs/minutes.md#when-loading-fails).
 */
export const NoPlan: Story = {
  args: {
    minutes: {
      total: 0,
      used: 0,
      remaining: 0,
      running: 0,
      unlimited: false,
      has_active_plan: false,
    },
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText(/von 0 Minuten genutzt/)).toHaveTextContent(
      '0 von 0 Minuten genutzt',
    );
    await expect(percentOf(canvasElement)).toHaveTextContent(/0\s%/);
    await expect(canvas.getByRole('status')).toHaveTextContent(/keinen aktiven Tarif/);
  },
};

/** 29 of 30: rounded to 97 %, the bar turns amber and a hint says so. */
export const HighUsage: Story = {
  args: { minutes: { ...demoMinutes, used: 29, remaining: 1 } },
  play: async ({ canvas, canvasElement }) => {
    await expect(percentOf(canvasElement)).toHaveTextContent(/97\s%/);
    await expect(canvas.getByText('1 Minute')).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Ihre Minuten sind fast aufgebraucht.',
    );
  },
};

/** Few minutes left and the app offers the buy page: a link leads there. */
export const BuyMinutes: Story = {
  args: { minutes: { ...demoMinutes, used: 29, remaining: 1 }, buyHref: '/buy' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Minuten kaufen' })).toHaveAttribute(
      'href',
      '/buy',
    );
  },
};

/** Enough minutes left: no link, even when the app offers one. */
export const BuyMinutesNotNeeded: Story = {
  args: { buyHref: '/buy' },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('link')).toBeNull();
  },
};

export const UsedUp: Story = {
  args: { minutes: { ...demoMinutes, used: 30, remaining: 0 } },
  play: async ({ canvas, canvasElement }) => {
    await expect(percentOf(canvasElement)).toHaveTextContent(/100\s%/);
    await expect(canvas.getByRole('status')).toHaveTextContent('Ihre Minuten sind aufgebraucht.');
  },
};

/** A Pro month with a job running: 486 of 1,200 used (40.5 → 41 %), 24 reserved. */
export const Running: Story = {
  args: {
    minutes: {
      total: 1_200,
      used: 486,
      remaining: 690,
      running: 24,
      unlimited: false,
      has_active_plan: true,
    },
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText(/genutzt/)).toHaveTextContent('486 von 1.200 Minuten genutzt');
    await expect(percentOf(canvasElement)).toHaveTextContent(/41\s%/);
    await expect(canvas.getByText('Reserviert für laufende Verarbeitung')).toBeVisible();
    await expect(canvas.getByText('24 Minuten')).toBeVisible();
    await expect(canvas.getByText('690 Minuten')).toBeVisible();
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: {
    minutes: {
      total: 6_000,
      used: 5_812,
      remaining: 143,
      running: 45,
      unlimited: false,
      has_active_plan: true,
    },
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

export const EnglishBuyMinutes: Story = {
  globals: { locale: 'en' },
  args: { minutes: { ...demoMinutes, used: 30, remaining: 0 }, buyHref: '/en/buy' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('You have used all your minutes.');
    await expect(canvas.getByRole('link', { name: 'Buy minutes' })).toHaveAttribute(
      'href',
      '/en/buy',
    );
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: {
    minutes: { ...demoMinutes, used: 1_234, total: 1_200 * 2, remaining: 1_141, running: 25 },
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { name: 'Minutes' })).toBeVisible();
    await expect(canvas.getByText(/used/)).toHaveTextContent('1,234 of 2,400 minutes used');
    await expect(percentOf(canvasElement)).toHaveTextContent(/^Usage: 51%$/);
    await expect(canvas.getByText('25 minutes')).toBeVisible();
  },
};
