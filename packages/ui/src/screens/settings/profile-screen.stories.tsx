import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { demoUser } from '@protokoll/mocks/fixtures';
import { SettingsLayout, type SettingsNavItem } from '../../layouts/settings-layout.tsx';
import { ProfileScreen } from './profile-screen.tsx';

const germanNav: SettingsNavItem[] = [
  { key: 'profile', label: 'Profil', href: '/settings/profile', current: true },
  { key: 'subscription', label: 'Abo', href: '/settings/subscription' },
];
const englishNav: SettingsNavItem[] = [
  { key: 'profile', label: 'Profile', href: '/en/settings/profile', current: true },
  { key: 'subscription', label: 'Subscription', href: '/en/settings/subscription' },
];

/** The field's error text, found through the field's own `aria-describedby`. */
function describedBy(control: HTMLElement): string {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

const meta = {
  title: 'Screens/Settings/Profile',
  component: ProfileScreen,
  parameters: { layout: 'fullscreen' },
  args: {
    user: demoUser,
    onSaveProfile: fn(),
    onRequestEmailChange: fn(),
    onChangePassword: fn(),
    onDeleteAccount: fn(),
  },
  decorators: [
    (Story, context) => (
      <SettingsLayout items={context.globals.locale === 'en' ? englishNav : germanNav}>
        <Story />
      </SettingsLayout>
    ),
  ],
} satisfies Meta<typeof ProfileScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The form starts from the user; a valid submit reports the trimmed, typed values. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
    const firstName = canvas.getByLabelText('Vorname');
    await expect(firstName).toHaveValue('Erika');
    await expect(canvas.getByLabelText('Nachname')).toHaveValue('Mustermann');
    await expect(canvas.getByLabelText(/^Firma/)).toHaveValue('Musterfirma GmbH');
    await expect(canvas.getByLabelText(/^Telefonnummer/)).toHaveValue('+49 30 1234567');
    await expect(canvas.getByText('erika.mustermann@example.de')).toBeVisible();

    await userEvent.clear(firstName);
    await userEvent.type(firstName, '  Erika Maria ');
    await userEvent.clear(canvas.getByLabelText(/^Firma/));
    await userEvent.click(canvas.getByRole('button', { name: 'Änderungen speichern' }));
    await waitFor(() => expect(args.onSaveProfile).toHaveBeenCalledOnce());
    await expect(args.onSaveProfile).toHaveBeenCalledWith({
      first_name: 'Erika Maria',
      last_name: 'Mustermann',
      company: '',
      phone_number: '+49 30 1234567',
    });
  },
};

/** Client-side validation: messages are tied to their fields through `aria-describedby`. */
export const Invalid: Story = {
  play: async ({ canvas, args }) => {
    const firstName = canvas.getByLabelText('Vorname');
    await userEvent.clear(firstName);
    await userEvent.click(canvas.getByRole('button', { name: 'Änderungen speichern' }));
    await waitFor(() => expect(firstName).toHaveAttribute('aria-invalid', 'true'));
    await expect(describedBy(firstName)).toContain('Bitte füllen Sie dieses Feld aus.');
    await expect(firstName).toHaveFocus();
    await expect(args.onSaveProfile).not.toHaveBeenCalled();

    const newEmail = canvas.getByLabelText('Neue E-Mail-Adresse');
    await userEvent.type(newEmail, 'kein-at-zeichen');
    await userEvent.click(canvas.getByRole('button', { name: 'Bestätigungslink senden' }));
    await waitFor(() => expect(newEmail).toHaveAttribute('aria-invalid', 'true'));
    await expect(describedBy(newEmail)).toContain(
      'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    );
    await userEvent.clear(newEmail);
    await userEvent.type(newEmail, 'Erika.Mustermann@example.de');
    await userEvent.click(canvas.getByRole('button', { name: 'Bestätigungslink senden' }));
    await waitFor(() =>
      expect(describedBy(newEmail)).toContain('Das ist bereits Ihre aktuelle E-Mail-Adresse.'),
    );
    await expect(args.onRequestEmailChange).not.toHaveBeenCalled();

    const current = canvas.getByLabelText('Aktuelles Passwort');
    const next = canvas.getByLabelText('Neues Passwort');
    await userEvent.type(current, 'protokoll2026');
    await userEvent.type(next, 'kurz');
    await userEvent.click(canvas.getByRole('button', { name: 'Passwort ändern' }));
    await waitFor(() => expect(next).toHaveAttribute('aria-invalid', 'true'));
    await expect(describedBy(next)).toContain('Das Passwort muss mindestens 8 Zeichen lang sein.');
    await expect(current).not.toHaveAttribute('aria-invalid');
    await expect(args.onChangePassword).not.toHaveBeenCalled();
  },
};

export const Saving: Story = {
  args: { saveStatus: 'pending' },
  play: async ({ canvas }) => {
    const save = canvas.getByRole('button', { name: 'Änderungen speichern' });
    await expect(save).toHaveAttribute('aria-disabled', 'true');
    await expect(save).toHaveAttribute('aria-busy', 'true');
  },
};

export const Saved: Story = {
  args: { saveStatus: 'success' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Ihr Profil wurde gespeichert.')).toBeVisible();
  },
};

/** "Failed to update user Settings" (docs/errors.md#action-failures), in German. */
export const SaveFailed: Story = {
  args: { saveStatus: 'error' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Benutzereinstellungen konnten nicht gespeichert werden',
    );
  },
};

