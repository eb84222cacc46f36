import type { GlossaryMark, Segment } from '@protokoll/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { GlossaryCorrections, MarkedLine } from './glossary-corrections.tsx';

const segments: Segment[] = [
  { start: 0, end: 4, speaker: 'S1', text: 'Guten Morgen zusammen.' },
  { start: 4, end: 11, speaker: 'S2', text: 'Frau Maier hat das Protokoll zur DSGVO vorbereitet.' },
  { start: 11, end: 15, speaker: 'S1', text: 'Danke, Frau Maier.' },
];
const marks: GlossaryMark[] = [
  { revision_id: 11, index: 1, from: 'Meier', to: 'Maier' },
  { revision_id: 12, index: 1, from: 'Protokol', to: 'Protokoll' },
  { revision_id: 13, index: 1, from: 'D S G V O', to: 'DSGVO' },
  { revision_id: 14, index: 2, from: 'Meier', to: 'Maier' },
];

const meta = {
  title: 'Screens/Notes/Parts/GlossaryCorrections',
  component: GlossaryCorrections,
  args: { marks, segments, onUndo: fn(async () => undefined) },
  decorators: [
    (Story, { args }) => (
      <div className="grid max-w-xl gap-4">
        <Story />
        <ol className="grid gap-1 text-sm" aria-label="Transkript">
          {args.segments.map((segment, index) => (
            <li key={index}>
              <MarkedLine
                text={segment.text}
                marks={args.marks.filter((mark) => mark.index === index)}
              />
            </li>
          ))}
        </ol>
      </div>
    ),
  ],
} satisfies Meta<typeof GlossaryCorrections>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Each correction listed with its time and an undo of its own; the terms marked in the lines. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('4 Glossar-Korrekturen')).toBeVisible();
    await userEvent.click(
      canvas.getByRole('button', { name: 'Rückgängig: Korrektur „Protokoll“' }),
    );
    await waitFor(() => expect(args.onUndo).toHaveBeenCalledWith(12));
    await expect(await canvas.findByText('Korrektur zurückgenommen.')).toBeVisible();
  },
};

/** Undoing fails (the line changed since): the reason under the list. */
export const UndoFailed: Story = {
  args: {
    onUndo: fn(async () => {
      throw {
        message: 'Die Stelle wurde inzwischen geändert.',
      };
    }),
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Rückgängig: Korrektur „DSGVO“' }));
    await expect(await canvas.findByText(/inzwischen geändert/)).toBeVisible();
  },
};

/** No corrections: nothing is shown. */
export const Empty: Story = { args: { marks: [] } };

export const English: Story = { globals: { locale: 'en' } };

export const Mobile: Story = { globals: { viewport: { value: 'mobile', isRotated: false } } };
