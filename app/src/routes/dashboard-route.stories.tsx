import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  auth,
  billing,
  capabilities,
  folders,
  minutes,
  notes,
  plans,
  user,
} from '@protokoll/mocks';
import { PAGE_LOAD, prepareRoute, renderRoute } from '../stories/route-story.tsx';
import { storyUrl } from '../stories/story-location.ts';

/** `/dashboard` as it ships: the route container, its queries and the session, on MSW. */
const meta = {
  title: 'Routes/Dashboard',
  // One page renders one app: route stories have no docs page (docs/storybook.md#route-stories).
  tags: ['!autodocs'],
  render: renderRoute,
  loaders: [prepareRoute],
  parameters: { layout: 'fullscreen', route: { url: '/dashboard' } },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** The default of every resource, named here so each default scenario has its story. */
export const Success: Story = {
  parameters: {
    msw: {
      handlers: {
        user: user.default(),
        minutes: minutes.default(),
        plans: plans.default(),
        notes: notes.default(),
        folders: folders.default(),
        billing: billing.default(),
        capabilities: capabilities.default(),
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1 }, PAGE_LOAD)).toHaveTextContent(
      /Erika/,
    );
    const region = within(canvas.getByRole('region', { name: 'Minuten' }));
    await expect(await region.findByRole('progressbar', {}, PAGE_LOAD)).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: { notes: notes.empty(), folders: folders.empty() } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1 }, PAGE_LOAD)).toHaveTextContent(
      /Erika/,
    );
  },
};

export const Slow: Story = {
  parameters: {
    msw: {
      handlers: {
        minutes: minutes.slow(600_000),
        plans: plans.slow(600_000),
        notes: notes.slow(600_000),
        folders: folders.slow(600_000),
      },
    },
  },
  play: async ({ canvas }) => {
    const region = await canvas.findByRole('region', { name: 'Minuten' }, PAGE_LOAD);
    await expect(region).toHaveAttribute('aria-busy', 'true');
  },
};

/** The stored session is rejected: the guard sends the visitor to sign in, and back after. */
export const Unauthorized: Story = {
  parameters: { msw: { handlers: { auth: auth.sessionExpired(), user: user.unauthorized() } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Anmelden' }, PAGE_LOAD)).toBeVisible();
    // The ended session leads to /login (docs/sessions.md).
    await expect(storyUrl()).toMatch(/^\/login/);
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: { notes: notes.failing(500), folders: folders.failing(500) } } },
  play: async ({ canvas }) => {
    await expect(
      (await canvas.findAllByRole('button', { name: 'Erneut versuchen' }, PAGE_LOAD)).length,
    ).toBeGreaterThan(0);
  },
};

export const MinutesExhausted: Story = {
  parameters: { msw: { handlers: { minutes: minutes.exhausted() } } },
  play: async ({ canvas }) => {
    const region = within(await canvas.findByRole('region', { name: 'Minuten' }, PAGE_LOAD));
    await expect(await region.findByRole('progressbar', {}, PAGE_LOAD)).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
  },
};

/** Pro: unlimited minutes, the Pro plan. */
export const Pro: Story = {
  parameters: { msw: { handlers: { minutes: minutes.pro(), plans: plans.premium() } } },
  play: async ({ canvas }) => {
    const plan = within(await canvas.findByRole('region', { name: 'Ihr Tarif' }, PAGE_LOAD));
    await expect(await plan.findByText('Pro', {}, PAGE_LOAD)).toBeVisible();
  },
};

