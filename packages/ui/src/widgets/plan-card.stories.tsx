import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { businessPlan, freePlan, proPlan } from '@protokoll/mocks/fixtures';
import { PlanCard } from './plan-card.tsx';

const meta = {
  title: 'Widgets/PlanCard',
  component: PlanCard,
  args: { status: 'ready', plan: freePlan, onUpgrade: fn(), onManage: fn(), onRetry: fn() },
  decorators: [
    (Story) => (
      <div className="max-w-sm">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PlanCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Everyone's default plan: Free, with its features and the way to upgrade. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { level: 2, name: 'Ihr Tarif' })).toBeVisible();
    await expect(canvas.getByText('Free')).toBeVisible();
    // The name says it: no "Kostenlos" badge beside "Free".
    await expect(canvas.queryByText('Kostenlos')).toBeNull();
    const features = canvas.getByRole('list', { name: 'Im Tarif enthalten' });
    await expect(features.querySelectorAll('li')).toHaveLength(5);
    await expect(features).toHaveTextContent('30 Minuten pro Monat');
    // Speaker labels are part of every plan by default.
    await expect(features).toHaveTextContent('Sprechererkennung');
    await expect(features).toHaveTextContent('Bis zu 30 Minuten pro Aufnahme');
    await expect(canvas.queryByRole('button', { name: /Abo verwalten/ })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Jetzt upgraden' }));
    await expect(args.onUpgrade).toHaveBeenCalledOnce();
    // Whether the clicked button shows a focus ring depends on the story shown before it: the
    // screenshot is taken without focus.
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

/** A free plan where upgrading is not offered (no `onUpgrade`): no button, no upsell text. */
export const Free: Story = {
  args: { onUpgrade: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Free')).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** A paid plan (type not `free`) is premium: badge, premium features, manage instead of upgrade. */
export const Premium: Story = {
  args: { plan: proPlan },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Pro')).toBeVisible();
    await expect(canvas.getByText('Premium')).toBeVisible();
    await expect(canvas.getByText('Sprechererkennung')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Jetzt upgraden' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Abo verwalten' }));
    await expect(args.onManage).toHaveBeenCalledOnce();
  },
};

export const Business: Story = {
  args: { plan: businessPlan },
};

/** The portal (or checkout) is opening: the action spins and cannot be pressed twice. */
export const Pending: Story = {
  args: { plan: proPlan, pending: true },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'Abo verwalten' });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveAttribute('aria-busy', 'true');
  },
};

export const NoPlan: Story = {
  args: { plan: null },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Kein aktiver Tarif')).toBeVisible();
    await expect(canvas.queryByText('Kostenlos')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Tarif wählen' }));
    await expect(args.onUpgrade).toHaveBeenCalledOnce();
  },
};

export const Loading: Story = {
  args: { status: 'loading', plan: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Ihr Tarif' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(canvas.getByText('Tarif wird geladen …')).toBeInTheDocument();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** A failed load without an earlier answer: it says so, never "Free" or "no plan". */
export const Error: Story = {
  args: { status: 'error', plan: undefined },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Tarif konnte nicht geladen werden.');
    await expect(canvas.queryByText('Free')).toBeNull();
    await expect(canvas.queryByText('Kein aktiver Tarif')).toBeNull();
    await expect(canvas.queryByRole('button', { name: /upgraden|Tarif wählen/ })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Erneut versuchen' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const ErrorEnglish: Story = {
  globals: { locale: 'en' },
  args: { status: 'error', plan: undefined },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('The plan could not be loaded.');
    await expect(canvas.queryByText('No active plan')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

const LAST_ANSWER = '2026-11-27T09:30:00Z';

/**
 * A failed load after an earlier answer: the error with retry and the last known plan's name,
 * marked with its time; no features or actions, which would speak of the plan now.
 */
export const ErrorLastKnown: Story = {
  args: { status: 'error', plan: proPlan, asOf: LAST_ANSWER },
  play: async ({ canvas, canvasElement, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Ihr aktueller Tarif konnte nicht geladen werden.',
    );
    await expect(canvasElement.querySelector('[data-slot="plan-last-known"]')).toHaveTextContent(
      /^Zuletzt bekannter Stand vom 27\.11\.2026, \d\d:30Pro$/,
    );
    await expect(canvas.queryByRole('list')).toBeNull();
    await expect(canvas.queryByRole('button', { name: /Abo verwalten/ })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Erneut versuchen' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const ErrorLastKnownEnglish: Story = {
  globals: { locale: 'en' },
  args: { status: 'error', plan: proPlan, asOf: LAST_ANSWER },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Your current plan could not be loaded.',
    );
    await expect(canvas.getByText(/^Last known plan, as of Nov 27, 2026/)).toBeVisible();
    await expect(canvas.getByText('Pro')).toBeVisible();
  },
};

export const ErrorLastKnownMobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: { status: 'error', plan: proPlan, asOf: LAST_ANSWER, retrying: true },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
    await expect(canvas.getByRole('button', { name: 'Erneut versuchen' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  },
};

/** A long custom plan name and an unknown feature key (shown as is) must wrap, not overflow. */
export const LongContent: Story = {
  args: {
    plan: {
      id: 'enterprise',
      name: 'Donaudampfschifffahrtsgesellschaftsunternehmenstarif',
      type: 'enterprise',
      features: [...businessPlan.features, 'plans.features.individuelleVertragsbedingungen'],
    },
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Your plan' })).toBeVisible();
    await expect(canvas.getByText('30 minutes per month')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Upgrade now' })).toBeVisible();
  },
};