/** A 422 from the server: its field issues land on the fields. */
export const ServerFieldErrors: Story = {
  args: {
    saveStatus: 'error',
    fieldErrors: [{ path: 'phone_number', message: 'validation.tooLong' }],
  },
  play: async ({ canvas }) => {
    const phone = canvas.getByLabelText(/^Telefonnummer/);
    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
    await expect(describedBy(phone)).toContain('Diese Eingabe ist zu lang.');
  },
};

/** A new address is trimmed and lower-cased before it is reported. */
export const EmailChange: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByLabelText('Neue E-Mail-Adresse'), ' Erika.Neu@Example.DE ');
    await userEvent.click(canvas.getByRole('button', { name: 'Bestätigungslink senden' }));
    await waitFor(() => expect(args.onRequestEmailChange).toHaveBeenCalledOnce());
    await expect(args.onRequestEmailChange).toHaveBeenCalledWith('erika.neu@example.de');
  },
};

export const EmailChangeSending: Story = {
  args: { emailStatus: 'pending' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Bestätigungslink senden' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  },
};

export const EmailChangeSent: Story = {
  args: { emailStatus: 'success', emailSentTo: 'erika.neu@example.de' },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText('Bestätigungslink gesendet an erika.neu@example.de'),
    ).toBeVisible();
    // The current address stays until the link is opened.
    await expect(canvas.getByText('erika.mustermann@example.de')).toBeVisible();
  },
};

export const EmailChangeFailed: Story = {
  args: { emailStatus: 'error' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Der Bestätigungslink konnte nicht gesendet werden.',
    );
  },
};

export const PasswordChange: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByLabelText('Aktuelles Passwort'), 'protokoll2026');
    await userEvent.type(canvas.getByLabelText('Neues Passwort'), 'noch-sicherer-2026');
    await userEvent.click(canvas.getByRole('button', { name: 'Passwort ändern' }));
    await waitFor(() => expect(args.onChangePassword).toHaveBeenCalledOnce());
    await expect(args.onChangePassword).toHaveBeenCalledWith({
      current_password: 'protokoll2026',
      new_password: 'noch-sicherer-2026',
    });
  },
};

export const PasswordChanged: Story = {
  args: { passwordStatus: 'success' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Ihr Passwort wurde geändert.')).toBeVisible();
  },
};

