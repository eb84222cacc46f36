import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { Field } from './field.tsx';
import { RadioGroup, RadioGroupItem } from './radio-group.tsx';

const LONG_WORD = 'Donaudampfschifffahrtsgesellschaftskapitänsmütze';

const meta = {
  title: 'Primitives/RadioGroup',
  component: RadioGroup,
  args: { onValueChange: fn(), 'aria-label': 'Format der Zusammenfassung' },
  render: (args) => (
    <RadioGroup {...args}>
      <RadioGroupItem value="short" label="Kurz (Stichpunkte)" />
      <RadioGroupItem value="detailed" label="Ausführlich" />
      <RadioGroupItem value="minutes" label="Protokoll mit Beschlüssen" />
    </RadioGroup>
  ),
} satisfies Meta<typeof RadioGroup>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Catalog: Story = {
  render: () => (
    <div className="grid gap-6 sm:grid-cols-2">
      <RadioGroup aria-label="Ohne Auswahl">
        <RadioGroupItem value="a" label="Nicht gewählt" />
        <RadioGroupItem value="b" label="Einzeln deaktiviert" disabled />
      </RadioGroup>
      <RadioGroup aria-label="Mit Auswahl" defaultValue="a">
        <RadioGroupItem value="a" label="Gewählt" />
        <RadioGroupItem value="b" label="Nicht gewählt" />
      </RadioGroup>
      <RadioGroup aria-label="Fehlerhaft" aria-invalid>
        <RadioGroupItem value="a" label="Fehlerhaft" />
        <RadioGroupItem value="b" label="Fehlerhaft" />
      </RadioGroup>
      <RadioGroup aria-label="Deaktiviert" defaultValue="a" disabled>
        <RadioGroupItem value="a" label="Deaktiviert gewählt" />
        <RadioGroupItem value="b" label="Deaktiviert" />
      </RadioGroup>
    </div>
  ),
};

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const group = canvas.getByRole('radiogroup', { name: 'Format der Zusammenfassung' });
    await expect(group).toBeInTheDocument();
    const detailed = canvas.getByRole('radio', { name: 'Ausführlich' });
    await userEvent.click(detailed);
    await expect(detailed).toBeChecked();
    await expect(args.onValueChange).toHaveBeenLastCalledWith('detailed');
    // Arrow keys move the choice, like native radios. Radix moves focus a tick after keydown and
    // only selects while the key is still held, as it is for a person typing.
    await userEvent.keyboard('{ArrowDown>}');
    const minutes = canvas.getByRole('radio', { name: 'Protokoll mit Beschlüssen' });
    await waitFor(() => expect(minutes).toBeChecked());
    await userEvent.keyboard('{/ArrowDown}');
    await expect(minutes).toHaveFocus();
    await expect(detailed).not.toBeChecked();
  },
};

export const Selected: Story = {
  args: { defaultValue: 'minutes' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('radio', { name: 'Protokoll mit Beschlüssen' })).toBeChecked();
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'short' },
  play: async ({ canvas }) => {
    for (const radio of canvas.getAllByRole('radio')) await expect(radio).toBeDisabled();
  },
};

export const Invalid: Story = {
  args: { 'aria-label': undefined },
  render: (args) => (
    <Field label="Format der Zusammenfassung" error="Bitte wählen Sie ein Format.">
      <RadioGroup {...args}>
        <RadioGroupItem value="short" label="Kurz (Stichpunkte)" />
        <RadioGroupItem value="detailed" label="Ausführlich" />
      </RadioGroup>
    </Field>
  ),
  play: async ({ canvas }) => {
    const group = canvas.getByRole('radiogroup', { name: 'Format der Zusammenfassung' });
    await expect(group).toHaveAttribute('aria-invalid', 'true');
    await expect(group).toHaveAccessibleDescription('Bitte wählen Sie ein Format.');
  },
};

export const LongContent: Story = {
  render: (args) => (
    <div className="w-48">
      <RadioGroup {...args}>
        <RadioGroupItem value="long" label={LONG_WORD} />
        <RadioGroupItem value="short" label="Kurz" />
      </RadioGroup>
    </div>
  ),
  play: async ({ canvas }) => {
    const group = canvas.getByRole('radiogroup');
    await expect(group.scrollWidth).toBeLessThanOrEqual(group.clientWidth);
  },
};
