import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Textarea } from './textarea.tsx';

const LONG_WORD = 'Donaudampfschifffahrtsgesellschaftskapitänsmütze';

const meta = {
  title: 'Primitives/Textarea',
  component: Textarea,
  args: { 'aria-label': 'Zusammenfassung', placeholder: 'Worum ging es?', onChange: fn() },
  render: (args) => (
    <div className="max-w-md">
      <Textarea {...args} />
    </div>
  ),
} satisfies Meta<typeof Textarea>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Catalog: Story = {
  render: () => (
    <div className="grid max-w-md gap-4">
      <Textarea aria-label="Leer" placeholder="Worum ging es?" />
      <Textarea aria-label="Ausgefüllt" defaultValue="Budget für das zweite Quartal besprochen." />
      <Textarea aria-label="Fehlerhaft" defaultValue="Zu kurz" aria-invalid />
      <Textarea aria-label="Deaktiviert" defaultValue="Deaktiviert" disabled />
      <Textarea aria-label="Schreibgeschützt" defaultValue="Nur lesbar" readOnly />
    </div>
  ),
};

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const textarea = canvas.getByRole('textbox', { name: 'Zusammenfassung' });
    await userEvent.type(textarea, 'Erste Zeile{enter}Zweite Zeile');
    await expect(textarea).toHaveValue('Erste Zeile\nZweite Zeile');
    await expect(args.onChange).toHaveBeenCalled();
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'Budget für das zweite Quartal besprochen.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Zusammenfassung' })).toBeDisabled();
  },
};

export const Invalid: Story = {
  args: { 'aria-invalid': true, defaultValue: 'Zu kurz' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Zusammenfassung' })).toBeInvalid();
  },
};

export const LongContent: Story = {
  args: {
    defaultValue: `${LONG_WORD} ${LONG_WORD}\n\nDie Besprechung dauerte länger als geplant, weil die Tagesordnung sehr viele Punkte enthielt.`,
  },
  render: (args) => (
    <div className="w-48">
      <Textarea {...args} />
    </div>
  ),
  play: async ({ canvas }) => {
    const textarea = canvas.getByRole('textbox', { name: 'Zusammenfassung' });
    await expect(textarea.scrollWidth).toBeLessThanOrEqual(textarea.clientWidth);
    // It grows with its content instead of scrolling.
    await expect(textarea.clientHeight).toBeGreaterThan(80);
  },
};
