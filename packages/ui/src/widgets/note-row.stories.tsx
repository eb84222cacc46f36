import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import type { NoteListItem } from '@protokoll/contract';
import { demoNotes, longNameNotes } from '@protokoll/mocks/fixtures';
import { expectNoOverflow } from '../lib/story-helpers.ts';
import { NoteRow } from './note-row.tsx';

const done = demoNotes.find((note) => note.status === 'done')!;
const running = demoNotes.find((note) => note.status === 'transcribing')!;
/** The row of a search for "Budget": the second transcript line matched. */
const found: NoteListItem = {
  ...done,
  search_hit: {
    line: 1,
    passage: [
      { text: 'Der Quartalsabschluss liegt vor, das ', match: false },
      { text: 'Budget', match: true },
      { text: ' für Straßenbau ist freigegeben.', match: false },
    ],
    cut_start: false,
    cut_end: false,
  },
};

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

/**
 * In a search's list the row shows where the note matched, the found word marked; the passage
 * opens the note there (the app adds the line, `?at=`).
 */
export const SearchHit: Story = {
  args: { note: found },
  play: async ({ canvas, canvasElement, args }) => {
    const passage = canvas.getByRole('button', { name: /An der Fundstelle öffnen/ });
    await expect(passage).toHaveTextContent(
      'Der Quartalsabschluss liegt vor, das Budget für Straßenbau ist freigegeben.',
    );
    await expect(canvasElement.querySelector('mark')).toHaveTextContent('Budget');
    await userEvent.click(passage);
    await expect(args.onOpen).toHaveBeenCalledWith(found);
  },
};

/** A passage cut from a long line, and one from the summary, in English on a phone. */
export const SearchHitCutEnglishMobile: Story = {
  globals: { locale: 'en', viewport: { value: 'mobile' } },
  args: {
    note: {
      ...longNameNotes[0]!,
      search_hit: {
        line: null,
        passage: [
          { text: 'the board approved the ', match: false },
          { text: 'Straßenbauinvestitionsprogramm', match: true },
          { text: ' for the coming quarter and asked for a report', match: false },
        ],
        cut_start: true,
        cut_end: true,
      },
    },
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('button', { name: /^In the summary: …the board/ })).toBeVisible();
    await expectNoOverflow(canvasElement);
  },
};
