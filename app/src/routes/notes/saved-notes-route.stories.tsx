import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { notes } from '@protokoll/mocks';
import { PAGE_LOAD, prepareRoute, renderRoute } from '../../stories/route-story.tsx';

/** `/saved-notes` as it ships, on MSW. */
const meta = {
  title: 'Routes/Saved notes',
  tags: ['!autodocs'],
  render: renderRoute,
  loaders: [prepareRoute],
  parameters: { layout: 'fullscreen', route: { url: '/saved-notes' } },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Gemerkte Notizen' }, PAGE_LOAD),
    ).toBeVisible();
    await expect(
      await canvas.findByText('Vorstandssitzung März 2026', {}, PAGE_LOAD),
    ).toBeVisible();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: { notes: notes.empty() } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Noch keine gemerkten Notizen', {}, PAGE_LOAD),
    ).toBeVisible();
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: { notes: notes.failing(500) } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('button', { name: 'Erneut versuchen' }, PAGE_LOAD),
    ).toBeVisible();
  },
};
