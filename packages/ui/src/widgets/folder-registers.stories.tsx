import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { demoRegisters, plainRegisters } from '@protokoll/mocks/fixtures';
import { expectNoOverflow, tabTo } from '../lib/story-helpers.ts';
import { FolderRegistersDialog } from './folder-registers.tsx';

/**
 * A folder's registers (docs/formal-minutes.md#registers): the Gremium mark, the
 * Beschluss-Sammlung by year (a struck entry, a deleted note's entry, a vote not said) and the
 * Aufgabenliste with its marks and the open tasks carried over to the next agenda.
 */
const meta = {
  title: 'Widgets/FolderRegisters',
  component: FolderRegistersDialog,
  args: {
    folderName: 'Betriebsrat Werk Nord',
    open: true,
    onOpenChange: fn(),
    status: 'ready',
    registers: demoRegisters,
    onRetry: fn(),
    onGremiumChange: fn(),
    onTaskDone: fn(),
    onDownload: fn(),
    onCarryOver: fn(),
    onOpenNote: fn(),
  },
} satisfies Meta<typeof FolderRegistersDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = async () =>
  within(
    await screen.findByRole('dialog', { name: 'Register des Ordners „Betriebsrat Werk Nord“' }),
  );

/** The Beschluss-Sammlung of a Gremium: by year, struck entries marked, each with its source. */
export const Resolutions: Story = {
  play: async ({ args }) => {
    const view = await dialog();
    await expect(view.getByRole('checkbox', { name: 'Als Gremium führen' })).toBeChecked();
    const year = within(view.getByRole('region', { name: '2026' }));
    const entries = year.getAllByRole('listitem');
    await expect(entries).toHaveLength(4);
    await expect(within(entries[0]!).getByText('Nr. 2026/1')).toBeVisible();
    await expect(within(entries[0]!).getByText('Gestrichen')).toBeVisible();
    await expect(
      within(entries[0]!).getByText(/Mit Fassung 2 am 27\. März 2026 gestrichen/),
    ).toBeVisible();
    await expect(
      within(entries[0]!).getByText('7 Ja, 0 Nein, 2 Enthaltungen – angenommen'),
    ).toBeVisible();
    await expect(
      within(entries[3]!).getByText('Betriebsratssitzung April, Fassung 1 (Notiz gelöscht)'),
    ).toBeVisible();
    await expect(within(entries[3]!).getByText(/Online/)).toBeVisible();
    const old = within(view.getByRole('region', { name: '2025' }));
    await expect(old.getByText('Abstimmungsergebnis nicht genannt')).toBeVisible();
    await userEvent.click(
      within(entries[1]!).getByRole('button', { name: 'Betriebsratssitzung März, Fassung 1' }),
    );
    await expect(args.onOpenNote).toHaveBeenCalledWith(1);
    await userEvent.click(view.getByRole('button', { name: 'Als CSV herunterladen' }));
    await expect(args.onDownload).toHaveBeenCalledWith('csv');
  },
};

/** The Aufgabenliste: a task marked done, the open ones carried over to the next agenda. */
export const Tasks: Story = {
  play: async ({ args }) => {
    const view = await dialog();
    await userEvent.click(view.getByRole('tab', { name: 'Aufgaben (2 offen)' }));
    const done = view.getByRole('checkbox', {
      name: 'Die Geschäftsleitung über den Beschluss informieren',
    });
    await expect(done).toBeChecked();
    await expect(
      view.getByText('Verantwortlich: Petra Schmidt · Fällig: 15.05.2026'),
    ).toBeVisible();
    await expect(
      view.getByRole('button', {
        name: '12.03.2026: Betriebsratssitzung März · TOP 3: Sommerfest',
      }),
    ).toBeVisible();
    await userEvent.click(
      view.getByRole('checkbox', { name: 'Drei Angebote für einen Festsaal einholen' }),
    );
    await waitFor(() =>
      expect(args.onTaskDone).toHaveBeenCalledWith(
        expect.objectContaining({ key: 'a1b2c3d4e5f60718' }),
        true,
      ),
    );
    await userEvent.click(
      view.getByRole('button', { name: '2 offene Punkte in die nächste Tagesordnung übernehmen' }),
    );
    await expect(args.onCarryOver).toHaveBeenCalledWith([
      expect.objectContaining({ key: 'a1b2c3d4e5f60718' }),
      expect.objectContaining({ key: 'c1b2c3d4e5f60718' }),
    ]);
  },
};

