import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import {
  expectFieldError,
  storyLanguageSwitch,
  tabTo,
  failureStory,
} from './lib/story-fixtures.tsx';
import {
  ForgotPasswordScreen,
  type ForgotPasswordScreenProps,
  type ForgotPasswordValues,
} from './forgot-password-screen.tsx';

const meta = {
  title: 'Screens/Auth/ForgotPassword',
  component: ForgotPasswordScreen,
  parameters: { layout: 'fullscreen' },
  args: {
    status: 'form',
    onSubmit: fn(),
    submitting: false,
    loginHref: '/login',
    homeHref: '/',
    languageSwitch: storyLanguageSwitch(),
  },
} satisfies Meta<typeof ForgotPasswordScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Plays the app's part: after a submit the request "went through" and the screen shows `sent`. */
function SubmitFlow(args: ForgotPasswordScreenProps) {
  const [status, setStatus] = useState(args.status);
  const onSubmit = async (values: ForgotPasswordValues) => {
    await args.onSubmit(values);
    setStatus('sent');
  };
  return <ForgotPasswordScreen {...args} status={status} onSubmit={onSubmit} />;
}

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Passwort vergessen?',
    );
    await expect(canvas.getByLabelText('E-Mail-Adresse')).toHaveAttribute('autocomplete', 'email');
    await expect(canvas.getByRole('link', { name: 'Zurück zur Anmeldung' })).toHaveAttribute(
      'href',
      '/login',
    );
  },
};

export const Invalid: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Link senden' }));
    const email = canvas.getByLabelText('E-Mail-Adresse');
    await expectFieldError(email, 'Bitte füllen Sie dieses Feld aus.');
    await userEvent.type(email, 'anna');
    await expectFieldError(email, 'Bitte geben Sie eine gültige E-Mail-Adresse ein.');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Typing and Enter only; the confirmation takes focus and never says whether the account exists. */
export const SubmitWithKeyboard: Story = {
  render: (args) => <SubmitFlow {...args} />,
  play: async ({ canvas, args }) => {
    await tabTo(canvas.getByLabelText('E-Mail-Adresse'));
    await userEvent.keyboard('Anna.Mueller@example.de{Enter}');
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({ email: 'anna.mueller@example.de' }),
    );
    const status = await canvas.findByRole('status');
    await expect(status).toHaveTextContent(
      'Falls ein Konto mit der Adresse anna.mueller@example.de existiert, haben wir Ihnen eine E-Mail',
    );
    await waitFor(() => expect(status).toHaveFocus());
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Prüfen Sie Ihr Postfach',
    );
  },
};

export const Submitting: Story = {
  args: { submitting: true, defaultEmail: 'anna.mueller@example.de' },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: /Link senden/ });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveAttribute('aria-busy', 'true');
  },
};

export const Sent: Story = {
  args: { status: 'sent' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Falls ein Konto existiert, haben wir Ihnen eine E-Mail mit einem Link zum Zurücksetzen gesendet.',
    );
    await expect(canvas.queryByRole('textbox')).toBeNull();
  },
};

export const TooManyAttempts: Story = failureStory(
  { code: 'tooManyAttempts' },
  'Zu viele Versuche. Bitte versuchen Sie es später erneut.',
);

export const Offline: Story = failureStory(
  { code: 'offline' },
  'Keine Internetverbindung. Bitte prüfen Sie Ihr Netzwerk.',
);

export const ServerError: Story = failureStory(
  { code: 'server' },
  'Serverfehler. Bitte versuchen Sie es später erneut.',
);

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  render: (args) => <SubmitFlow {...args} />,
  play: async ({ canvasElement, canvas }) => {
    await userEvent.type(
      canvas.getByLabelText('E-Mail-Adresse'),
      'anna-katharina.mueller-luedenscheidt@steuerberatung-beispiel.de{Enter}',
    );
    await canvas.findByRole('status');
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { loginHref: '/en/login', homeHref: '/en', languageSwitch: storyLanguageSwitch() },
  render: (args) => <SubmitFlow {...args} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Forgot your password?',
    );
    await userEvent.type(canvas.getByLabelText('E-mail address'), 'anna@example.com{Enter}');
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      'If an account exists for anna@example.com, we have sent you an e-mail',
    );
  },
};
