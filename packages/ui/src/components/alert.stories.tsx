import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';

const LONG_WORD = 'Donaudampfschifffahrtsgesellschaftskapitänsmütze';

const meta = {
  title: 'Primitives/Alert',
  component: Alert,
  args: {
    title: 'Transkription läuft',
    description: 'Wir benachrichtigen Sie, sobald die Notiz fertig ist.',
  },
  render: (args) => (
    <div className="max-w-md">
      <Alert {...args} />
    </div>
  ),
} satisfies Meta<typeof Alert>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Catalog: Story = {
  render: () => (
    <div className="grid max-w-md gap-3">
      <Alert variant="info" title="Hinweis" description="Neue Funktionen sind verfügbar." />
      <Alert
        variant="success"
        title="Gespeichert"
        description="Ihre Änderungen wurden übernommen."
      />
      <Alert
        variant="warning"
        title="Kontingent fast aufgebraucht"
        description="Noch 12 Minuten Transkription in diesem Monat."
      />
      <Alert
        variant="danger"
        title="Hochladen fehlgeschlagen"
        description="Die Datei ist beschädigt oder zu groß."
      />
      <Alert variant="info" description="Nur eine Beschreibung, ohne Titel." />
      <Alert variant="success" title="Ohne Symbol" icon={null} />
    </div>
  ),
};

export const Info: Story = {
  args: { variant: 'info' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Transkription läuft');
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};

export const Success: Story = {
  args: {
    variant: 'success',
    title: 'Gespeichert',
    description: 'Ihre Änderungen wurden übernommen.',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Gespeichert');
  },
};

export const Warning: Story = {
  args: {
    variant: 'warning',
    title: 'Kontingent fast aufgebraucht',
    description: 'Noch 12 Minuten Transkription in diesem Monat.',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Kontingent fast aufgebraucht');
  },
};

const retry = fn();

export const Danger: Story = {
  args: {
    variant: 'danger',
    title: 'Hochladen fehlgeschlagen',
    description: 'Die Datei ist beschädigt oder zu groß.',
    children: (
      <div className="mt-2">
        <Button size="sm" variant="outline" onClick={retry}>
          Erneut versuchen
        </Button>
      </div>
    ),
  },
  play: async ({ canvas }) => {
    retry.mockClear();
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent('Hochladen fehlgeschlagen');
    await userEvent.click(canvas.getByRole('button', { name: 'Erneut versuchen' }));
    await expect(retry).toHaveBeenCalledOnce();
  },
};

export const LongContent: Story = {
  args: {
    variant: 'warning',
    title: LONG_WORD,
    description: `Die ${LONG_WORD} ist nicht mehr lieferbar.`,
  },
  render: (args) => (
    <div className="w-56">
      <Alert {...args} />
    </div>
  ),
  play: async ({ canvas }) => {
    const alert = canvas.getByRole('alert');
    await expect(alert.scrollWidth).toBeLessThanOrEqual(alert.clientWidth);
  },
};
