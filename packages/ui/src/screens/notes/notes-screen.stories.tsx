import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import {
  demoFolders,
  demoNotes,
  longNameFolders,
  longNameNotes,
  manyFolders,
  manyNotes,
} from '@protokoll/mocks/fixtures';
import { expectCalledOnceWith, expectNoOverflow, never, tabTo } from '../../lib/story-helpers.ts';
import {
  NotesScreen,
  SEARCH_DELAY_MS,
  type NoteFilters,
  type NotesScreenProps,
} from './notes-screen.tsx';

const many = manyNotes(45);
const processing = demoNotes.filter((note) => note.status !== 'done');
const note = (id: number) => demoNotes.find((candidate) => candidate.id === id)!;

const meta = {
  title: 'Screens/Notes/Notes',
  component: NotesScreen,
  parameters: { layout: 'fullscreen' },
  args: {
    notes: demoNotes.slice(0, 10),
    count: demoNotes.length,
    status: 'ready',
    page: 1,
    filters: {},
    folders: demoFolders,
    foldersStatus: 'ready',
    onRetry: fn(),
    onPageChange: fn(),
    onFiltersChange: fn(),
    onRetryFolders: fn(),
    onNewNote: fn(),
    onCreateFolder: fn(),
    onRenameFolder: fn(),
    onDeleteFolder: fn(),
    onOpenNote: fn(),
    onDownload: fn(),
    onMoveNote: fn(),
    onToggleSaved: fn(),
    onDeleteNote: fn(),
    onRetryNote: fn(),
  },
} satisfies Meta<typeof NotesScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The first page: ten rows with date, duration, folder and status; two pages in all. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Notizen' })).toBeVisible();
    await expect(canvas.getByText('12 Notizen')).toBeVisible();
    const list = canvas.getByRole('list', { name: 'Notizen' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    const board = within(list.querySelector<HTMLElement>('[data-slot="note-row"]:nth-child(5)')!);
    await expect(board.getByText('Vorstandssitzung März 2026')).toBeVisible();
    await expect(board.getByText('45:12')).toBeVisible();
    await expect(board.getByText('Vorstand')).toBeVisible();
    await expect(board.getByText('Gemerkt')).toBeInTheDocument();
    await expect(canvas.getByText('Transkription fehlgeschlagen')).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: 'Vorstandssitzung März 2026' }));
    await expectCalledOnceWith(args.onOpenNote, note(8));
    await userEvent.click(canvas.getByRole('button', { name: 'Seite 2' }));
    await expectCalledOnceWith(args.onPageChange, 2);
    await userEvent.click(canvas.getByRole('button', { name: 'Neue Notiz' }));
    await expect(args.onNewNote).toHaveBeenCalledOnce();
  },
};

/** Notes and folders both loading: placeholders, announced once. */
export const Loading: Story = {
  args: { status: 'loading', notes: [], count: 0, foldersStatus: 'loading', folders: [] },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="note-list"]')).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(canvas.getByText('Notizen werden geladen …')).toBeInTheDocument();
    await expect(canvas.getByText('Ordner werden geladen …')).toBeInTheDocument();
    await expect(canvas.queryByText(/\d+ Notizen/)).toBeNull();
  },
};

/** No notes at all: the empty state leads to the upload form. */
export const Empty: Story = {
  args: { notes: [], count: 0, folders: [] },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { name: 'Noch keine Notizen' })).toBeVisible();
    await expect(canvas.getByText('Noch keine Ordner.')).toBeVisible();
    await expect(canvas.queryByRole('navigation', { name: 'Seitennavigation' })).toBeNull();
    const [headerButton, emptyButton] = canvas.getAllByRole('button', { name: 'Neue Notiz' });
    await userEvent.click(emptyButton ?? headerButton!);
    await expect(args.onNewNote).toHaveBeenCalledOnce();
  },
};