/** Keyboard only: the Gremium mark, the tabs with the arrow keys, a task's mark, carrying over. */
export const Keyboard: Story = {
  play: async ({ args }) => {
    const view = await dialog();
    await tabTo(view.getByRole('checkbox', { name: 'Als Gremium führen' }));
    await userEvent.keyboard(' ');
    await expect(args.onGremiumChange).toHaveBeenCalledWith(false);
    await tabTo(view.getByRole('tab', { name: 'Beschlüsse (5)' }));
    await userEvent.keyboard('{ArrowRight}');
    await expect(view.getByRole('tab', { name: 'Aufgaben (2 offen)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const carry = view.getByRole('button', {
      name: '2 offene Punkte in die nächste Tagesordnung übernehmen',
    });
    await tabTo(carry);
    const first = view.getByRole('checkbox', { name: 'Drei Angebote für einen Festsaal einholen' });
    await tabTo(first);
    await userEvent.keyboard(' ');
    await waitFor(() =>
      expect(args.onTaskDone).toHaveBeenCalledWith(
        expect.objectContaining({ key: 'a1b2c3d4e5f60718' }),
        true,
      ),
    );
    carry.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onCarryOver).toHaveBeenCalled();
  },
};

/** A folder not kept as a Gremium: the mark off, no resolutions collected; marking it. */
export const NotGremium: Story = {
  args: { folderName: 'Kunden', registers: plainRegisters },
  play: async ({ args }) => {
    const view = within(await screen.findByRole('dialog'));
    await expect(
      view.getByText(
        'Dieser Ordner wird nicht als Gremium geführt: Beschlüsse werden nicht gesammelt.',
      ),
    ).toBeVisible();
    await userEvent.click(view.getByRole('checkbox', { name: 'Als Gremium führen' }));
    await expect(args.onGremiumChange).toHaveBeenCalledWith(true);
  },
};

/** A Gremium without final minutes yet, and no tasks. */
export const Empty: Story = {
  args: { registers: { ...demoRegisters, resolutions: [], tasks: [] } },
  play: async () => {
    const view = await dialog();
    await expect(view.getByText(/Noch keine Beschlüsse\./)).toBeVisible();
    await userEvent.click(view.getByRole('tab', { name: 'Aufgaben (0 offen)' }));
    await expect(
      view.getByText('In den Notizen dieses Ordners sind keine Aufgaben festgehalten.'),
    ).toBeVisible();
    await expect(view.queryByRole('button', { name: /in die nächste Tagesordnung/ })).toBeNull();
  },
};

/** A change the server refused: the reason above the registers, which stay as they were. */
export const ChangeFailed: Story = {
  args: {
    onGremiumChange: fn(() => Promise.reject({ message: 'Die Verbindung ist unterbrochen.' })),
  },
  play: async () => {
    const view = await dialog();
    await userEvent.click(view.getByRole('checkbox', { name: 'Als Gremium führen' }));
    await expect(await view.findByText('Die Verbindung ist unterbrochen.')).toBeVisible();
    await expect(view.getByRole('checkbox', { name: 'Als Gremium führen' })).toBeChecked();
  },
};

export const Loading: Story = { args: { status: 'loading', registers: undefined } };
export const Failed: Story = {
  args: { status: 'error', registers: undefined },
  play: async ({ args }) => {
    const view = await dialog();
    await expect(view.getByText('Die Register konnten nicht geladen werden.')).toBeVisible();
    await userEvent.click(view.getByRole('button', { name: 'Erneut versuchen' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

/** On a phone, with a long German folder name: nothing runs out of the dialog. */
export const Mobile: Story = {
  args: { folderName: 'Wohnungseigentümergemeinschaftsversammlung Lindenstraße 4' },
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async () => {
    const view = within(await screen.findByRole('dialog'));
    await expect(view.getByText('Nr. 2026/1')).toBeVisible();
    await expectNoOverflow(screen.getByRole('dialog'));
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async () => {
    const view = within(
      await screen.findByRole('dialog', {
        name: 'Registers of the folder “Betriebsrat Werk Nord”',
      }),
    );
    await expect(view.getByText('No. 2026/1')).toBeVisible();
    await expect(view.getByRole('tab', { name: 'Tasks (2 open)' })).toBeVisible();
  },
};
