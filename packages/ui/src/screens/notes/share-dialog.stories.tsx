import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ShareLinkCreated } from '@protokoll/contract';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { demoShareLinks, worksCouncilFormal } from '@protokoll/mocks/fixtures';
import { expectNoOverflow, tabTo } from '../../lib/story-helpers.ts';
import { ShareDialog } from './share-dialog.tsx';

const created: ShareLinkCreated = {
  success: true,
  share: { ...demoShareLinks[0]!, id: 9, views: 0, last_used_at: null },
  url: 'https://protokoll.example/s/Zk3Y8bq1mN0pQr5sTu7vWx9yZa2bCd4eFg6hIj8kLm0',
  unsent: [],
};

/**
 * Sharing a note (docs/sharing.md): the new link's settings, the link shown once with a copy
 * button, and the note's links with their settings, use and Revoke.
 */
const meta = {
  title: 'Screens/Notes/ShareDialog',
  component: ShareDialog,
  args: {
    open: true,
    onOpenChange: fn(),
    noteName: 'Vorstandssitzung Q3',
    hasAudio: true,
    sections: [
      { key: 'overview', label: 'Überblick' },
      { key: 'decisions', label: 'Beschlüsse' },
      { key: 'action_items', label: 'Aufgaben' },
    ],
    teamAddresses: ['jonas.berg@example.de', 'lea.wagner@example.de'],
    status: 'ready',
    shares: demoShareLinks,
    onRetry: fn(),
    onCreate: fn(() => Promise.resolve(created)),
    onRevoke: fn(),
  },
} satisfies Meta<typeof ShareDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = async () =>
  within(await screen.findByRole('dialog', { name: '„Vorstandssitzung Q3“ teilen' }));

/** The form and the note's links: active with a code, expired extract, revoked. */
export const Default: Story = {
  play: async () => {
    const view = await dialog();
    await expect(view.getByRole('checkbox', { name: 'Transkript zeigen' })).not.toBeChecked();
    await expect(view.getByLabelText('Gültigkeit')).toHaveValue('30');
    const links = view
      .getAllByRole('listitem')
      .filter((item) => item.dataset.slot === 'share-link');
    await expect(links).toHaveLength(3);
    await expect(within(links[0]!).getByText('Aktiv')).toBeVisible();
    await expect(
      within(links[0]!).getByText(
        'mit Transkript · mit Aufnahme · mit Zugangscode · gilt bis 28. Dezember 2026',
      ),
    ).toBeVisible();
    await expect(within(links[0]!).getByText(/^7-mal geöffnet, zuletzt am/)).toBeVisible();
    await expect(
      within(links[0]!).getByText('gesendet an jonas.berg@example.de, lea.wagner@example.de'),
    ).toBeVisible();
    await expect(within(links[1]!).getByText('Abgelaufen')).toBeVisible();
    await expect(
      within(links[1]!).getByText(/Auszug · abgelaufen am 8\. November 2026/),
    ).toBeVisible();
    await expect(within(links[2]!).getByText('Zurückgezogen')).toBeVisible();
    await expect(within(links[2]!).getByText('noch nicht geöffnet')).toBeVisible();
    await expect(within(links[2]!).queryByRole('button', { name: 'Zurückziehen' })).toBeNull();
  },
};

