import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { expectNoOverflow } from '../../lib/story-helpers.ts';
import { PasswordSection, type PasswordSectionProps } from './password-section.tsx';
import type { ProfileActionStatus } from './profile-status.ts';

/** The section as the app drives it: a reported change succeeds at once. */
function ChangingPasswordSection({ onChange, ...props }: PasswordSectionProps) {
  const [status, setStatus] = useState<ProfileActionStatus>('idle');
  return (
    <PasswordSection
      {...props}
      status={status}
      onChange={(values) => {
        onChange(values);
        setStatus('success');
      }}
    />
  );
}

const meta = {
  title: 'Screens/Settings/Parts/PasswordSection',
  component: PasswordSection,
  args: { onChange: fn(), status: 'idle', error: undefined, fieldErrors: undefined },
  decorators: [
    (Story) => (
      <div className="max-w-3xl">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PasswordSection>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Both passwords typed: the change is reported with them, nothing else. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('form', { name: 'Passwort' })).toBeVisible();
    const current = canvas.getByLabelText('Aktuelles Passwort');
    await expect(current).toHaveAttribute('type', 'password');
    await expect(current).toHaveAttribute('autocomplete', 'current-password');
    await expect(canvas.getByLabelText('Neues Passwort')).toHaveAttribute(
      'autocomplete',
      'new-password',
    );
    await userEvent.type(current, 'protokoll2026');
    await userEvent.type(canvas.getByLabelText('Neues Passwort'), 'noch-sicherer-2026');
    await userEvent.click(canvas.getByRole('button', { name: 'Passwort ändern' }));
    await waitFor(() => expect(args.onChange).toHaveBeenCalledOnce());
    await expect(args.onChange).toHaveBeenCalledWith({
      current_password: 'protokoll2026',
      new_password: 'noch-sicherer-2026',
    });
  },
};

/** A new password under 8 characters is refused at its field before anything is sent. */
export const TooShort: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByLabelText('Aktuelles Passwort'), 'protokoll2026');
    const next = canvas.getByLabelText('Neues Passwort');
    await userEvent.type(next, 'kurz');
    await userEvent.click(canvas.getByRole('button', { name: 'Passwort ändern' }));
    await waitFor(() => expect(next).toHaveAttribute('aria-invalid', 'true'));
    await expect(next).toHaveAccessibleDescription(
      'Das Passwort muss mindestens 8 Zeichen lang sein.',
    );
    await expect(next).toHaveFocus();
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

/** The change is running: the button spins and takes no second click. */
export const Pending: Story = {
  args: { status: 'pending' },
  play: async ({ canvas }) => {
    const submit = canvas.getByRole('button', { name: 'Passwort ändern' });
    await expect(submit).toHaveAttribute('aria-disabled', 'true');
    await expect(submit).toHaveAttribute('aria-busy', 'true');
  },
};

/** A finished change says so and empties both fields: nothing is left to submit. */
export const Changed: Story = {
  render: (args) => <ChangingPasswordSection {...args} />,
  play: async ({ canvas, args }) => {
    const current = canvas.getByLabelText('Aktuelles Passwort');
    await userEvent.type(current, 'protokoll2026');
    await userEvent.type(canvas.getByLabelText('Neues Passwort'), 'noch-sicherer-2026');
    await userEvent.click(canvas.getByRole('button', { name: 'Passwort ändern' }));
    await expect(await canvas.findByText('Ihr Passwort wurde geändert.')).toBeVisible();
    await expect(args.onChange).toHaveBeenCalledOnce();
    await waitFor(() => expect(current).toHaveValue(''));
    await expect(canvas.getByLabelText('Neues Passwort')).toHaveValue('');
  },
};

/** The server rejected the current password: the message sits on that field, not in a banner. */
export const WrongPassword: Story = {
  args: { status: 'error', error: { code: 'wrongPassword' } },
  play: async ({ canvas }) => {
    const current = canvas.getByLabelText('Aktuelles Passwort');
    await waitFor(() => expect(current).toHaveAttribute('aria-invalid', 'true'));
    await expect(current).toHaveAccessibleDescription('Das aktuelle Passwort ist falsch.');
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** Any other failure: the section's own text in a banner under the fields. */
export const Failed: Story = {
  args: { status: 'error', error: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Das Passwort konnte nicht geändert werden.',
    );
  },
};

/** A 422 about the new password lands on its field. */
export const ServerFieldError: Story = {
  args: {
    status: 'error',
    fieldErrors: [{ path: 'new_password', message: 'validation.passwordUnchanged' }],
  },
  play: async ({ canvas }) => {
    const next = canvas.getByLabelText('Neues Passwort');
    await waitFor(() =>
      expect(next).toHaveAccessibleDescription(
        'Das neue Passwort muss sich vom aktuellen unterscheiden.',
      ),
    );
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { status: 'error', error: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('form', { name: 'Password' })).toBeVisible();
    await expect(canvas.getByLabelText('Current password')).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent('The password could not be changed.');
  },
};

/** On a phone the two fields stack, and the failure's banner wraps. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  args: { status: 'error', error: undefined },
  play: async ({ canvas, canvasElement }) => {
    const current = canvas.getByLabelText('Aktuelles Passwort').getBoundingClientRect();
    const next = canvas.getByLabelText('Neues Passwort').getBoundingClientRect();
    await expect(next.top).toBeGreaterThan(current.bottom);
    await expectNoOverflow(canvasElement);
  },
};