/** The server rejected the current password: the message sits on that field, not in a banner. */
export const WrongPassword: Story = {
  args: { passwordStatus: 'error', passwordError: { code: 'wrongPassword' } },
  play: async ({ canvas }) => {
    const current = canvas.getByLabelText('Aktuelles Passwort');
    await waitFor(() => expect(current).toHaveAttribute('aria-invalid', 'true'));
    await expect(describedBy(current)).toContain('Das aktuelle Passwort ist falsch.');
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** Delete only after typing exactly DELETE: not lower case, not with a space. */
export const DeleteDialog: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Konto löschen …' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Konto endgültig löschen?' });
    const confirm = within(dialog).getByRole('button', { name: 'Endgültig löschen' });
    const input = within(dialog).getByLabelText('Geben Sie zur Bestätigung DELETE ein');
    await expect(confirm).toBeDisabled();

    await userEvent.type(input, 'delete');
    await expect(confirm).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, 'DELETE ');
    await expect(confirm).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, 'DELET');
    await expect(confirm).toBeDisabled();
    await userEvent.type(input, 'E');
    await expect(confirm).toBeEnabled();

    await userEvent.click(confirm);
    await expect(args.onDeleteAccount).toHaveBeenCalledOnce();
  },
};

/** Cancelling closes the dialog and forgets what was typed. */
export const DeleteCancelled: Story = {
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('button', { name: 'Konto löschen …' });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.type(within(dialog).getByRole('textbox'), 'DELETE');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(trigger).toHaveFocus();
    await userEvent.click(trigger);
    const reopened = await screen.findByRole('alertdialog');
    await expect(within(reopened).getByRole('textbox')).toHaveValue('');
    await expect(args.onDeleteAccount).not.toHaveBeenCalled();
  },
};

/**
 * The deletion runs: confirming is blocked, but Cancel (and Escape) still close the dialog
 * (docs/errors.md#every-action-ends).
 */
export const Deleting: Story = {
  args: { defaultDeleteDialogOpen: true, deleteStatus: 'pending' },
  play: async () => {
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.type(within(dialog).getByRole('textbox'), 'DELETE');
    const confirm = within(dialog).getByRole('button', { name: 'Endgültig löschen' });
    await expect(confirm).toHaveAttribute('aria-busy', 'true');
    await expect(confirm).toHaveAttribute('aria-disabled', 'true');
    await expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeEnabled();
  },
};

/** Escape while the deletion runs closes the dialog; the typed word stays for another try. */
export const DeletingEscape: Story = {
  args: { defaultDeleteDialogOpen: true, deleteStatus: 'pending' },
  play: async () => {
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.type(within(dialog).getByRole('textbox'), 'DELETE');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  },
};

/** "Failed to delete account", in German, inside the dialog; trying again is possible. */
export const DeleteFailed: Story = {
  args: { defaultDeleteDialogOpen: true, deleteStatus: 'error' },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('alertdialog');
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Konto konnte nicht gelöscht werden',
    );
    await userEvent.type(within(dialog).getByRole('textbox'), 'DELETE');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Endgültig löschen' }));
    await expect(args.onDeleteAccount).toHaveBeenCalledOnce();
  },
};

export const LongContent: Story = {
  args: {
    user: {
      ...demoUser,
      email: 'maximiliane.von-hohenzollern-sigmaringen@donaudampfschifffahrtsgesellschaft.de',
      firstName: 'Maximiliane Friederike Auguste',
      lastName: 'von Hohenzollern-Sigmaringen',
      company: 'Donaudampfschifffahrtsgesellschaft mbH',
      phoneNumber: '+49 (0) 8031 123456789',
    },
    emailStatus: 'success',
    emailSentTo: 'maximiliane.friederike@donaudampfschifffahrtselektrizitaetenhauptbetriebswerk.de',
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByLabelText(/^Firma/)).toHaveValue(
      'Donaudampfschifffahrtsgesellschaft mbH',
    );
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

/** English, with the fixed English wording for a failed save. */
export const English: Story = {
  globals: { locale: 'en' },
  args: { saveStatus: 'error' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(canvas.getByLabelText('First name')).toHaveValue('Erika');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Failed to update user Settings');
    await expect(canvas.getByRole('button', { name: 'Delete account …' })).toBeVisible();
  },
};
