import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { folders, notes } from '@protokoll/mocks';
import { PAGE_LOAD, prepareRoute, renderRoute } from '../../stories/route-story.tsx';

/** `/notes` as it ships: the list with folders, search and pages, on MSW. */
const meta = {
  title: 'Routes/Notes',
  // One page renders one app: route stories have no docs page (docs/storybook.md#route-stories).
  tags: ['!autodocs'],
  render: renderRoute,
  loaders: [prepareRoute],
  parameters: { layout: 'fullscreen', route: { url: '/notes' } },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Notizen' }, PAGE_LOAD),
    ).toBeVisible();
    await expect(
      await canvas.findByText('Vorstandssitzung März 2026', {}, PAGE_LOAD),
    ).toBeVisible();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: { notes: notes.empty(), folders: folders.empty() } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Noch keine Notizen', {}, PAGE_LOAD)).toBeVisible();
  },
};

/** 45 notes: the list pages. */
export const Many: Story = {
  parameters: { msw: { handlers: { notes: notes.many(), folders: folders.many() } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('navigation', { name: /Seite/ }, PAGE_LOAD)).toBeVisible();
  },
};

export const LongNames: Story = {
  parameters: { msw: { handlers: { notes: notes.longNames(), folders: folders.longNames() } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Notizen' }, PAGE_LOAD),
    ).toBeVisible();
  },
};

export const Slow: Story = {
  parameters: {
    msw: { handlers: { notes: notes.slow(600_000), folders: folders.slow(600_000) } },
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Notizen' }, PAGE_LOAD),
    ).toBeVisible();
    await expect(canvasElement.querySelector('[aria-busy="true"]')).not.toBeNull();
  },
};

export const Forbidden: Story = {
  parameters: { msw: { handlers: { notes: notes.failing(403) } } },
  play: async ({ canvas }) => {
    await expect(
      (await canvas.findAllByRole('button', { name: 'Erneut versuchen' }, PAGE_LOAD)).length,
    ).toBeGreaterThan(0);
  },
};

export const ServerError: Story = {
  parameters: {
    msw: { handlers: { notes: notes.failing(500), folders: folders.failing(500) } },
  },
  // The list and the folders fail each on its own time: wait until both offer "Retry".
  play: async ({ canvas }) => {
    await waitFor(
      () =>
        expect(canvas.getAllByRole('button', { name: 'Erneut versuchen' }).length).toBeGreaterThan(
          1,
        ),
      PAGE_LOAD,
    );
  },
};

/** Notes in processing are followed live: after the next poll they are done. */
export const ProcessingFinishes: Story = {
  parameters: { msw: { handlers: { notes: notes.finishing() } } },
  play: async ({ canvas }) => {
    const row = await canvas.findByText('Teammeeting Montag', {}, PAGE_LOAD);
    await expect(row).toBeVisible();
    await expect(canvas.queryAllByText(/Transkription läuft/).length).toBe(0);
  },
};

/** Deleting fails: the note stays and a toast says so. */
export const MutationsFailing: Story = {
  parameters: {
    msw: { handlers: { notes: notes.mutationsFailing(), folders: folders.mutationsFailing() } },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Vorstandssitzung März 2026', {}, PAGE_LOAD),
    ).toBeVisible();
    await expect(within(canvas.getByRole('main')).getByRole('heading', { level: 1 })).toBeVisible();
  },
};

export const English: Story = {
  parameters: { route: { url: '/en/notes' } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Notes' }, PAGE_LOAD),
    ).toBeVisible();
  },
};
