import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
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
