import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Input } from './input.tsx';

const meta = {
  title: 'Primitives/Input',
  component: Input,
  args: { 'aria-label': 'Titel', placeholder: 'Titel der Notiz', onChange: fn() },
} satisfies Meta<typeof Input>;
export default meta;
type Story = StoryObj<typeof meta>;

const sizes = ['sm', 'md', 'lg'] as const;

export const Catalog: Story = {
  render: () => (
    <div className="grid max-w-md gap-4">
      {sizes.map((size) => (
        <div key={size} className="grid gap-2">
          <Input size={size} aria-label={`Leer ${size}`} placeholder={`Platzhalter (${size})`} />
          <Input size={size} aria-label={`Ausgefüllt ${size}`} defaultValue="Wochenbesprechung" />
          <Input
            size={size}
            aria-label={`Fehlerhaft ${size}`}
            defaultValue="nicht gültig"
            aria-invalid
          />
          <Input
            size={size}
            aria-label={`Deaktiviert ${size}`}
            defaultValue="Deaktiviert"
            disabled
          />
          <Input
            size={size}
            aria-label={`Schreibgeschützt ${size}`}
            defaultValue="Nur lesbar"
            readOnly
          />
        </div>
      ))}
    </div>
  ),
};

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Titel' });
    await userEvent.type(input, 'Teamrunde');
    await expect(input).toHaveValue('Teamrunde');
    await expect(args.onChange).toHaveBeenCalled();
  },
};

export const Filled: Story = {
  args: { defaultValue: 'Wochenbesprechung Vertrieb' },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'Wochenbesprechung' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Titel' })).toBeDisabled();
  },
};

export const ReadOnly: Story = {
  args: { readOnly: true, defaultValue: 'Wochenbesprechung' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Titel' })).toHaveAttribute('readonly');
  },
};

export const Invalid: Story = {
  args: { 'aria-invalid': true, defaultValue: 'max@' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Titel' })).toBeInvalid();
  },
};

export const LongContent: Story = {
  args: { defaultValue: 'Donaudampfschifffahrtsgesellschaftskapitänsmütze' },
  render: (args) => (
    <div className="w-48">
      <Input {...args} />
    </div>
  ),
  play: async ({ canvas }) => {
    // A single-line input scrolls its text; the box itself keeps the container's width.
    const input = canvas.getByRole('textbox', { name: 'Titel' });
    await expect(input.getBoundingClientRect().width).toBeLessThanOrEqual(192);
  },
};
