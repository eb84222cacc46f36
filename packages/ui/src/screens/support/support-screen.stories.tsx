import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { faqByLocale, supportNoteOptions } from '@protokoll/mocks/fixtures';
import { expectNoOverflow } from '../../lib/story-helpers.ts';
import { SupportScreen } from './support-screen.tsx';

const meta = {
  title: 'Screens/Support/Support',
  component: SupportScreen,
  parameters: { layout: 'fullscreen' },
  args: {
    faq: faqByLocale.de,
    notes: supportNoteOptions,
    onSubmit: fn(),
    status: 'idle',
  },
  render: (args, context) => (
    <SupportScreen {...args} faq={context.globals.locale === 'en' ? faqByLocale.en : args.faq} />
  ),
} satisfies Meta<typeof SupportScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** FAQ and an empty form; a complete form is sent with its note. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Hilfe und Support' }),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('combobox', { name: 'Worum geht es?' }));
    await userEvent.click(
      await screen.findByRole('option', { name: 'Transkription und Zusammenfassung' }),
    );
    await userEvent.type(canvas.getByRole('textbox', { name: 'Betreff' }), 'Notiz hängt');
    await userEvent.type(
      canvas.getByRole('textbox', { name: 'Nachricht' }),
      'Die Notiz bleibt bei 40 % stehen.',
    );
    await userEvent.click(canvas.getByRole('combobox', { name: /Betroffene Notiz/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Interview Kundin' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Nachricht senden' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        category: 'transcription',
        subject: 'Notiz hängt',
        message: 'Die Notiz bleibt bei 40 % stehen.',
        note_id: 103,
      }),
    );
  },
};

/** Sending an empty form shows what is missing at each field. */
export const Invalid: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Nachricht senden' }));
    await waitFor(() =>
      expect(canvas.getByRole('textbox', { name: 'Betreff' })).toHaveAttribute(
        'aria-invalid',
        'true',
      ),
    );
    await expect(canvas.getByRole('textbox', { name: 'Nachricht' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** The FAQ filtered by a search; a search without match says so. */
export const Searching: Story = {
  args: { defaultQuery: 'kündigen' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Wie kündige ich meinen Tarif?')).toBeVisible();
    await expect(canvas.queryByText('Welche Dateiformate kann ich hochladen?')).toBeNull();
    const search = canvas.getByRole('searchbox', { name: 'Fragen durchsuchen' });
    await userEvent.clear(search);
    await userEvent.type(search, 'Xylophon');
    await expect(canvas.getByText(/Keine Frage passt/)).toBeVisible();
  },
};

/** Sending: the button is busy. */
export const Sending: Story = { args: { status: 'pending' } };

/** Received: the ticket number and the confirmation mail. */
export const Sent: Story = {
  args: { status: 'success', ticketId: 4711 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Nachricht erhalten (Nummer #4711)')).toBeVisible();
  },
};

/** Too many messages: the rate limit's text above the form. */
export const TooMany: Story = {
  args: { status: 'error', error: { code: 'tooManyAttempts' } },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText('Zu viele Versuche. Bitte versuchen Sie es später erneut.'),
    ).toBeVisible();
  },
};

/** Sending failed without a reason: the form's own text. */
export const Error: Story = {
  args: { status: 'error', error: { code: 'internal' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/Ihr Text ist noch da/)).toBeVisible();
  },
};

/** A field issue from the server shows at its field. */
export const ServerFieldError: Story = {
  args: {
    status: 'error',
    error: { code: 'validation' },
    fieldErrors: [{ path: 'subject', message: 'validation.tooLong' }],
  },
  play: async ({ canvas }) => {
    await waitFor(() =>
      expect(canvas.getByRole('textbox', { name: 'Betreff' })).toHaveAttribute(
        'aria-invalid',
        'true',
      ),
    );
  },
};

/** A narrow screen: FAQ above the form, long words wrap. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement }) => {
    await expectNoOverflow(canvasElement);
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Help and support' })).toBeVisible();
    await expect(canvas.getByText('How are minutes counted?')).toBeVisible();
  },
};

export const EnglishSent: Story = {
  globals: { locale: 'en' },
  args: { status: 'success', ticketId: 4711 },
};
