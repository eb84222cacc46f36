import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { expectNoOverflow } from '../../lib/story-helpers.ts';
import { EmailSection, type EmailSectionProps } from './email-section.tsx';
import type { ProfileActionStatus } from './profile-status.ts';

/** The section as the app drives it: a requested change is sent at once. */
function RequestingEmailSection({ onRequestChange, ...props }: EmailSectionProps) {
  const [status, setStatus] = useState<ProfileActionStatus>('idle');
  return (
    <EmailSection
      {...props}
      status={status}
      onRequestChange={(email) => {
        onRequestChange(email);
        setStatus('success');
      }}
    />
  );
}

const meta = {
  title: 'Screens/Settings/Parts/EmailSection',
  component: EmailSection,
  args: {
    email: 'erika.mustermann@example.de',
    onRequestChange: fn(),
    status: 'idle',
    error: undefined,
    sentTo: undefined,
    fieldErrors: undefined,
  },
  decorators: [
    (Story) => (
      <div className="max-w-3xl">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof EmailSection>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The current address, and a new one reported trimmed and lower-cased. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('form', { name: 'E-Mail-Adresse' })).toBeVisible();
    await expect(canvas.getByText('erika.mustermann@example.de')).toBeVisible();
    const input = canvas.getByLabelText('Neue E-Mail-Adresse');
    await expect(input).toHaveAttribute('type', 'email');
    await userEvent.type(input, ' Erika.Neu@Example.DE ');
    await userEvent.click(canvas.getByRole('button', { name: 'Bestätigungslink senden' }));
    await waitFor(() => expect(args.onRequestChange).toHaveBeenCalledOnce());
    await expect(args.onRequestChange).toHaveBeenCalledWith('erika.neu@example.de');
  },
};

/** Not an address, then the current one again: both refused at the field, nothing sent. */
export const Invalid: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByLabelText('Neue E-Mail-Adresse');
    const submit = canvas.getByRole('button', { name: 'Bestätigungslink senden' });
    await userEvent.type(input, 'kein-at-zeichen');
    await userEvent.click(submit);
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription('Bitte geben Sie eine gültige E-Mail-Adresse ein.'),
    );
    await userEvent.clear(input);
    await userEvent.type(input, 'Erika.Mustermann@example.de');
    await userEvent.click(submit);
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription('Das ist bereits Ihre aktuelle E-Mail-Adresse.'),
    );
    await expect(args.onRequestChange).not.toHaveBeenCalled();
  },
};

export const Sending: Story = {
  args: { status: 'pending' },
  play: async ({ canvas }) => {
    const submit = canvas.getByRole('button', { name: 'Bestätigungslink senden' });
    await expect(submit).toHaveAttribute('aria-disabled', 'true');
    await expect(submit).toHaveAttribute('aria-busy', 'true');
  },
};

/** The link went out; the current address stays until it is opened. */
export const Sent: Story = {
  args: { status: 'success', sentTo: 'erika.neu@example.de' },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText('Bestätigungslink gesendet an erika.neu@example.de'),
    ).toBeVisible();
    await expect(canvas.getByText('erika.mustermann@example.de')).toBeVisible();
  },
};

/**
 * Sent from the form: the notice names the address just typed (the app passes no `sentTo`) and
 * the field is emptied.
 */
export const SentFromForm: Story = {
  render: (args) => <RequestingEmailSection {...args} />,
  play: async ({ canvas, args }) => {
    const input = canvas.getByLabelText('Neue E-Mail-Adresse');
    await userEvent.type(input, 'erika.neu@example.de');
    await userEvent.click(canvas.getByRole('button', { name: 'Bestätigungslink senden' }));
    await expect(
      await canvas.findByText('Bestätigungslink gesendet an erika.neu@example.de'),
    ).toBeVisible();
    await expect(args.onRequestChange).toHaveBeenCalledWith('erika.neu@example.de');
    await waitFor(() => expect(input).toHaveValue(''));
  },
};

/** The address belongs to another account: said at the field, no banner. */
export const AlreadyRegistered: Story = {
  args: { status: 'error', error: { code: 'emailExists' } },
  play: async ({ canvas }) => {
    const input = canvas.getByLabelText('Neue E-Mail-Adresse');
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    await expect(input).toHaveAccessibleDescription('Diese E-Mail-Adresse ist bereits registriert');
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const Failed: Story = {
  args: { status: 'error' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Der Bestätigungslink konnte nicht gesendet werden.',
    );
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { status: 'success', sentTo: 'erika.neu@example.de' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('form', { name: 'E-mail address' })).toBeVisible();
    await expect(canvas.getByText('Confirmation link sent to erika.neu@example.de')).toBeVisible();
  },
};

/** Addresses without a place to break, on a phone: they wrap anywhere instead of running out. */
export const LongAddressMobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  args: {
    email: 'maximiliane.von-hohenzollern-sigmaringen@donaudampfschifffahrtsgesellschaft.de',
    status: 'success',
    sentTo: 'maximiliane.friederike@donaudampfschifffahrtselektrizitaetenhauptbetriebswerk.de',
  },
  play: async ({ canvasElement }) => {
    await expectNoOverflow(canvasElement);
  },
};
