import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, type within } from 'storybook/test';
import {
  expectFieldError,
  expectFocusedAlert,
  FakeGoogleButton,
  storyLanguageSwitch,
  tabTo,
  failureStory,
} from './lib/story-fixtures.tsx';
import { RegisterScreen } from './register-screen.tsx';

const meta = {
  title: 'Screens/Auth/Register',
  component: RegisterScreen,
  parameters: { layout: 'fullscreen' },
  args: {
    onSubmit: fn(),
    submitting: false,
    loginHref: '/login',
    termsHref: '/agb',
    privacyHref: '/datenschutz',
    homeHref: '/',
    languageSwitch: storyLanguageSwitch(),
  },
} satisfies Meta<typeof RegisterScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

const REQUIRED = 'Bitte füllen Sie dieses Feld aus.';
const TOO_SHORT = 'Das Passwort muss mindestens 8 Zeichen lang sein.';
const TERMS = 'Bitte stimmen Sie den AGB und der Datenschutzerklärung zu.';

async function fillRequired(canvas: Canvas) {
  await userEvent.type(canvas.getByLabelText('Vorname'), 'Anna');
  await userEvent.type(canvas.getByLabelText('Nachname'), 'Müller');
  await userEvent.type(canvas.getByLabelText('E-Mail-Adresse'), 'anna.mueller@example.de');
  await userEvent.type(canvas.getByLabelText('Passwort'), 'Sommer-Regen-2026');
}

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Konto erstellen');
    const autocomplete: [string, string][] = [
      ['Vorname', 'given-name'],
      ['Nachname', 'family-name'],
      ['E-Mail-Adresse', 'email'],
      ['Passwort', 'new-password'],
      ['Unternehmen (optional)', 'organization'],
      ['Telefonnummer (optional)', 'tel'],
    ];
    for (const [label, value] of autocomplete) {
      await expect(canvas.getByLabelText(label)).toHaveAttribute('autocomplete', value);
    }
    await expect(canvas.getByLabelText('Telefonnummer (optional)')).toHaveAttribute(
      'inputmode',
      'tel',
    );
    await expect(canvas.getByRole('link', { name: 'AGB' })).toHaveAttribute('href', '/agb');
    await expect(canvas.getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute(
      'href',
      '/datenschutz',
    );
    await expect(canvas.getByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', '/login');
    await expect(canvas.getByLabelText('Passwort')).toHaveAccessibleDescription(
      'Mindestens 8 Zeichen.',
    );
  },
};

export const Invalid: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Konto erstellen' }));
    await expectFieldError(canvas.getByLabelText('Vorname'), REQUIRED);
    await expectFieldError(canvas.getByLabelText('Nachname'), REQUIRED);
    await expectFieldError(canvas.getByLabelText('E-Mail-Adresse'), REQUIRED);
    // The contract's new-password rule answers an empty password with its minimum length.
    await expectFieldError(canvas.getByLabelText('Passwort'), TOO_SHORT);
    await expectFieldError(canvas.getByRole('checkbox'), TERMS);
    // Company and phone are optional.
    await expect(canvas.getByLabelText('Unternehmen (optional)')).not.toHaveAttribute(
      'aria-invalid',
    );
    await expect(canvas.getByLabelText('Telefonnummer (optional)')).not.toHaveAttribute(
      'aria-invalid',
    );
    await expect(canvas.getByLabelText('Vorname')).toHaveFocus();
    await expect(args.onSubmit).not.toHaveBeenCalled();

    await userEvent.type(canvas.getByLabelText('E-Mail-Adresse'), 'anna.mueller@');
    await expectFieldError(
      canvas.getByLabelText('E-Mail-Adresse'),
      'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    );
    await userEvent.type(canvas.getByLabelText('Passwort'), 'kurz');
    await expectFieldError(canvas.getByLabelText('Passwort'), TOO_SHORT);
  },
};

