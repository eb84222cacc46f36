import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import {
  countedFolders,
  demoFolders,
  longNameFolders,
  manyFolders,
} from '@protokoll/mocks/fixtures';
import { FolderSidebar } from './folder-sidebar.tsx';
import { expectCalledOnceWith, expectNoOverflow, failing, never } from '../../lib/story-helpers.ts';

const board = demoFolders[0]!;
const clients = demoFolders[1]!;

/** The texts of the folder buttons in `element` marked as the current one. */
const current = (element: HTMLElement) =>
  within(element)
    .getAllByRole('button', { current: true })
    .map((button) => button.textContent);

const meta = {
  title: 'Screens/Notes/Parts/FolderSidebar',
  component: FolderSidebar,
  args: {
    folders: demoFolders,
    status: 'ready',
    onRetry: fn(),
    selectedId: undefined,
    onSelect: fn(),
    onCreateFolder: fn(),
    onRenameFolder: fn(),
    onDeleteFolder: fn(),
  },
  decorators: [
    (Story) => (
      <div className="w-60 max-w-full">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof FolderSidebar>;
export default meta;
type Story = StoryObj<typeof meta>;

/** All notes shown: "Alle Notizen" is current; picking a folder reports its id. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    const navElement = canvas.getByRole('navigation', { name: 'Ordner' });
    const nav = within(navElement);
    await expect(nav.getByRole('heading', { level: 2, name: 'Ordner' })).toBeVisible();
    await expect(current(navElement)).toEqual(['Alle Notizen']);
    await userEvent.click(nav.getByRole('button', { name: 'Vorlesungen' }));
    await expectCalledOnceWith(args.onSelect, 3);
    await expect(nav.getAllByRole('button', { name: /^Aktionen für Ordner/ })).toHaveLength(3);
  },
};

/** One folder's notes shown: it is current, and "Alle Notizen" lifts the filter. */
export const Selected: Story = {
  args: { selectedId: clients.id },
  play: async ({ canvas, canvasElement, args }) => {
    await expect(current(canvasElement)).toEqual(['Kunden']);
    await expect(canvas.getByRole('button', { name: 'Alle Notizen' })).not.toHaveAttribute(
      'aria-current',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Alle Notizen' }));
    await expectCalledOnceWith(args.onSelect, undefined);
  },
};

/** The folders are loading: "Alle Notizen" works already; creating a folder too. */
export const Loading: Story = {
  args: { status: 'loading', folders: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Ordner werden geladen …');
    await expect(canvas.getByRole('button', { name: 'Alle Notizen' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Neuer Ordner' })).toBeVisible();
    await expect(canvas.queryByText('Noch keine Ordner.')).toBeNull();
  },
};

/** Even folders the app still knows are hidden while their list is in doubt. */
export const Error: Story = {
  args: { status: 'error' },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Ordner konnten nicht geladen werden.',
    );
    await expect(canvas.queryByRole('button', { name: 'Kunden' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Erneut versuchen' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const Empty: Story = {
  args: { folders: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Noch keine Ordner.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Neuer Ordner' })).toBeVisible();
  },
};

/** "Neuer Ordner": the name is reported trimmed and focus returns to the button. */
export const CreateFolder: Story = {
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('button', { name: 'Neuer Ordner' });
    await userEvent.click(trigger);
    const dialog = within(await screen.findByRole('dialog', { name: 'Neuer Ordner' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Ordnername' }), '  Team Nord ');
    await userEvent.click(dialog.getByRole('button', { name: 'Ordner anlegen' }));
    await expectCalledOnceWith(args.onCreateFolder, 'Team Nord');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

/** A folder's menu renames it; focus returns to that menu's button. */
export const RenameFolder: Story = {
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('button', { name: 'Aktionen für Ordner „Vorstand“' });
    await userEvent.click(trigger);
    const items = await screen.findAllByRole('menuitem');
    await expect(items.map((item) => item.textContent)).toEqual(['Umbenennen …', 'Löschen …']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Umbenennen …' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Ordner umbenennen' }));
    const name = dialog.getByRole('textbox', { name: 'Ordnername' });
    await expect(name).toHaveValue('Vorstand');
    await userEvent.clear(name);
    await userEvent.type(name, 'Geschäftsführung{Enter}');
    await expectCalledOnceWith(args.onRenameFolder, board, 'Geschäftsführung');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

/** Deleting the folder being shown also goes back to all notes, once the deletion succeeded. */
export const DeleteSelectedFolder: Story = {
  args: { selectedId: clients.id },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Aktionen für Ordner „Kunden“' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Löschen …' }));
    const dialog = within(
      await screen.findByRole('alertdialog', { name: 'Ordner „Kunden“ löschen?' }),
    );
    await expect(args.onSelect).not.toHaveBeenCalled();
    await userEvent.click(dialog.getByRole('button', { name: 'Ordner löschen' }));
    await expectCalledOnceWith(args.onDeleteFolder, clients);
    await waitFor(() => expectCalledOnceWith(args.onSelect, undefined));
  },
};

/** Deleting another folder leaves the current view alone. */
export const DeleteOtherFolder: Story = {
  args: { selectedId: clients.id },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Aktionen für Ordner „Vorstand“' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Löschen …' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Ordner löschen' }));
    await expectCalledOnceWith(args.onDeleteFolder, board);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(args.onSelect).not.toHaveBeenCalled();
  },
};

/** A failed deletion keeps the dialog open with the reason, and the view where it was. */
export const DeleteFolderFailed: Story = {
  args: { selectedId: clients.id, onDeleteFolder: fn(failing('server')) },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Aktionen für Ordner „Kunden“' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Löschen …' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Ordner löschen' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Serverfehler. Bitte versuchen Sie es später erneut.',
    );
    await expect(args.onSelect).not.toHaveBeenCalled();
  },
};

/** While the deletion runs, the confirmation stays open and busy. */
export const DeleteFolderPending: Story = {
  args: { onDeleteFolder: fn(never) },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Aktionen für Ordner „Kunden“' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Löschen …' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Ordner löschen' }));
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: 'Ordner löschen' })).toHaveAttribute(
        'aria-busy',
        'true',
      ),
    );
  },
};