/** A search that finds nothing offers to reset the filters (the folder stays). */
export const NoResults: Story = {
  args: { notes: [], count: 0, filters: { folder_id: 2, search_query: 'Quartalszahlen' } },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { name: 'Keine Notizen gefunden' })).toBeVisible();
    await expect(canvas.getByRole('searchbox', { name: 'Notizen durchsuchen' })).toHaveValue(
      'Quartalszahlen',
    );
    const reset = canvas.getAllByRole('button', { name: 'Filter zurücksetzen' });
    await userEvent.click(reset.at(-1)!);
    await expectCalledOnceWith(args.onFiltersChange, { folder_id: 2 });
  },
};

/** An empty folder says how notes get there. */
export const EmptyFolder: Story = {
  args: { notes: [], count: 0, filters: { folder_id: 3 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Dieser Ordner ist leer' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Vorlesungen' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  },
};

/** The list failed to load (the folders did not): the message and a retry. */
export const Error: Story = {
  args: { status: 'error', notes: [], count: 0 },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Notizen konnten nicht geladen werden.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Erneut versuchen' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
    await expect(args.onRetryFolders).not.toHaveBeenCalled();
    await expect(canvas.getByRole('button', { name: 'Kunden' })).toBeVisible();
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
    await expect(canvas.getByRole('alert')).toHaveTextContent('Keine Internetverbindung.');
  },
};

export const FoldersError: Story = {
  args: { foldersStatus: 'error', folders: [] },
  play: async ({ canvas, args }) => {
    const sidebar = within(canvas.getByRole('navigation', { name: 'Ordner' }));
    await expect(sidebar.getByRole('alert')).toHaveTextContent(
      'Ordner konnten nicht geladen werden.',
    );
    await userEvent.click(sidebar.getByRole('button', { name: 'Erneut versuchen' }));
    await expect(args.onRetryFolders).toHaveBeenCalledOnce();
  },
};

/** Page 3 of 45 notes, in many folders. */
export const Many: Story = {
  args: {
    notes: many.slice(20, 30),
    count: many.length,
    page: 3,
    folders: [...demoFolders, ...manyFolders(12)],
  },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('45 Notizen')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Seite 3' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.getByRole('button', { name: 'Seite 5' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /Weiter/ }));
    await expectCalledOnceWith(args.onPageChange, 4);
  },
};

/** Long German compounds wrap in rows, sidebar and meta line. */
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

/** The list on a phone in the dark theme (docs/architecture.md#colour-theme). */
export const DarkMobile: Story = {
  globals: { theme: 'dark', viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement, canvas }) => {
    await expect(document.documentElement).toHaveClass('dark');
    await expectNoOverflow(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Notizen' })).toBeVisible();
  },
};

/** Notes in progress: status in words, a bar per running step, the failure's reason. */
export const Processing: Story = {
  args: { notes: processing, count: processing.length },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('In Warteschlange')).toBeVisible();
    await expect(canvas.getByText('Wird transkribiert')).toBeVisible();
    await expect(canvas.getByText('Wird zusammengefasst')).toBeVisible();
    await expect(canvas.getByText('Fehlgeschlagen')).toBeVisible();
    await expect(
      canvas.getByRole('progressbar', { name: 'Fortschritt von „Teammeeting Montag“' }),
    ).toHaveAttribute('aria-valuenow', '35');
    await expect(
      canvas.getByRole('progressbar', {
        name: 'Fortschritt von „Vorlesung Datenbanksysteme – Normalformen“',
      }),
    ).toHaveAttribute('aria-valuenow', '72');
    // Nothing to download until a note is done.
    await expect(canvas.queryByRole('button', { name: /herunterladen/ })).toBeNull();
  },
};

