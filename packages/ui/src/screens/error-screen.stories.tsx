import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { ErrorScreen } from './error-screen.tsx';

const meta = {
  title: 'Screens/ErrorScreen',
  component: ErrorScreen,
  parameters: { layout: 'fullscreen' },
  args: {
    status: 404,
    onHome: fn(),
    onBack: fn(),
    onRefresh: fn(),
    supportHref: '/support',
  },
} satisfies Meta<typeof ErrorScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NotFound: Story = {
  args: { status: 404, message: 'Seite nicht gefunden: /does-not-exist' },
  play: async ({ canvas, args }) => {
    await expect(canvas.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Seite nicht gefunden',
    );
    await expect(canvas.getByText('Seite nicht gefunden: /does-not-exist')).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: 'Zum Dashboard' }));
    await expect(args.onHome).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole('button', { name: 'Zurück' }));
    await expect(args.onBack).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole('button', { name: 'Neu laden' }));
    await expect(args.onRefresh).toHaveBeenCalledOnce();

    await expect(canvas.getByRole('link', { name: 'Support kontaktieren' })).toHaveAttribute(
      'href',
      '/support',
    );
  },
};

export const Forbidden: Story = {
  args: { status: 403 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Kein Zugriff');
  },
};

export const ServerError: Story = {
  args: { status: 500 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Etwas ist schiefgelaufen',
    );
  },
};

export const Unavailable: Story = {
  args: { status: 503 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Vorübergehend nicht erreichbar',
    );
  },
};

export const Default: Story = {
  args: { status: 418 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('418')).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Ein Fehler ist aufgetreten',
    );
  },
};

export const LongPath: Story = {
  args: {
    status: 404,
    message:
      'Seite nicht gefunden: /notizen/archiv/2026/besprechungen/quartalsplanung-vertrieb-und-marketing' +
      '/protokoll-der-abteilungsleiterbesprechung-vom-zweiten-maerz-zweitausendsechsundzwanzig-final-v3',
  },
  play: async ({ canvasElement, canvas }) => {
    const message = canvas.getByText(/^Seite nicht gefunden: \/notizen/);
    await expect(message.scrollWidth).toBeLessThanOrEqual(message.clientWidth);
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { status: 404, message: 'Page not found: /does-not-exist', supportHref: '/en/support' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Page not found');
    await expect(canvas.getByRole('link', { name: 'Contact support' })).toHaveAttribute(
      'href',
      '/en/support',
    );
  },
};
