import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import {
  expectFieldError,
  storyLanguageSwitch,
  tabTo,
  failureStory,
} from './lib/story-fixtures.tsx';
import { ResetPasswordScreen } from './reset-password-screen.tsx';

const meta = {
  title: 'Screens/Auth/ResetPassword',
  component: ResetPasswordScreen,
  parameters: { layout: 'fullscreen' },
  args: {
    status: 'form',
    onSubmit: fn(),
    submitting: false,
    loginHref: '/login',
    forgotPasswordHref: '/forgot-password',
    homeHref: '/',
    languageSwitch: storyLanguageSwitch(),
  },
} satisfies Meta<typeof ResetPasswordScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Neues Passwort festlegen',
    );
    await expect(canvas.getByLabelText('Neues Passwort')).toHaveAttribute(
      'autocomplete',
      'new-password',
    );
    await expect(canvas.getByLabelText('Neues Passwort wiederholen')).toHaveAttribute(
      'autocomplete',
      'new-password',
    );
  },
};

export const Invalid: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Passwort speichern' }));
    await expectFieldError(
      canvas.getByLabelText('Neues Passwort'),
      'Das Passwort muss mindestens 8 Zeichen lang sein.',
    );
    await expectFieldError(
      canvas.getByLabelText('Neues Passwort wiederholen'),
      'Bitte füllen Sie dieses Feld aus.',
    );
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const Mismatch: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByLabelText('Neues Passwort'), 'Sommer-Regen-2026');
    await userEvent.type(canvas.getByLabelText('Neues Passwort wiederholen'), 'Sommer-Regen-2025');
    await userEvent.click(canvas.getByRole('button', { name: 'Passwort speichern' }));
    await expectFieldError(
      canvas.getByLabelText('Neues Passwort wiederholen'),
      'Die Passwörter stimmen nicht überein.',
    );
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const SubmitWithKeyboard: Story = {
  play: async ({ canvas, args }) => {
    await tabTo(canvas.getByLabelText('Neues Passwort'));
    await userEvent.keyboard('Sommer-Regen-2026');
    await tabTo(canvas.getByLabelText('Neues Passwort wiederholen'));
    await userEvent.keyboard('Sommer-Regen-2026{Enter}');
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({ password: 'Sommer-Regen-2026' }),
    );
  },
};

export const PasswordToggle: Story = {
  play: async ({ canvas }) => {
    const [first, second] = canvas.getAllByRole('button', { name: 'Passwort anzeigen' });
    await userEvent.click(first!);
    await expect(canvas.getByLabelText('Neues Passwort')).toHaveAttribute('type', 'text');
    await expect(canvas.getByLabelText('Neues Passwort wiederholen')).toHaveAttribute(
      'type',
      'password',
    );
    await userEvent.click(second!);
    await expect(canvas.getByLabelText('Neues Passwort wiederholen')).toHaveAttribute(
      'type',
      'text',
    );
  },
};

export const Submitting: Story = {
  args: { submitting: true },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: /Passwort speichern/ });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveAttribute('aria-busy', 'true');
  },
};

export const ServerError: Story = failureStory(
  { code: 'server' },
  'Serverfehler. Bitte versuchen Sie es später erneut.',
);

export const Offline: Story = failureStory(
  { code: 'offline' },
  'Keine Internetverbindung. Bitte prüfen Sie Ihr Netzwerk.',
);

export const Success: Story = {
  args: { status: 'success' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Passwort geändert');
    await expect(canvas.getByRole('status')).toHaveTextContent('Ihr Passwort wurde geändert.');
    await expect(canvas.getByRole('link', { name: 'Zur Anmeldung' })).toHaveAttribute(
      'href',
      '/login',
    );
  },
};

export const InvalidToken: Story = {
  args: { status: 'invalidToken' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Link ungültig oder abgelaufen',
    );
    await expect(canvas.queryByLabelText('Neues Passwort')).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Neuen Link anfordern' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Passwort speichern' }));
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: {
    loginHref: '/en/login',
    forgotPasswordHref: '/en/forgot-password',
    homeHref: '/en',
    languageSwitch: storyLanguageSwitch(),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Set a new password');
    await userEvent.type(canvas.getByLabelText('New password'), 'Sommer-Regen-2026');
    await userEvent.type(canvas.getByLabelText('Repeat new password'), 'something-else');
    await userEvent.click(canvas.getByRole('button', { name: 'Save password' }));
    await expectFieldError(
      canvas.getByLabelText('Repeat new password'),
      'The passwords do not match.',
    );
  },
};