export const TermsRequired: Story = {
  play: async ({ canvas, args }) => {
    await fillRequired(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Konto erstellen' }));
    const terms = canvas.getByRole('checkbox', { name: /Ich akzeptiere die AGB/ });
    await expectFieldError(terms, TERMS);
    await expect(args.onSubmit).not.toHaveBeenCalled();

    await userEvent.click(terms);
    await expect(terms).toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Konto erstellen' }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledOnce());
  },
};

export const ValidSubmit: Story = {
  play: async ({ canvas, args }) => {
    await fillRequired(canvas);
    await userEvent.type(canvas.getByLabelText('Unternehmen (optional)'), 'Müller & Söhne GmbH');
    await userEvent.type(canvas.getByLabelText('Telefonnummer (optional)'), '+49 30 1234567');
    await userEvent.click(canvas.getByRole('checkbox'));
    await userEvent.click(canvas.getByRole('button', { name: 'Konto erstellen' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        first_name: 'Anna',
        last_name: 'Müller',
        email: 'anna.mueller@example.de',
        password: 'Sommer-Regen-2026',
        company: 'Müller & Söhne GmbH',
        phone_number: '+49 30 1234567',
        accept_terms: true,
      }),
    );
  },
};

export const KeyboardOnly: Story = {
  play: async ({ canvas, args }) => {
    await tabTo(canvas.getByLabelText('Vorname'));
    await userEvent.keyboard('Anna');
    await userEvent.tab();
    await userEvent.keyboard('Müller');
    await userEvent.tab();
    await userEvent.keyboard('anna.mueller@example.de');
    await userEvent.tab();
    await userEvent.keyboard('Sommer-Regen-2026');
    await tabTo(canvas.getByRole('checkbox'));
    await userEvent.keyboard(' ');
    await expect(canvas.getByRole('checkbox')).toBeChecked();
    await tabTo(canvas.getByRole('button', { name: 'Konto erstellen' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({ email: 'anna.mueller@example.de', accept_terms: true }),
      ),
    );
  },
};

export const PasswordStrength: Story = {
  play: async ({ canvas }) => {
    const password = canvas.getByLabelText('Passwort');
    await userEvent.type(password, 'abc');
    await expect(password).toHaveAccessibleDescription(/Passwortstärke: zu kurz/);
    await userEvent.type(password, 'defgh');
    await expect(password).toHaveAccessibleDescription(/Passwortstärke: schwach/);
    await userEvent.type(password, '1234');
    await expect(password).toHaveAccessibleDescription(/Passwortstärke: mittel/);
    await userEvent.type(password, '-Regen');
    await expect(password).toHaveAccessibleDescription(/Passwortstärke: stark/);

    await userEvent.click(canvas.getByRole('button', { name: 'Passwort anzeigen' }));
    await expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(canvas.getByRole('button', { name: 'Passwort verbergen' }));
    await expect(password).toHaveAttribute('type', 'password');
  },
};

export const Submitting: Story = {
  args: { submitting: true },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: /Konto erstellen/ });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveAttribute('aria-busy', 'true');
  },
};

export const WithGoogle: Story = {
  args: { googleButton: <FakeGoogleButton /> },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Mit Google anmelden' })).toBeVisible();
  },
};

export const EmailExists: Story = failureStory(
  { code: 'emailExists' },
  'Diese E-Mail-Adresse ist bereits registriert',
);

export const InvalidInput: Story = {
  args: {
    error: { code: 'invalidInput' },
    fieldErrors: [
      { path: 'email', message: 'validation.emailInvalid' },
      { path: 'phone_number', message: 'validation.tooLong' },
    ],
  },
  play: async ({ canvas, canvasElement }) => {
    await expectFocusedAlert(canvasElement, 'Ungültige Eingabedaten');
    await expectFieldError(
      canvas.getByLabelText('E-Mail-Adresse'),
      'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    );
    await expectFieldError(
      canvas.getByLabelText('Telefonnummer (optional)'),
      'Diese Eingabe ist zu lang.',
    );
  },
};

export const Timeout: Story = failureStory(
  { code: 'timeout' },
  'Zeitüberschreitung der Anfrage. Bitte versuchen Sie es erneut.',
);

export const ServerError: Story = failureStory(
  { code: 'server' },
  'Serverfehler. Bitte versuchen Sie es später erneut.',
);

export const Offline: Story = failureStory(
  { code: 'offline' },
  'Keine Internetverbindung. Bitte prüfen Sie Ihr Netzwerk.',
);

export const TooManyAttempts: Story = failureStory(
  { code: 'tooManyAttempts' },
  'Zu viele Versuche. Bitte versuchen Sie es später erneut.',
);

/**
 * The default text when nothing more specific applies ("Registration failed";
 * docs/errors.md#texts-by-context).
 */
export const RegistrationFailed: Story = failureStory(
  { code: 'registrationFailed' },
  'Registrierung fehlgeschlagen',
);

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Konto erstellen' }));
    await expectFieldError(canvas.getByRole('checkbox'), TERMS);
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: {
    loginHref: '/en/login',
    termsHref: '/en/terms',
    privacyHref: '/en/privacy',
    homeHref: '/en',
    languageSwitch: storyLanguageSwitch(),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Create account');
    await expect(canvas.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute(
      'href',
      '/en/terms',
    );
    await userEvent.type(canvas.getByLabelText('Password'), 'abcdefgh');
    await expect(canvas.getByLabelText('Password')).toHaveAccessibleDescription(
      /Password strength: weak/,
    );
  },
};
