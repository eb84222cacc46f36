import type { Note } from '@protokoll/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { demoFolders, demoNotes, longNameFolders, longNameNotes } from '@protokoll/mocks/fixtures';
import { expectCalledOnceWith, expectNoOverflow } from '../lib/story-helpers.ts';
import {
  FolderShortcuts,
  RecentNotes,
  type FolderShortcutsProps,
  type RecentNotesProps,
} from './recent-notes.tsx';

const note = (id: number) => demoNotes.find((candidate) => candidate.id === id)!;
const newest = demoNotes.slice(0, 5).map((candidate) => candidate.name);

/** The app's next poll, handed to the card that `Live` shows (set while it is mounted). */
let deliver: ((notes: Note[]) => void) | undefined;

/** The card fed by the app's polling: each delivery replaces the notes it shows. */
function PolledRecentNotes(props: RecentNotesProps) {
  const [notes, setNotes] = useState(props.notes);
  useEffect(() => {
    deliver = setNotes;
    return () => {
      deliver = undefined;
    };
  }, []);
  return <RecentNotes {...props} notes={notes} />;
}

/** The card's props, plus the callback of the folder card defined beside it. */
type RecentNotesStoryArgs = RecentNotesProps & Pick<FolderShortcutsProps, 'onOpenFolder'>;

const meta = {
  title: 'Screens/Notes/Parts/RecentNotes',
  component: RecentNotes,
  render: ({ onOpenFolder: _, ...args }) => <RecentNotes {...args} />,
  args: {
    notes: demoNotes,
    status: 'ready',
    folders: demoFolders,
    onRetry: fn(),
    onOpenNote: fn(),
    onShowAll: fn(),
    onOpenFolder: fn(),
  },
  decorators: [
    (Story) => (
      <div className="max-w-2xl">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<RecentNotesStoryArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Of twelve notes the five newest, each with its live status; the rest is one click away. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    const card = within(canvas.getByRole('region', { name: 'Letzte Notizen' }));
    const list = within(card.getByRole('list', { name: 'Letzte Notizen' }));
    const rows = list.getAllByRole('listitem');
    await expect(rows.map((row) => within(row).getAllByRole('button')[0]!.textContent)).toEqual(
      newest,
    );
    await expect(card.queryByText('Kundengespräch Müller Logistik')).toBeNull();
    await expect(card.getByText('In Warteschlange')).toBeVisible();
    await expect(
      card.getByRole('progressbar', { name: 'Fortschritt von „Teammeeting Montag“' }),
    ).toHaveAttribute('aria-valuenow', '35');
    await expect(card.getByText('Transkription fehlgeschlagen')).toBeVisible();
    await expect(within(rows[2]!).getByText('Vorlesungen')).toBeVisible();
    // The dashboard only shows and opens: no row buttons besides the name.
    await expect(card.queryByRole('button', { name: /Aktionen für/ })).toBeNull();

    await userEvent.click(card.getByRole('button', { name: 'Vorstandssitzung März 2026' }));
    await expectCalledOnceWith(args.onOpenNote, note(8));
    await userEvent.click(card.getByRole('button', { name: 'Alle Notizen' }));
    await expect(args.onShowAll).toHaveBeenCalledOnce();
  },
};

/**
 * Live status: the app passes newer notes as it polls, and the rows follow them, from
 * transcribing through summarising to done, and a new upload at the top.
 */
export const Live: Story = {
  render: ({ onOpenFolder: _, ...args }) => <PolledRecentNotes {...args} />,
  play: async ({ canvas }) => {
    const progress = () =>
      canvas.queryByRole('progressbar', { name: 'Fortschritt von „Teammeeting Montag“' });
    await expect(progress()).toHaveAttribute('aria-valuenow', '35');
    await waitFor(() => expect(deliver).toBeDefined());

    const summarizing = { ...note(11), status: 'summarizing' as const, progress: 80 };
    deliver!(demoNotes.map((candidate) => (candidate.id === 11 ? summarizing : candidate)));
    await waitFor(() => expect(progress()).toHaveAttribute('aria-valuenow', '80'));
    await expect(canvas.getAllByText('Wird zusammengefasst')).toHaveLength(2);

    const done = { ...note(11), status: 'done' as const, progress: 100 };
    const upload: Note = {
      ...note(12),
      id: 13,
      name: 'Abstimmung Messestand',
      created_at: '2026-03-02T09:25:00.000Z',
    };
    deliver!([upload, ...demoNotes.map((candidate) => (candidate.id === 11 ? done : candidate))]);
    await waitFor(() => expect(progress()).toBeNull());
    const rows = canvas.getAllByRole('listitem');
    await expect(rows).toHaveLength(5);
    await expect(rows[0]).toHaveTextContent('Abstimmung Messestand');
    await expect(rows[2]).toHaveAttribute('data-state', 'done');
    await expect(canvas.getAllByText('In Warteschlange')).toHaveLength(2);
    // The sixth newest drops off the card.
    await expect(canvas.queryByText('Vorstandssitzung März 2026')).toBeNull();
  },
};

/** Placeholders while loading; the card says it is busy. */
export const Loading: Story = {
  args: { status: 'loading', notes: [] },
  play: async ({ canvas }) => {
    const card = canvas.getByRole('region', { name: 'Letzte Notizen' });
    await expect(card).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByText('Notizen werden geladen …')).toBeInTheDocument();
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

/** No notes yet: a hint where the first one will appear. */
export const Empty: Story = {
  args: { notes: [] },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText(
        'Noch keine Notizen. Ihre erste Aufnahme erscheint hier, sobald Sie sie hochgeladen haben.',
      ),
    ).toBeVisible();
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

export const Error: Story = {
  args: { status: 'error', notes: [] },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Notizen konnten nicht geladen werden.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Erneut versuchen' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
    await expect(args.onShowAll).not.toHaveBeenCalled();
  },
};

/** Without `onShowAll` (and without folders) the card only lists. */
export const WithoutShowAll: Story = {
  args: { onShowAll: undefined, folders: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: 'Alle Notizen' })).toBeNull();
    await expect(canvas.queryByText('Vorlesungen')).toBeNull();
  },
};

