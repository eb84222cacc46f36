import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import {
  expectFieldError,
  expectFocusedAlert,
  FakeGoogleButton,
  storyLanguageSwitch,
  storySiteFooter,
  tabTo,
  failureStory,
} from './lib/story-fixtures.tsx';
import { LoginScreen } from './login-screen.tsx';

const meta = {
  title: 'Screens/Auth/Login',
  component: LoginScreen,
  parameters: { layout: 'fullscreen' },
  args: {
    onSubmit: fn(),
    submitting: false,
    registerHref: '/register',
    forgotPasswordHref: '/forgot-password',
    homeHref: '/',
    languageSwitch: storyLanguageSwitch(),
  },
} satisfies Meta<typeof LoginScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Anmelden');
    const email = canvas.getByLabelText('E-Mail-Adresse');
    await expect(email).toHaveAttribute('autocomplete', 'email');
    await expect(email).toHaveAttribute('inputmode', 'email');
    await expect(canvas.getByLabelText('Passwort')).toHaveAttribute(
      'autocomplete',
      'current-password',
    );
    await expect(canvas.getByRole('link', { name: 'Passwort vergessen?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    await expect(canvas.getByRole('link', { name: 'Jetzt registrieren' })).toHaveAttribute(
      'href',
      '/register',
    );
    await expect(canvas.queryByText('oder')).toBeNull();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const Invalid: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Anmelden' }));
    const email = canvas.getByLabelText('E-Mail-Adresse');
    await expectFieldError(email, 'Bitte füllen Sie dieses Feld aus.');
    await expectFieldError(canvas.getByLabelText('Passwort'), 'Bitte füllen Sie dieses Feld aus.');
    await expect(email).toHaveFocus();
    await expect(args.onSubmit).not.toHaveBeenCalled();

    await userEvent.type(email, 'anna.mueller@');
    await expectFieldError(email, 'Bitte geben Sie eine gültige E-Mail-Adresse ein.');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const ValidSubmit: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByLabelText('E-Mail-Adresse'), '  Anna.Mueller@Example.de ');
    await userEvent.type(canvas.getByLabelText('Passwort'), 'sicheres-passwort-42');
    await userEvent.click(canvas.getByRole('button', { name: 'Anmelden' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        email: 'anna.mueller@example.de',
        password: 'sicheres-passwort-42',
      }),
    );
  },
};

export const KeyboardOnly: Story = {
  play: async ({ canvas, args }) => {
    await tabTo(canvas.getByLabelText('E-Mail-Adresse'));
    await userEvent.keyboard('anna.mueller@example.de');
    await userEvent.tab();
    await expect(canvas.getByLabelText('Passwort')).toHaveFocus();
    await userEvent.keyboard('sicheres-passwort-42{Enter}');
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        email: 'anna.mueller@example.de',
        password: 'sicheres-passwort-42',
      }),
    );
  },
};

export const PasswordToggle: Story = {
  play: async ({ canvas }) => {
    const password = canvas.getByLabelText('Passwort');
    await userEvent.type(password, 'geheim123');
    await expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(canvas.getByRole('button', { name: 'Passwort anzeigen' }));
    await expect(password).toHaveAttribute('type', 'text');
    await expect(password).toHaveValue('geheim123');
    await userEvent.click(canvas.getByRole('button', { name: 'Passwort verbergen' }));
    await expect(password).toHaveAttribute('type', 'password');
  },
};

export const Submitting: Story = {
  args: { submitting: true },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: /Anmelden/ });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const WithGoogle: Story = {
  args: { googleButton: <FakeGoogleButton /> },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('oder')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Mit Google anmelden' })).toBeVisible();
  },
};

export const Timeout: Story = failureStory(
  { code: 'timeout' },
  'Zeitüberschreitung der Anfrage. Bitte versuchen Sie es erneut.',
);

export const InvalidCredentials: Story = failureStory(
  { code: 'invalidCredentials' },
  'Ungültige E-Mail-Adresse oder ungültiges Passwort',
);

export const GoogleFailed: Story = {
  args: { error: { code: 'googleAuthFailed' }, googleButton: <FakeGoogleButton /> },
  play: async ({ canvasElement }) => {
    await expectFocusedAlert(canvasElement, 'Google-Anmeldung fehlgeschlagen');
  },
};

export const TooManyAttempts: Story = failureStory(
  { code: 'tooManyAttempts' },
  'Zu viele Versuche. Bitte versuchen Sie es später erneut.',
);

export const ServerError: Story = failureStory(
  { code: 'server' },
  'Serverfehler. Bitte versuchen Sie es später erneut.',
);

export const Offline: Story = failureStory(
  { code: 'offline' },
  'Keine Internetverbindung. Bitte prüfen Sie Ihr Netzwerk.',
);

/** A 4xx with the server's own message (docs/errors.md#texts-by-context): shown as written. */
export const ServerMessage: Story = failureStory(
  { message: 'Dieses Konto ist vorübergehend gesperrt.' },
  'Dieses Konto ist vorübergehend gesperrt.',
);

/**
 * The default text when nothing more specific applies ("Login failed";
 * docs/errors.md#texts-by-context).
 */
export const LoginFailed: Story = failureStory({ code: 'loginFailed' }, 'Anmeldung fehlgeschlagen');

export const ServerFieldErrors: Story = {
  args: {
    defaultEmail: 'anna.mueller@example',
    fieldErrors: [{ path: 'email', message: 'validation.emailInvalid' }],
  },
  play: async ({ canvas }) => {
    await expectFieldError(
      canvas.getByLabelText('E-Mail-Adresse'),
      'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    );
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: { googleButton: <FakeGoogleButton />, error: { code: 'invalidCredentials' } },
  play: async ({ canvasElement, canvas }) => {
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
    await expect(canvas.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  },
};

/** What a phone set to dark sees (docs/architecture.md#colour-theme). */
export const DarkMobile: Story = {
  globals: { theme: 'dark', viewport: { value: 'mobile', isRotated: false } },
  args: { googleButton: <FakeGoogleButton />, error: { code: 'invalidCredentials' } },
  play: async ({ canvasElement, canvas }) => {
    await expect(document.documentElement).toHaveClass('dark');
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
    await expect(canvas.getByRole('link', { name: 'English' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: {
    registerHref: '/en/register',
    forgotPasswordHref: '/en/forgot-password',
    homeHref: '/en',
    languageSwitch: storyLanguageSwitch(),
    googleButton: <FakeGoogleButton label="Sign in with Google" />,
    error: { code: 'invalidCredentials' },
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Sign in');
    await expectFocusedAlert(canvasElement, 'Invalid email or password');
    await expect(canvas.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/en/forgot-password',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expectFieldError(canvas.getByLabelText('E-mail address'), 'Please');
  },
};

export const WithSiteFooter: Story = {
  args: { siteFooter: storySiteFooter() },
  play: async ({ canvas }) => {
    const footer = canvas.getByRole('contentinfo');
    await expect(canvas.getByRole('main')).toBeVisible();
    await expect(footer).toBeVisible();
    await expect(within(footer).getByRole('link', { name: 'Impressum' })).toHaveAttribute(
      'href',
      '/impressum',
    );
    await expect(within(footer).getByRole('link', { name: 'AGB' })).toHaveAttribute('href', '/agb');
  },
};

export const WithSiteFooterMobile: Story = {
  args: { siteFooter: storySiteFooter() },
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('contentinfo')).toBeVisible();
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};