/** Typing searches after a pause (once, trimmed); Enter searches at once. */
export const Search: Story = {
  play: async ({ canvas, args }) => {
    const search = canvas.getByRole('searchbox', { name: 'Notizen durchsuchen' });
    await userEvent.type(search, ' Vorstand');
    await expect(args.onFiltersChange).not.toHaveBeenCalled();
    await waitFor(() => expectCalledOnceWith(args.onFiltersChange, { search_query: 'Vorstand' }), {
      timeout: SEARCH_DELAY_MS * 4,
    });
    await userEvent.type(search, 'ssitzung{Enter}');
    await expect(args.onFiltersChange).toHaveBeenLastCalledWith({
      search_query: 'Vorstandssitzung',
    });
    await userEvent.click(canvas.getByRole('button', { name: 'Suche löschen' }));
    await expect(search).toHaveValue('');
    // The magnifier searches at once too.
    await userEvent.type(search, 'Quartal');
    await userEvent.click(canvas.getByRole('button', { name: 'Suchen' }));
    await expect(args.onFiltersChange).toHaveBeenLastCalledWith({ search_query: 'Quartal' });
  },
};

/**
 * A search's results: each row shows its matching passage with the words marked; opening the
 * passage opens the note (the app opens it at that line).
 */
export const SearchResults: Story = {
  args: {
    filters: { search_query: 'Budget' },
    count: 2,
    notes: [note(1), note(2)].map((found, index) => ({
      ...found,
      search_hit: {
        line: index + 3,
        passage: [
          { text: 'Wir prüfen das ', match: false },
          { text: 'Budget', match: true },
          { text: ' bis zum Monatsende noch einmal.', match: false },
        ],
        cut_start: index === 1,
        cut_end: false,
      },
    })),
  },
  play: async ({ canvas, args }) => {
    const passages = canvas.getAllByRole('button', { name: /An der Fundstelle öffnen/ });
    await expect(passages).toHaveLength(2);
    await expect(passages[1]).toHaveTextContent(
      /: …Wir prüfen das Budget bis zum Monatsende noch einmal\.$/,
    );
    await userEvent.click(passages[0]!);
    await expect(args.onOpenNote).toHaveBeenCalledWith(
      expect.objectContaining({ id: 1, search_hit: expect.objectContaining({ line: 3 }) }),
    );
  },
};

/**
 * A word in most of the notes: the count stopped at its limit, so the heading says "more than"
 * and the pages reach as far as the count did.
 */
export const SearchManyMatches: Story = {
  args: {
    filters: { search_query: 'Budget' },
    count: 1000,
    countMore: true,
    notes: many.slice(0, 10),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Mehr als 1.000 Notizen')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Seite 100' })).toBeVisible();
  },
};

/** The screen with filters kept by its caller, which (like the app) passes them back a little later. */
function WithFilterState(props: NotesScreenProps) {
  const [filters, setFilters] = useState<NoteFilters>(props.filters);
  return (
    <NotesScreen
      {...props}
      filters={filters}
      onFiltersChange={(next) => {
        props.onFiltersChange(next);
        setTimeout(() => setFilters(next), 150);
      }}
    />
  );
}

/**
 * The app passes a search back while the person is still typing: what was typed meanwhile
 * stays, and is searched in turn. Resetting the filters empties the field.
 */