export const LongNames: Story = {
  args: { notes: longNameNotes, folders: longNameFolders },
  play: async ({ canvasElement }) => {
    await expectNoOverflow(canvasElement);
  },
};

export const LongNamesMobile: Story = {
  ...LongNames,
  globals: { viewport: { value: 'mobile', isRotated: false } },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement }) => {
    await expectNoOverflow(canvasElement);
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    const card = within(canvas.getByRole('region', { name: 'Recent notes' }));
    await expect(card.getAllByRole('listitem')).toHaveLength(5);
    await expect(card.getByText('Queued')).toBeVisible();
    await expect(card.getByText('Summarising')).toBeVisible();
    await expect(
      card.getByRole('progressbar', { name: 'Progress of “Teammeeting Montag”' }),
    ).toBeVisible();
    await expect(card.getByRole('button', { name: 'All notes' })).toBeVisible();
  },
};

export const EnglishEmpty: Story = {
  ...Empty,
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText(
        'No notes yet. Your first recording appears here as soon as you have uploaded it.',
      ),
    ).toBeVisible();
  },
};

/** The dashboard's folder card, defined beside the recent notes: one button per folder. */
export const Folders: Story = {
  render: (args) => (
    <FolderShortcuts folders={demoFolders} status="ready" onOpenFolder={args.onOpenFolder} />
  ),
  play: async ({ canvas, args }) => {
    const card = within(canvas.getByRole('region', { name: 'Ordner' }));
    await expect(card.getAllByRole('listitem')).toHaveLength(3);
    await userEvent.click(card.getByRole('button', { name: 'Kunden' }));
    await expectCalledOnceWith(args.onOpenFolder, demoFolders[1]);
  },
};

export const FoldersLoading: Story = {
  render: (args) => (
    <FolderShortcuts folders={[]} status="loading" onOpenFolder={args.onOpenFolder} />
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Ordner' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(canvas.getByText('Ordner werden geladen …')).toBeInTheDocument();
  },
};

export const FoldersEmpty: Story = {
  render: (args) => (
    <FolderShortcuts folders={[]} status="ready" onOpenFolder={args.onOpenFolder} />
  ),
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('list')).toBeNull();
    await expect(canvas.getByRole('region', { name: 'Ordner' })).not.toHaveAttribute('aria-busy');
  },
};

export const FoldersError: Story = {
  render: (args) => (
    <FolderShortcuts
      folders={[]}
      status="error"
      onRetry={args.onRetry}
      onOpenFolder={args.onOpenFolder}
    />
  ),
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Ordner konnten nicht geladen werden.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Erneut versuchen' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const FoldersLongNamesMobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  render: (args) => (
    <FolderShortcuts folders={longNameFolders} status="ready" onOpenFolder={args.onOpenFolder} />
  ),
  play: async ({ canvasElement }) => {
    await expectNoOverflow(canvasElement);
  },
};
