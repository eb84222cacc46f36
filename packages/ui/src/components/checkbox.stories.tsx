import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { Checkbox } from './checkbox.tsx';
import { Field } from './field.tsx';

const LONG_WORD = 'Donaudampfschifffahrtsgesellschaftskapitänsmütze';

const meta = {
  title: 'Primitives/Checkbox',
  component: Checkbox,
  args: { onCheckedChange: fn() },
  render: (args) => (
    <div className="flex items-center gap-3">
      <Checkbox id="agb" {...args} />
      <label htmlFor="agb" className="text-sm">
        Zusammenfassung per E-Mail senden
      </label>
    </div>
  ),
} satisfies Meta<typeof Checkbox>;
export default meta;
type Story = StoryObj<typeof meta>;

const states = [
  { label: 'Nicht gewählt', props: {} },
  { label: 'Gewählt', props: { defaultChecked: true } },
  { label: 'Teilweise', props: { checked: 'indeterminate' as const } },
  { label: 'Fehlerhaft', props: { 'aria-invalid': true } },
  { label: 'Deaktiviert', props: { disabled: true } },
  { label: 'Deaktiviert gewählt', props: { disabled: true, defaultChecked: true } },
];

export const Catalog: Story = {
  render: () => (
    <div className="grid gap-3">
      {states.map(({ label, props }, i) => (
        <div key={label} className="flex items-center gap-3">
          <Checkbox id={`cb-${i}`} {...props} />
          <label htmlFor={`cb-${i}`} className="text-sm">
            {label}
          </label>
        </div>
      ))}
    </div>
  ),
};

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const checkbox = canvas.getByRole('checkbox', { name: 'Zusammenfassung per E-Mail senden' });
    await expect(checkbox).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(checkbox);
    await expect(checkbox).toHaveAttribute('aria-checked', 'true');
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(true);
    // The label toggles it too, and Space from the keyboard.
    await userEvent.click(canvas.getByText('Zusammenfassung per E-Mail senden'));
    await expect(checkbox).toHaveAttribute('aria-checked', 'false');
    await userEvent.keyboard(' ');
    await expect(checkbox).toHaveAttribute('aria-checked', 'true');
  },
};

export const Checked: Story = {
  args: { defaultChecked: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox')).toBeChecked();
  },
};

function SelectAll() {
  const [selected, setSelected] = useState([true, false]);
  const all = selected.every(Boolean);
  const some = selected.some(Boolean);
  return (
    <div className="grid gap-3">
      <div className="flex items-center gap-3">
        <Checkbox
          id="all"
          checked={all ? true : some ? 'indeterminate' : false}
          onCheckedChange={(value) => setSelected(selected.map(() => value === true))}
        />
        <label htmlFor="all" className="text-sm font-medium">
          Alle Notizen
        </label>
      </div>
      {['Teamrunde', 'Kundentermin'].map((name, i) => (
        <div key={name} className="ml-8 flex items-center gap-3">
          <Checkbox
            id={`note-${i}`}
            checked={selected[i]}
            onCheckedChange={(value) =>
              setSelected(selected.map((v, j) => (j === i ? value === true : v)))
            }
          />
          <label htmlFor={`note-${i}`} className="text-sm">
            {name}
          </label>
        </div>
      ))}
    </div>
  );
}

export const Indeterminate: Story = {
  render: () => <SelectAll />,
  play: async ({ canvas }) => {
    const all = canvas.getByRole('checkbox', { name: 'Alle Notizen' });
    await expect(all).toHaveAttribute('aria-checked', 'mixed');
    await expect(all).toHaveAttribute('data-state', 'indeterminate');
    await userEvent.click(all);
    await expect(all).toHaveAttribute('aria-checked', 'true');
    await expect(canvas.getByRole('checkbox', { name: 'Kundentermin' })).toBeChecked();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas, args }) => {
    const checkbox = canvas.getByRole('checkbox');
    await expect(checkbox).toBeDisabled();
    await userEvent.click(checkbox, { pointerEventsCheck: 0 });
    await expect(args.onCheckedChange).not.toHaveBeenCalled();
  },
};

export const Invalid: Story = {
  render: (args) => (
    <Field
      orientation="horizontal"
      label="Ich akzeptiere die Nutzungsbedingungen"
      error="Bitte bestätigen Sie die Nutzungsbedingungen."
    >
      <Checkbox {...args} />
    </Field>
  ),
  play: async ({ canvas }) => {
    const checkbox = canvas.getByRole('checkbox', {
      name: 'Ich akzeptiere die Nutzungsbedingungen',
    });
    await expect(checkbox).toHaveAttribute('aria-invalid', 'true');
    await expect(checkbox).toHaveAccessibleDescription(
      'Bitte bestätigen Sie die Nutzungsbedingungen.',
    );
  },
};

export const LongContent: Story = {
  render: (args) => (
    <div className="w-48">
      <Field orientation="horizontal" label={`${LONG_WORD} mitnehmen`}>
        <Checkbox {...args} />
      </Field>
    </div>
  ),
  play: async ({ canvas }) => {
    const field = canvas.getByText(`${LONG_WORD} mitnehmen`).closest('[data-slot="field"]');
    await expect(field).not.toBeNull();
    await expect(field!.scrollWidth).toBeLessThanOrEqual(field!.clientWidth);
  },
};