export const SearchWhileTyping: Story = {
  render: (args) => <WithFilterState {...args} />,
  play: async ({ canvas, args }) => {
    const search = canvas.getByRole('searchbox', { name: 'Notizen durchsuchen' });
    await userEvent.type(search, 'Vorst');
    await waitFor(() => expect(args.onFiltersChange).toHaveBeenCalledOnce(), {
      timeout: SEARCH_DELAY_MS * 4,
    });
    await userEvent.type(search, 'and');
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(search).toHaveValue('Vorstand');
    await waitFor(() =>
      expect(args.onFiltersChange).toHaveBeenLastCalledWith({ search_query: 'Vorstand' }),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Filter zurücksetzen' }));
    await expect(search).toHaveValue('');
    await expect(args.onFiltersChange).toHaveBeenLastCalledWith({});
  },
};

/** A range ending before it starts is refused at the field; a valid one is reported. */
export const DateRange: Story = {
  args: { filters: { folder_id: 1 } },
  play: async ({ canvas, args }) => {
    const from = canvas.getByLabelText('Von');
    const to = canvas.getByLabelText('Bis');
    // The browser may take the date format from the input's language.
    await expect(from).toHaveAttribute('lang', 'de');
    await userEvent.type(from, '2026-02-20');
    await expect(args.onFiltersChange).toHaveBeenLastCalledWith({
      folder_id: 1,
      start_date: '2026-02-20',
    });
    await userEvent.type(to, '2026-02-10');
    await expect(to).toHaveAccessibleDescription(
      'Das Enddatum darf nicht vor dem Startdatum liegen.',
    );
    await expect(args.onFiltersChange).not.toHaveBeenCalledWith(
      expect.objectContaining({ end_date: '2026-02-10' }),
    );
    await userEvent.clear(to);
    await userEvent.type(to, '2026-02-28');
    await expect(args.onFiltersChange).toHaveBeenLastCalledWith({
      folder_id: 1,
      start_date: '2026-02-20',
      end_date: '2026-02-28',
    });
  },
};

/** Picking a folder filters by it; "Alle Notizen" lifts the filter. */
export const FolderFilter: Story = {
  args: {
    filters: { folder_id: 1 },
    notes: demoNotes.filter((n) => n.folder_id === 1),
    count: 2,
  },
  play: async ({ canvas, args }) => {
    const sidebar = within(canvas.getByRole('navigation', { name: 'Ordner' }));
    await expect(sidebar.getByRole('button', { name: 'Vorstand' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    // Inside a folder its name would only repeat on every row.
    const list = within(canvas.getByRole('list', { name: 'Notizen' }));
    await expect(list.queryByText('Vorstand')).toBeNull();
    await userEvent.click(sidebar.getByRole('button', { name: 'Vorlesungen' }));
    await expect(args.onFiltersChange).toHaveBeenLastCalledWith({ folder_id: 3 });
    await userEvent.click(sidebar.getByRole('button', { name: 'Alle Notizen' }));
    await expect(args.onFiltersChange).toHaveBeenLastCalledWith({});
  },
};

/** "Neuer Ordner": an empty name is refused inline; a name is reported; focus comes back. */
export const CreateFolder: Story = {
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('button', { name: 'Neuer Ordner' });
    await userEvent.click(trigger);
    const dialog = within(await screen.findByRole('dialog', { name: 'Neuer Ordner' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Ordner anlegen' }));
    const name = dialog.getByRole('textbox', { name: 'Ordnername' });
    await waitFor(() => expect(name).toHaveAccessibleDescription('Ordnername erforderlich'));
    await expect(args.onCreateFolder).not.toHaveBeenCalled();
    await userEvent.type(name, 'Team');
    await userEvent.click(dialog.getByRole('button', { name: 'Ordner anlegen' }));
    await expectCalledOnceWith(args.onCreateFolder, 'Team');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const CreateFolderEnglish: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'New folder' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New folder' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Create folder' }));
    await waitFor(() =>
      expect(dialog.getByRole('textbox', { name: 'Folder name' })).toHaveAccessibleDescription(
        'Folder name required',
      ),
    );
    await expect(args.onCreateFolder).not.toHaveBeenCalled();
  },
};

/** A folder's menu renames it; focus returns to the menu button afterwards. */
export const RenameFolder: Story = {
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('button', { name: 'Aktionen für Ordner „Kunden“' });
    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Umbenennen …' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Ordner umbenennen' }));
    const name = dialog.getByRole('textbox', { name: 'Ordnername' });
    await expect(name).toHaveValue('Kunden');
    await userEvent.clear(name);
    await userEvent.type(name, 'Kundschaft{Enter}');
    await expectCalledOnceWith(args.onRenameFolder, demoFolders[1], 'Kundschaft');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

/** Deleting the folder being shown also goes back to all notes. */
export const DeleteFolder: Story = {
  args: { filters: { folder_id: 2 } },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Aktionen für Ordner „Kunden“' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Löschen …' }));
    const dialog = within(
      await screen.findByRole('alertdialog', { name: 'Ordner „Kunden“ löschen?' }),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Ordner löschen' }));
    await expectCalledOnceWith(args.onDeleteFolder, demoFolders[1]);
    await waitFor(() => expect(args.onFiltersChange).toHaveBeenCalledWith({}));
  },
};

