import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { boardMeetingDetail } from '@protokoll/mocks/fixtures';
import { ReplaceDialog } from './replace-dialog.tsx';

const meta = {
  title: 'Screens/Notes/ReplaceDialog',
  component: ReplaceDialog,
  args: {
    open: true,
    onOpenChange: fn(),
    segments: boardMeetingDetail.segments,
    speakerNames: boardMeetingDetail.speaker_names,
    onReplace: fn(async () => undefined),
  },
} satisfies Meta<typeof ReplaceDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A term with its hits previewed before anything is replaced. */
export const WithHits: Story = {
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Suchen und ersetzen' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Suchen nach' }), 'Lager');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Ersetzen durch' }), 'Depot');
    await expect(dialog.getByText('2 Fundstellen')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Alle 2 Fundstellen ersetzen' }));
    await expect(args.onReplace).toHaveBeenCalledWith({
      find: 'Lager',
      replace: 'Depot',
      match_case: false,
      whole_words: false,
    });
  },
};

/** English. */
export const English: Story = {
  globals: { locale: 'en' },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Find and replace' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Find' }), 'Müller');
    await expect(dialog.getByText('No match.')).toBeVisible();
  },
};