/** Fifteen folders, the one shown far down the list. */
export const Many: Story = {
  args: { folders: [...demoFolders, ...manyFolders(12)], selectedId: 311 },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getAllByRole('listitem')).toHaveLength(16);
    await expect(current(canvasElement)).toEqual(['Projekt 12']);
  },
};

/** Long names wrap inside the narrow sidebar instead of widening it or being cut off. */
export const LongNames: Story = {
  args: { folders: longNameFolders, selectedId: longNameFolders[0]!.id },
  play: async ({ canvas, canvasElement }) => {
    await expectNoOverflow(canvasElement);
    const nav = canvas.getByRole('navigation');
    for (const folder of longNameFolders) {
      const name = canvas.getByText(folder.name);
      await expect(name.getBoundingClientRect().right).toBeLessThanOrEqual(
        nav.getBoundingClientRect().right + 0.5,
      );
      // Taller than one line: wrapped, not truncated.
      await expect(name.getBoundingClientRect().height).toBeGreaterThan(
        parseFloat(getComputedStyle(name).lineHeight) * 1.5,
      );
    }
  },
};

export const LongNamesMobile: Story = {
  ...LongNames,
  globals: { viewport: { value: 'mobile', isRotated: false } },
};

export const Mobile: Story = {
  args: { selectedId: board.id },
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement }) => {
    await expectNoOverflow(canvasElement);
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { selectedId: clients.id },
  play: async ({ canvas, canvasElement, args }) => {
    await expect(canvas.getByRole('navigation', { name: 'Folders' })).toBeVisible();
    await expect(current(canvasElement)).toEqual(['Kunden']);
    await userEvent.click(canvas.getByRole('button', { name: 'All notes' }));
    await expectCalledOnceWith(args.onSelect, undefined);
    await userEvent.click(canvas.getByRole('button', { name: 'Actions for folder “Kunden”' }));
    const items = await screen.findAllByRole('menuitem');
    await expect(items.map((item) => item.textContent)).toEqual(['Rename …', 'Delete …']);
    await userEvent.keyboard('{Escape}');
  },
};

export const EnglishError: Story = {
  ...Error,
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Folders could not be loaded.');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** The list answer's counts: each folder tells how many notes it holds, heard as its description. */
export const WithNoteCounts: Story = {
  args: { folders: countedFolders },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Vorstand' })).toHaveAccessibleDescription(
      '12 Notizen',
    );
    await expect(canvas.getByRole('button', { name: 'Kunden' })).toHaveAccessibleDescription(
      '1 Notiz',
    );
    await expect(canvas.getByRole('button', { name: 'Vorlesungen' })).toHaveTextContent(
      'Vorlesungen0',
    );
  },
};

export const WithNoteCountsEnglish: Story = {
  args: { folders: countedFolders },
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Vorstand' })).toHaveAccessibleDescription(
      '12 notes',
    );
    await expect(canvas.getByRole('button', { name: 'Kunden' })).toHaveAccessibleDescription(
      '1 note',
    );
  },
};

export const WithNoteCountsMobile: Story = {
  args: { folders: [...countedFolders, { ...longNameFolders[1]!, note_count: 1234 }] },
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement }) => {
    await expectNoOverflow(canvasElement);
  },
};

/** A folder's menu with its glossary and registers (docs/formal-minutes.md#registers). */
export const FolderTools: Story = {
  args: { onOpenFolderGlossary: fn(), onOpenFolderRegisters: fn() },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Aktionen für Ordner „Vorstand“' }));
    await expect(await screen.findByRole('menuitem', { name: 'Glossar …' })).toBeVisible();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Register …' }));
    await expectCalledOnceWith(args.onOpenFolderRegisters, board);
    await expect(args.onOpenFolderGlossary).not.toHaveBeenCalled();
  },
};
