import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import {
  demoFolders,
  demoNotes,
  longNameFolders,
  longNameNotes,
  manyNotes,
} from '@protokoll/mocks/fixtures';
import { expectCalledOnceWith, expectNoOverflow } from '../../lib/story-helpers.ts';
import { SavedNotesScreen } from './saved-notes-screen.tsx';

const saved = demoNotes.filter((note) => note.saved);
const manySaved = manyNotes(25).map((note) => ({ ...note, saved: true }));
/** Saved before they were finished: a note keeps its mark while it is processed. */
const savedInProgress = demoNotes
  .filter((note) => note.status !== 'done')
  .map((note) => ({ ...note, saved: true }));

const meta = {
  title: 'Screens/Notes/SavedNotes',
  component: SavedNotesScreen,
  parameters: { layout: 'fullscreen' },
  args: {
    notes: saved,
    count: saved.length,
    status: 'ready',
    page: 1,
    folders: demoFolders,
    onRetry: fn(),
    onPageChange: fn(),
    onShowAllNotes: fn(),
    onOpenNote: fn(),
    onDownload: fn(),
    onMoveNote: fn(),
    onToggleSaved: fn(),
    onDeleteNote: fn(),
    onRetryNote: fn(),
  },
} satisfies Meta<typeof SavedNotesScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The starred notes with the same rows and actions as the notes list; unstarring reports false. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Gemerkte Notizen' })).toBeVisible();
    await expect(canvas.getByText('2 Notizen')).toBeVisible();
    const list = within(canvas.getByRole('list', { name: 'Gemerkte Notizen' }));
    await expect(list.getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(
      canvas.getByRole('button', { name: 'Aktionen für „Workshop Anforderungen Kundenportal“' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Nicht mehr merken' }));
    await expectCalledOnceWith(args.onToggleSaved, saved[1], false);
    await userEvent.click(canvas.getByRole('button', { name: 'Vorstandssitzung März 2026' }));
    await expectCalledOnceWith(args.onOpenNote, saved[0]);
  },
};

export const Loading: Story = {
  args: { status: 'loading', notes: [], count: 0 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Notizen werden geladen …')).toBeInTheDocument();
  },
};

/** Nothing saved yet: how to save one, and the way to all notes. */
export const Empty: Story = {
  args: { notes: [], count: 0 },
  play: async ({ canvas, args }) => {
    await expect(
      canvas.getByRole('heading', { name: 'Noch keine gemerkten Notizen' }),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Zu allen Notizen' }));
    await expect(args.onShowAllNotes).toHaveBeenCalledOnce();
  },
};

export const Error: Story = {
  args: { status: 'error', notes: [], count: 0 },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Notizen konnten nicht geladen werden.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Erneut versuchen' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

/** 25 saved notes: page 2 of 3. */
export const Many: Story = {
  args: { notes: manySaved.slice(10, 20), count: manySaved.length, page: 2 },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('25 Notizen')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Seite 3' }));
    await expectCalledOnceWith(args.onPageChange, 3);
  },
};

export const Processing: Story = {
  args: { notes: savedInProgress, count: savedInProgress.length },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('progressbar')).toHaveLength(2);
    await expect(canvas.getByText('In Warteschlange')).toBeVisible();
  },
};

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

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Starred notes' })).toBeVisible();
    await expect(canvas.getByText('2 notes')).toBeVisible();
  },
};

export const EnglishEmpty: Story = {
  globals: { locale: 'en' },
  args: { notes: [], count: 0 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'No starred notes yet' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Go to all notes' })).toBeVisible();
  },
};
