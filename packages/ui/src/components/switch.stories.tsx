import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Field } from './field.tsx';
import { Switch } from './switch.tsx';

const meta = {
  title: 'Primitives/Switch',
  component: Switch,
  args: { onCheckedChange: fn() },
  render: (args) => (
    <div className="flex items-center gap-3">
      <Switch id="auto" {...args} />
      <label htmlFor="auto" className="text-sm">
        Automatisch transkribieren
      </label>
    </div>
  ),
} satisfies Meta<typeof Switch>;
export default meta;
type Story = StoryObj<typeof meta>;

const states = [
  { label: 'Aus', props: {} },
  { label: 'An', props: { defaultChecked: true } },
  { label: 'Deaktiviert aus', props: { disabled: true } },
  { label: 'Deaktiviert an', props: { disabled: true, defaultChecked: true } },
];

export const Catalog: Story = {
  render: () => (
    <div className="grid gap-3">
      {states.map(({ label, props }, i) => (
        <div key={label} className="flex items-center gap-3">
          <Switch id={`sw-${i}`} {...props} />
          <label htmlFor={`sw-${i}`} className="text-sm">
            {label}
          </label>
        </div>
      ))}
    </div>
  ),
};

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const toggle = canvas.getByRole('switch', { name: 'Automatisch transkribieren' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(true);
    await userEvent.keyboard(' ');
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
  },
};

export const Checked: Story = {
  args: { defaultChecked: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('switch')).toBeChecked();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas, args }) => {
    const toggle = canvas.getByRole('switch');
    await expect(toggle).toBeDisabled();
    await userEvent.click(toggle, { pointerEventsCheck: 0 });
    await expect(args.onCheckedChange).not.toHaveBeenCalled();
  },
};

export const WithHint: Story = {
  render: (args) => (
    <div className="max-w-sm">
      <Field
        orientation="horizontal"
        label="Automatisch transkribieren"
        hint="Neue Aufnahmen werden sofort nach dem Hochladen verarbeitet."
      >
        <Switch {...args} />
      </Field>
    </div>
  ),
  play: async ({ canvas }) => {
    const toggle = canvas.getByRole('switch', { name: 'Automatisch transkribieren' });
    await expect(toggle).toHaveAccessibleDescription(
      'Neue Aufnahmen werden sofort nach dem Hochladen verarbeitet.',
    );
    await userEvent.click(canvas.getByText('Automatisch transkribieren'));
    await expect(toggle).toBeChecked();
  },
};
