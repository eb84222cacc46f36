import { DEFAULT_PLAN_OFFERS } from '@protokoll/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Button } from '../components/button.tsx';
import { PlanOfferCard } from './plan-offer-card.tsx';

const free = DEFAULT_PLAN_OFFERS.find((plan) => !plan.price_month)!;
const paid = DEFAULT_PLAN_OFFERS.filter((plan) => (plan.price_month ?? 0) > 0);
const pro = paid[0]!;

const meta = {
  title: 'Widgets/PlanOfferCard',
  component: PlanOfferCard,
  args: {
    plan: pro,
    interval: 'month',
    current: false,
    action: <Button>{`${pro.name} wählen`}</Button>,
  },
  decorators: [
    (Story) => (
      <div className="max-w-xs">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PlanOfferCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A paid plan by the month: its price, its minutes and features, and the one action. */
export const Monthly: Story = {
  play: async ({ canvas }) => {
    const card = canvas.getByRole('region', { name: pro.name });
    await expect(card).toHaveTextContent('pro Monat inkl. MwSt.');
    await expect(card.querySelector('[data-slot="plan-minutes"]')).toHaveTextContent(/im Monat/);
    await expect(canvas.getByRole('button', { name: `${pro.name} wählen` })).toBeVisible();
    await expect(card.querySelector('[data-slot="plan-saving"]')).toBeNull();
  },
};

/** By the year: the price of the year, its monthly equivalent and what it saves. */
export const Yearly: Story = {
  args: { interval: 'year' },
  play: async ({ canvas }) => {
    const card = canvas.getByRole('region', { name: pro.name });
    await expect(card).toHaveTextContent('pro Jahr inkl. MwSt.');
    await expect(card.querySelector('[data-slot="plan-saving"]')).not.toBeNull();
  },
};

/** The plan the person is on: marked, with nothing to buy. */
export const Current: Story = {
  args: { plan: free, current: true, action: undefined },
  play: async ({ canvas }) => {
    const card = canvas.getByRole('region', { name: free.name });
    await expect(card).toHaveAttribute('data-current', 'true');
    await expect(canvas.getByText('Ihr aktueller Tarif')).toBeVisible();
    // Nothing to pay: no tax to mention.
    await expect(card).toHaveTextContent('pro Monat');
    await expect(card).not.toHaveTextContent('MwSt.');
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** Under a section's heading (the home page) the plan's name is a level-3 heading. */
export const UnderSectionHeading: Story = {
  args: { titleLevel: 3 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 3, name: pro.name })).toBeVisible();
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { interval: 'year', action: <Button>{`Choose ${pro.name}`}</Button> },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: pro.name })).toHaveTextContent(
      'per year incl. VAT',
    );
  },
};