/** A link with transcript, a week's expiry, a code, an extract, mailed: then shown once. */
export const Create: Story = {
  play: async ({ args }) => {
    const view = await dialog();
    await userEvent.click(view.getByRole('checkbox', { name: 'Transkript zeigen' }));
    await userEvent.click(view.getByRole('checkbox', { name: 'Aufnahme abspielbar' }));
    await userEvent.selectOptions(view.getByLabelText('Gültigkeit'), '7');
    await userEvent.type(view.getByLabelText(/^Zugangscode/), 'Sommerfest');
    await userEvent.click(view.getByRole('checkbox', { name: 'Nur einen Auszug teilen' }));
    await userEvent.click(view.getByRole('checkbox', { name: 'Beschlüsse' }));
    await userEvent.click(view.getByRole('checkbox', { name: 'Aufgaben' }));
    await userEvent.type(
      view.getByLabelText(/^Per E-Mail senden an/),
      'anna@example.de, Ben@Example.de',
    );
    await userEvent.click(view.getByRole('checkbox', { name: 'lea.wagner@example.de' }));
    await userEvent.type(view.getByLabelText(/^Ihre Nachricht/), 'Wie besprochen.');
    await userEvent.click(view.getByRole('button', { name: 'Link erstellen' }));
    await waitFor(() =>
      expect(args.onCreate).toHaveBeenCalledWith({
        transcript: true,
        audio: true,
        expires_in_days: 7,
        access_code: 'Sommerfest',
        sections: ['decisions', 'action_items'],
        recipients: ['anna@example.de', 'Ben@Example.de', 'lea.wagner@example.de'],
        message: 'Wie besprochen.',
      }),
    );
    await expect(await view.findByText('Link erstellt')).toBeVisible();
    await expect(view.getByRole('textbox', { name: 'Link' })).toHaveValue(created.url);
    await expect(view.getByText('An 2 Personen gesendet.')).toBeVisible();
    await userEvent.click(view.getByRole('button', { name: 'Weiteren Link erstellen' }));
    await expect(view.getByRole('button', { name: 'Link erstellen' })).toBeVisible();
  },
};

/** What the form refuses before asking: a short code, a wrong address, an extract of nothing. */
export const Invalid: Story = {
  play: async ({ args }) => {
    const view = await dialog();
    await userEvent.type(view.getByLabelText(/^Zugangscode/), 'abc');
    await userEvent.type(view.getByLabelText(/^Per E-Mail senden an/), 'anna@example');
    await userEvent.click(view.getByRole('checkbox', { name: 'Nur einen Auszug teilen' }));
    await userEvent.click(view.getByRole('button', { name: 'Link erstellen' }));
    await expect(
      await view.findByText('Der Zugangscode braucht mindestens 4 Zeichen.'),
    ).toBeVisible();
    await expect(
      view.getByText('Bitte prüfen Sie die Adressen: mindestens eine ist ungültig.'),
    ).toBeVisible();
    await expect(view.getByText('Bitte wählen Sie mindestens einen Teil.')).toBeVisible();
    await expect(args.onCreate).not.toHaveBeenCalled();
  },
};

/** Formal minutes: the extract keeps agenda items, with the head. */
export const FormalExtract: Story = {
  args: { sections: undefined, items: worksCouncilFormal.items },
  play: async ({ args }) => {
    const view = await dialog();
    await userEvent.click(view.getByRole('checkbox', { name: 'Nur einen Auszug teilen' }));
    await expect(
      view.getByText(
        'Der Link zeigt nur die gewählten Tagesordnungspunkte, mit dem Kopf des Protokolls.',
      ),
    ).toBeVisible();
    const item = worksCouncilFormal.items[1]!;
    await userEvent.click(
      view.getByRole('checkbox', { name: `TOP ${item.number}: ${item.title}` }),
    );
    await userEvent.click(view.getByRole('button', { name: 'Link erstellen' }));
    await waitFor(() =>
      expect(args.onCreate).toHaveBeenCalledWith(expect.objectContaining({ items: [item.number] })),
    );
  },
};

/** A note without its recording: the audio cannot be shared, and says why. */
export const NoRecording: Story = {
  args: { hasAudio: false },
  play: async () => {
    const view = await dialog();
    await expect(view.getByRole('checkbox', { name: 'Aufnahme abspielbar' })).toBeDisabled();
    await expect(view.getByText('Diese Notiz hat keine Aufnahme mehr.')).toBeVisible();
  },
};

