import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { storyLanguageSwitch } from './lib/story-fixtures.tsx';
import { UpdateEmailScreen } from './update-email-screen.tsx';

const meta = {
  title: 'Screens/Auth/UpdateEmail',
  component: UpdateEmailScreen,
  parameters: { layout: 'fullscreen' },
  args: {
    status: 'confirming',
    continueHref: '/login',
    onRetry: fn(),
    homeHref: '/',
    languageSwitch: storyLanguageSwitch(),
  },
} satisfies Meta<typeof UpdateEmailScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Confirming: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Ihre neue E-Mail-Adresse wird bestätigt …',
    );
    await expect(canvas.queryByRole('link', { name: 'Zur Anmeldung' })).toBeNull();
  },
};

export const Success: Story = {
  args: { status: 'success', email: 'anna.mueller@example.de' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'E-Mail-Adresse geändert',
    );
    await expect(canvas.getByRole('status')).toHaveTextContent('anna.mueller@example.de');
    await waitFor(() => expect(canvas.getByRole('status')).toHaveFocus());
    await expect(canvas.getByRole('link', { name: 'Zur Anmeldung' })).toHaveAttribute(
      'href',
      '/login',
    );
  },
};

export const SuccessSignedIn: Story = {
  args: { status: 'success', signedIn: true, continueHref: '/settings/profile' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Zu den Einstellungen' })).toHaveAttribute(
      'href',
      '/settings/profile',
    );
  },
};

export const InvalidToken: Story = {
  args: { status: 'invalidToken' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Link ungültig oder abgelaufen',
    );
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Dieser Bestätigungslink ist ungültig oder abgelaufen.',
    );
  },
};

export const Error: Story = {
  args: { status: 'error', error: { code: 'offline' } },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Keine Internetverbindung. Bitte prüfen Sie Ihr Netzwerk.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Erneut versuchen' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: {
    status: 'success',
    email: 'anna-katharina.mueller-luedenscheidt@steuerberatung-beispiel.de',
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: {
    status: 'success',
    continueHref: '/en/login',
    homeHref: '/en',
    languageSwitch: storyLanguageSwitch(),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'E-mail address changed',
    );
    await expect(canvas.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute(
      'href',
      '/en/login',
    );
  },
};
