import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, within } from 'storybook/test';
import { boardMeetingDetail } from '@protokoll/mocks/fixtures';
import { failing, never } from '../../lib/story-helpers.ts';
import { RevisionsDialog } from './revisions-dialog.tsx';

const meta = {
  title: 'Screens/Notes/RevisionsDialog',
  component: RevisionsDialog,
  args: {
    open: true,
    onOpenChange: fn(),
    speakerNames: boardMeetingDetail.speaker_names,
    onLoad: fn(async () => [
      {
        id: 1,
        kind: 'text' as const,
        created_at: '2026-03-02T10:10:00Z',
        author: 'Erika Mustermann',
        undone: false,
        line_count: 1,
        lines: [{ start: 0, speaker: 'S1', before: 'Guten Tag.', after: 'Guten Tag zusammen.' }],
      },
    ]),
  },
} satisfies Meta<typeof RevisionsDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** One change: kind, author and time, the line before and after. */
export const Default: Story = {
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Änderungsverlauf' }));
    await expect(await dialog.findByText('Text geändert')).toBeVisible();
    await expect(dialog.getByText('Guten Tag zusammen.')).toBeVisible();
  },
};

/** While the changes load. */
export const Loading: Story = {
  args: { onLoad: fn(never) },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog'));
    await expect(dialog.getByText('Änderungen werden geladen …')).toBeInTheDocument();
  },
};

/** The load failed: said, with a retry. */
export const Failed: Story = {
  args: { onLoad: fn(failing('server')) },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog'));
    await expect(await dialog.findByRole('button', { name: 'Erneut versuchen' })).toBeVisible();
  },
};
