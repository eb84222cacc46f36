import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { support, system, team } from '@protokoll/mocks';
import { PAGE_LOAD, prepareRoute, renderRoute } from '../stories/route-story.tsx';

/** `/team` and `/support` as they ship, on MSW. */
const meta = {
  title: 'Routes/Team and support',
  tags: ['!autodocs'],
  render: renderRoute,
  loaders: [prepareRoute],
  parameters: { layout: 'fullscreen', route: { url: '/team' } },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const teamHeading = async (canvas: Parameters<NonNullable<Story['play']>>[0]['canvas']) =>
  expect(await canvas.findByRole('heading', { level: 1, name: /Team/ }, PAGE_LOAD)).toBeVisible();

export const TeamOwner: Story = {
  parameters: { msw: { handlers: { team: team.default() } } },
  play: async ({ canvas }) => {
    await teamHeading(canvas);
    await expect(await canvas.findByText('Mitglieder', {}, PAGE_LOAD)).toBeVisible();
  },
};

export const TeamEmpty: Story = {
  parameters: { msw: { handlers: { team: team.empty() } } },
  play: async ({ canvas }) => teamHeading(canvas),
};

export const TeamFull: Story = {
  parameters: { msw: { handlers: { team: team.full() } } },
  play: async ({ canvas }) => teamHeading(canvas),
};

export const TeamLapsed: Story = {
  parameters: { msw: { handlers: { team: team.lapsed() } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Ihr Tarif enthält kein Team mehr', {}, PAGE_LOAD),
    ).toBeVisible();
  },
};

export const TeamMember: Story = {
  parameters: { msw: { handlers: { team: team.member() } } },
  play: async ({ canvas }) => teamHeading(canvas),
};

export const NoTeam: Story = {
  parameters: { msw: { handlers: { team: team.none() } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Teams im Business-Tarif', {}, PAGE_LOAD)).toBeVisible();
  },
};

export const TeamServerError: Story = {
  parameters: { msw: { handlers: { team: team.failing(500) } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('button', { name: 'Erneut versuchen' }, PAGE_LOAD),
    ).toBeVisible();
  },
};

export const TeamChangesFailing: Story = {
  parameters: { msw: { handlers: { team: team.changesFailing(500) } } },
  play: async ({ canvas }) => teamHeading(canvas),
};

export const TeamSlow: Story = {
  parameters: { msw: { handlers: { team: team.slow(600_000) } } },
  play: async ({ canvas, canvasElement }) => {
    await teamHeading(canvas);
    await expect(canvasElement.querySelector('[aria-busy="true"]')).not.toBeNull();
  },
};

export const Support: Story = {
  parameters: { route: { url: '/support' }, msw: { handlers: { support: support.default() } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Hilfe und Support' }, PAGE_LOAD),
    ).toBeVisible();
  },
};

/** Sending fails, is limited, or takes long; the health check of the server is down too. */
export const SupportFailing: Story = {
  parameters: {
    route: { url: '/support' },
    msw: {
      handlers: {
        support: [...support.failing(500), ...support.tooMany(), ...support.slow(600_000)],
        system: [...system.down(), ...system.slow(600_000), ...system.healthy()],
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Hilfe und Support' }, PAGE_LOAD),
    ).toBeVisible();
  },
};
