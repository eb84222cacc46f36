import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import {
  boardMeetingDetail,
  boardMeetingVersions,
  demoCapabilities,
  failedResummary,
  runningResummary,
} from '@protokoll/mocks/fixtures';
import { expectCalledOnceWith, never } from '../../lib/story-helpers.ts';
import { SummaryTools } from './summary-versions.tsx';

const meta = {
  title: 'Screens/Notes/SummaryTools',
  component: SummaryTools,
  args: {
    note: boardMeetingDetail,
    summaryModels: demoCapabilities.summary_models,
    paid: true,
    languages: demoCapabilities.languages,
    onResummarise: fn(),
    onOpenVersions: fn(),
    versionsStatus: 'ready',
    versions: boardMeetingVersions,
    onRestore: fn(),
  },
  decorators: [
    (Story) => (
      <div className="max-w-xl p-4">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof SummaryTools>;
export default meta;
type Story = StoryObj<typeof meta>;

/** "Neu zusammenfassen" opens the form with its cost line; "Versionen" the list. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Neu zusammenfassen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neu zusammenfassen' });
    await expect(
      within(dialog).getByText('Kostenlos: Es werden keine Minuten berechnet.'),
    ).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/** While a new summary is written: the action waits, the notice says what is being written. */
export const InProgress: Story = {
  args: { note: { ...boardMeetingDetail, resummary: runningResummary } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Neu zusammenfassen' })).toBeDisabled();
    const notice = canvas.getByRole('status');
    await expect(notice).toHaveTextContent('Neue Zusammenfassung wird geschrieben');
    await expect(notice).toHaveTextContent('Stichpunkte · Englisch · Premium');
  },
};

/** A re-summary that failed: why, and that the summary is unchanged and nothing charged. */
export const Failed: Story = {
  args: { note: { ...boardMeetingDetail, resummary: failedResummary } },
  play: async ({ canvas }) => {
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent(
      'Die neue Zusammenfassung konnte nicht geschrieben werden',
    );
    await expect(alert).toHaveTextContent('es wurden keine Minuten berechnet');
    await expect(canvas.getByRole('button', { name: 'Neu zusammenfassen' })).toBeEnabled();
  },
};

/** The versions, newest first, the current one marked; opening asks for them. */
export const VersionsList: Story = {
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Versionen' }));
    await expect(args.onOpenVersions).toHaveBeenCalledOnce();
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Versionen der Zusammenfassung' }),
    );
    const items = within(dialog.getByRole('list')).getAllByRole('listitem');
    await expect(items).toHaveLength(2);
    await expect(items[0]).toHaveTextContent('Version 2Aktuell');
    await expect(items[1]).toHaveTextContent('Stichpunkte · Deutsch · Standard');
  },
};

/** An older version opens read-only, with "wiederherstellen". */
export const ViewOldVersion: Story = {
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Versionen' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Version 1 ansehen' }));
    await expect(dialog.getByRole('heading', { name: 'Stichpunkte' })).toBeInTheDocument();
    await expect(
      dialog.getByRole('button', { name: 'Version 1 wiederherstellen' }),
    ).toBeInTheDocument();
    await expect(args.onRestore).not.toHaveBeenCalled();
  },
};

/** Minutes locked for signature: the versions can be read, none restored. */
export const ViewOnlyWhileLocked: Story = {
  args: { onResummarise: undefined, onRestore: undefined },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Versionen' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Version 1 ansehen' }));
    await expect(dialog.getByRole('heading', { name: 'Stichpunkte' })).toBeInTheDocument();
    await expect(dialog.queryByRole('button', { name: /wiederherstellen/ })).toBeNull();
    await expect(dialog.getByText(/lassen sich ältere nur ansehen/)).toBeInTheDocument();
  },
};

/** Restoring asks first; confirmed, it reports the version and closes. */
export const Restore: Story = {
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Versionen' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Version 1 ansehen' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Version 1 wiederherstellen' }));
    await expect(dialog.getByText('Version 1 wiederherstellen?')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Ja, Version 1 wiederherstellen' }));
    await expectCalledOnceWith(args.onRestore, 1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/** While the restore is on its way its button spins. */
export const Restoring: Story = {
  args: { onRestore: fn(never) },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Versionen' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Version 1 ansehen' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Version 1 wiederherstellen' }));
    const confirm = dialog.getByRole('button', { name: 'Ja, Version 1 wiederherstellen' });
    await userEvent.click(confirm);
    await waitFor(() => expect(confirm).toHaveAttribute('aria-busy', 'true'));
  },
};

/** The versions could not be loaded: the dialog says so and offers to try again. */
export const VersionsLoadFailed: Story = {
  args: { versionsStatus: 'error', versions: undefined, versionsError: { code: 'offline' } },
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Versionen' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Erneut versuchen' }));
    await expect(args.onOpenVersions).toHaveBeenCalledTimes(2);
  },
};

/** In English, keyboard only: the versions list opens with Enter and closes with Escape. */
export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    canvas.getByRole('button', { name: 'Versions' }).focus();
    await userEvent.keyboard('{Enter}');
    const dialog = within(await screen.findByRole('dialog', { name: 'Summary versions' }));
    await expect(dialog.getByText('Current')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};
