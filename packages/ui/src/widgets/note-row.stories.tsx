import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { demoNotes, longNameNotes } from '@protokoll/mocks/fixtures';
import { expectNoOverflow } from '../lib/story-helpers.ts';
import { NoteRow } from './note-row.tsx';

const done = demoNotes.find((note) => note.status === 'done')!;
const running = demoNotes.find((note) => note.status === 'transcribing')!;

const meta = {
  title: 'Widgets/NoteRow',
  component: NoteRow,
  args: { note: done, folderName: 'Vorstand', onOpen: fn() },
  decorators: [
    (Story) => (
      <ul className="max-w-2xl">
        <Story />
      </ul>
    ),
  ],
} satisfies Meta<typeof NoteRow>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A finished note: its name opens it; its folder and status are beside it. */
export const Done: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: new RegExp(done.name) }));
    await expect(args.onOpen).toHaveBeenCalledWith(done);
    await expect(canvas.getByText('Vorstand')).toBeVisible();
  },
};

/** A note being processed shows its progress. */
export const Processing: Story = {
  args: { note: running, folderName: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar')).toBeVisible();
  },
};

export const English: Story = {
  globals: { locale: 'en' },
};

/** A long German name on a phone wraps instead of running out. */
export const LongNameMobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  args: { note: longNameNotes[0]! },
  play: async ({ canvasElement }) => {
    await expectNoOverflow(canvasElement);
  },
};