/** Every recent note is still processing: the list follows them. */
export const Processing: Story = {
  parameters: { msw: { handlers: { notes: notes.processing() } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Teammeeting Montag', {}, PAGE_LOAD)).toBeVisible();
  },
};

/** Minutes never answer: after the client's timeout the widget stops waiting. */
export const MinutesTimeout: Story = {
  parameters: { msw: { handlers: { minutes: minutes.timeout() } } },
  play: async ({ canvas }) => {
    const region = await canvas.findByRole('region', { name: 'Minuten' }, PAGE_LOAD);
    await waitFor(() => expect(region).not.toHaveAttribute('aria-busy', 'true'), {
      timeout: 12_000,
    });
  },
};

/**
 * The minutes fail to load (docs/minutes.md#when-loading-fails): the widget says so with
 * "Retry", never zero minutes, "no active plan" or "buy minutes"; the plan stays as it is.
 */
export const MinutesFailing: Story = {
  parameters: { msw: { handlers: { minutes: minutes.failing(500), plans: plans.premium() } } },
  play: async ({ canvas }) => {
    const meter = within(await canvas.findByRole('region', { name: 'Minuten' }, PAGE_LOAD));
    await expect(await meter.findByRole('alert', {}, PAGE_LOAD)).toHaveTextContent(
      'Minuten konnten nicht geladen werden.',
    );
    await expect(meter.getByRole('button', { name: 'Erneut versuchen' })).toBeVisible();
    await expect(meter.queryByText(/Minuten genutzt/)).toBeNull();
    await expect(canvas.queryByText(/keinen aktiven Tarif/)).toBeNull();
    await expect(canvas.queryByRole('link', { name: 'Minuten kaufen' })).toBeNull();
    const plan = within(canvas.getByRole('region', { name: 'Ihr Tarif' }));
    await expect(await plan.findByText('Pro', {}, PAGE_LOAD)).toBeVisible();
  },
};

/** Minutes down until the play function brings them back (docs/storybook.md#route-stories). */
const minutesDown = minutes.failingUntilRecovered(500);

/** A failed load, then "Retry" brings the balance. */
export const MinutesRetry: Story = {
  parameters: { msw: { handlers: { minutes: minutesDown } } },
  play: async ({ canvas }) => {
    const meter = within(await canvas.findByRole('region', { name: 'Minuten' }, PAGE_LOAD));
    const retry = await meter.findByRole('button', { name: 'Erneut versuchen' }, PAGE_LOAD);
    minutesDown.recover();
    await userEvent.click(retry);
    await expect(await meter.findByRole('progressbar', {}, PAGE_LOAD)).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    await expect(meter.queryByRole('alert')).toBeNull();
  },
};

/** A busy server: 503 with `Retry-After: 1` until the play function lets it answer. */
const minutesBusy = minutes.busyUntilRecovered(1);

/**
 * A busy server answers 503 with `Retry-After: 1`: the widget shows the failure at once and loads
 * again a second later by itself. In English.
 */
export const MinutesBusy: Story = {
  parameters: {
    route: { url: '/en/dashboard' },
    msw: { handlers: { minutes: minutesBusy } },
  },
  play: async ({ canvas }) => {
    const meter = within(await canvas.findByRole('region', { name: 'Minutes' }, PAGE_LOAD));
    await expect(await meter.findByRole('alert', {}, PAGE_LOAD)).toHaveTextContent(
      'Minutes could not be loaded.',
    );
    await expect(meter.queryByText(/minutes used/)).toBeNull();
    minutesBusy.recover();
    await expect(await meter.findByRole('progressbar', {}, PAGE_LOAD)).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    await expect(meter.queryByRole('alert')).toBeNull();
  },
};

/** The plan fails to load: the widget says so with "Try again", never "Free". In English. */
export const PlanFailing: Story = {
  parameters: {
    route: { url: '/en/dashboard' },
    msw: { handlers: { plans: plans.failing(500) } },
  },
  play: async ({ canvas }) => {
    const plan = within(await canvas.findByRole('region', { name: 'Your plan' }, PAGE_LOAD));
    await expect(await plan.findByRole('alert', {}, PAGE_LOAD)).toHaveTextContent(
      'The plan could not be loaded.',
    );
    await expect(plan.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(plan.queryByText('Free')).toBeNull();
    await expect(plan.queryByText('No active plan')).toBeNull();
    const meter = within(canvas.getByRole('region', { name: 'Minutes' }));
    await expect(await meter.findByRole('progressbar', {}, PAGE_LOAD)).toBeVisible();
  },
};
