import type { Meta, StoryObj } from '@storybook/react-vite';
import { FileText } from 'lucide-react';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import {
  demoFolders,
  demoNotes,
  longNameFolders,
  longNameNotes,
  manyFolders,
  manyNotes,
} from '@protokoll/mocks/fixtures';
import { EmptyState } from '../../components/empty-state.tsx';
import { expectCalledOnceWith, expectNoOverflow } from '../../lib/story-helpers.ts';
import { NoteList } from './note-list.tsx';

const many = manyNotes(45);
const processing = demoNotes.filter((note) => note.status !== 'done');
const note = (id: number) => demoNotes.find((candidate) => candidate.id === id)!;

const meta = {
  title: 'Screens/Notes/Parts/NoteList',
  component: NoteList,
  args: {
    notes: demoNotes.slice(0, 10),
    count: demoNotes.length,
    page: 1,
    onPageChange: fn(),
    status: 'ready',
    onRetry: fn(),
    folders: demoFolders,
    label: 'Notizen',
    empty: <EmptyState icon={<FileText />} title="Noch keine Notizen" />,
    onOpenNote: fn(),
    onDownload: fn(),
    onMoveNote: fn(),
    onToggleSaved: fn(),
    onDeleteNote: fn(),
    onRetryNote: fn(),
  },
  decorators: [
    (Story) => (
      <div className="max-w-4xl">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof NoteList>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A page of ten: each row with its folder ("Ohne Ordner" when none), and two pages in all. */
export const Default: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    await expect(canvasElement.querySelector('[data-slot="note-list"]')).toHaveAttribute(
      'data-state',
      'ready',
    );
    const list = within(canvas.getByRole('list', { name: 'Notizen' }));
    const rows = list.getAllByRole('listitem');
    await expect(rows).toHaveLength(10);
    await expect(within(rows[0]!).getByText('Ohne Ordner')).toBeVisible();
    await expect(within(rows[4]!).getByText('Vorstand')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Seite 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Seite 2' }));
    await expectCalledOnceWith(args.onPageChange, 2);
    await userEvent.click(list.getByRole('button', { name: 'Quartalsplanung Q2' }));
    await expectCalledOnceWith(args.onOpenNote, note(3));
  },
};

/** Placeholder rows, announced once; no list and no pagination yet. */
export const Loading: Story = {
  args: { status: 'loading', notes: [], count: 0 },
  play: async ({ canvas, canvasElement }) => {
    const root = canvasElement.querySelector('[data-slot="note-list"]');
    await expect(root).toHaveAttribute('aria-busy', 'true');
    await expect(root).toHaveAttribute('data-state', 'loading');
    await expect(canvas.getByRole('status')).toHaveTextContent('Notizen werden geladen …');
    await expect(canvas.queryByRole('list')).toBeNull();
    await expect(canvas.queryByRole('navigation')).toBeNull();
  },
};

/** Ready and empty: whatever the caller passes stands in the list's place. */
export const Empty: Story = {
  args: { notes: [], count: 0 },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { name: 'Noch keine Notizen' })).toBeVisible();
    await expect(canvasElement.querySelector('[data-slot="note-list"]')).toHaveAttribute(
      'data-state',
      'empty',
    );
    await expect(canvas.queryByRole('list')).toBeNull();
    await expect(canvas.queryByRole('navigation', { name: 'Seitennavigation' })).toBeNull();
  },
};

/** A failed load: the default text and a retry that reports back. */
export const Error: Story = {
  args: { status: 'error', notes: [], count: 0 },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Notizen konnten nicht geladen werden.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Erneut versuchen' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

/**
 * The app's own text for the failure (e.g. offline, docs/errors.md#action-failures) replaces the
 * default.
 */
export const ErrorOffline: Story = {
  args: {
    status: 'error',
    notes: [],
    count: 0,
    error: { code: 'offline' },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Keine Internetverbindung. Bitte prüfen Sie Ihr Netzwerk.',
    );
  },
};

/** Without a retry callback there is no button that would do nothing. */
export const ErrorWithoutRetry: Story = {
  args: { status: 'error', notes: [], count: 0, onRetry: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** Page 3 of 45 notes in many folders. */
export const Many: Story = {
  args: {
    notes: many.slice(20, 30),
    count: many.length,
    page: 3,
    folders: [...demoFolders, ...manyFolders(12)],
  },
  play: async ({ canvas, args }) => {
    await expect(
      within(canvas.getByRole('list', { name: 'Notizen' })).getAllByRole('listitem'),
    ).toHaveLength(10);
    await expect(canvas.getByRole('button', { name: 'Seite 3' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.getByRole('button', { name: 'Seite 5' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Seite 6' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: /Weiter/ }));
    await expectCalledOnceWith(args.onPageChange, 4);
  },
};

/** A smaller page size is honoured by the pagination: 45 notes at 20 a page are 3 pages. */
export const CustomPageSize: Story = {
  args: { notes: many.slice(0, 20), count: many.length, pageSize: 20 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Seite 3' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Seite 4' })).toBeNull();
  },
};

/** Notes in progress: a badge each, a bar per running step, the failure's reason. */
export const Processing: Story = {
  args: { notes: processing, count: processing.length },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('In Warteschlange')).toBeVisible();
    await expect(canvas.getByText('Fehlgeschlagen')).toBeVisible();
    await expect(canvas.getByText('Transkription fehlgeschlagen')).toBeVisible();
    const bars = canvas.getAllByRole('progressbar');
    await expect(bars.map((bar) => bar.getAttribute('aria-valuenow'))).toEqual(['35', '72']);
    await expect(canvas.queryByRole('button', { name: /herunterladen/ })).toBeNull();
    await userEvent.click(
      canvas.getByRole('button', { name: 'Aktionen für „Projekt-Kick-off Relaunch Website“' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Erneut verarbeiten' }));
    await expectCalledOnceWith(args.onRetryNote, note(9));
  },
};

/** Inside one folder its name would only repeat on every row. */
export const InFolder: Story = {
  args: {
    notes: demoNotes.filter((candidate) => candidate.folder_id === 1),
    count: 2,
    showFolder: false,
  },
  play: async ({ canvas }) => {
    await expect(
      within(canvas.getByRole('list', { name: 'Notizen' })).getAllByRole('listitem'),
    ).toHaveLength(2);
    await expect(canvas.queryByText('Vorstand')).toBeNull();
    // One page only: no pagination to offer.
    await expect(canvas.queryByRole('button', { name: 'Seite 2' })).toBeNull();
  },
};

/** Long German compounds wrap in the rows and their meta lines. */
export const LongNames: Story = {
  args: { notes: longNameNotes, count: longNameNotes.length, folders: longNameFolders },
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
  args: { label: 'Notes' },
  play: async ({ canvas }) => {
    const list = within(canvas.getByRole('list', { name: 'Notes' }));
    await expect(list.getAllByText('No folder')[0]).toBeVisible();
    await expect(list.getByText('Queued')).toBeVisible();
    await expect(list.getByText('Transcribing')).toBeVisible();
    await expect(list.getByText('Transcription failed')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Page 2' })).toBeVisible();
  },
};

export const EnglishError: Story = {
  ...Error,
  args: { ...Error.args, label: 'Notes' },
  globals: { locale: 'en' },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Notes could not be loaded.');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};
