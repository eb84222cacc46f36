import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { demoUser } from '@protokoll/mocks/fixtures';
import { expectNoOverflow } from '../../lib/story-helpers.ts';
import { ProfileSection } from './profile-section.tsx';

const longUser = {
  firstName: 'Maximiliane Friederike Auguste',
  lastName: 'von Hohenzollern-Sigmaringen',
  company: 'Donaudampfschifffahrtselektrizitätenhauptbetriebswerkbauunterbeamtengesellschaft mbH',
  phoneNumber: '+49 (0) 8031 123456789',
};

const meta = {
  title: 'Screens/Settings/Parts/ProfileSection',
  component: ProfileSection,
  args: {
    user: demoUser,
    onSave: fn(),
    status: 'idle',
    error: undefined,
    fieldErrors: undefined,
  },
  decorators: [
    (Story) => (
      <div className="max-w-3xl">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ProfileSection>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Filled from the user; saving reports the trimmed values, an emptied company as empty. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('form', { name: 'Profil' })).toBeVisible();
    await expect(canvas.getByLabelText('Vorname')).toHaveValue('Erika');
    await expect(canvas.getByLabelText('Nachname')).toHaveValue('Mustermann');
    await expect(canvas.getByLabelText(/^Telefonnummer/)).toHaveAttribute('type', 'tel');
    const company = canvas.getByLabelText(/^Firma/);
    await expect(company).toHaveValue('Musterfirma GmbH');
    await userEvent.clear(company);
    await userEvent.type(company, '  Muster & Söhne KG ');
    await userEvent.click(canvas.getByRole('button', { name: 'Änderungen speichern' }));
    await waitFor(() => expect(args.onSave).toHaveBeenCalledOnce());
    await expect(args.onSave).toHaveBeenCalledWith({
      first_name: 'Erika',
      last_name: 'Mustermann',
      company: 'Muster & Söhne KG',
      phone_number: '+49 30 1234567',
    });
  },
};

/** A new user without company or phone: both optional fields start empty. */
export const Empty: Story = {
  args: { user: { firstName: '', lastName: '', company: null, phoneNumber: null } },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByLabelText(/^Firma/)).toHaveValue('');
    await userEvent.click(canvas.getByRole('button', { name: 'Änderungen speichern' }));
    const firstName = canvas.getByLabelText('Vorname');
    await waitFor(() => expect(firstName).toHaveAttribute('aria-invalid', 'true'));
    await expect(firstName).toHaveAccessibleDescription('Bitte füllen Sie dieses Feld aus.');
    await expect(canvas.getByLabelText(/^Firma/)).not.toHaveAttribute('aria-invalid');
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

export const Saving: Story = {
  args: { status: 'pending' },
  play: async ({ canvas }) => {
    const save = canvas.getByRole('button', { name: 'Änderungen speichern' });
    await expect(save).toHaveAttribute('aria-disabled', 'true');
    await expect(save).toHaveAttribute('aria-busy', 'true');
  },
};

export const Saved: Story = {
  args: { status: 'success' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Ihr Profil wurde gespeichert.')).toBeVisible();
  },
};

/** "Failed to update user Settings" (docs/errors.md#action-failures), in German. */
export const Failed: Story = {
  args: { status: 'error' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Benutzereinstellungen konnten nicht gespeichert werden',
    );
  },
};

/** A 422 from the server: its issue lands on the phone field. */
export const ServerFieldError: Story = {
  args: {
    status: 'error',
    fieldErrors: [{ path: 'phone_number', message: 'validation.tooLong' }],
  },
  play: async ({ canvas }) => {
    const phone = canvas.getByLabelText(/^Telefonnummer/);
    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
    await expect(phone).toHaveAccessibleDescription('Diese Eingabe ist zu lang.');
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { status: 'error' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('form', { name: 'Profile' })).toBeVisible();
    await expect(canvas.getByLabelText('First name')).toHaveValue('Erika');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Failed to update user Settings');
  },
};

/** Long German names and a company name without a break, on a phone: nothing runs out. */
export const LongContentMobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  args: { user: longUser, status: 'success' },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByLabelText(/^Firma/)).toHaveValue(longUser.company);
    await expectNoOverflow(canvasElement);
  },
};