/** A row's download menu reports the note, the format and (DOCX, PDF) the note's design. */
export const Download: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(
      canvas.getByRole('button', { name: '„Vorstandssitzung März 2026“ herunterladen' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Word-Dokument (DOCX)' }));
    await expectCalledOnceWith(args.onDownload, note(8), 'docx', 'modern');
  },
};

/** Keyboard only: Tab to a row's download button, open it with Enter, pick with the arrows. */
export const DownloadKeyboard: Story = {
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('button', {
      name: '„Kundengespräch Müller Logistik“ herunterladen',
    });
    await tabTo(trigger, 80);
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: 'Word-Dokument (DOCX)' })).toHaveFocus(),
    );
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expectCalledOnceWith(args.onDownload, note(7), 'pdf', 'classic');
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

/** Move from the actions menu: the dialog reports the note and the folder. */
export const MoveNote: Story = {
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('button', { name: 'Aktionen für „Quartalsplanung Q2“' });
    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'In Ordner verschieben …' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'In Ordner verschieben' }));
    await expect(dialog.getByRole('radio', { name: 'Vorstand' })).toBeChecked();
    await userEvent.click(dialog.getByRole('radio', { name: 'Kunden' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Verschieben' }));
    await expectCalledOnceWith(args.onMoveNote, note(3), 2);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

/** Delete from the actions menu, after confirming. */
export const DeleteNote: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(
      canvas.getByRole('button', {
        name: 'Aktionen für „Interview Bewerberin Frontend-Entwicklung“',
      }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Löschen …' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Notiz löschen?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Endgültig löschen' }));
    await expectCalledOnceWith(args.onDeleteNote, note(4));
  },
};

/** While the deletion runs the confirmation stays open and busy. */
export const DeleteNotePending: Story = {
  args: { onDeleteNote: fn(never) },
  play: async ({ canvas }) => {
    await userEvent.click(
      canvas.getByRole('button', {
        name: 'Aktionen für „Interview Bewerberin Frontend-Entwicklung“',
      }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Löschen …' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Endgültig löschen' }));
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: 'Endgültig löschen' })).toHaveAttribute(
        'aria-busy',
        'true',
      ),
    );
  },
};

/** Save and unsave from the actions menu; a failed note can be processed again. */
export const SaveAndRetry: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(
      canvas.getByRole('button', { name: 'Aktionen für „Quartalsplanung Q2“' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Merken' }));
    await expect(args.onToggleSaved).toHaveBeenLastCalledWith(note(3), true);

    await userEvent.click(
      canvas.getByRole('button', { name: 'Aktionen für „Vorstandssitzung März 2026“' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Nicht mehr merken' }));
    await expect(args.onToggleSaved).toHaveBeenLastCalledWith(note(8), false);

    await userEvent.click(
      canvas.getByRole('button', { name: 'Aktionen für „Projekt-Kick-off Relaunch Website“' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Erneut verarbeiten' }));
    await expectCalledOnceWith(args.onRetryNote, note(9));
  },
};

/** The actions menu open, for the screenshot. */
export const ActionsMenu: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(
      canvas.getByRole('button', { name: 'Aktionen für „Vorstandssitzung März 2026“' }),
    );
    await expect(await screen.findByRole('menu')).toBeVisible();
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Notes' })).toBeVisible();
    await expect(canvas.getByText('12 notes')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'All notes' })).toBeVisible();
    await expect(canvas.getAllByText('Transcribing')[0]).toBeVisible();
    await expect(canvas.getAllByText('45:12')[0]!).toBeVisible();
    await expect(canvas.getByLabelText('From')).toHaveAttribute('lang', 'en');
    await expect(
      canvas.getByRole('button', { name: 'Download “Vorstandssitzung März 2026”' }),
    ).toBeVisible();
  },
};

export const EnglishEmpty: Story = {
  ...Empty,
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'No notes yet' })).toBeVisible();
  },
};