/** Mails that could not be sent are named; the link stands. */
export const NotAllMailed: Story = {
  args: {
    onCreate: fn(() =>
      Promise.resolve({
        ...created,
        share: { ...created.share, mailed_to: ['lea.wagner@example.de'] },
        unsent: ['kaputt@example.de'],
      }),
    ),
  },
  play: async () => {
    const view = await dialog();
    await userEvent.click(view.getByRole('button', { name: 'Link erstellen' }));
    await expect(await view.findByText('Nicht alle E-Mails wurden gesendet')).toBeVisible();
    await expect(
      view.getByText('Nicht gesendet an: kaputt@example.de. Schicken Sie ihnen den Link selbst.'),
    ).toBeVisible();
    await expect(view.getByText('An eine Person gesendet.')).toBeVisible();
  },
};

/** The server refused: the reason above the form, which keeps what was typed. */
export const CreateFailed: Story = {
  args: { onCreate: fn(() => Promise.reject({ message: 'Die Verbindung ist unterbrochen.' })) },
  play: async () => {
    const view = await dialog();
    await userEvent.type(view.getByLabelText(/^Ihre Nachricht/), 'Bitte lesen.');
    await userEvent.click(view.getByRole('button', { name: 'Link erstellen' }));
    await expect(await view.findByText('Die Verbindung ist unterbrochen.')).toBeVisible();
    await expect(view.getByLabelText(/^Ihre Nachricht/)).toHaveValue('Bitte lesen.');
  },
};

/** Revoking asks first, then the app revokes it. */
export const Revoke: Story = {
  play: async ({ args }) => {
    const view = await dialog();
    await userEvent.click(view.getByRole('button', { name: 'Zurückziehen' }));
    await expect(view.getByText(/Link zurückziehen\? Wer ihn hat/)).toBeVisible();
    await userEvent.click(view.getByRole('button', { name: 'Link zurückziehen' }));
    await expect(args.onRevoke).toHaveBeenCalledWith(demoShareLinks[0]);
  },
};

/** Keyboard only: the settings, the form sent with Enter on its button, Revoke and Cancel. */
export const Keyboard: Story = {
  play: async ({ args }) => {
    const view = await dialog();
    await tabTo(view.getByRole('checkbox', { name: 'Transkript zeigen' }));
    await userEvent.keyboard(' ');
    await expect(view.getByRole('checkbox', { name: 'Transkript zeigen' })).toBeChecked();
    await tabTo(view.getByRole('button', { name: 'Link erstellen' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(args.onCreate).toHaveBeenCalledWith(expect.objectContaining({ transcript: true })),
    );
    await tabTo(await view.findByRole('button', { name: 'Zurückziehen' }));
    await userEvent.keyboard('{Enter}');
    await tabTo(view.getByRole('button', { name: 'Abbrechen' }));
    await userEvent.keyboard('{Enter}');
    await expect(view.queryByText(/Link zurückziehen\? Wer ihn hat/)).toBeNull();
    await expect(args.onRevoke).not.toHaveBeenCalled();
  },
};

export const NoLinks: Story = {
  args: { shares: [] },
  play: async () => {
    await expect((await dialog()).getByText('Noch keine Links.')).toBeVisible();
  },
};
export const Loading: Story = { args: { status: 'loading', shares: undefined } };
export const Failed: Story = {
  args: { status: 'error', shares: undefined },
  play: async ({ args }) => {
    const view = await dialog();
    await expect(view.getByText('Die Links konnten nicht geladen werden.')).toBeVisible();
    await userEvent.click(view.getByRole('button', { name: 'Erneut versuchen' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

/** On a phone, with a long German name: nothing runs out of the dialog. */
export const Mobile: Story = {
  args: { noteName: 'Wohnungseigentümergemeinschaftsversammlung Lindenstraße 4' },
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async () => {
    await screen.findByRole('dialog');
    await expectNoOverflow(screen.getByRole('dialog'));
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async () => {
    const view = within(await screen.findByRole('dialog', { name: 'Share “Vorstandssitzung Q3”' }));
    await expect(view.getByRole('checkbox', { name: 'Show the transcript' })).toBeVisible();
    await expect(view.getByText(/^opened 7 times, last on/)).toBeVisible();
  },
};
