import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { billing, minutes, plans, user } from '@protokoll/mocks';
import { adminGrantedSubscription } from '@protokoll/mocks/fixtures';
import { PAGE_LOAD, prepareRoute, renderRoute } from '../../stories/route-story.tsx';

/** `/settings/profile` and `/settings/subscription` as they ship, on MSW. */
const meta = {
  title: 'Routes/Settings',
  tags: ['!autodocs'],
  render: renderRoute,
  loaders: [prepareRoute],
  parameters: { layout: 'fullscreen', route: { url: '/settings/profile' } },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const Profile: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByLabelText('Vorname', {}, PAGE_LOAD)).toHaveValue('Erika');
    await userEvent.click(canvas.getByRole('button', { name: 'Änderungen speichern' }));
    await expect(
      await canvas.findByText('Ihr Profil wurde gespeichert.', {}, PAGE_LOAD),
    ).toBeVisible();
  },
};

export const ProfileSaveFails: Story = {
  parameters: { msw: { handlers: { user: user.updateFails(500) } } },
  play: async ({ canvas }) => {
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Änderungen speichern' }, PAGE_LOAD),
    );
    await expect(
      await canvas.findByText(
        /Benutzereinstellungen konnten nicht gespeichert werden|Serverfehler/,
        {},
        PAGE_LOAD,
      ),
    ).toBeVisible();
  },
};

/** The user cannot be loaded: the stored one is shown meanwhile. */
export const ProfileServerError: Story = {
  parameters: { msw: { handlers: { user: user.failing(500) } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByLabelText('Vorname', {}, PAGE_LOAD)).toHaveValue('Erika');
  },
};

export const ProfileSlow: Story = {
  parameters: { msw: { handlers: { user: user.slow(600_000) } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByLabelText('Vorname', {}, PAGE_LOAD)).toBeVisible();
  },
};

/** Deleting the account fails: the dialog stays with the error. */
export const DeleteFails: Story = {
  parameters: { route: { url: '/settings' }, msw: { handlers: { user: user.deleteFails(500) } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Einstellungen' }, PAGE_LOAD),
    ).toBeVisible();
  },
};

export const SubscriptionFree: Story = {
  parameters: { route: { url: '/settings/subscription' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Free', {}, PAGE_LOAD)).toBeVisible();
  },
};

export const Subscriber: Story = {
  parameters: {
    route: { url: '/settings/subscription' },
    msw: { handlers: { billing: billing.subscriber() } },
  },
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByText(/Pro/, {}, PAGE_LOAD)).length).toBeGreaterThan(0);
  },
};

export const Canceling: Story = {
  parameters: {
    route: { url: '/settings/subscription' },
    msw: { handlers: { billing: billing.canceling() } },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Einstellungen' }, PAGE_LOAD),
    ).toBeVisible();
  },
};

export const PastDue: Story = {
  parameters: {
    route: { url: '/settings/subscription' },
    msw: { handlers: { billing: billing.pastDue() } },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Einstellungen' }, PAGE_LOAD),
    ).toBeVisible();
  },
};

export const Ended: Story = {
  parameters: {
    route: { url: '/settings/subscription' },
    msw: { handlers: { billing: billing.ended() } },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Einstellungen' }, PAGE_LOAD),
    ).toBeVisible();
  },
};

export const PortalFails: Story = {
  parameters: {
    route: { url: '/settings/subscription' },
    msw: { handlers: { billing: [...billing.portalFailing(500), ...billing.subscriber()] } },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Einstellungen' }, PAGE_LOAD),
    ).toBeVisible();
  },
};

export const SubscriptionPaymentsOff: Story = {
  parameters: {
    route: { url: '/settings/subscription' },
    msw: { handlers: { billing: billing.paymentsDisabled() } },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Einstellungen' }, PAGE_LOAD),
    ).toBeVisible();
  },
};

/** A plan granted by an administrator: no Stripe subscription behind it. */
export const AdminGranted: Story = {
  parameters: {
    route: { url: '/settings/subscription' },
    msw: { handlers: { billing: billing.subscription(adminGrantedSubscription) } },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Einstellungen' }, PAGE_LOAD),
    ).toBeVisible();
  },
};

/**
 * A Pro subscriber whose minutes fail to load: the meter says so with "Retry", never zero minutes
 * or "no active plan"; the plan stays Pro.
 */
export const SubscriptionMinutesFailing: Story = {
  parameters: {
    route: { url: '/settings/subscription' },
    msw: {
      handlers: {
        billing: billing.subscriber(),
        plans: plans.premium(),
        minutes: minutes.failing(503),
      },
    },
  },
  play: async ({ canvas }) => {
    const meter = within(await canvas.findByRole('region', { name: 'Minuten' }, PAGE_LOAD));
    await expect(await meter.findByRole('alert', {}, PAGE_LOAD)).toHaveTextContent(
      'Minuten konnten nicht geladen werden.',
    );
    await expect(meter.getByRole('button', { name: 'Erneut versuchen' })).toBeVisible();
    await expect(meter.queryByText(/Minuten genutzt/)).toBeNull();
    await expect(canvas.queryByText(/keinen aktiven Tarif/)).toBeNull();
    await expect((await canvas.findAllByText(/Pro/, {}, PAGE_LOAD)).length).toBeGreaterThan(0);
  },
};

/** The plan fails to load: "not loaded" with "Try again", never "Free". In English. */
export const SubscriptionPlanFailing: Story = {
  parameters: {
    route: { url: '/en/settings/subscription' },
    msw: { handlers: { billing: billing.subscriber(), plans: plans.planFailing(500) } },
  },
  play: async ({ canvas, canvasElement }) => {
    const subscription = within(
      await canvas.findByRole('region', { name: 'Your subscription' }, PAGE_LOAD),
    );
    await expect(await subscription.findByRole('alert', {}, PAGE_LOAD)).toHaveTextContent(
      'The plan could not be loaded.',
    );
    await expect(subscription.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(canvasElement.querySelector('[data-slot="plan-name"]')).toBeNull();
    await expect(subscription.queryByText('Free')).toBeNull();
  },
};
