import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { billing, capabilities, MOCK_CHECKOUT_SESSION_ID, plans } from '@protokoll/mocks';
import { PAGE_LOAD, prepareRoute, renderRoute } from '../../stories/route-story.tsx';

/** `/buy` and `/successful-purchase` as they ship, on MSW. */
const meta = {
  title: 'Routes/Buy',
  tags: ['!autodocs'],
  render: renderRoute,
  loaders: [prepareRoute],
  parameters: { layout: 'fullscreen', route: { url: '/buy' } },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Tarif wählen' }, PAGE_LOAD),
    ).toBeVisible();
  },
};

/** No payment provider: the plans show, buying says why it cannot. */
export const PaymentsOff: Story = {
  parameters: {
    msw: {
      handlers: {
        plans: plans.paymentsDisabled(),
        capabilities: capabilities.paymentsDisabled(),
        billing: billing.paymentsDisabled(),
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Käufe sind derzeit nicht möglich', {}, PAGE_LOAD),
    ).toBeVisible();
  },
};

export const AlreadySubscribed: Story = {
  parameters: {
    msw: { handlers: { plans: plans.premium(), billing: billing.subscriptionExists() } },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Tarif wählen' }, PAGE_LOAD),
    ).toBeVisible();
  },
};

export const CheckoutFails: Story = {
  parameters: {
    msw: {
      handlers: { billing: [...billing.checkoutFailing(500), ...billing.unknownPromoCode()] },
    },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Tarif wählen' }, PAGE_LOAD),
    ).toBeVisible();
  },
};

export const Slow: Story = {
  parameters: { msw: { handlers: { plans: plans.slow(600_000), billing: billing.slow(600_000) } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Tarif wählen' }, PAGE_LOAD),
    ).toBeVisible();
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: { plans: plans.failing(500) } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('button', { name: 'Erneut versuchen' }, PAGE_LOAD),
    ).toBeVisible();
  },
};

const purchase = { url: `/successful-purchase?session_id=${MOCK_CHECKOUT_SESSION_ID}` };

export const PurchaseComplete: Story = {
  parameters: { route: purchase },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Vielen Dank für Ihren Kauf!', {}, PAGE_LOAD),
    ).toBeVisible();
  },
};

export const PurchasePending: Story = {
  parameters: { route: purchase, msw: { handlers: { billing: billing.pending() } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Zahlung wird bestätigt …', {}, PAGE_LOAD)).toBeVisible();
  },
};

export const PurchaseExpired: Story = {
  parameters: { route: purchase, msw: { handlers: { billing: billing.expired() } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Bezahlvorgang abgelaufen', {}, PAGE_LOAD)).toBeVisible();
  },
};
