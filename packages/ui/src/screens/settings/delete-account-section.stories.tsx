import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { expectNoOverflow } from '../../lib/story-helpers.ts';
import { DeleteAccountSection } from './delete-account-section.tsx';

const meta = {
  title: 'Screens/Settings/Parts/DeleteAccountSection',
  component: DeleteAccountSection,
  args: { onDelete: fn(), status: 'idle', error: undefined, defaultDialogOpen: false },
  decorators: [
    (Story) => (
      <div className="max-w-3xl">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof DeleteAccountSection>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The danger zone, a region named by its heading; its button opens the dialog. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const zone = canvas.getByRole('region', { name: 'Konto löschen' });
    await expect(
      within(zone).getByText(/mit allen Notizen, Ordnern und Aufnahmen endgültig gelöscht/),
    ).toBeVisible();
    await expect(within(zone).getByRole('button', { name: 'Konto löschen …' })).toBeEnabled();
  },
};

/** Only exactly DELETE enables the final button, which then reports the deletion. */
export const Confirm: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Konto löschen …' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Konto endgültig löschen?' });
    // What happens beyond the data: the subscription, a team led or joined.
    await expect(dialog).toHaveTextContent('Ein laufendes Abonnement wird sofort beendet');
    await expect(dialog).toHaveTextContent('Leiten Sie ein Team, wird es aufgelöst');
    await expect(dialog).toHaveTextContent('Sind Sie Mitglied eines Teams, verlassen Sie es.');
    const input = within(dialog).getByLabelText('Geben Sie zur Bestätigung DELETE ein');
    const confirm = within(dialog).getByRole('button', { name: 'Endgültig löschen' });
    await expect(input).toHaveAccessibleDescription('Groß geschrieben, genau wie angezeigt.');
    await userEvent.type(input, 'delete');
    await expect(confirm).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, 'DELETE');
    await expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    await expect(args.onDelete).toHaveBeenCalledOnce();
  },
};

/** The dialog open with the word typed: what the person sees before the last click. */
export const DialogFilled: Story = {
  args: { defaultDialogOpen: true },
  play: async () => {
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.type(within(dialog).getByRole('textbox'), 'DELETE');
    await expect(within(dialog).getByRole('button', { name: 'Endgültig löschen' })).toBeEnabled();
  },
};

/** Deleting: the final button spins and blocks, Cancel still closes. */
export const Deleting: Story = {
  args: { defaultDialogOpen: true, status: 'pending' },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.type(within(dialog).getByRole('textbox'), 'DELETE');
    const confirm = within(dialog).getByRole('button', { name: 'Endgültig löschen' });
    await expect(confirm).toHaveAttribute('aria-busy', 'true');
    await expect(confirm).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{Enter}');
    await expect(args.onDelete).not.toHaveBeenCalled();
    await expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeEnabled();
  },
};

/** "Failed to delete account", in German, inside the dialog. */
export const Failed: Story = {
  args: { defaultDialogOpen: true, status: 'error' },
  play: async () => {
    const dialog = await screen.findByRole('alertdialog');
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Konto konnte nicht gelöscht werden',
    );
  },
};

/** Cancel closes the dialog, gives focus back to its button and forgets the typed word. */
export const Cancelled: Story = {
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('button', { name: 'Konto löschen …' });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.type(within(dialog).getByRole('textbox'), 'DELETE');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(trigger).toHaveFocus();
    await userEvent.click(trigger);
    await expect(within(await screen.findByRole('alertdialog')).getByRole('textbox')).toHaveValue(
      '',
    );
    await expect(args.onDelete).not.toHaveBeenCalled();
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { defaultDialogOpen: true, status: 'error' },
  play: async () => {
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Delete your account permanently?',
    });
    await expect(within(dialog).getByLabelText('Type DELETE to confirm')).toBeVisible();
    await expect(dialog).toHaveTextContent('A running subscription ends at once');
    await expect(dialog).toHaveTextContent('If you lead a team, it is dissolved');
    await expect(dialog).toHaveTextContent('If you are a member of a team, you leave it.');
    await expect(within(dialog).getByRole('alert')).toHaveTextContent('Failed to delete account');
  },
};

/** On a phone the dialog fits the screen and its buttons stay reachable. */
export const DialogMobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  args: { defaultDialogOpen: true, status: 'error' },
  play: async () => {
    const dialog = await screen.findByRole('alertdialog');
    await expect(within(dialog).getByRole('button', { name: 'Endgültig löschen' })).toBeVisible();
    await expectNoOverflow(document.body);
  },
};
