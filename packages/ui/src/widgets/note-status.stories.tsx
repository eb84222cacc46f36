import type { NoteStatus } from '@protokoll/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { demoNotes, longNameNotes } from '@protokoll/mocks/fixtures';
import { expectNoOverflow } from '../lib/story-helpers.ts';
import { NoteProgress, NoteStatusBadge } from './note-status.tsx';

/** One demo note per status, in the order a note passes through them (the failure last). */
const statuses: NoteStatus[] = ['queued', 'transcribing', 'summarizing', 'done', 'error'];
const byStatus = statuses.map((status) => demoNotes.find((note) => note.status === status)!);

/** Every status as a list shows it: the badge, plus the bar while a step runs. */
function AllStatuses() {
  return (
    <div className="grid max-w-md gap-4">
      {byStatus.map((note) => (
        <NoteProgress key={note.status} note={note} />
      ))}
    </div>
  );
}

/** Each status's words and, for the running steps only, the bar named after its note. */
async function expectAllStatuses(canvasElement: HTMLElement, words: string[]) {
  const canvas = within(canvasElement);
  for (const [index, text] of words.entries()) {
    await expect(canvas.getByText(text)).toHaveAttribute('data-state', statuses[index]);
  }
  const bars = canvas.getAllByRole('progressbar');
  await expect(bars.map((bar) => bar.getAttribute('aria-valuenow'))).toEqual(['35', '72']);
}

const meta = {
  title: 'Screens/Notes/Parts/NoteStatus',
  component: NoteStatusBadge,
  args: { status: 'done' },
} satisfies Meta<typeof NoteStatusBadge>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The five statuses side by side, for the screenshot. */
export const Catalog: Story = {
  render: () => <AllStatuses />,
  play: async ({ canvasElement }) => {
    await expectAllStatuses(canvasElement, [
      'In Warteschlange',
      'Wird transkribiert',
      'Wird zusammengefasst',
      'Fertig',
      'Fehlgeschlagen',
    ]);
  },
};

export const CatalogEnglish: Story = {
  ...Catalog,
  globals: { locale: 'en' },
  play: async ({ canvasElement }) => {
    await expectAllStatuses(canvasElement, [
      'Queued',
      'Transcribing',
      'Summarising',
      'Ready',
      'Failed',
    ]);
  },
};

/** The badge alone names the status in words; its colour only repeats it. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const badge = canvas.getByText('Fertig');
    await expect(badge).toHaveAttribute('data-slot', 'note-status');
    await expect(badge).toHaveAttribute('data-state', 'done');
  },
};

export const Queued: Story = {
  args: { status: 'queued' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('In Warteschlange')).toHaveAttribute('data-state', 'queued');
  },
};

export const Error: Story = {
  args: { status: 'error' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Fehlgeschlagen')).toHaveAttribute('data-state', 'error');
  },
};

/** A running step: badge and a bar named after the note, so several bars stay apart. */
export const Processing: Story = {
  render: () => <NoteProgress note={byStatus[1]!} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Wird transkribiert')).toBeVisible();
    const bar = canvas.getByRole('progressbar', { name: 'Fortschritt von „Teammeeting Montag“' });
    await expect(bar).toHaveAttribute('aria-valuenow', '35');
    await expect(bar.getAttribute('aria-valuetext')).toMatch(/^35\s%$/);
  },
};

/** Queued has no progress to show yet: the badge only. */
export const QueuedProgress: Story = {
  render: () => <NoteProgress note={byStatus[0]!} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText('In Warteschlange')).toBeVisible();
    await expect(canvas.queryByRole('progressbar')).toBeNull();
  },
};

export const EnglishProcessing: Story = {
  ...Processing,
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Transcribing')).toBeVisible();
    await expect(
      canvas.getByRole('progressbar', { name: 'Progress of “Teammeeting Montag”' }),
    ).toHaveAttribute('aria-valuenow', '35');
  },
};

/** On a phone the bar moves below the badge instead of widening the row. */
export const LongNamesMobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  render: () => (
    <div className="grid gap-4">
      {longNameNotes.map((note) => (
        <NoteProgress key={note.id} note={note} />
      ))}
    </div>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(
      canvas.getByRole('progressbar', {
        name: 'Fortschritt von „Donaudampfschifffahrtsgesellschaftskapitänsmützenausschreibungsbesprechung“',
      }),
    ).toHaveAttribute('aria-valuenow', '64');
    await expectNoOverflow(canvasElement);
  },
};
